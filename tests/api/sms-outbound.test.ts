/**
 * Texts to customers (issue 8 items 2 and 5) on both engines, against a local stand-in of
 * Twilio's Messages API and a loopback SMTP server: the quote's form post (fields, Basic auth)
 * and its e-mail copy; signed status callbacks (delivered, failed with a readable error, 21610
 * records the opt-out); retries with backoff on a fixed clock (500 then success), permanent errors
 * failing at once (21610 blocks and opts out, 21211), a text left 'sending' by a crash never sent
 * twice; opted-out numbers never texted; the staff text (the Lead Details dialog's intent 'text',
 * decision 0182); and log mode, where nothing
 * leaves the machine and a webhook without TWILIO_AUTH_TOKEN is refused.
 */
import net from 'node:net';
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_TEXT, type LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { INTERRUPTED_SMS, SMS_ERRORS } from '#app/modules/messages/messages.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { insertMessage as enqueueMessage } from '#server/db/repo/outgoing-messages.ts';
import { RETRY_DELAYS_MS, STALE_SENDING_MS } from '#server/messaging/worker.ts';
import { createServices, type Services } from '#server/services/index.ts';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { screenDoors, type ScreenAnswer } from '../support/screen-door.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  BASE_URL,
  BASIC_AUTH,
  postWebhook,
  startSmtp,
  startTwilioStandIn,
  textParams,
  TWILIO_FROM,
  twilioEnv,
  twilioSignature,
} from './sms-fixtures.ts';

const twilio = await startTwilioStandIn();
const smtp = await startSmtp();
/** A 'Twilio' that reads the request and hangs up without an answer: the text may or may not be out. */
const hangUps: string[] = [];
const hangUp = net.createServer((socket) => {
  socket.once('data', (chunk) => {
    hangUps.push(chunk.toString('utf8').split('\r\n')[0]!);
    socket.destroy();
  });
});
await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', () => resolve()));
const hangUpOrigin = `http://127.0.0.1:${(hangUp.address() as net.AddressInfo).port}`;
/** A port nothing listens on: the connection is refused, so nothing was sent. */
const refusedOrigin = await new Promise<string>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(`http://127.0.0.1:${port}`));
  });
});
afterAll(async () => {
  await Promise.all([twilio.close(), smtp.close(), new Promise((resolve) => hangUp.close(resolve))]);
});

const NOW = new Date('2026-11-21T18:00:00.000Z');
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const TWILIO_ENV = twilioEnv(twilio.origin, smtp.url);

/** What every suite here needs: services on a clock the test moves, the app, a signed-in staff member. */
function setUp(ctx: () => { t: Parameters<typeof testDeps>[0] }) {
  const state = {} as {
    deps: ReturnType<typeof testDeps>;
    clock: Date;
    services: Services;
    db: Kysely<DB>;
    app: ReturnType<typeof createTestApp>;
    session: { cookie: string; token: string };
    user: { user: { id: number; username: string; displayName: string; role: 'staff' } };
  };
  beforeAll(async () => {
    // the stand-in serves every suite of the file, one after another: start each with a clean record
    twilio.texts.length = 0;
    state.clock = NOW;
    const deps = testDeps(ctx().t, () => state.clock);
    state.deps = deps;
    state.services = createServices(deps);
    state.db = deps.db;
    state.app = createTestApp(deps, state.services);
    await seedReference(deps);
    await createStaff(deps);
    state.session = await signIn(state.app);
    const row = await deps.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('username', '=', STAFF.username)
      .executeTakeFirstOrThrow();
    state.user = {
      user: { id: row.id, username: STAFF.username, displayName: row.display_name, role: 'staff' },
    };
  });
  /** The dialog's 'text' intent for the lead `id`, as `as` (the signed-in staff member, or nobody). */
  const textThroughDialog = (
    id: number,
    body: unknown,
    as: typeof state.user | null = state.user,
    fields: Record<string, string> = {},
  ) => {
    const answer = screenDoors(state.services, state.deps).act(
      leadDetailsRoute,
      as,
      'text',
      { ...(body === undefined ? {} : { body }), ...fields },
      { id },
    );
    // as supertest's: `.expect(status)` checks the status and hands the answer on
    return Object.assign(answer, {
      expect: async (status: number): Promise<ScreenAnswer> => {
        const settled = await answer;
        expect({ status: settled.status, body: settled.body }).toMatchObject({ status });
        return settled;
      },
    });
  };
  afterAll(() => state.services?.messaging.outbox.stop());
  const staff = () => ({ Cookie: state.session.cookie, 'X-CSRF-Token': state.session.token });
  return {
    state,
    staff,
    addLead: async (phone: string, email: string | null = null, name = 'Rita Klassen') =>
      (
        await insertLead(state.db, { urgency: 'flexible', source: 'web', name, phone, email }, [], {
          now: state.clock,
          actor: 'customer',
        })
      ).id,
    details: async (id: number) =>
      (await request(state.app).get(`/api/leads/${id}`).set(staff()).expect(200)).body as LeadDetails,
    quote: (id: number) =>
      request(state.app).post(`/api/leads/${id}/quote`).set(staff()).send({ cost: 10_000, etaDays: 3 }),
    textCustomer: (id: number, body: unknown, fields: Record<string, string> = {}) =>
      textThroughDialog(id, body, state.user, fields),
    textAs: textThroughDialog,
    /** Lets every queued delivery finish (the worker runs after each response). */
    settle: () => state.services.messaging.outbox.idle(),
  };
}

