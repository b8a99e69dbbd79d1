/**
 * Texts the public can cause (issue 47 item 1, decision 0175), on both engines, against a local
 * stand-in of Twilio's Messages API: a web request's confirmation and the reply to a number with no
 * request go only to Canada and the United States (TEXT_COUNTRIES; +1 876 is Jamaica), at most
 * three a day to one number, and at most TEXT_DAILY_LIMIT a day in all, past which they wait for
 * the next day and the leads board says so. The request is always stored, its case number always
 * answered; the lead says why no text went. Staff's own texts are not limited.
 */
import type { Kysely } from 'kysely';
import type { RouterContextProvider } from 'react-router';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { TEXT_LIMIT_WORDS } from '#app/modules/messages/messages.ts';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as leadsRoute from '#app/routes/admin-leads.tsx';
import type { DB } from '#server/db/index.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { routeContext } from '../support/route-context.ts';
import { VALID_FIELDS, submit } from './leads-fixtures.ts';
import { postWebhook, startTwilioStandIn, textParams, twilioEnv } from './sms-fixtures.ts';

const twilio = await startTwilioStandIn();
afterAll(() => twilio.close());

/** Saturday noon in Winnipeg (CST, UTC-6) */
const NOON = new Date('2026-12-05T18:00:00.000Z');
const HOUR = 3_600_000;
const COUNTRY_WORDS = TEXT_LIMIT_WORDS.country('Canada and the United States');
const SESSION = {
  user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
  csrfToken: 'token',
};

function setUp(ctx: () => { t: Parameters<typeof testDeps>[0] }) {
  const state = {} as {
    clock: Date;
    services: Services;
    db: Kysely<DB>;
    app: ReturnType<typeof createTestApp>;
    staff: Record<string, string>;
    context: () => RouterContextProvider;
  };
  beforeAll(async () => {
    twilio.texts.length = 0;
    state.clock = NOON;
    const deps = testDeps(ctx().t, () => state.clock);
    state.services = createServices(deps);
    state.db = deps.db;
    state.app = createTestApp(deps, state.services);
    await seedReference(deps);
    await createStaff(deps);
    const session = await signIn(state.app);
    state.staff = { Cookie: session.cookie, 'X-CSRF-Token': session.token };
    state.context = () => routeContext(state.services, deps, SESSION);
  });
  afterAll(() => state.services?.messaging.outbox.stop());
  return {
    state,
    /** A web request from `phone`; answers its case number. */
    async requestFrom(phone: string): Promise<string> {
      const res = await submit(state.app, { ...VALID_FIELDS, phone }).expect(201);
      await state.services.messaging.outbox.idle();
      return res.body.caseNumber as string;
    },
    async leadOf(caseNumber: string): Promise<LeadDetails> {
      const row = await state.db
        .selectFrom('leads')
        .select('id')
        .where('case_number', '=', caseNumber)
        .executeTakeFirstOrThrow();
      return (await request(state.app).get(`/api/leads/${row.id}`).set(state.staff).expect(200))
        .body as LeadDetails;
    },
    textsTo: (to: string) => twilio.texts.filter((t) => t.form.get('To') === to),
    board: async () =>
      (await leadsRoute.loader({
        request: new Request('http://localhost/admin/leads'),
        params: {},
        context: state.context(),
      } as unknown as Parameters<typeof leadsRoute.loader>[0])) as Awaited<
        ReturnType<typeof leadsRoute.loader>
      >,
  };
}

