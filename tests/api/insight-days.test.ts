/**
 * Insights from per-day rollups (issue 32 item 1, decision 0163), on both engines: on a fixed,
 * generated year and a half of leads, events, quotes, follow-ups, orders, arrivals and clicks,
 * every figure of every range read from the rollups equals the same figure computed from the raw
 * rows (`insightsOfRows`, the SQL the page used before). Then rows change behind the rollups'
 * back, written straight to the tables as any writer could (a lead moves back from lost, an
 * arrival moves to another day, a price, a supplier's name, a follow-up text cancelled, a request
 * and clicks today): the next read shows the change, still equal to the raw rows. Days without a
 * single lead or click are in every range (zeros, not gaps), and on PostgreSQL a second process
 * refreshing at the same moment as writes land changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_RANGES, type Insights } from '#app/modules/insights/insights.ts';
import { businessDay } from '#app/modules/orders/order-timing.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import type { DB } from '#server/db/schema.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertLinesAsTheyStand, insertSupplier } from '#server/db/repo/orders.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { eachEngine, testDeps } from '../support/databases.ts';

/** Thursday 26 November 2026, 12:00 in Winnipeg. */
const NOW = new Date('2026-11-26T18:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LEADS = 220;
const CATEGORIES = ['trailer-parts', 'hydraulics-fittings', 'ag-heavy-equipment', 'lighting-electrical'];
const CITIES = ['winnipeg', 'brandon', 'steinbach', 'selkirk'];
const EQUIPMENT = ['truck', 'trailer', 'ag', 'skidsteer', 'other'];
const REASONS = ['Price too high', null, '  Found it locally ', 'Wrong part'];
const LOCATIONS = ['header', 'home-hero', 'service-page'];
const iso = (ms: number) => new Date(ms).toISOString();

/** Leads every ~2.4 days over 530 days back, none between 40 and 47 days ago. */
function createdAt(i: number): number {
  const daysBack = 1 + i * 2.4 + (i % 7) / 3;
  const skipped = daysBack >= 40 ? daysBack + 8 : daysBack;
  return NOW.getTime() - skipped * DAY + ((i * 5) % 11) * HOUR;
}

async function event(
  db: Kysely<DB>,
  leadId: number,
  type: string,
  from: string,
  to: string | null,
  at: number,
) {
  await db
    .insertInto('lead_events')
    .values({
      lead_id: leadId,
      type,
      from_status: from,
      to_status: to,
      actor: 'staff',
      detail: null,
      created_at: iso(at),
    })
    .execute();
}

async function seedData(db: Kysely<DB>): Promise<{ leads: number[]; suppliers: number[] }> {
  const supplier = (name: string) =>
    insertSupplier(
      db,
      { name, phone: null, email: null, website: null, accountNumber: null, leadTimeDays: 2, notes: null },
      NOW,
    );
  const suppliers = [await supplier('Prairie Hydraulics'), await supplier('Westman Ag Parts')];
  const leads: number[] = [];
  for (let i = 0; i < LEADS; i++) {
    const created = createdAt(i);
    const { id } = await insertLead(
      db,
      {
        urgency: 'flexible',
        source: i % 3 === 0 ? 'sms' : 'web',
        name: `Customer ${i}`,
        phone: `+1204555${String(1000 + i)}`,
        city: CITIES[i % CITIES.length]!,
        equipment: i % 6 === 5 ? null : EQUIPMENT[i % EQUIPMENT.length]!,
        partCategory: i % 9 === 8 ? null : CATEGORIES[i % CATEGORIES.length]!,
      },
      [],
      { now: NOW, actor: 'test', createdAt: new Date(created) },
    );
    leads.push(id);
    for (const n of [0, 1].slice(0, 1 + (i % 2))) {
      await db
        .insertInto('click_events')
        .values({
          button_type: 'quote',
          button_location: LOCATIONS[(i + n) % LOCATIONS.length]!,
          button_text: 'Get a Quote',
          created_at: iso(created - (10 + n) * 60_000),
        })
        .execute();
    }
    if (i % 5 === 4) continue; // never quoted: new, or lost without a quote
    const quoted = created + ((i * 37) % 600) * 60_000 + (i % 4) * DAY;
    const cost = 5_000 + (i % 13) * 700;
    const sell = Math.round(cost * 1.35);
    await event(db, id, 'quote', 'new', 'quoted', quoted);
    let status = 'quoted';
    let lostReason: string | null = null;
    if (i % 3 === 0) {
      // followed up 20 hours on; the text went out, or was cancelled by the answer (i % 12 === 6);
      // ordered after it when i % 4 === 0
      await event(db, id, 'follow_up', 'quoted', null, quoted + 20 * HOUR);
      await db
        .insertInto('outgoing_messages')
        .values({
          lead_id: id,
          channel: 'sms',
          recipient: `+1204555${String(1000 + i)}`,
          subject: null,
          body: 'Following up on your quote',
          status: i % 12 === 6 ? 'cancelled' : 'sent',
          attempts: 1,
          next_attempt_at: iso(quoted + 20 * HOUR),
          provider_id: null,
          last_error: null,
          created_at: iso(quoted + 20 * HOUR),
          updated_at: iso(quoted + 20 * HOUR),
          sent_at: i % 12 === 6 ? null : iso(quoted + 20 * HOUR),
          dedupe_key: `lead:${id}:follow-up:viewed`,
        })
        .execute();
    }
    if (i % 4 === 0) {
      // ordered two days on (after its follow-up, when it had one), fulfilled for every other one
      const ordered = quoted + 2 * DAY;
      await event(db, id, 'status', 'quoted', 'ordered', ordered);
      status = 'ordered';
      if (i % 8 === 0) {
        await event(db, id, 'status', 'ordered', 'fulfilled', ordered + 6 * DAY);
        status = 'fulfilled';
      }
      const line = (n: number) => {
        const orderedAt = ordered + (2 + n) * HOUR;
        const arrivedAt = i % 5 === 3 ? null : orderedAt + (1 + ((i + n) % 5)) * DAY + (i % 3) * 5 * HOUR;
        return {
          leadId: id,
          supplierId: i % 10 === 2 ? null : suppliers[(i + n) % 2]!,
          part: `Part ${n}`,
          quotedCost: Math.round(cost / 2),
          actualCost: (i + n) % 7 === 0 ? null : Math.round(cost / 2) + ((i + n) % 3) * 100 - 100,
          step: arrivedAt === null ? ('ordered' as const) : ('arrived' as const),
          promisedDate: businessDay(new Date(orderedAt + 3 * DAY)),
          orderedAt: new Date(orderedAt),
          arrivedAt: arrivedAt === null ? null : new Date(arrivedAt),
          readyAt: null,
          doneAt: null,
          createdAt: new Date(orderedAt),
        };
      };
      await insertLinesAsTheyStand(db, i % 3 === 0 ? [line(0), line(1)] : [line(0)]);
    } else if (i % 4 === 1 || i % 4 === 2) {
      await event(db, id, 'status', 'quoted', 'lost', quoted + DAY);
      status = 'lost';
      lostReason = REASONS[i % REASONS.length]!;
      if (i % 4 === 2 && i % 3 === 0) {
        // a lead that moves back: lost, then qualified again
        await event(db, id, 'status', 'lost', 'qualified', quoted + 3 * DAY);
        status = 'qualified';
        lostReason = null;
      }
    }
    await db
      .updateTable('leads')
      .set({
        status,
        lost_reason: lostReason,
        quoted_at: iso(quoted),
        cost,
        sell_price: sell,
        markup_pct: 0.35,
        eta_days: 3,
      })
      .where('id', '=', id)
      .execute();
  }
  return { leads, suppliers };
}

/** Every figure of both, the response times within rounding (the SQL's doubles on SQLite). */
function expectSame(fromDays: Insights, fromRows: Insights) {
  const round = (i: Insights) =>
    JSON.parse(JSON.stringify(i), (_key, value: unknown) =>
      typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e9) / 1e9 : value,
    ) as Insights;
  expect(round(fromDays)).toEqual(round(fromRows));
}