const textsTo = (to: string) => twilio.texts.filter((t) => t.form.get('To') === to);

eachEngine(
  'texts to customers through Twilio (outbox, status callbacks, staff texts)',
  (ctx) => {
    const { state, staff, addLead, details, quote, textCustomer, textAs, settle } = setUp(ctx);
    const status = (params: Record<string, string>) => postWebhook(state.app, '/api/sms/status', params);
    const outRow = (id: number) =>
      state.db.selectFrom('outgoing_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const lastSmsId = (leadId: number) =>
      state.db
        .selectFrom('outgoing_messages')
        .select('id')
        .where('lead_id', '=', leadId)
        .where('channel', '=', 'sms')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);

    it("posts the quote to Twilio's Messages API (form fields, Basic auth) and e-mails a copy; delivered comes back signed", async () => {
      await settle();
      smtp.received.length = 0;
      const id = await addLead('(204) 555-0160', 'rita@example.com');
      const quoted = (await quote(id).expect(200)).body as LeadDetails;
      expect(quoted.conversation.map((m) => [m.channel, m.status])).toEqual([
        ['sms', 'queued'],
        ['email', 'queued'],
      ]);
      await settle();

      const [sent, ...more] = textsTo('+12045550160');
      expect(more).toEqual([]);
      expect(sent!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
      expect(sent!.auth).toBe(BASIC_AUTH);
      expect(Object.fromEntries(sent!.form)).toEqual({
        To: '+12045550160',
        From: TWILIO_FROM,
        // the part named and the customer's private link (issue 28)
        Body: expect.stringMatching(
          new RegExp(
            `^Parts Hunters MB quote ${quoted.caseNumber} for .*: \\$142\\.50 CAD, ETA 3 business days\\. Valid 48 hours\\. See it: ${BASE_URL}/q/[A-Za-z0-9_-]{24} Reply YES to order or NO to pass\\.$`,
          ),
        ),
        StatusCallback: `${BASE_URL}/api/sms/status`,
      });
      const row = await outRow(await lastSmsId(id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, audience: 'customer' });
      expect(row.provider_id).toMatch(/^SM[0-9a-f]{32}$/);

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(['rita@example.com']);
      expect(mail.text).toContain(`Subject: Your quote ${quoted.caseNumber} from Parts Hunters MB`);
      expect(mail.text).toContain(': $142.50 CAD (all-in), ETA 3 business days');
      expect(mail.text).toContain('The quote holds until');
      expect(mail.text).toMatch(new RegExp(`${BASE_URL}/q/[A-Za-z0-9_-]{24}`));
      expect(mail.text).toContain('reply YES or NO to our text message');

      await status({
        MessageSid: row.provider_id!,
        MessageStatus: 'delivered',
        AccountSid: ACCOUNT_SID,
      }).expect(204);
      // a late 'sent' does not move it back
      await status({ MessageSid: row.provider_id!, MessageStatus: 'sent', AccountSid: ACCOUNT_SID }).expect(
        204,
      );
      const after = await details(id);
      expect(after.conversation.map((m) => [m.channel, m.status, m.error])).toEqual([
        ['sms', 'delivered', null],
        ['email', 'sent', null],
      ]);
    });

    it('a failed status callback shows a readable error; 21610 (unsubscribed) also records the opt-out', async () => {
      const id = await addLead('+12045550161');
      await textCustomer(id, 'Your part is on the Thompson truck').expect(200);
      await settle();
      const first = await outRow(await lastSmsId(id));
      await status({
        MessageSid: first.provider_id!,
        MessageStatus: 'undelivered',
        ErrorCode: '30003',
        AccountSid: ACCOUNT_SID,
      }).expect(204);
      expect((await details(id)).conversation.at(-1)).toMatchObject({
        status: 'failed',
        error: 'The phone is switched off or out of reach (Twilio error 30003)',
      });

      await textCustomer(id, 'Trying again').expect(200);
      await settle();
      const second = await outRow(await lastSmsId(id));
      await status({
        MessageSid: second.provider_id!,
        MessageStatus: 'failed',
        ErrorCode: '21610',
        AccountSid: ACCOUNT_SID,
      }).expect(204);
      const lead = await details(id);
      expect(lead.smsOptedOut).toBe(true);
      expect(lead.conversation.at(-1)).toMatchObject({
        status: 'failed',
        error: `${CONVERSATION_TEXT.optedOut} (Twilio error 21610)`,
      });
      // a callback about a text we do not know changes nothing and is still acknowledged
      await status({
        MessageSid: `SM${'9'.repeat(32)}`,
        MessageStatus: 'delivered',
        AccountSid: ACCOUNT_SID,
      }).expect(204);
    });

    it('a 21610 callback replayed after the customer sent START leaves the number opted in', async () => {
      const id = await addLead('+12045550179');
      await textCustomer(id, 'Your filter is in').expect(200);
      await settle();
      const sent = await outRow(await lastSmsId(id));
      const unsubscribed = {
        MessageSid: sent.provider_id!,
        MessageStatus: 'failed',
        ErrorCode: '21610',
        AccountSid: ACCOUNT_SID,
      };
      await status(unsubscribed).expect(204);
      expect((await details(id)).smsOptedOut).toBe(true);
      await postWebhook(state.app, '/api/sms/inbound', textParams('+12045550179', 'START')).expect(200);
      expect((await details(id)).smsOptedOut).toBe(false);
      // Twilio retries a callback it thinks was lost: the same report changes nothing now
      await status(unsubscribed).expect(204);
      expect((await details(id)).smsOptedOut).toBe(false);
      await textCustomer(id, 'Welcome back').expect(200);
    });

    it('retries a 500 after one minute with the clock, and sends the text once', async () => {
      const id = await addLead('+12045550162');
      // the texts of the tests before have gone out (the dialog's answer does not wait for them)
      await settle();
      twilio.script.push({ status: 500, json: { code: 20500, message: 'Internal Server Error' } });
      await textCustomer(id, 'Retry me').expect(200);
      await settle();
      const messageId = await lastSmsId(id);
      const failed = await outRow(messageId);
      expect(failed).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
      expect(failed.last_error).toContain('Internal Server Error');
      expect(Date.parse(failed.next_attempt_at) - state.clock.getTime()).toBe(RETRY_DELAYS_MS[0]);
      expect((await details(id)).conversation.at(-1)).toMatchObject({ status: 'queued', error: null });

      // not due yet: nothing is sent
      expect(await state.services.messaging.outbox.runDue()).toEqual({ sent: 0, failed: 0 });
      expect(textsTo('+12045550162')).toHaveLength(1);
      state.clock = new Date(state.clock.getTime() + RETRY_DELAYS_MS[0]);
      expect(await state.services.messaging.outbox.runDue()).toEqual({ sent: 1, failed: 0 });
      expect(textsTo('+12045550162').map((t) => t.form.get('Body'))).toEqual([
        'Parts Hunters MB: Retry me',
        'Parts Hunters MB: Retry me',
      ]);
      expect(await outRow(messageId)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect((await details(id)).conversation.at(-1)).toMatchObject({ status: 'sent' });
    });

    it('400 with 21610 blocks the text at once, records the opt-out and never retries; the number is then never texted', async () => {
      const id = await addLead('+12045550163');
      twilio.script.push({
        status: 400,
        json: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
      });
      await textCustomer(id, 'Are you still looking for the pump?').expect(200);
      await settle();
      const messageId = await lastSmsId(id);
      expect(await outRow(messageId)).toMatchObject({
        status: 'blocked',
        attempts: 1,
        last_error: `${CONVERSATION_TEXT.optedOut} (Twilio error 21610)`,
      });
      const lead = await details(id);
      expect(lead.smsOptedOut).toBe(true);
      expect(lead.conversation.at(-1)).toMatchObject({ status: 'blocked' });

      state.clock = new Date(state.clock.getTime() + 3 * 3_600_000);
      await state.services.messaging.outbox.runDue();
      expect(textsTo('+12045550163')).toHaveLength(1);

      // staff cannot text the number; a quote is stored but its text is blocked, never sent
      const refused = await textCustomer(id, 'Hello?').expect(409);
      expect(refused.body.message).toBe(CONVERSATION_TEXT.optedOut);
      const quoted = (await quote(id).expect(200)).body as LeadDetails;
      expect(quoted.status).toBe('quoted');
      expect(quoted.conversation.at(-1)).toMatchObject({
        channel: 'sms',
        status: 'blocked',
        error: CONVERSATION_TEXT.optedOut,
      });
      await settle();
      expect(textsTo('+12045550163')).toHaveLength(1);

      // START from the customer: texting works again
      const start = await postWebhook(
        state.app,
        '/api/sms/inbound',
        textParams('+12045550163', 'START'),
      ).expect(200);
      expect(start.text).toContain('<Message>');
      await textCustomer(id, 'Welcome back').expect(200);
      await settle();
      expect(textsTo('+12045550163').map((t) => t.form.get('Body'))).toEqual([
        'Parts Hunters MB: Are you still looking for the pump?',
        'Parts Hunters MB: Welcome back',
      ]);
    });

    it('an opt-out recorded after a text was queued blocks it at send time', async () => {
      const id = await addLead('+12045550164');
      await state.db
        .insertInto('sms_opt_outs')
        .values({ phone: '+12045550164', keyword: 'STOP', opted_out_at: state.clock.toISOString() })
        .execute();
      const messageId = await state.db.transaction().execute((trx) =>
        enqueueMessage(
          trx,
          {
            leadId: id,
            channel: 'sms',
            recipient: '+12045550164',
            subject: null,
            body: 'Queued before STOP',
            status: 'queued',
          },
          state.clock,
        ),
      );
      await state.services.messaging.outbox.runDue();
      expect(await outRow(messageId)).toMatchObject({
        status: 'blocked',
        last_error: CONVERSATION_TEXT.optedOut,
      });
      expect(textsTo('+12045550164')).toEqual([]);
    });

    it('other 4xx errors (21211 invalid number) fail at once with the reason in words', async () => {
      const id = await addLead('+12045550165');
      twilio.script.push({ status: 400, json: { code: 21211, message: "The 'To' number is not valid." } });
      await textCustomer(id, 'Hello').expect(200);
      await settle();
      const messageId = await lastSmsId(id);
      expect(await outRow(messageId)).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'Not a valid phone number (Twilio error 21211)',
      });
      state.clock = new Date(state.clock.getTime() + 3 * 3_600_000);
      await state.services.messaging.outbox.runDue();
      expect(textsTo('+12045550165')).toHaveLength(1);
      expect((await details(id)).conversation.at(-1)).toMatchObject({
        status: 'failed',
        error: 'Not a valid phone number (Twilio error 21211)',
      });
    });

    it('a text left "sending" by a crash goes out only if Twilio never got it; an e-mail is retried', async () => {
      await settle();
      smtp.received.length = 0;
      const id = await addLead('+12045550166', 'crash@example.com');
      const claimed = new Date(state.clock.getTime() - STALE_SENDING_MS - 60_000);
      const halfSent = (channel: 'sms' | 'email', body: string) =>
        state.db.transaction().execute((trx) =>
          enqueueMessage(
            trx,
            channel === 'sms'
              ? { leadId: id, channel, recipient: '+12045550166', subject: null, body, status: 'queued' }
              : {
                  leadId: id,
                  channel,
                  recipient: 'crash@example.com',
                  subject: body,
                  body,
                  status: 'queued',
                  audience: 'customer',
                },
            state.clock,
          ),
        );
      const lost = await halfSent('sms', 'Never reached Twilio');
      const reached = await halfSent('sms', 'Reached Twilio');
      const emailId = await halfSent('email', 'Half sent');
      await state.db
        .updateTable('outgoing_messages')
        .set({ status: 'sending', attempts: 1, updated_at: claimed.toISOString() })
        .where('id', 'in', [lost, reached, emailId])
        .execute();
      // Twilio got the second one a second after it was claimed, then the process died
      twilio.texts.push({
        auth: BASIC_AUTH,
        path: 'the process that died',
        form: new URLSearchParams({ To: '+12045550166', From: TWILIO_FROM, Body: 'Reached Twilio' }),
        sid: 'SMdied0000000000000000000000000001',
        createdAt: new Date(claimed.getTime() + 1000),
      });
      await state.services.messaging.outbox.runDue();
      // each text is with the customer once: the lost one sent now, the other recorded with Twilio's sid
      expect(textsTo('+12045550166').map((t) => t.form.get('Body'))).toEqual([
        'Reached Twilio',
        'Never reached Twilio',
      ]);
      expect(await outRow(reached)).toMatchObject({
        status: 'sent',
        provider_id: 'SMdied0000000000000000000000000001',
        attempts: 1,
      });
      expect(await outRow(lost)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(await outRow(emailId)).toMatchObject({ status: 'sent' });
      expect(smtp.received.map((m) => m.to)).toEqual([['crash@example.com']]);
      await state.services.messaging.outbox.runDue();
      expect(textsTo('+12045550166')).toHaveLength(2);
    });

    it('a half-sent text Twilio cannot be asked about waits, and after a day is left to staff, never sent blindly', async () => {
      await settle();
      const id = await addLead('+12045550168');
      const claimed = new Date(state.clock.getTime() - STALE_SENDING_MS - 60_000);
      const smsId = await state.db.transaction().execute((trx) =>
        enqueueMessage(
          trx,
          {
            leadId: id,
            channel: 'sms',
            recipient: '+12045550168',
            subject: null,
            body: 'Unknown fate',
            status: 'queued',
          },
          state.clock,
        ),
      );
      await state.db
        .updateTable('outgoing_messages')
        .set({ status: 'sending', attempts: 1, updated_at: claimed.toISOString() })
        .where('id', '=', smsId)
        .execute();
      twilio.listScript.push(503);
      await state.services.messaging.outbox.runDue();
      expect(await outRow(smsId)).toMatchObject({ status: 'sending' });
      const saved = state.clock;
      state.clock = new Date(claimed.getTime() + 25 * 3_600_000);
      twilio.listScript.push(500);
      await state.services.messaging.outbox.runDue();
      state.clock = saved;
      expect(await outRow(smsId)).toMatchObject({ status: 'failed', last_error: INTERRUPTED_SMS });
      expect(textsTo('+12045550168')).toEqual([]);
      expect((await details(id)).conversation.find((m) => m.channel === 'sms')).toMatchObject({
        status: 'failed',
        error: INTERRUPTED_SMS,
      });
    });

    describe("the dialog's 'text' (staff texts the customer)", () => {
      it('needs a signed-in staff member', async () => {
        // (a form from another site never reaches the action: tests/e2e/back-office-data-flow.e2e.test.ts)
        const id = await addLead('+12045550167');
        expect(await textAs(id, 'Hi', null)).toMatchObject({ status: 302, location: '/admin/login' });
        expect((await details(id)).conversation).toEqual([]);
      });

      it('validates the text, answers 404 for an unknown lead and 409 for a number that cannot take texts', async () => {
        const id = await addLead('+12045550168');
        expect((await textCustomer(id, '   ').expect(400)).body).toMatchObject({
          message: CONVERSATION_TEXT.emptyBody,
          fieldErrors: { body: [CONVERSATION_TEXT.emptyBody] },
        });
        expect((await textCustomer(id, undefined).expect(400)).body.message).toBe(
          CONVERSATION_TEXT.emptyBody,
        );
        expect((await textCustomer(id, 'x'.repeat(1001)).expect(400)).body.message).toBe(
          'A text can be at most 1000 characters',
        );
        expect((await textCustomer(999_999, 'Hi').expect(404)).body.message).toBe('Lead not found');
        const landline = await addLead('555-12');
        expect((await textCustomer(landline, 'Hi').expect(409)).body.message).toBe(
          'This phone number cannot receive texts (not a valid mobile number).',
        );
        expect((await details(id)).conversation).toEqual([]);
      });

      it('answers ok, sends the text and an e-mail copy', async () => {
        await settle();
        smtp.received.length = 0;
        const id = await addLead('204-555-0169', 'gord@example.com', 'Gord Thiessen');
        const body = '  Your Cummins sensor ships today from Winnipeg.  ';
        const res = await textCustomer(id, body).expect(200);
        expect(res.body).toEqual({ ok: true, intent: 'text' });
        const lead = await details(id);
        expect(lead.id).toBe(id);
        // as the dialog reads it after its answer: queued, or already on its way
        const onItsWay = expect.stringMatching(/^(queued|sending|sent)$/);
        expect(
          lead.conversation.map((m) => [m.direction, m.channel, m.status, m.body.split('\n')[0]]),
        ).toEqual([
          // the text begins with the business's name, as every text does (issue 48 item 5)
          ['out', 'sms', onItsWay, 'Parts Hunters MB: Your Cummins sensor ships today from Winnipeg.'],
          ['out', 'email', onItsWay, 'Hello Gord Thiessen,'],
        ]);
        await settle();
        expect(textsTo('+12045550169').map((t) => t.form.get('Body'))).toEqual([
          'Parts Hunters MB: Your Cummins sensor ships today from Winnipeg.',
        ]);
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]!.to).toEqual(['gord@example.com']);
        expect(smtp.received[0]!.text).toContain(
          `Subject: About your request ${lead.caseNumber} - Parts Hunters MB`,
        );
        expect(smtp.received[0]!.text).toContain('Your Cummins sensor ships today from Winnipeg.');
        expect((await details(id)).conversation.map((m) => m.status)).toEqual(['sent', 'sent']);
      });

      it("starts with the business's name unless staff turn it off for the message, never twice", async () => {
        const id = await addLead('204-555-0170');
        await textCustomer(id, 'Your seal kit is in.').expect(200);
        // the box unticked: this one message goes as typed
        await textCustomer(id, 'Call me when you are here.', { withName: 'false' }).expect(200);
        // staff who typed the name themselves: not said twice
        await textCustomer(id, 'Parts Hunters MB: open till 6 today.').expect(200);
        // JSON's own true and false are read too; anything else is refused with the field named
        await textCustomer(id, 'Thanks!', { withName: 'true' }).expect(200);
        const refused = await textCustomer(id, 'Hi', { withName: 'maybe' }).expect(400);
        expect(refused.body).toMatchObject({ fieldErrors: { withName: [expect.any(String)] } });
        await settle();
        expect(textsTo('+12045550170').map((t) => t.form.get('Body'))).toEqual([
          'Parts Hunters MB: Your seal kit is in.',
          'Call me when you are here.',
          'Parts Hunters MB: open till 6 today.',
          'Parts Hunters MB: Thanks!',
        ]);
      });
    });

    it('the status callback takes no staff session in place of a signature', async () => {
      const params = {
        MessageSid: `SM${'1'.repeat(32)}`,
        MessageStatus: 'delivered',
        AccountSid: ACCOUNT_SID,
      };
      await postWebhook(
        state.app,
        '/api/sms/status',
        params,
        twilioSignature(`${BASE_URL}/api/sms/status`, params, 'nope'),
      ).expect(403);
      await request(state.app).post('/api/sms/status').set(staff()).type('form').send(params).expect(403);
    });
  },
  TWILIO_ENV,
);