eachEngine(
  'texts the public can cause: countries and numbers',
  (ctx) => {
    const { state, requestFrom, leadOf, textsTo } = setUp(ctx);

    it('a request from Jamaica (+1 876) or Britain (+44) is stored and answered, and no text goes', async () => {
      for (const phone of ['+1 876 555 0123', '+44 7911 123456']) {
        const caseNumber = await requestFrom(phone);
        expect(caseNumber).toMatch(/^Q-\d+$/);
        const lead = await leadOf(caseNumber);
        expect(lead.phone).toBe(phone);
        const confirmation = lead.conversation.find((m) => m.channel === 'sms')!;
        expect(confirmation).toMatchObject({ status: 'withheld', error: COUNTRY_WORDS });
        expect(lead.events.map((e) => e.type)).toContain('text_withheld');
      }
      expect(textsTo('+18765550123')).toEqual([]);
      expect(textsTo('+447911123456')).toEqual([]);
      // a Canadian and an American number get theirs
      await requestFrom('(204) 555-0170');
      await requestFrom('+1 415 555 0100');
      expect(textsTo('+12045550170')).toHaveLength(1);
      expect(textsTo('+14155550100')).toHaveLength(1);
    });

    it('a fourth request from one number in a day is stored, and its confirmation is not sent', async () => {
      const cases = [];
      for (let i = 0; i < 4; i++) {
        cases.push(await requestFrom('(204) 555-0171'));
        state.clock = new Date(state.clock.getTime() + HOUR);
      }
      expect(textsTo('+12045550171')).toHaveLength(3);
      const fourth = await leadOf(cases[3]!);
      expect(fourth.conversation.find((m) => m.channel === 'sms')).toMatchObject({
        status: 'withheld',
        error: TEXT_LIMIT_WORDS.perNumber,
      });
      // a day after the first, the number may have one again
      state.clock = new Date(NOON.getTime() + 24 * HOUR + 60_000);
      await requestFrom('(204) 555-0171');
      expect(textsTo('+12045550171')).toHaveLength(4);
    });

    it('five requests at once from one number make five leads and three texts', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => submit(state.app, { ...VALID_FIELDS, phone: '204-555-0172' })),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      await state.services.messaging.outbox.idle();
      expect(textsTo('+12045550172')).toHaveLength(3);
      const statuses = await state.db
        .selectFrom('outgoing_messages')
        .select('status')
        .where('recipient', '=', '+12045550172')
        .execute();
      expect(statuses.map((s) => s.status).sort()).toEqual(['sent', 'sent', 'sent', 'withheld', 'withheld']);
    });

    it("staff's own text goes to any number, whatever the public caused", async () => {
      // the clock moved a day: a fresh session
      const session = await signIn(state.app);
      state.staff = { Cookie: session.cookie, 'X-CSRF-Token': session.token };
      const caseNumber = await requestFrom('+1 876 555 0124');
      const lead = await leadOf(caseNumber);
      // the dialog's 'text', posted as the browser's fetcher does
      const form = new URLSearchParams({
        intent: 'text',
        body: 'Hi, we got your request: is this for the 2018 trailer?',
      }).toString();
      const answer = await leadDetailsRoute.action({
        request: new Request(`http://localhost/admin/leads/${lead.id}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': String(Buffer.byteLength(form)),
          },
          body: form,
        }),
        params: { id: String(lead.id) },
        context: state.context(),
      } as unknown as Parameters<typeof leadDetailsRoute.action>[0]);
      expect(answer).toEqual({ ok: true, intent: 'text' });
      await state.services.messaging.outbox.idle();
      expect(textsTo('+18765550124').map((t) => t.form.get('Body'))).toEqual([
        'Parts Hunters MB: Hi, we got your request: is this for the 2018 trailer?',
      ]);
    });

    it('a text from an unknown number abroad makes a lead, and no reply', async () => {
      const res = await postWebhook(
        state.app,
        '/api/sms/inbound',
        textParams('+447911123457', 'Need a hitch pin'),
      ).expect(200);
      expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      const row = await state.db
        .selectFrom('outgoing_messages')
        .select(['status', 'last_error'])
        .where('recipient', '=', '+447911123457')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'withheld', last_error: COUNTRY_WORDS });
    });
  },
  { ...twilioEnv(twilio.origin, 'smtp://127.0.0.1:9'), TRUST_PROXY: '1' },
);

eachEngine(
  'texts the public can cause: the daily limit',
  (ctx) => {
    const { state, requestFrom, leadOf, textsTo, board } = setUp(ctx);

    it('past TEXT_DAILY_LIMIT the confirmations wait for the next morning, and the board says so', async () => {
      expect((await board()).textLimit).toBeNull();
      await requestFrom('(204) 555-0181');
      await requestFrom('(204) 555-0182');
      const third = await requestFrom('(204) 555-0183');
      expect(textsTo('+12045550181')).toHaveLength(1);
      expect(textsTo('+12045550182')).toHaveLength(1);
      expect(textsTo('+12045550183')).toEqual([]);
      const waiting = await leadOf(third);
      expect(waiting.conversation.find((m) => m.channel === 'sms')!.status).toBe('queued');
      expect(waiting.events.find((e) => e.type === 'text_withheld')?.detail).toEqual({
        body: TEXT_LIMIT_WORDS.waiting(2),
      });
      expect((await board()).textLimit).toEqual({ limit: 2, waiting: 1 });

      // Sunday 07:59 in Winnipeg: still waiting
      state.clock = new Date('2026-12-06T13:59:00.000Z');
      await state.services.messaging.outbox.runDue();
      expect(textsTo('+12045550183')).toEqual([]);
      // Sunday 08:00: it goes, and the board's notice is gone
      state.clock = new Date('2026-12-06T14:00:00.000Z');
      await state.services.messaging.outbox.runDue();
      expect(textsTo('+12045550183')).toHaveLength(1);
      expect((await board()).textLimit).toBeNull();
      // the text that waited counts on the day it went: one more today, then the next waits
      await requestFrom('(204) 555-0184');
      await requestFrom('(204) 555-0185');
      expect(textsTo('+12045550184')).toHaveLength(1);
      expect(textsTo('+12045550185')).toEqual([]);
    });
  },
  { ...twilioEnv(twilio.origin, 'smtp://127.0.0.1:9'), TRUST_PROXY: '1', TEXT_DAILY_LIMIT: '2' },
);
