/**
 * Retries that change nothing (issue 47 item 7, decision 0179), on both engines: sending a quote
 * (POST /api/leads/{id}/quote and the dialog's form), a staff text (the dialog's form), the inbox's
 * reply (the conversation's form) and the quote page's question, each with a key made when its form was
 * rendered (or an API client's `Idempotency-Key`). The same key again gets the first answer and
 * changes nothing, also when the two arrive at once (in one process, and in two on PostgreSQL); the key with another request is refused 422;
 * without a key, each post is a change of its own as before; a key is forgotten after 24 hours.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';
import * as conversationRoute from '#app/routes/admin-inbox-conversation.tsx';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as quoteRoute from '#app/routes/quote.tsx';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import { IDEMPOTENCY_KEEP_MS, KEY_REUSED } from '#server/services/idempotency.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { anotherProcess } from '../support/another-process.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { answerOf, routeContext } from '../support/route-context.ts';

const NOW = new Date('2026-11-23T16:00:00.000Z');
const HOUR = 3_600_000;
const TOKEN_IN = /\/q\/([A-Za-z0-9_-]{24})(?=[\s?]|$)/;
const QUOTE = { options: [{ label: 'New OEM', cost: 20_000, etaDays: 5 }], notes: 'supplier A' };
const SESSION = {
  user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
  csrfToken: 'token',
};

type Args<F extends (args: never) => unknown> = Parameters<F>[0];

/** A browser's form post: url-encoded, with its length. */
function formPost(url: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  });
}

