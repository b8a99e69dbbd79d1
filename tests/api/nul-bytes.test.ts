/**
 * Text PostgreSQL cannot store (U+0000) never causes a 500, on either engine (issue 14 item 2,
 * decision 0095): in a path it is not found (JSON 404 under /api), in an API query parameter or
 * a body field a 400 of the one error shape naming the field, and in Twilio's webhooks it is
 * stripped after the signature is checked, the text kept. The endpoints are read from the app's
 * own router (tests/support/route-table.ts), so a new endpoint is probed without a new line here;
 * the back-office screens' intents from their `changes` maps (a form field holding U+0000: the
 * same 400 as data, decision 0182).
 */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '#app/modules/leads/lead-request.ts';
import { UNSTORABLE_CELL } from '#app/modules/site/unstorable.ts';
import { seedReference } from '#server/seed/index.ts';
import { UNSTORABLE_TEXT } from '#server/validation.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { screenDoors, screensServingChanges } from '../support/screen-door.ts';
import { concretePath, listEndpoints, type Endpoint } from '../support/route-table.ts';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  BASE_URL,
  postWebhook,
  textParams,
  TWILIO_FROM,
  twilioSignature,
} from './sms-fixtures.ts';

type App = ReturnType<typeof createTestApp>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const NUL = '\u0000';
const key = (e: Endpoint) => `${e.method} ${e.path}`;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Twilio's webhooks: U+0000 is stripped there, not refused (probed on their own below). */
const WEBHOOKS = new Set(['POST /api/sms/inbound', 'POST /api/sms/status']);
/** Endpoints that read no body at all: whatever it holds, they answer as without one. */
const NO_BODY: Record<string, number> = {
  'POST /api/admin/logout': 200,
  // the passkey sign-in's options read no body (decision 0202)
  'POST /api/admin/passkey-login/options': 200,
  // there is no post 1 here
  'DELETE /api/admin/blog/:id': 404,
};

/** Uploads that take files and no text field: a text field is refused as a malformed upload. */
const FILES_ONLY = new Set([
  'POST /api/admin/catalog/import', // the sheet's cells are checked below
  'POST /api/admin/catalog/images',
  'POST /api/admin/blog/images',
]);

/** Every text field any endpoint reads (the honeypot excepted: filled, it fakes a success). */
const FIELDS = [
  'username',
  'password',
  'buttonType',
  'buttonLocation',
  'buttonText',
  'pagePath',
  'equipment',
  'make',
  'model',
  'year',
  'partCategory',
  'partNumber',
  'description',
  'urgency',
  'name',
  'phone',
  'email',
  'city',
  'consent',
  'status',
  'reason',
  'message',
  'body',
  'title',
  'slug',
  'category',
  'sku',
  'content',
  'excerpt',
  'metaTitle',
  'metaDescription',
  'publishedAt',
].filter((f) => f !== HONEYPOT_FIELD);
const withNul = Object.fromEntries(FIELDS.map((f) => [f, `a${NUL}b`]));

/** The one error shape, naming `fields` with the U+0000 message. */
function expectRefused(where: string, res: request.Response, fields: string[]) {
  expect({ where, status: res.status }).toEqual({ where, status: 400 });
  expect(res.body.message, where).toBe(UNSTORABLE_TEXT);
  const fieldErrors = (res.body.fieldErrors ?? {}) as Record<string, string[]>;
  for (const field of fields) expect(fieldErrors[field], `${where}: ${field}`).toEqual([UNSTORABLE_TEXT]);
}

