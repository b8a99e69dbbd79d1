/**
 * An id in a URL is one only when it is plain digits within the id columns (PostgreSQL
 * `integer`, 1 to 2,147,483,647), on both engines (decision 0098, found by the API fuzz): above
 * that PostgreSQL refused the query and the answer was 500; '+1' or '1e0' named row 1. Anything
 * else is a 400 with ROW_ID_MESSAGE (issue 47 item 6, decision 0178, which replaced 0098's 404);
 * a well-formed id that names no row is the endpoint's 404. Every endpoint with an :id (or
 * :lineId) is read from the app's own router, so a new one is covered here. A board cursor with
 * such an id, or in year 0 (PostgreSQL has none), is the 400 'Invalid cursor'. The back-office
 * screens' ids (their addresses' and their forms'): tests/api/row-ids-screens.test.ts.
 */
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { MAX_ROW_ID, ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { seedReference } from '#server/seed/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { listEndpoints, type Endpoint } from '../support/route-table.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';

type App = ReturnType<typeof createTestApp>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A body each endpoint would take, so only the id can be what is wrong. */
const BODIES: Record<string, object> = {
  'PATCH /api/leads/:id': { status: 'qualified' },
  'POST /api/leads/:id/quote': { cost: 12_000, etaDays: 3 },
  'PATCH /api/catalog/:id': { title: 'Plow Edge II' },
  'PATCH /api/admin/blog/:id': { title: 'Axle tags', content: '<p>Read the tag.</p>' },
};

const TOO_LARGE = [
  String(MAX_ROW_ID + 1),
  '9999999999',
  '12045550123',
  '99999999999999999999',
  '9223372036854775808',
];
/** Not ids at all: zero, negative, a fraction, a number written as science, not a number. */
const NOT_IDS = ['0', '-1', '1.5', '1e30', 'abc'];

eachEngine(
  'ids in URLs',
  (ctx) => {
    let app: App;
    let session: { cookie: string; token: string };
    let withId: Endpoint[];
    const ids = { lead: 0, item: 0, post: 0 };
    const call = (method: string, url: string) => {
      const t = request(app)[method.toLowerCase() as Method](url);
      return t.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
    };
    const existing = (path: string) =>
      path.includes('/leads/') ? ids.lead : path.includes('/catalog/') ? ids.item : ids.post;

    beforeAll(async () => {
      app = createTestApp(ctx().deps, ctx().services);
      await seedReference(ctx().deps);
      // the owner: every endpoint answers (staff get 403 on the owner's: tests/api/team.test.ts)
      await createStaff(ctx().deps, STAFF, 'owner');
      session = await signIn(app);
      withId = listEndpoints(app).filter((e) => e.path.includes(':id') || e.path.includes(':lineId'));
      const lead = await submit(app, VALID_FIELDS).expect(201);
      ids.lead = Number(String(lead.body.caseNumber).slice(2)) - 10_000;
      const item = await call('POST', '/api/catalog')
        .send({ title: 'Plow Edge', slug: 'plow-edge', category: 'snow-ice' })
        .expect(201);
      ids.item = item.body.id as number;
      const post = await call('POST', '/api/admin/blog')
        .send({ title: 'Axle tags', content: '<p>Read the tag.</p>' })
        .expect(201);
      ids.post = post.body.id as number;
      await call('GET', `/api/leads/${ids.lead}`).expect(200);
    });

    it('finds the endpoints that take an id', () => {
      // those of docs/product.md §7 and the ones kept beside them (decision 0182): the screens' own
      // ids are tested at their doors (tests/api/row-ids-screens.test.ts)
      expect(withId.map((e) => `${e.method} ${e.path}`)).toEqual(
        expect.arrayContaining([
          'GET /api/leads/:id',
          'PATCH /api/leads/:id',
          'POST /api/leads/:id/quote',
          'GET /api/customers/:id',
          'PATCH /api/catalog/:id',
          'PATCH /api/admin/blog/:id',
          'DELETE /api/admin/blog/:id',
          'POST /api/admin/blog/:id/publish',
        ]),
      );
    });

    /** The path with `id` in every id's place (a line's too). */
    const withValue = (path: string, id: string) => path.replace(':id', id).replace(':lineId', id);

    it('answers 400 with the id message for an id above the id columns or not an id, never 500 or 404', async () => {
      for (const e of withId) {
        for (const id of [...TOO_LARGE, ...NOT_IDS]) {
          const where = `${e.method} ${e.path} with id ${id}`;
          const res = await call(e.method, withValue(e.path, encodeURIComponent(id))).send(
            BODIES[`${e.method} ${e.path}`] ?? {},
          );
          expect({ where, status: res.status }).toEqual({ where, status: 400 });
          expect(res.body, where).toEqual({ message: ROW_ID_MESSAGE });
        }
      }
    });

    it('answers 404 with its message for the largest id, which names no row', async () => {
      for (const e of withId) {
        const where = `${e.method} ${e.path} with id ${MAX_ROW_ID}`;
        const res = await call(e.method, withValue(e.path, String(MAX_ROW_ID))).send(
          BODIES[`${e.method} ${e.path}`] ?? {},
        );
        expect({ where, status: res.status }).toEqual({ where, status: 404 });
        expect(res.body, where).toEqual({ message: expect.stringMatching(/not found/i) });
      }
    });

    it('takes an id only as plain digits: "+1", "1e0", "0x1", "1.0" are not ids (400)', async () => {
      for (const e of withId.filter((x) => x.method === 'GET' || x.path.endsWith('/quote'))) {
        const id = existing(e.path);
        for (const written of [`+${id}`, `${id}e0`, `0x${id.toString(16)}`, `${id}.0`, `%20${id}`]) {
          const where = `${e.method} ${e.path} with id ${written}`;
          const res = await call(e.method, e.path.replace(':id', written)).send(
            BODIES[`${e.method} ${e.path}`] ?? {},
          );
          expect({ where, status: res.status }).toEqual({ where, status: 400 });
          expect(res.body, where).toEqual({ message: ROW_ID_MESSAGE });
        }
      }
      for (const path of ['/api/catalog/:id', '/api/admin/blog/:id']) {
        const id = existing(path);
        const res = await call('PATCH', path.replace(':id', `+${id}`)).send(BODIES[`PATCH ${path}`] ?? {});
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
      }
    });

    it('refuses a board cursor whose id or year the database cannot hold: 400 "Invalid cursor"', async () => {
      for (const cursor of [
        `2026-01-01T00:00:00.000Z_${MAX_ROW_ID + 1}`,
        '2026-01-01T00:00:00.000Z_999999999999',
        '0000-01-01T00:00:00.000Z_1',
      ]) {
        for (const url of ['/api/leads', '/api/leads/board/new']) {
          const where = `${url}?before=${cursor}`;
          const res = await call('GET', `${url}?before=${encodeURIComponent(cursor)}`);
          expect({ where, status: res.status }).toEqual({ where, status: 400 });
          expect(res.body, where).toEqual({ message: 'Invalid cursor' });
        }
      }
      // the largest id and the first year PostgreSQL has are fine: an empty page
      const last = await call(
        'GET',
        `/api/leads?before=${encodeURIComponent(`0001-01-01T00:00:00.000Z_${MAX_ROW_ID}`)}`,
      );
      expect(last.status).toBe(200);
      expect(last.body).toEqual([]);
    });
  },
  { TRUST_PROXY: '1' },
);
