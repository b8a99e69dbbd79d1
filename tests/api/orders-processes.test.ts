/**
 * Orders across processes (issue 29 item 7; decision 0097's two processes on one database): two
 * staff press the same part's next step at once, each served by a process of its own, for ten
 * parts, one press starting one more database round trip later each time so that either may write
 * first: each part moves once (one event), the other press is told it moved, and the part's ready
 * text is written once. Then both processes run the reminders pass at the same moment: each
 * reminder is written once. On PostgreSQL the second process has a connection pool of its own (as
 * a second machine would); on SQLite, whose connection in one Node process is shared, it shares it,
 * as quote-link-processes.test.ts does.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertLinesAsTheyStand } from '#server/db/repo/orders.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { eachEngine, testDeps } from '../support/databases.ts';

/** Monday 23 November 2026, 10:00 in Winnipeg. */
const NOW = new Date('2026-11-23T16:00:00.000Z');
const DAY = 86_400_000;
const PARTS = 10;

eachEngine('two processes: two staff move the same part at once', (ctx, engine) => {
  let first: Services;
  let second: Services;
  let other: Database | undefined;
  let clock = NOW;

  beforeAll(async () => {
    const { t } = ctx();
    const deps = testDeps(t, () => clock);
    await seedReference(deps);
    first = createServices(deps);
    other =
      engine === 'postgres'
        ? openDatabase(t.config.database, { poolSize: 4, timeoutMs: t.config.databaseTimeoutMs })
        : undefined;
    second = createServices(other ? { ...deps, db: other.db } : { ...deps });
  });
  afterAll(async () => {
    first.messaging.outbox.stop();
    second.messaging.outbox.stop();
    await other?.close();
  });

  /** An ordered lead with one part that has arrived. */
  async function arrivedPart(i: number) {
    const { db } = ctx().deps;
    const { id } = await insertLead(
      db,
      { status: 'ordered', urgency: 'flexible', source: 'web', name: 'Dana', phone: `+1204555${3300 + i}` },
      [],
      { now: NOW, actor: 'test', createdAt: new Date(NOW.getTime() - DAY) },
    );
    await insertLinesAsTheyStand(db, [
      {
        leadId: id,
        part: `Pump ${i}`,
        step: 'arrived',
        orderedAt: NOW,
        arrivedAt: NOW,
        readyAt: null,
        doneAt: null,
        createdAt: NOW,
      },
    ]);
    const [line] = await first.orders.lines(id);
    return { leadId: id, line: line! };
  }

  it(`moves each of ${PARTS} parts once, tells the other press, and writes its ready text once`, async () => {
    const { db } = ctx().deps;
    for (let i = 0; i < PARTS; i++) {
      const { leadId, line } = await arrivedPart(i);
      const press = (services: Services, trips: number) => async () => {
        // one press `trips` round trips to the database later: either may write first
        for (let trip = 0; trip < trips; trip++) await sql`select 1`.execute(db);
        return services.orders.moveLine(leadId, line.id, { to: 'ready', revision: line.revision }, 'staff');
      };
      const answers = await Promise.allSettled([press(first, 0)(), press(second, i)()]);
      const which = `part ${i + 1} of ${PARTS}`;
      expect(
        answers.filter((a) => a.status === 'fulfilled'),
        which,
      ).toHaveLength(1);
      const refused = answers.find((a) => a.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason, which).toMatchObject({ status: 409, message: ORDER_MESSAGES.changed });
      const moves = await db
        .selectFrom('lead_events')
        .select('id')
        .where('lead_id', '=', leadId)
        .where('type', '=', 'line_step')
        .execute();
      expect(moves, which).toHaveLength(1);
      const ready = await db
        .selectFrom('outgoing_messages')
        .select('body')
        .where('lead_id', '=', leadId)
        .where('channel', '=', 'sms')
        .execute();
      expect(
        ready.filter((m) => /ready for pickup/.test(m.body)),
        which,
      ).toHaveLength(1);
    }
  });

  it('writes each reminder once when both processes run the pass at the same moment', async () => {
    const { db } = ctx().deps;
    clock = new Date(NOW.getTime() + 3 * DAY + 60_000);
    const [a, b] = await Promise.all([first.orders.sendReminders(), second.orders.sendReminders()]);
    expect(a + b).toBeGreaterThanOrEqual(PARTS);
    const reminders = await db
      .selectFrom('outgoing_messages')
      .select(['lead_id', 'dedupe_key'])
      .where('dedupe_key', 'like', '%:reminder:3')
      .execute();
    expect(reminders).toHaveLength(PARTS);
    expect(new Set(reminders.map((r) => r.lead_id)).size).toBe(PARTS);
  });
});