eachEngine(
  'U+0000 in any request',
  (ctx) => {
    let app: App;
    let endpoints: Endpoint[];
    let session: { cookie: string; token: string };
    const call = (method: string, url: string, as = session) => {
      const t = request(app)[method.toLowerCase() as Method](url);
      return t.set('Cookie', as.cookie).set('X-CSRF-Token', as.token);
    };

    beforeAll(async () => {
      app = createTestApp(ctx().deps, ctx().services);
      await seedReference(ctx().deps);
      // the owner: every endpoint answers (staff get 403 on the owner's: tests/api/team.test.ts)
      await createStaff(ctx().deps, STAFF, 'owner');
      session = await signIn(app);
      endpoints = listEndpoints(app);
    });
    afterAll(() => ctx().services.messaging.outbox.stop());

    it('finds the endpoints (the walk itself works)', () => {
      expect(endpoints.length).toBeGreaterThan(25);
      expect(endpoints.map(key)).toEqual(expect.arrayContaining(['GET /api/catalog', 'POST /api/leads']));
    });

    it('answers 404 for U+0000 in a path (each parameter, or after a path without one)', async () => {
      for (const e of endpoints) {
        const params = e.path.match(/:\w+/g) ?? [];
        const urls =
          params.length === 0
            ? [`${e.path}%00`, `${e.path}/a%00b`]
            : params.map((p) => concretePath(e.path.replace(p, 'a%00b')));
        for (const url of urls) {
          const where = `${e.method} ${url}`;
          const res = await call(e.method, url).send({});
          expect({ where, status: res.status }).toEqual({ where, status: 404 });
          if (url.startsWith('/api/')) expect(res.body, where).toEqual({ message: 'Not found' });
        }
      }
    });

    it('answers 404 for U+0000 in the path of a file or of no route at all', async () => {
      for (const url of ['/uploads/a%00b.jpg', '/assets/%00.js', '/%00', '/api/%00', '/api%00']) {
        const res = await request(app).get(url);
        expect({ url, status: res.status }).toEqual({ url, status: 404 });
      }
    });

    it('answers 400 naming the parameter for U+0000 in an API query, before any other check', async () => {
      for (const e of endpoints.filter((x) => x.path.startsWith('/api/'))) {
        const url = `${concretePath(e.path)}?category=%00&q=a%00b&city=steinbach`;
        const res = await call(e.method, url).send({});
        expectRefused(`${e.method} ${url}`, res, ['category', 'q']);
        expect(res.body.fieldErrors.city, url).toBeUndefined();
      }
    });

    it('never answers 5xx to U+0000 in the query of the other routes', async () => {
      for (const e of endpoints.filter((x) => !x.path.startsWith('/api/'))) {
        const res = await call(e.method, `${e.path}?q=a%00b`);
        expect({ endpoint: key(e), status: res.status }).toEqual({ endpoint: key(e), status: 200 });
      }
    });

    it('answers 400 naming every field that holds U+0000, as JSON or as a multipart form', async () => {
      const mutating = endpoints.filter((e) => MUTATING.has(e.method) && !WEBHOOKS.has(key(e)));
      expect(mutating.length).toBeGreaterThan(10);
      for (const e of mutating) {
        const url = concretePath(e.path);
        if (key(e) in NO_BODY) {
          // a session of its own: logging out must not end the one the probes use
          const own = await signIn(app);
          const res = await call(e.method, url, own).send(withNul);
          expect({ e: key(e), status: res.status }).toEqual({ e: key(e), status: NO_BODY[key(e)] });
          continue;
        }
        const json = await call(e.method, url).send(withNul);
        if (json.status === 415) {
          // a multipart endpoint: its form fields, a few at a time (forms have a field limit)
          for (let i = 0; i < FIELDS.length; i += 8) {
            const some = FIELDS.slice(i, i + 8);
            const form = await call(e.method, url).field(
              Object.fromEntries(some.map((f) => [f, withNul[f]!])),
            );
            if (FILES_ONLY.has(key(e)))
              expect({ e: key(e), status: form.status }).toEqual({ e: key(e), status: 400 });
            else expectRefused(`${key(e)} (multipart)`, form, some);
          }
          continue;
        }
        expectRefused(`${key(e)} (JSON)`, json, FIELDS);
        // one field alone, nested, and in a key
        const nested = await call(e.method, url).send({ specs: [{ name: `x${NUL}` }], [`k${NUL}`]: 'v' });
        expectRefused(`${key(e)} (nested JSON)`, nested, ['specs.0.name', `k${NUL}`]);
      }
    });

    it("answers 400 naming every field that holds U+0000 at every screen's intent", async () => {
      const { deps, services } = ctx();
      const row = await deps.db
        .selectFrom('users')
        .select(['id', 'display_name'])
        .where('username', '=', STAFF.username)
        .executeTakeFirstOrThrow();
      const owner = {
        user: { id: row.id, username: STAFF.username, displayName: row.display_name, role: 'owner' as const },
      };
      const doors = screenDoors(services, deps);
      const screens = Object.entries(await screensServingChanges());
      expect(screens.length).toBeGreaterThan(5);
      for (const [name, module] of screens)
        for (const intent of Object.keys(module.changes)) {
          const answer = await doors.act(module, owner, intent, withNul, { id: 1 });
          const where = `${name} intent=${intent}`;
          expect({ where, status: answer.status, message: answer.body.message }).toEqual({
            where,
            status: 400,
            message: UNSTORABLE_TEXT,
          });
          for (const field of FIELDS)
            expect(answer.body.fieldErrors[field], `${where}: ${field}`).toEqual([UNSTORABLE_TEXT]);
        }
    });

    it('refuses the probes measured before: a catalog filter, a lead, a login, a click', async () => {
      expectRefused('catalog filter', await request(app).get('/api/catalog?category=%00'), ['category']);
      expectRefused(
        'a lead whose name holds U+0000',
        await request(app)
          .post('/api/leads')
          .field({
            equipment: 'truck',
            description: 'Brake chamber',
            urgency: 'flexible',
            name: `Da${NUL}na`,
            phone: '(204) 555-0123',
            consent: 'true',
          }),
        ['name'],
      );
      expectRefused(
        'a login',
        await request(app)
          .post('/api/admin/login')
          .send({ username: `staff${NUL}`, password: 'x' }),
        ['username'],
      );
      expectRefused(
        'a click',
        await request(app)
          .post('/api/clicks')
          .send({ buttonType: 'call', buttonLocation: `hero${NUL}`, buttonText: 'Call' }),
        ['buttonLocation'],
      );
      const file = Buffer.from(`sku,title,category\nPH-1,Plow${NUL} Edge,snow-ice\n`);
      const sheet = await call('POST', '/api/admin/catalog/import').attach('file', file, 'sheet.csv');
      expect(sheet.status, 'a sheet with U+0000 in a cell').toBe(400);
      expect(sheet.body.problems).toEqual([{ row: 2, column: 'title', message: UNSTORABLE_CELL }]);
    });

    it('needs nothing for lone surrogates and invalid UTF-8: both engines get U+FFFD (no 5xx)', async () => {
      const click = await request(app)
        .post('/api/clicks')
        .send({ buttonType: 'call', buttonLocation: 'hero\ud800', buttonText: 'Call \udc00' });
      expect(click.status).toBeLessThan(300);
      for (const url of [
        '/api/catalog?category=%FF',
        '/api/catalog?q=%ED%A0%80',
        '/api/catalog/%FF',
        '/api/blog/%ED%A0%80',
      ]) {
        const res = await request(app).get(url);
        expect({ url, status: res.status }).toEqual({
          url,
          status: res.status < 500 ? res.status : 'not 5xx',
        });
      }
    });

    it('keeps a signed text whose Body holds U+0000, without the character (200 TwiML)', async () => {
      const params = textParams('+12045550177', `Need a hitch${NUL} pin${NUL}`);
      const res = await postWebhook(app, '/api/sms/inbound', params);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      const row = await ctx()
        .deps.db.selectFrom('sms_inbound')
        .select(['body', 'from_phone'])
        .where('message_sid', '=', params.MessageSid!)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ body: 'Need a hitch pin', from_phone: '+12045550177' });
      // Twilio's retry of the same text is answered the same and stored once
      const again = await postWebhook(app, '/api/sms/inbound', params);
      expect(again.status).toBe(200);
      // the signature is checked against the values as sent, not the stripped ones
      const stripped = { ...params, Body: 'Need a hitch pin' };
      const signedStripped = twilioSignature(`${BASE_URL}/api/sms/inbound`, stripped);
      const forged = await postWebhook(app, '/api/sms/inbound', params, signedStripped);
      expect(forged.status).toBe(403);
    });

    it('takes a signed status callback whose values hold U+0000 (204)', async () => {
      const res = await postWebhook(app, '/api/sms/status', {
        MessageSid: `SM${'0'.repeat(31)}${NUL}`,
        MessageStatus: 'delivered', // so the sid is looked up
        AccountSid: ACCOUNT_SID,
        ErrorCode: `3${NUL}`,
      });
      expect(res.status).toBe(204);
    });
  },
  {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM,
    TWILIO_API_BASE: 'http://127.0.0.1:9',
    BASE_URL,
  },
);