eachEngine(
  'texts when Twilio cannot be reached or hangs up',
  (ctx) => {
    const { state, addLead, details, textCustomer, settle } = setUp(ctx);

    it('never sends again a text whose fate is unknown (the connection broke after the request went out)', async () => {
      hangUps.length = 0;
      const id = await addLead('+12045550174');
      await textCustomer(id, 'Did this go out?').expect(200);
      await settle();
      expect(hangUps).toEqual([`POST /2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json HTTP/1.1`]);
      expect((await details(id)).conversation.at(-1)).toMatchObject({
        status: 'failed',
        error: SMS_ERRORS.uncertain,
      });
      state.clock = new Date(state.clock.getTime() + 3 * 3_600_000);
      await state.services.messaging.outbox.runDue();
      expect(hangUps).toHaveLength(1);
    });

    it('retries when the connection to Twilio never opened (nothing can have been sent)', async () => {
      const { config } = state.deps;
      const unreachable = createServices({
        ...state.deps,
        config: { ...config, sms: { ...config.sms, apiBase: refusedOrigin } },
      });
      try {
        const id = await addLead('+12045550175');
        await unreachable.leadAdmin.sendText(id, { body: 'Anyone there?' });
        await unreachable.messaging.outbox.idle();
        const row = await state.db
          .selectFrom('outgoing_messages')
          .selectAll()
          .where('lead_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          status: 'queued',
          attempts: 1,
          last_error: 'Could not reach Twilio (ECONNREFUSED)',
        });
        expect(Date.parse(row.next_attempt_at) - state.clock.getTime()).toBe(RETRY_DELAYS_MS[0]);
      } finally {
        unreachable.messaging.outbox.stop();
      }
    });
  },
  { ...TWILIO_ENV, TWILIO_API_BASE: hangUpOrigin },
);