eachEngine('retries with one key change nothing', (ctx) => {
  let clock = NOW;
  let deps: ServiceDeps;
  let services: Services;
  let db: Kysely<DB>;
  let app: ReturnType<typeof createTestApp>;
  let staff: Record<string, string>;
  let phones = 0;
  let keys = 0;
  /** A key of its own per call, as each rendered form makes one. */
  const newKey = () => `test-key-${++keys}-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    deps = testDeps(ctx().t, () => clock);
    services = createServices(deps);
    db = deps.db;
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps);
    const session = await signIn(app);
    staff = { Cookie: session.cookie, 'X-CSRF-Token': session.token };
  });
  afterAll(() => services.messaging.outbox.stop());
  beforeEach(() => {
    clock = NOW;
  });

  async function addLead() {
    const n = 3000 + ++phones;
    const { id } = await insertLead(
      db,
      {
        urgency: 'flexible',
        source: 'web',
        name: 'Dana Friesen',
        phone: `(204) 555-${n}`,
        email: 'dana@example.com',
        description: 'Rear leaf spring snapped',
      },
      [],
      { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() - HOUR) },
    );
    return id;
  }

  const versions = async (id: number) =>
    (await db.selectFrom('quote_versions').select('version').where('lead_id', '=', id).execute()).length;
  const customerTexts = (id: number) =>
    db
      .selectFrom('outgoing_messages')
      .select(['body'])
      .where('lead_id', '=', id)
      .where('channel', '=', 'sms')
      .where('audience', '=', 'customer')
      .orderBy('id')
      .execute();
  const staffAlerts = async (id: number) =>
    (
      await db
        .selectFrom('outgoing_messages')
        .select('id')
        .where('lead_id', '=', id)
        .where('audience', '=', 'staff')
        .execute()
    ).length;
  const questions = async (id: number) =>
    (
      await db
        .selectFrom('lead_events')
        .select('id')
        .where('lead_id', '=', id)
        .where('type', '=', 'question')
        .execute()
    ).length;

  const postQuote = async (id: number, body: object, key?: string, as = staff) => {
    const req = request(app).post(`/api/leads/${id}/quote`).set(as);
    if (key !== undefined) req.set(IDEMPOTENCY_HEADER, key);
    return req.send(body);
  };
  /** A staff text through the dialog's form, with the key its form was rendered with (if any). */
  const postText = async (id: number, body: { body: string }, key?: string) =>
    dialog(id, { intent: 'text', ...body, ...(key === undefined ? {} : { [IDEMPOTENCY_FIELD]: key }) });
  /** The Lead Details dialog's form, posted to admin/leads/:id as the browser's fetcher does. */
  const dialog = async (id: number, fields: Record<string, string>) =>
    answerOf(
      await leadDetailsRoute.action({
        request: formPost(`http://localhost/admin/leads/${id}`, fields),
        params: { id: String(id) },
        context: routeContext(services, deps, SESSION),
      } as unknown as Args<typeof leadDetailsRoute.action>),
    );
  /** The quote page's form, posted by the customer's browser. */
  const page = async (token: string, fields: Record<string, string>) =>
    answerOf(
      await quoteRoute.action({
        request: formPost(`http://localhost/q/${token}`, fields),
        params: { token },
        context: routeContext(services, deps, null),
      } as unknown as Args<typeof quoteRoute.action>),
    );

  /** A lead quoted without a key, and the token of its link. */
  async function quotedLead() {
    const id = await addLead();
    expect((await postQuote(id, QUOTE)).status).toBe(200);
    const token = TOKEN_IN.exec((await customerTexts(id)).at(-1)?.body ?? '')?.[1];
    if (!token) throw new Error('no link in the quote text');
    return { id, token };
  }

  describe('sending a quote', () => {
    it('the same quote posted twice with one key: one version, one text, the first answer twice', async () => {
      const id = await addLead();
      const key = newKey();
      const first = await postQuote(id, QUOTE, key);
      expect(first.status).toBe(200);
      expect((first.body as LeadDetails).quoteVersion).toBe(1);
      clock = new Date(NOW.getTime() + 60_000);
      const again = await postQuote(id, QUOTE, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await versions(id)).toBe(1);
      expect(await customerTexts(id)).toHaveLength(1);
      // version 1 is not replaced
      const lead = await services.leadAdmin.getLead(id);
      expect(lead.quoteVersion).toBe(1);
      expect(lead.events.filter((e) => e.type === 'quote')).toHaveLength(1);
    });

    it('two posts with one key at the same moment make one version and one text', async () => {
      const id = await addLead();
      const key = newKey();
      const [a, b] = await Promise.all([postQuote(id, QUOTE, key), postQuote(id, QUOTE, key)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toEqual(b.body);
      expect(await versions(id)).toBe(1);
      expect(await customerTexts(id)).toHaveLength(1);
    });

    it('the same quote sent with one key by two processes at once: one version, one text', async () => {
      // on PostgreSQL the second process has connections of its own (SQLite is one process)
      const other = anotherProcess(ctx().t, () => clock);
      try {
        for (let i = 0; i < 5; i++) {
          const id = await addLead();
          const key = newKey();
          const [a, b] = await Promise.all([
            services.leadAdmin.sendQuote(id, QUOTE, 'sam', key),
            other.services.leadAdmin.sendQuote(id, QUOTE, 'sam', key),
          ]);
          expect(b).toEqual(a);
          expect(await versions(id)).toBe(1);
          expect(await customerTexts(id)).toHaveLength(1);
        }
      } finally {
        await other.close();
      }
    });

    it('without a key, each post is a version of its own, as before', async () => {
      const id = await addLead();
      expect((await postQuote(id, QUOTE)).status).toBe(200);
      expect((await postQuote(id, QUOTE)).status).toBe(200);
      expect(await versions(id)).toBe(2);
      expect(await customerTexts(id)).toHaveLength(2);
    });

    it('a new key is a new version; the key with another quote is refused 422 and changes nothing', async () => {
      const id = await addLead();
      const key = newKey();
      expect((await postQuote(id, QUOTE, key)).status).toBe(200);
      const other = await postQuote(id, { ...QUOTE, notes: 'supplier B' }, key);
      expect(other.status).toBe(422);
      expect(other.body).toEqual({ message: KEY_REUSED });
      expect(await versions(id)).toBe(1);
      expect((await postQuote(id, QUOTE, newKey())).status).toBe(200);
      expect(await versions(id)).toBe(2);
    });

    it("a key of the same quote for another lead is that lead's own", async () => {
      const [one, two] = [await addLead(), await addLead()];
      const key = newKey();
      expect((await postQuote(one, QUOTE, key)).status).toBe(200);
      expect((await postQuote(two, QUOTE, key)).status).toBe(200);
      expect([await versions(one), await versions(two)]).toEqual([1, 1]);
    });

    it('a refused quote keeps nothing: the same key goes through once the lead can be quoted', async () => {
      const id = await addLead();
      const key = newKey();
      const refused = await postQuote(id, { options: [{ cost: 'x', etaDays: 5 }] }, key);
      expect(refused.status).toBe(400);
      expect((await postQuote(id, QUOTE, key)).status).toBe(200);
      expect(await versions(id)).toBe(1);
    });

    it('a malformed key is refused 400', async () => {
      const id = await addLead();
      const res = await postQuote(id, QUOTE, 'x'.repeat(300));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringContaining('Idempotency-Key') });
      expect(await versions(id)).toBe(0);
    });

    it("the dialog's form posted twice with its key sends one version", async () => {
      const id = await addLead();
      const fields = {
        intent: 'quote',
        'options.0.cost': '200.00',
        'options.0.etaDays': '5',
        [IDEMPOTENCY_FIELD]: newKey(),
      };
      const [a, b] = await Promise.all([dialog(id, fields), dialog(id, fields)]);
      expect(a).toEqual({ status: 200, body: { ok: true, intent: 'quote' } });
      expect(b).toEqual(a);
      expect(await dialog(id, fields)).toEqual(a);
      expect(await versions(id)).toBe(1);
      expect(await customerTexts(id)).toHaveLength(1);
    });

    it('a key is forgotten after 24 hours (the sweep removes it)', async () => {
      const id = await addLead();
      const key = newKey();
      expect((await postQuote(id, QUOTE, key)).status).toBe(200);
      /** A session of its own, signed in at the clock's time (the one of the suite ends within a day). */
      const later = async () => {
        const session = await signIn(app);
        return { Cookie: session.cookie, 'X-CSRF-Token': session.token };
      };
      clock = new Date(NOW.getTime() + IDEMPOTENCY_KEEP_MS - 1);
      expect(await services.idempotency.sweep()).toBe(0);
      expect((await postQuote(id, QUOTE, key, await later())).status).toBe(200);
      expect(await versions(id)).toBe(1);
      clock = new Date(NOW.getTime() + IDEMPOTENCY_KEEP_MS + 1);
      expect(await services.idempotency.sweep()).toBeGreaterThanOrEqual(1);
      expect(await db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual(
        [],
      );
      // a day later the key is a new request
      expect((await postQuote(id, QUOTE, key, await later())).status).toBe(200);
      expect(await versions(id)).toBe(2);
    });
  });

  describe('a staff text', () => {
    const TEXT = { body: 'Your part is on its way.' };

    it('the same text posted twice with one key: one text, the first answer twice', async () => {
      const id = await addLead();
      const key = newKey();
      const first = await postText(id, TEXT, key);
      expect(first).toEqual({ status: 200, body: { ok: true, intent: 'text' } });
      const again = await postText(id, TEXT, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await customerTexts(id)).toHaveLength(1);
    });

    it('two posts with one key at the same moment make one text', async () => {
      const id = await addLead();
      const key = newKey();
      const [a, b] = await Promise.all([postText(id, TEXT, key), postText(id, TEXT, key)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(await customerTexts(id)).toHaveLength(1);
    });

    it('without a key, each post is a text of its own, as before; the key with another text is 422', async () => {
      const id = await addLead();
      expect((await postText(id, TEXT)).status).toBe(200);
      expect((await postText(id, TEXT)).status).toBe(200);
      expect(await customerTexts(id)).toHaveLength(2);
      const key = newKey();
      expect((await postText(id, TEXT, key)).status).toBe(200);
      const reused = await postText(id, { body: 'Something else' }, key);
      expect(reused).toMatchObject({ status: 422, body: { ok: false, message: KEY_REUSED } });
      expect(await customerTexts(id)).toHaveLength(3);
    });

    it("the dialog's form posted twice with its key sends one text", async () => {
      const id = await addLead();
      const fields = { intent: 'text', body: 'Ready for pickup.', [IDEMPOTENCY_FIELD]: newKey() };
      const [a, b] = await Promise.all([dialog(id, fields), dialog(id, fields)]);
      expect(a).toEqual({ status: 200, body: { ok: true, intent: 'text' } });
      expect(b).toEqual(a);
      expect(await customerTexts(id)).toHaveLength(1);
    });
  });

  describe("the inbox's reply", () => {
    it('the same reply posted twice with one key, or twice at once: one text', async () => {
      const id = await addLead();
      const { customer_id: customer } = await db
        .selectFrom('leads')
        .select('customer_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // the conversation's form, posted to admin/inbox/:id with the key it was rendered with
      const reply = async (body: { body: string }, key: string) =>
        answerOf(
          await conversationRoute.action({
            request: formPost(`http://localhost/admin/inbox/${customer}`, {
              intent: 'reply',
              ...body,
              [IDEMPOTENCY_FIELD]: key,
            }),
            params: { id: String(customer) },
            context: routeContext(services, deps, SESSION),
          } as unknown as Args<typeof conversationRoute.action>),
        );
      const key = newKey();
      expect(await reply({ body: 'We have it.' }, key)).toEqual({
        status: 200,
        body: { ok: true, intent: 'reply' },
      });
      expect((await reply({ body: 'We have it.' }, key)).status).toBe(200);
      expect(await customerTexts(id)).toHaveLength(1);
      const other = newKey();
      const both = await Promise.all([reply({ body: 'Ready.' }, other), reply({ body: 'Ready.' }, other)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(await customerTexts(id)).toHaveLength(2);
      expect((await reply({ body: 'Something else' }, key)).status).toBe(422);
    });
  });

  describe("the quote page's question", () => {
    it('renders its forms with a key of their own each time', async () => {
      const { token } = await quotedLead();
      const load = async () =>
        answerOf(
          await quoteRoute.loader({
            request: new Request(`http://localhost/q/${token}`),
            params: { token },
            context: routeContext(services, deps, null),
          } as unknown as Args<typeof quoteRoute.loader>),
        ).body as { formKey?: string };
      const [a, b] = [await load(), await load()];
      expect(a.formKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(b.formKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(a.formKey).not.toBe(b.formKey);
    });

    it('the same question posted twice with its key: one question, one alert, the same answer', async () => {
      const { id, token } = await quotedLead();
      const alerts = await staffAlerts(id);
      const fields = { intent: 'question', body: 'Does it fit a 2016?', [IDEMPOTENCY_FIELD]: newKey() };
      const first = await page(token, fields);
      expect(first).toEqual({ status: 303, body: null, location: `/q/${token}?asked` });
      expect(await page(token, fields)).toEqual(first);
      expect(await questions(id)).toBe(1);
      expect(await staffAlerts(id)).toBe(alerts + 1);
    });

    it('two posts with one key at the same moment make one question', async () => {
      const { id, token } = await quotedLead();
      const fields = { intent: 'question', body: 'Is it in stock?', [IDEMPOTENCY_FIELD]: newKey() };
      const [a, b] = await Promise.all([page(token, fields), page(token, fields)]);
      expect(a).toEqual({ status: 303, body: null, location: `/q/${token}?asked` });
      expect(b).toEqual(a);
      expect(await questions(id)).toBe(1);
    });

    it('without a key, each post is a question of its own, as before', async () => {
      const { id, token } = await quotedLead();
      const fields = { intent: 'question', body: 'Is it in stock?' };
      await page(token, fields);
      await page(token, fields);
      expect(await questions(id)).toBe(2);
    });
  });
});