eachEngine('insights from per-day rollups', (ctx, engine) => {
  let services: Services;
  let ids: { leads: number[]; suppliers: number[] };
  let second: Services;
  let other: Database | undefined;

  beforeAll(async () => {
    const { t } = ctx();
    const deps = testDeps(t, () => NOW);
    await seedReference(deps);
    services = createServices(deps);
    ids = await seedData(deps.db);
    other =
      engine === 'postgres'
        ? openDatabase(t.config.database, { poolSize: 4, timeoutMs: t.config.databaseTimeoutMs })
        : undefined;
    second = createServices(other ? { ...deps, db: other.db } : { ...deps });
  });
  afterAll(async () => {
    services?.messaging.outbox.stop();
    second?.messaging.outbox.stop();
    await other?.close();
  });

  it('every figure of every range is the one the raw rows give, empty days and weeks included', async () => {
    const { db } = ctx().deps;
    for (const range of INSIGHT_RANGES) {
      const fromDays = await services.insights.insights(range, { role: 'owner' });
      expectSame(fromDays, await services.insights.insightsOfRows(range));
      // the data set is not trivial: every chart has figures
      expect(fromDays.leads.total).toBeGreaterThan(0);
      expect(fromDays.response.quotes).toBeGreaterThan(0);
      expect(fromDays.revenue!.orders).toBeGreaterThan(0);
    }
    const year = await services.insights.insights('365d', { role: 'owner' });
    expect(year.followUps.quotes).toBeGreaterThan(year.followUps.accepted);
    expect(year.followUps.accepted).toBeGreaterThan(0);
    expect(year.orders.suppliers.map((s) => s.supplier)).toEqual(['Prairie Hydraulics', 'Westman Ag Parts']);
    expect(year.lostReasons.length).toBeGreaterThan(1);
    // the weeks 40 to 47 days ago had no request: zeros, not gaps
    const ninety = await services.insights.insights('90d', { role: 'owner' });
    expect(ninety.leads.weeks.filter((w) => w.web + w.sms === 0).length).toBeGreaterThan(0);
    expect(ninety.leads.weeks).toHaveLength(14);
    // read from the rollups: nothing left stale, one row per day that holds anything
    expect(await db.selectFrom('insight_stale').select('day').execute()).toEqual([]);
    const days = await db.selectFrom('insight_days').select('day').execute();
    expect(days.length).toBeGreaterThan(LEADS);
    expect(days.length).toBeLessThan(4 * LEADS);
  });

  it('rows changed behind the rollups, by any writer, show at the next read', async () => {
    const { db } = ctx().deps;
    const before = await services.insights.insights('365d', { role: 'owner' });
    // a lost lead moves back to qualified
    const lost = await db
      .selectFrom('leads')
      .select(['id', 'created_at'])
      .where('status', '=', 'lost')
      .where('id', 'in', ids.leads)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await event(db, lost.id, 'status', 'lost', 'qualified', NOW.getTime() - HOUR);
    await db
      .updateTable('leads')
      .set({ status: 'qualified', lost_reason: null })
      .where('id', '=', lost.id)
      .execute();
    // a part arrived three days later than written, and cost more
    const line = await db
      .selectFrom('order_lines')
      .select(['id', 'arrived_at'])
      .where('arrived_at', 'is not', null)
      .orderBy('arrived_at', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('order_lines')
      .set({ arrived_at: iso(Date.parse(String(line.arrived_at)) + 3 * DAY), actual_cost: 99_999 })
      .where('id', '=', line.id)
      .execute();
    // an ordered lead's price corrected
    const ordered = await db
      .selectFrom('leads')
      .select('id')
      .where('status', '=', 'ordered')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await db.updateTable('leads').set({ sell_price: 123_456 }).where('id', '=', ordered.id).execute();
    // a supplier renamed; a follow-up text cancelled after all
    await db
      .updateTable('suppliers')
      .set({ name: 'Prairie Hydraulics Ltd.' })
      .where('id', '=', ids.suppliers[0]!)
      .execute();
    await db
      .updateTable('outgoing_messages')
      .set({ status: 'cancelled' })
      .where('dedupe_key', 'like', 'lead:%:follow-up:%')
      .where('status', '=', 'sent')
      .execute();
    // a request and two clicks this morning, and a city corrected
    const { id: today } = await insertLead(
      db,
      { urgency: 'flexible', source: 'sms', name: 'Today', phone: '+12045559999', city: 'selkirk' },
      [],
      { now: NOW, actor: 'test', createdAt: new Date(NOW.getTime() - 2 * HOUR) },
    );
    await db
      .insertInto('click_events')
      .values(
        [0, 1].map((n) => ({
          button_type: 'quote',
          button_location: 'header',
          button_text: 'Get a Quote',
          created_at: iso(NOW.getTime() - (3 + n) * HOUR),
        })),
      )
      .execute();
    await db.updateTable('leads').set({ city: 'brandon' }).where('id', '=', today).execute();

    for (const range of INSIGHT_RANGES) {
      expectSame(
        await services.insights.insights(range, { role: 'owner' }),
        await services.insights.insightsOfRows(range),
      );
    }
    const after = await services.insights.insights('365d', { role: 'owner' });
    expect(after.leads.total).toBe(before.leads.total + 1);
    expect(after.funnel.lost).toBe(before.funnel.lost - 1);
    expect(after.clicks.total).toBe(before.clicks.total + 2);
    expect(after.revenue!.revenue).not.toBe(before.revenue!.revenue);
    expect(after.followUps.quotes).toBe(0);
    expect(after.orders.suppliers.map((s) => s.supplier)).toContain('Prairie Hydraulics Ltd.');
  });

  it('a second process refreshing while writes land changes no figure', async () => {
    const { db } = ctx().deps;
    const writes = async () => {
      for (let n = 0; n < 6; n++) {
        await insertLead(
          db,
          {
            urgency: 'flexible',
            source: 'web',
            name: `Busy ${n}`,
            phone: `+120455580${n}0`,
            city: 'winnipeg',
          },
          [],
          { now: NOW, actor: 'test', createdAt: new Date(NOW.getTime() - n * 5 * HOUR) },
        );
      }
    };
    await Promise.all([
      writes(),
      services.insights.insights('30d', { role: 'owner' }),
      second.insights.insights('30d', { role: 'owner' }),
      second.insights.refresh(),
      services.insights.refresh(),
    ]);
    for (const s of [services, second]) {
      expectSame(await s.insights.insights('30d', { role: 'owner' }), await s.insights.insightsOfRows('30d'));
    }
    const stale = await sql<{ n: unknown }>`select count(*) as n from insight_stale`.execute(db);
    expect(Number(stale.rows[0]!.n)).toBe(0);
  });
});

describe('the rollups of an empty database', () => {
  eachEngine('insights from per-day rollups, nothing yet', (ctx) => {
    it('answer what the raw rows answer: zeros', async () => {
      const deps = testDeps(ctx().t, () => NOW);
      const services = createServices(deps);
      await seedReference(deps);
      for (const range of INSIGHT_RANGES) {
        expectSame(
          await services.insights.insights(range, { role: 'owner' }),
          await services.insights.insightsOfRows(range),
        );
      }
      expect(await services.insights.refresh()).toBe(0);
      services.messaging.outbox.stop();
    });
  });
});