eachEngine(
  'texting in log mode (SMS_PROVIDER=log with TWILIO_AUTH_TOKEN)',
  (ctx) => {
    const { state, addLead, details, quote, textCustomer, settle } = setUp(ctx);

    it('accepts signed texts, records replies and texts as logged, and sends nothing anywhere', async () => {
      const before = twilio.texts.length;
      const res = await postWebhook(
        state.app,
        '/api/sms/inbound',
        textParams('+12045550170', 'Need a PTO shaft'),
      ).expect(200);
      expect(res.text).toBe(EMPTY_TWIML);
      const row = await state.db
        .selectFrom('leads')
        .select('id')
        .where('phone', '=', '+12045550170')
        .executeTakeFirstOrThrow();
      const lead = await details(row.id);
      expect(lead.source).toBe('sms');
      expect(lead.conversation.map((m) => [m.direction, m.status])).toEqual([
        ['in', 'received'],
        ['out', 'logged'],
      ]);
      expect(lead.conversation[1]!.body).toContain(`Your case number is ${lead.caseNumber}`);

      const id = await addLead('+12045550171');
      const quoted = (await quote(id).expect(200)).body as LeadDetails;
      expect(quoted.conversation.map((m) => m.status)).toEqual(['logged']);
      await textCustomer(id, 'Logged only').expect(200);
      await settle();
      expect((await details(id)).conversation.map((m) => m.status)).toEqual(['logged', 'logged']);
      expect(twilio.texts.length).toBe(before);
    });

    it('refuses MMS photos it cannot fetch without the account SID, keeping the text', async () => {
      const res = await postWebhook(
        state.app,
        '/api/sms/inbound',
        textParams('+12045550172', 'Photo of the hub', {
          NumMedia: '1',
          MediaUrl0: `${twilio.origin}${twilio.mediaPath('ME9')}`,
          MediaContentType0: 'image/jpeg',
        }),
      ).expect(200);
      expect(res.text).toBe(EMPTY_TWIML);
      const row = await state.db
        .selectFrom('leads')
        .select('id')
        .where('phone', '=', '+12045550172')
        .executeTakeFirstOrThrow();
      const lead = await details(row.id);
      expect(lead.description).toBe('Photo of the hub');
      expect(lead.photos).toEqual([]);
      expect(lead.events.find((e) => e.type === 'photos_skipped')?.detail?.body).toBe(
        'Photo 1: not downloaded: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not set',
      );
    });
  },
  { SMS_PROVIDER: 'log', TWILIO_AUTH_TOKEN: AUTH_TOKEN, BASE_URL },
);

eachEngine(
  'texting without TWILIO_AUTH_TOKEN',
  (ctx) => {
    const { state } = setUp(ctx);
    it('refuses every webhook with 403: nothing can be verified, so nothing is accepted', async () => {
      const params = textParams('+12045550173', 'Hello');
      await postWebhook(state.app, '/api/sms/inbound', params).expect(403);
      await postWebhook(
        state.app,
        '/api/sms/inbound',
        params,
        twilioSignature(`${BASE_URL}/api/sms/inbound`, params, ''),
      ).expect(403);
      const status = { MessageSid: `SM${'2'.repeat(32)}`, MessageStatus: 'delivered' };
      await postWebhook(state.app, '/api/sms/status', status).expect(403);
      expect(await state.db.selectFrom('sms_inbound').selectAll().execute()).toEqual([]);
      expect(await state.db.selectFrom('leads').selectAll().execute()).toEqual([]);
    });
  },
  { BASE_URL },
);
