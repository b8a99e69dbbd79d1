/**
 * Never two leads from one request (issue 51 item 2, decision 0207), on both engines: the phone
 * makes a key when a request is first submitted and sends it, in `Idempotency-Key`, each time the
 * saved request is sent again (a retry after a lost answer, two tabs and the service worker at
 * once). POST /api/leads with a key it has seen answers the first answer (201, the same case number
 * and reply) and makes nothing: no second lead, photos, confirmation text or staff alert, and no
 * photo decoded or kept for the retry; the key with another request is refused 422; a retry is not
 * counted against the submit limit; two posts at once, in one process or in two on PostgreSQL,
 * make one lead. Without a key every post is a lead of its own, as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { BAD_IDEMPOTENCY_KEY, IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import { BEING_ANSWERED, IDEMPOTENCY_KEEP_MS, KEY_REUSED } from '#server/services/idempotency.ts';
import { LEAD_KEY_KEEP_MS } from '#server/services/leads.ts';
import { tagPhoto } from '../e2e/fixtures/images.ts';
import { anotherProcess } from '../support/another-process.ts';
import { eachEngine, testDeps, type EngineContext } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { LEAD_RATE_LIMIT, LEAD_RETRY_LIMIT, TOO_MANY_REQUESTS } from '#server/http/api/leads.ts';
import { newClient, submit, VALID_FIELDS, type Photo } from './leads-fixtures.ts';

type App = ReturnType<typeof createTestApp>;

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** What a request may leave behind, in rows and files. */
async function counts(ctx: EngineContext) {
  const { db } = ctx.deps;
  const n = async (table: 'leads' | 'lead_photos' | 'outgoing_messages') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const uploads = path.join(ctx.t.dataDir, 'uploads', 'private');
  return {
    leads: await n('leads'),
    photos: await n('lead_photos'),
    messages: await n('outgoing_messages'),
    files: filesIn(path.join(uploads, 'leads')).length,
    /** uploads still being checked: none once a request has been answered */
    incoming: filesIn(path.join(uploads, 'incoming')).length,
  };
}

/** The lead of a case number, with its photos, confirmation texts and staff alerts. */
async function leadOf(ctx: EngineContext, caseNumber: string) {
  const { db } = ctx.deps;
  const lead = await db
    .selectFrom('leads')
    .select(['id', 'phone'])
    .where('case_number', '=', caseNumber)
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom('outgoing_messages')
    .select(['channel', 'audience'])
    .where('lead_id', '=', lead.id)
    .execute();
  const photos = await db.selectFrom('lead_photos').select('id').where('lead_id', '=', lead.id).execute();
  return {
    photos: photos.length,
    texts: messages.filter((m) => m.channel === 'sms' && m.audience === 'customer').length,
    alerts: messages.filter((m) => m.audience === 'staff').length,
  };
}

/** Leads made for one phone number (each test's requests use a number of their own). */
async function leadsFor(ctx: EngineContext, phone: string) {
  return (await ctx.deps.db.selectFrom('leads').select('id').where('phone', '=', phone).execute()).length;
}

/** `remaining` of the answer's RateLimit header (draft-8), or undefined when it has none. */
const remaining = (res: { headers: Record<string, string> }) => {
  const match = /r=(\d+)/.exec(res.headers.ratelimit ?? '');
  return match ? Number(match[1]) : undefined;
};

