/**
 * Every mutating endpoint answers bad input with the one error shape (decision 0005, decision 0074):
 * 400, or the status documented in its case below, and a body that is exactly
 * `{ message: string, fieldErrors?: Record<string, string[]> }`, whose message is the first
 * failing rule's own words (never 'field: message'). The endpoints are read from the app's own
 * router (tests/support/route-table.ts), so a new POST/PUT/PATCH/DELETE without a case here fails.
 * The back-office screens' actions answer in the same shape as data: tests/api/error-shape-screens.test.ts.
 */
import request from 'supertest';
import { NOTIFICATIONS_TEXT } from '#app/modules/team/notifications.ts';
import { PASSKEY_TEXT } from '#app/modules/team/passkeys.ts';
import { beforeAll, expect, it } from 'vitest';
import { MAX_LOST_REASON } from '#app/modules/leads/lead-admin.ts';
import { QUOTE_MESSAGES } from '#app/modules/quotes/quote.ts';
import { LEAD_MESSAGES } from '#app/modules/leads/lead-request.ts';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { BAD_IDEMPOTENCY_KEY, IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';
import { seedReference } from '#server/seed/index.ts';
import { BAD_SIGNATURE } from '#server/http/api/sms.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { listEndpoints, type Endpoint } from '../support/route-table.ts';
import { ACCOUNT_SID, AUTH_TOKEN, BASE_URL, TWILIO_FROM, twilioSignature } from './sms-fixtures.ts';

type App = ReturnType<typeof createTestApp>;
type Session = { cookie: string; token: string };
/** The ids of the rows the probes change: a lead, a catalog item, a blog post. */
type Ids = { lead: number; item: number; post: number };

type Probe = {
  /** what is wrong with the request */
  why: string;
  send: (app: App, staff: (t: request.Test) => request.Test, ids: Ids) => request.Test;
  status: number;
  /** the exact message, where the words are the spec's or the service's own */
  message?: string;
  /** fields that must carry a message */
  fields?: string[];
};

/** Endpoints that take no input at all: a junk body is ignored and they do their work. */
type NoInput = { noInput: string; send: Probe['send']; status: number };

const JUNK = { nonsense: ['x'], status: 42 };
const notAnImage = Buffer.from('just some text, not a picture');
const form = (params: Record<string, string>) => params;

/**
 * The cases, by endpoint. A new mutating endpoint needs its own entry (the first test fails
 * until it has one): send it bad input and say what it answers.
 */
const CASES: Record<string, Probe[] | NoInput> = {
  'POST /api/admin/login': [
    {
      why: 'no username or password',
      send: (app) => request(app).post('/api/admin/login').send({}),
      status: 400,
      message: 'Username is required',
      fields: ['username', 'password'],
    },
    {
      why: 'a body that is not JSON',
      send: (app) =>
        request(app).post('/api/admin/login').set('Content-Type', 'application/json').send('{oops'),
      status: 400,
      message: 'The request body is not valid JSON.',
    },
  ],
  // passkeys (decision 0202): the options take no input; an answer without its parts is refused
  'POST /api/admin/passkey-login/options': {
    noInput: 'gives the sign-in options whatever the body says',
    send: (app) => request(app).post('/api/admin/passkey-login/options').send(JUNK),
    status: 200,
  },
  'POST /api/admin/passkey-login': [
    {
      why: 'no challenge and no answer',
      send: (app) => request(app).post('/api/admin/passkey-login').send({}),
      status: 400,
      message: PASSKEY_TEXT.badAnswer,
    },
  ],
  'POST /api/admin/passkeys/options': {
    noInput: 'gives the options to add a passkey whatever the body says',
    send: (app, staff) => staff(request(app).post('/api/admin/passkeys/options')).send(JUNK),
    status: 200,
  },
  'POST /api/admin/passkeys': [
    {
      why: 'no challenge and no answer',
      send: (app, staff) => staff(request(app).post('/api/admin/passkeys')).send({}),
      status: 400,
      message: PASSKEY_TEXT.badAnswer,
    },
  ],
  // this browser's push subscription (decision 0205): an endpoint and the browser's keys
  'POST /api/admin/push-subscriptions': [
    {
      why: 'no endpoint and no keys',
      send: (app, staff) => staff(request(app).post('/api/admin/push-subscriptions')).send({}),
      status: 400,
      message: NOTIFICATIONS_TEXT.badEndpoint,
      fields: ['endpoint', 'keys'],
    },
    {
      why: 'an endpoint that is no https address',
      send: (app, staff) =>
        staff(request(app).post('/api/admin/push-subscriptions')).send({
          endpoint: 'http://push.example.com/x',
          keys: {
            p256dh: Buffer.alloc(65, 4).toString('base64url'),
            auth: Buffer.alloc(16).toString('base64url'),
          },
        }),
      status: 400,
      message: NOTIFICATIONS_TEXT.badEndpoint,
      fields: ['endpoint'],
    },
  ],
  'POST /api/admin/logout': {
    noInput: 'ends the session whatever the body says',
    send: (app, staff) => staff(request(app).post('/api/admin/logout')).send(JUNK),
    status: 200,
  },
  'POST /api/clicks': [
    {
      why: 'empty and missing labels',
      send: (app) => request(app).post('/api/clicks').send({ buttonType: '' }),
      status: 400,
      fields: ['buttonType', 'buttonLocation', 'buttonText'],
    },
  ],
  'POST /api/leads': [
    {
      why: 'a request without equipment, description, phone or consent',
      send: (app) => request(app).post('/api/leads').field('name', 'Dana'),
      status: 400,
      message: LEAD_MESSAGES.equipment,
      fields: ['equipment', 'description', 'phone', 'consent'],
    },
    {
      // decision 0207: refused before a byte of the body is read
      why: 'a malformed Idempotency-Key',
      send: (app) =>
        request(app).post('/api/leads').set(IDEMPOTENCY_HEADER, 'not a key').field('name', 'Dana'),
      status: 400,
      message: BAD_IDEMPOTENCY_KEY,
    },
    {
      why: 'JSON instead of the form (documented: 415)',
      send: (app) => request(app).post('/api/leads').send({ name: 'Dana' }),
      status: 415,
      message: 'Send the request as multipart/form-data.',
    },
  ],
  'PATCH /api/leads/:id': [
    {
      why: 'a status that does not exist',
      send: (app, staff, ids) =>
        staff(request(app).patch(`/api/leads/${ids.lead}`)).send({ status: 'archived' }),
      status: 400,
      message: 'Unknown status',
      fields: ['status'],
    },
    {
      why: 'lost with a reason longer than the limit',
      send: (app, staff, ids) =>
        staff(request(app).patch(`/api/leads/${ids.lead}`)).send({
          status: 'lost',
          reason: 'x'.repeat(MAX_LOST_REASON + 1),
        }),
      status: 400,
      message: `The reason can be at most ${MAX_LOST_REASON} characters`,
      fields: ['reason'],
    },
  ],
  'POST /api/leads/:id/quote': [
    {
      why: 'a cost of 0',
      send: (app, staff, ids) =>
        staff(request(app).post(`/api/leads/${ids.lead}/quote`)).send({ cost: 0, etaDays: 3 }),
      status: 400,
      message: QUOTE_MESSAGES.cost,
      fields: ['cost'],
    },
    {
      why: 'an ETA of 0 days',
      send: (app, staff, ids) =>
        staff(request(app).post(`/api/leads/${ids.lead}/quote`)).send({ cost: 1200, etaDays: 0 }),
      status: 400,
      message: QUOTE_MESSAGES.eta,
      fields: ['etaDays'],
    },
  ],
  'POST /api/sms/inbound': [
    {
      why: 'not signed by Twilio (documented: 403)',
      send: (app) =>
        request(app)
          .post('/api/sms/inbound')
          .type('form')
          .send(form({ Body: 'hi' })),
      status: 403,
      message: BAD_SIGNATURE,
    },
    {
      why: 'signed, but without a MessageSid',
      send: (app) => {
        const params = form({ From: '+12045550123', Body: 'hi' });
        return request(app)
          .post('/api/sms/inbound')
          .type('form')
          .set('X-Twilio-Signature', twilioSignature(`${BASE_URL}/api/sms/inbound`, params))
          .send(params);
      },
      status: 400,
      message: 'MessageSid is missing',
    },
  ],
  'POST /api/sms/status': [
    {
      why: 'not signed by Twilio (documented: 403; a signed report about an unknown text is ignored)',
      send: (app) =>
        request(app)
          .post('/api/sms/status')
          .type('form')
          .send(form({ MessageStatus: 'delivered' })),
      status: 403,
      message: BAD_SIGNATURE,
    },
  ],
  'POST /api/catalog': [
    {
      why: 'no title, slug or category',
      send: (app, staff) => staff(request(app).post('/api/catalog')).send({}),
      status: 400,
      message: 'Title is required',
      fields: ['title', 'slug', 'category'],
    },
    {
      why: 'a category that does not exist',
      send: (app, staff) =>
        staff(request(app).post('/api/catalog')).send({
          title: 'X',
          slug: 'x-thing',
          category: 'rocket-parts',
        }),
      status: 400,
      message: 'Choose a category from the list',
      fields: ['category'],
    },
    {
      why: 'a slug another item uses (documented: 409)',
      send: (app, staff) =>
        staff(request(app).post('/api/catalog')).send({
          title: 'Copy',
          slug: 'plow-edge',
          category: 'snow-ice',
        }),
      status: 409,
      message: 'Slug already exists',
      fields: ['slug'],
    },
    {
      why: 'a body that is not JSON',
      send: (app, staff) =>
        staff(request(app).post('/api/catalog')).set('Content-Type', 'application/json').send('{'),
      status: 400,
      message: 'The request body is not valid JSON.',
    },
  ],
  'PATCH /api/catalog/:id': [
    {
      why: 'a markup above 1',
      send: (app, staff, ids) => staff(request(app).patch(`/api/catalog/${ids.item}`)).send({ markupPct: 2 }),
      status: 400,
      message: 'Markup must be a number from 0 to 1',
      fields: ['markupPct'],
    },
  ],
  'POST /api/admin/catalog/import': [
    {
      why: 'a form without the file',
      send: (app, staff) => staff(request(app).post('/api/admin/catalog/import')).field('note', 'no file'),
      status: 400,
      message: 'Choose a CSV file to import.',
    },
  ],
  'POST /api/admin/catalog/images': [
    {
      why: 'a file that is not a picture',
      send: (app, staff) =>
        staff(request(app).post('/api/admin/catalog/images')).attach('images', notAnImage, 'notes.txt'),
      status: 400,
      message: 'notes.txt is not an image file',
    },
  ],
  'POST /api/admin/blog': [
    {
      why: 'no title or content',
      send: (app, staff) => staff(request(app).post('/api/admin/blog')).send({}),
      status: 400,
      message: 'Title is required',
      fields: ['title', 'content'],
    },
  ],
  'PATCH /api/admin/blog/:id': [
    {
      why: 'an empty title',
      send: (app, staff, ids) =>
        staff(request(app).patch(`/api/admin/blog/${ids.post}`)).send({ title: '', content: '<p>Body</p>' }),
      status: 400,
      message: 'Title is required',
      fields: ['title'],
    },
  ],
  'DELETE /api/admin/blog/:id': [
    {
      why: 'an id that is not one (decision 0178: 400)',
      send: (app, staff) => staff(request(app).delete('/api/admin/blog/not-a-number')),
      status: 400,
      message: ROW_ID_MESSAGE,
    },
  ],
  'POST /api/admin/blog/:id/publish': [
    {
      why: 'a publication time that is not text',
      send: (app, staff, ids) =>
        staff(request(app).post(`/api/admin/blog/${ids.post}/publish`)).send({ publishAt: 5 }),
      status: 400,
      fields: ['publishAt'],
    },
    {
      why: 'a publication time that is no date',
      send: (app, staff, ids) =>
        staff(request(app).post(`/api/admin/blog/${ids.post}/publish`)).send({ publishAt: 'next tuesday' }),
      status: 400,
      message: 'Choose a valid date and time',
      fields: ['publishAt'],
    },
  ],
  'POST /api/admin/blog/images': [
    {
      why: 'a file that is not a picture',
      send: (app, staff) =>
        staff(request(app).post('/api/admin/blog/images')).attach('image', notAnImage, 'notes.txt'),
      status: 400,
      message: 'notes.txt is not an image file',
    },
  ],
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const key = (e: Endpoint) => `${e.method} ${e.path}`;

/** The one error shape, exactly; the message is the first field message when there are any. */
function expectErrorShape(where: string, body: unknown) {
  expect(typeof body, where).toBe('object');
  const { message, fieldErrors, ...rest } = body as { message?: unknown; fieldErrors?: unknown };
  expect(rest, `${where}: nothing but message and fieldErrors`).toEqual({});
  expect(typeof message, `${where}: message`).toBe('string');
  expect((message as string).length, `${where}: message`).toBeGreaterThan(0);
  if (fieldErrors === undefined) return;
  expect(typeof fieldErrors, `${where}: fieldErrors`).toBe('object');
  const entries = Object.entries(fieldErrors as Record<string, unknown>);
  expect(entries.length, `${where}: fieldErrors`).toBeGreaterThan(0);
  for (const [field, messages] of entries) {
    expect(Array.isArray(messages) && messages.length > 0, `${where}: fieldErrors.${field}`).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m, `${where}: fieldErrors.${field}`).toBe('string');
    expect((message as string).startsWith(`${field}:`), `${where}: '${field}:' prefix`).toBe(false);
  }
  expect(message, `${where}: the first rule's words`).toBe((entries[0]![1] as string[])[0]);
}

eachEngine(
  'one error shape for bad input',
  (ctx) => {
    let app: App;
    let session: Session;
    const ids: Ids = { lead: 0, item: 0, post: 0 };
    const staffOf = (s: Session) => (t: request.Test) =>
      t.set('Cookie', s.cookie).set('X-CSRF-Token', s.token);

    beforeAll(async () => {
      app = createTestApp(ctx().deps, ctx().services);
      await seedReference(ctx().deps);
      // the owner: every endpoint answers (staff get 403 on the owner's: tests/api/team.test.ts)
      await createStaff(ctx().deps, STAFF, 'owner');
      session = await signIn(app);
      const staff = staffOf(session);
      // one row of each kind for the probes that change a row, made through the API itself
      const lead = await request(app)
        .post('/api/leads')
        .field({
          equipment: 'truck',
          description: 'Brake chamber',
          urgency: 'flexible',
          name: 'Dana',
          phone: '(204) 555-0123',
          consent: 'true',
        })
        .expect(201);
      ids.lead = Number(String(lead.body.caseNumber).slice(2)) - 10_000;
      const item = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Plow Edge', slug: 'plow-edge', category: 'snow-ice' })
        .expect(201);
      ids.item = item.body.id as number;
      const post = await staff(request(app).post('/api/admin/blog'))
        .send({ title: 'Axle tags', content: '<p>Read the tag.</p>' })
        .expect(201);
      ids.post = post.body.id as number;
    });

    it('has a case for every mutating endpoint (a new endpoint needs one)', () => {
      const mutating = listEndpoints(app)
        .filter((e) => MUTATING.has(e.method))
        .map(key)
        .sort();
      expect(mutating.length).toBeGreaterThan(15);
      expect(Object.keys(CASES).sort()).toEqual(mutating);
    });

    it('answers bad input with 400 (or the documented status) and exactly { message, fieldErrors? }', async () => {
      for (const [endpoint, probes] of Object.entries(CASES)) {
        if (!Array.isArray(probes)) continue;
        for (const probe of probes) {
          const where = `${endpoint}: ${probe.why}`;
          const res = await probe.send(app, staffOf(session), ids);
          expect({ where, status: res.status }).toEqual({ where, status: probe.status });
          expect(res.headers['content-type'], where).toMatch(/^application\/json/);
          expectErrorShape(where, res.body);
          if (probe.message !== undefined) expect(res.body.message, where).toBe(probe.message);
          if (probe.fields)
            expect(Object.keys(res.body.fieldErrors ?? {}), where).toEqual(
              expect.arrayContaining(probe.fields),
            );
        }
      }
    });

    it('lets the endpoints that take no input ignore a junk body', async () => {
      for (const [endpoint, c] of Object.entries(CASES)) {
        if (Array.isArray(c)) continue;
        // a session of its own: logging out must not end the one the probes use
        const own = await signIn(app);
        const res = await c.send(app, staffOf(own), ids);
        expect({ endpoint, why: c.noInput, status: res.status }).toEqual({
          endpoint,
          why: c.noInput,
          status: c.status,
        });
      }
    });

    it('answers a sheet with problems with its report: the message plus every problem (decision 0020)', async () => {
      const res = await staffOf(session)(request(app).post('/api/admin/catalog/import'))
        .attach('file', Buffer.from('sku,title,category\nPH-1,,snow-ice\n'), 'sheet.csv')
        .expect(400);
      expect(res.body).toEqual({
        ok: false,
        message: expect.any(String),
        problems: [expect.objectContaining({ row: 2, message: 'Title is required' })],
      });
    });
  },
  {
    // Twilio mode, so a signed webhook gets past the signature check to its own validation
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM,
    TWILIO_API_BASE: 'http://127.0.0.1:9',
    BASE_URL,
  },
);
