/**
 * What the outbox worker decides when a text is about to go (issue 47 item 3, decision 0181), on
 * both engines against a local stand-in of Twilio's Messages API:
 * - quiet hours hold at send time: an automatic text (a follow-up) retried at 20:05 in Winnipeg
 *   waits until 08:00; an immediate answer still goes at night within its window, and waits past it;
 * - a text is never sent twice: when the database refuses to record a text Twilio accepted (a fault
 *   injected by a trigger, right after the send), the text stays claimed and is recorded sent by
 *   the next run, with Twilio's id; nothing goes again.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { RETRY_DELAYS_MS } from '#server/messaging/worker.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { ANSWER_WINDOW_MS, type TextCause } from '#server/services/messaging.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { startTwilioStandIn, twilioEnv } from './sms-fixtures.ts';

const twilio = await startTwilioStandIn();
afterAll(() => twilio.close());

/** 19:59 in Winnipeg (CST, UTC-6) on a Friday */
const EVENING = new Date('2026-12-05T01:59:00.000Z');
const MINUTE = 60_000;
const SERVER_ERROR = { status: 500, json: { code: 20500, message: 'Internal Server Error' } };

eachEngine(
  'the outbox at send time',
  (ctx, engine) => {
    const state = {} as { clock: Date; services: Services; db: Kysely<DB> };
    beforeAll(() => {
      // one stand-in for both engines' suites: each starts with a clean record
      twilio.texts.length = 0;
      state.clock = EVENING;
      const deps = testDeps(ctx().t, () => state.clock);
      state.services = createServices(deps);
      state.db = deps.db;
    });
    afterAll(() => state.services?.messaging.outbox.stop());
    const outbox = () => state.services.messaging.outbox;
    const textsTo = (to: string) => twilio.texts.filter((t) => t.form.get('To') === to && t.sid);
    const row = (id: number) =>
      state.db.selectFrom('outgoing_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const at = (iso: string) => (state.clock = new Date(iso));

    /** An automatic text about a lead of `phone`, as follow-ups write theirs (once, under a key). */
    async function followUp(phone: string, body: string): Promise<number> {
      const lead = await insertLead(
        state.db,
        { urgency: 'flexible', source: 'web', name: 'Rita Klassen', phone },
        [],
        { now: state.clock, actor: 'customer' },
      );
      await state.db
        .transaction()
        .execute((trx) =>
          state.services.messaging.enqueueTextsOnce(
            trx,
            [{ leadId: lead.id, phone, body, key: `test:${phone}` }],
            state.clock,
          ),
        );
      return (
        await state.db
          .selectFrom('outgoing_messages')
          .select('id')
          .where('dedupe_key', '=', `test:${phone}`)
          .executeTakeFirstOrThrow()
      ).id;
    }

    /** Moves the clock to each retry of a message, until it is sent or due only after 07:00. */
    async function untilSent(id: number): Promise<void> {
      for (;;) {
        const current = await row(id);
        const due = new Date(current.next_attempt_at);
        if (current.status !== 'queued' || due.getTime() >= Date.parse('2026-12-05T13:00:00.000Z')) return;
        state.clock = due;
        await outbox().runDue();
      }
    }

    async function text(phone: string, body: string, cause: TextCause): Promise<number> {
      const { id } = await state.db
        .transaction()
        .execute((trx) =>
          state.services.messaging.enqueueText(trx, { leadId: null, phone, body, cause }, state.clock),
        );
      return id;
    }

    it('a follow-up retried at 20:05 in Winnipeg waits until 08:00', async () => {
      twilio.script.push(SERVER_ERROR);
      const id = await followUp('+12045550191', 'Any questions about your quote?');
      await outbox().runDue();
      expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
      // its retry is due at 20:00; the worker looks at 20:05
      at('2026-12-05T02:05:00.000Z');
      await outbox().runDue();
      expect(textsTo('+12045550191')).toEqual([]);
      const held = await row(id);
      expect(held).toMatchObject({ status: 'queued', attempts: 1 });
      expect(new Date(held.next_attempt_at).toISOString()).toBe('2026-12-05T14:00:00.000Z');
      at('2026-12-05T13:59:00.000Z');
      await outbox().runDue();
      expect(textsTo('+12045550191')).toEqual([]);
      at('2026-12-05T14:00:00.000Z');
      await outbox().runDue();
      expect(textsTo('+12045550191').map((t) => t.form.get('Body'))).toEqual([
        'Any questions about your quote?',
      ]);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('a backlog found at night waits for the morning; an immediate answer goes within its window', async () => {
      at('2026-12-05T01:30:00.000Z'); // 19:30
      const automatic = await followUp('+12045550192', 'Your part is ready for pickup.');
      // nothing ran until 20:05 (a restart): the automatic text waits; a staff text written now goes
      at('2026-12-05T02:05:00.000Z');
      const staffText = await text('+12045550193', 'We found the pump, quote coming.', 'staff');
      await outbox().runDue();
      expect(textsTo('+12045550192')).toEqual([]);
      expect(new Date((await row(automatic)).next_attempt_at).toISOString()).toBe('2026-12-05T14:00:00.000Z');
      expect(textsTo('+12045550193')).toHaveLength(1);
      expect((await row(staffText)).status).toBe('sent');

      // an answer whose first try fails goes on its retry a minute later, at night
      twilio.script.push(SERVER_ERROR);
      const answer = await text('+12045550194', 'Thanks, your order is placed.', 'answer');
      await outbox().runDue();
      await untilSent(answer);
      expect(textsTo('+12045550194')).toHaveLength(1);
      expect((await row(answer)).status).toBe('sent');

      // one whose retries run past its window waits for the morning like the rest
      twilio.script.push(SERVER_ERROR, SERVER_ERROR, SERVER_ERROR);
      const late = await text('+12045550195', 'Your order is placed.', 'answer');
      await outbox().runDue();
      await untilSent(late);
      expect(textsTo('+12045550195')).toEqual([]);
      const held = await row(late);
      expect(held).toMatchObject({ status: 'queued', attempts: 3 });
      expect(Date.parse(held.created_at) + ANSWER_WINDOW_MS).toBeLessThan(
        state.clock.getTime() + MINUTE * 60,
      );
      expect(new Date(held.next_attempt_at).toISOString()).toBe('2026-12-05T14:00:00.000Z');
    });

    it('Twilio accepted a text and the database refused to record it: it is recorded later, never sent again', async () => {
      at('2026-12-05T18:00:00.000Z'); // noon
      await injectFault(state.db, engine);
      try {
        await sql`update fault_switch set armed = ${sql.lit(true)}`.execute(state.db);
        const id = await text('+12045550196', 'Your quote: $142.50.', 'staff');
        await outbox().runDue();
        expect(textsTo('+12045550196')).toHaveLength(1);
        // the write after Twilio's answer failed: still claimed, not queued for another try
        expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });

        await sql`update fault_switch set armed = ${sql.lit(false)}`.execute(state.db);
        at(new Date(state.clock.getTime() + RETRY_DELAYS_MS[0]).toISOString());
        await outbox().runDue();
        expect(textsTo('+12045550196')).toHaveLength(1);
        expect(await row(id)).toMatchObject({
          status: 'sent',
          provider_id: textsTo('+12045550196')[0]!.sid,
        });
      } finally {
        await sql`update fault_switch set armed = ${sql.lit(false)}`.execute(state.db);
      }
    });
  },
  twilioEnv(twilio.origin, 'smtp://127.0.0.1:9'),
);

/**
 * A fault the test can switch on: while `fault_switch.armed`, the database refuses to mark a message
 * sent (a trigger raises an error), as a database that went away after Twilio answered would.
 */
async function injectFault(db: Kysely<DB>, engine: string): Promise<void> {
  if (engine === 'postgres') {
    await sql`create table fault_switch (armed boolean not null)`.execute(db);
    await sql`insert into fault_switch values (false)`.execute(db);
    await sql`create function refuse_sent() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' and (select armed from fault_switch) then
          raise exception 'injected: the database refused the write';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refuse_sent before update on outgoing_messages
      for each row execute function refuse_sent()`.execute(db);
  } else {
    await sql`create table fault_switch (armed integer not null)`.execute(db);
    await sql`insert into fault_switch values (0)`.execute(db);
    await sql`create trigger refuse_sent before update of status on outgoing_messages
      when new.status = 'sent' and (select armed from fault_switch) = 1
      begin select raise(abort, 'injected: the database refused the write'); end`.execute(db);
  }
}