eachEngine(
  'POST /api/leads with an Idempotency-Key',
  (ctx) => {
    let app: App;
    const photos: Photo[] = [];
    let decoded = 0;
    let phones = 0;
    let keys = 0;
    /** The form's fields with a number of their own, so no per-number text limit is met. */
    const fields = () => ({ ...VALID_FIELDS, phone: `(204) 555-${4100 + ++phones}` });
    const newKey = () => `lead-key-${++keys}-${Math.random().toString(36).slice(2)}`;
    /** The saved request sent with its key, from a client address (a new one unless given). */
    const send = (to: App, form: Record<string, string>, sent: Photo[], key: string, client = newClient()) =>
      submit(to, form, sent, client).set(IDEMPOTENCY_HEADER, key);

    beforeAll(async () => {
      await seedReference(ctx().deps);
      // every photo the image pipeline decodes passes here: a retry should decode none
      const leads = ctx().services.leads;
      const receive = leads.receivePhoto.bind(leads);
      leads.receivePhoto = (...args) => {
        decoded++;
        return receive(...args);
      };
      app = createTestApp(ctx().deps, ctx().services);
      for (let i = 0; i < 2; i++)
        photos.push({
          name: `IMG_010${i + 1}.jpg`,
          data: await tagPhoto({ width: 800, height: 600, hue: 90 + i * 120, label: `SN RETRY-${i + 1}` }),
        });
    });

    it('the same request with two photos sent twice with one key: one lead, one set of photos, one confirmation', async () => {
      const form = fields();
      const key = newKey();
      const before = await counts(ctx());
      const first = await send(app, form, photos, key);
      expect(first.status).toBe(201);
      const made = await counts(ctx());
      expect(made).toMatchObject({
        leads: before.leads + 1,
        photos: before.photos + 2,
        files: before.files + 2,
      });
      const decodedFirst = decoded;

      const again = await send(app, form, photos, key);
      expect(again.status).toBe(201);
      // the first answer: the same case number and the same reply promise
      expect(again.body).toEqual(first.body);
      expect(await counts(ctx())).toEqual({ ...made, incoming: 0 });
      const { caseNumber } = first.body as { caseNumber: string };
      expect(await leadOf(ctx(), caseNumber)).toEqual({ photos: 2, texts: 1, alerts: 1 });
      // the retry's photos were only read, never decoded nor stored
      expect(decoded).toBe(decodedFirst);
    });

    it("a request kept on a phone for weeks is still one lead: its key outlives the staff's day", async () => {
      // the phone sent it, the answer was lost, and the phone found signal again 29 days later
      let clock = new Date();
      const deps = testDeps(ctx().t, () => clock);
      const services = createServices(deps);
      try {
        await services.shop.load();
        const clocked = createTestApp({ ...deps, shop: services.shop }, services);
        const form = fields();
        const key = newKey();
        const first = await send(clocked, form, photos.slice(0, 1), key);
        expect(first.status).toBe(201);
        const sentAt = clock.getTime();

        // a staff member's key would be gone by now (decision 0179); the phone's is not
        clock = new Date(sentAt + IDEMPOTENCY_KEEP_MS + 60_000);
        await services.idempotency.sweep();
        clock = new Date(sentAt + LEAD_KEY_KEEP_MS - 60_000);
        await services.idempotency.sweep();
        const later = await send(clocked, form, photos.slice(0, 1), key);
        expect(later.status).toBe(201);
        expect(later.body).toEqual(first.body);
        expect(await leadsFor(ctx(), form.phone)).toBe(1);

        // past its keep the sweep removes it (kept 30 days, then the same key is a new request)
        clock = new Date(sentAt + LEAD_KEY_KEEP_MS + 60_000);
        expect(await services.idempotency.sweep()).toBeGreaterThanOrEqual(1);
        const kept = await deps.db
          .selectFrom('idempotency_keys')
          .select('key')
          .where('key', '=', key)
          .execute();
        expect(kept).toEqual([]);
      } finally {
        services.messaging.outbox.stop();
      }
    });

    it('two posts with one key at the same moment make one lead and keep one set of photos', async () => {
      const form = fields();
      const key = newKey();
      const before = await counts(ctx());
      const [a, b] = await Promise.all([send(app, form, photos, key), send(app, form, photos, key)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body).toEqual(a.body);
      expect(await leadsFor(ctx(), form.phone)).toBe(1);
      expect(await counts(ctx())).toMatchObject({
        leads: before.leads + 1,
        photos: before.photos + 2,
        files: before.files + 2,
        incoming: 0,
      });
      const { caseNumber } = a.body as { caseNumber: string };
      expect(await leadOf(ctx(), caseNumber)).toEqual({ photos: 2, texts: 1, alerts: 1 });
    });

    it('the key with other fields or other photos is refused 422 and makes nothing', async () => {
      const form = fields();
      const key = newKey();
      expect((await send(app, form, photos, key)).status).toBe(201);
      const made = await counts(ctx());
      const refusals = [
        await send(app, { ...form, description: 'Front leaf spring instead.' }, photos, key),
        await send(app, form, photos.slice(0, 1), key),
        await send(app, form, [photos[1]!, photos[0]!], key),
        await send(app, form, [photos[0]!, { ...photos[1]!, data: photos[0]!.data }], key),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ message: KEY_REUSED });
      }
      expect(await counts(ctx())).toEqual({ ...made, incoming: 0 });
      expect(await leadsFor(ctx(), form.phone)).toBe(1);
    });

    it('a refused request keeps nothing: the same key goes through once the request is right', async () => {
      const form = fields();
      const key = newKey();
      const refused = await send(app, { ...form, phone: '' }, photos, key);
      expect(refused.status).toBe(400);
      const res = await send(app, form, photos, key);
      expect(res.status).toBe(201);
      expect(await leadsFor(ctx(), form.phone)).toBe(1);
    });

    it('without a key, each post is a lead of its own, as before', async () => {
      const form = fields();
      const a = await submit(app, form, photos.slice(0, 1)).expect(201);
      const b = await submit(app, form, photos.slice(0, 1)).expect(201);
      expect(a.body).not.toEqual(b.body);
      expect(await leadsFor(ctx(), form.phone)).toBe(2);
    });

    it('a malformed key is refused 400 before a photo is decoded, and nothing is stored', async () => {
      const before = await counts(ctx());
      const decodedBefore = decoded;
      const res = await send(app, fields(), photos, 'x'.repeat(300));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: BAD_IDEMPOTENCY_KEY });
      expect(await counts(ctx())).toEqual(before);
      expect(decoded).toBe(decodedBefore);
    });

    it("a phone's retries are not counted against the submit limit", async () => {
      const client = newClient();
      const form = fields();
      const key = newKey();
      const first = await send(app, form, [], key, client);
      expect(first.status).toBe(201);
      expect(remaining(first)).toBe(LEAD_RATE_LIMIT.limit - 1);
      for (let i = 0; i < LEAD_RATE_LIMIT.limit + 5; i++) {
        const again = await send(app, form, [], key, client);
        expect(again.status).toBe(201);
        expect(again.body).toEqual(first.body);
      }
      // a new request from the same connection is the second one counted
      const next = await submit(app, fields(), [], client).expect(201);
      expect(remaining(next)).toBe(LEAD_RATE_LIMIT.limit - 2);
      expect(await leadsFor(ctx(), form.phone)).toBe(1);
    });

    it('retries count on a larger limit of their own: a script re-posting its answered key is stopped', async () => {
      const client = newClient();
      const form = fields();
      const key = newKey();
      const first = await send(app, form, [], key, client);
      expect(first.status).toBe(201);
      for (let i = 0; i < LEAD_RETRY_LIMIT.limit; i++) {
        const again = await send(app, form, [], key, client);
        expect(again.status).toBe(201);
        expect(remaining(again)).toBe(LEAD_RETRY_LIMIT.limit - 1 - i);
      }
      const stopped = await send(app, form, [], key, client);
      expect(stopped.status).toBe(429);
      expect(stopped.body).toEqual({ message: TOO_MANY_REQUESTS });
      // its new requests still have their own count: the retries used none of it
      const next = await submit(app, fields(), [], client).expect(201);
      expect(remaining(next)).toBe(LEAD_RATE_LIMIT.limit - 2);
    });

    it('a retry whose key is gone by the time it is answered makes no lead without its photos', async () => {
      // the route read the photos without decoding them (the key was answered when they arrived);
      // the key was swept before the service answered (its keep ended): the phone must try again
      const form = fields();
      const sent = [{ size: photos[0]!.data.length, sha256: 'a'.repeat(64) }];
      const err = await ctx()
        .services.leads.submitLead(form, [], { key: newKey(), sent })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 409, message: BEING_ANSWERED });
      expect(await leadsFor(ctx(), form.phone)).toBe(0);
    });

    it('two processes sent one request with one key at the same moment: one lead', async () => {
      // on PostgreSQL the second process has connections of its own (SQLite is one process)
      const other = anotherProcess(ctx().t, () => new Date());
      try {
        const second = createTestApp(ctx().deps, other.services);
        for (let i = 0; i < 3; i++) {
          const form = fields();
          const key = newKey();
          const before = await counts(ctx());
          const [a, b] = await Promise.all([send(app, form, photos, key), send(second, form, photos, key)]);
          expect([a.status, b.status]).toEqual([201, 201]);
          expect(b.body).toEqual(a.body);
          expect(await leadsFor(ctx(), form.phone)).toBe(1);
          expect(await counts(ctx())).toMatchObject({
            leads: before.leads + 1,
            photos: before.photos + 2,
            files: before.files + 2,
          });
          const { caseNumber } = a.body as { caseNumber: string };
          expect(await leadOf(ctx(), caseNumber)).toEqual({ photos: 2, texts: 1, alerts: 1 });
        }
      } finally {
        await other.close();
      }
    });
  },
  { TRUST_PROXY: '1' },
);
