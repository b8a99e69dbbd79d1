/**
 * The catalog API (product.md §7; decision 0020) on both engines: public listing filters and paging,
 * drafts and archived items never public, cost and markup never public; staff create and update
 * with the shared schema, the price recomputed on the server, unique slugs and SKUs; the staff list.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogItem, type NewCatalogItem } from '#server/db/repo/catalog.ts';
import { seedReference } from '#server/seed/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';

const T0 = new Date('2026-11-02T15:04:05.678Z');

function catalogItem(slug: string, category: string, extra: Partial<NewCatalogItem> = {}): NewCatalogItem {
  return {
    slug,
    title: `Item ${slug}`,
    description: 'A part.',
    category,
    subcategory: null,
    price: 13500,
    cost: 10000,
    markupPct: 0.35,
    stockQty: 4,
    images: [`/uploads/catalog/${slug}.webp`],
    brand: 'Dexter',
    sku: `SKU-${slug}`,
    supplierSku: `SUP-${slug}`,
    specs: { Capacity: '7,000 lb' },
    status: 'active',
    ...extra,
  };
}

const slugsOf = (body: { slug: string }[]) => body.map((i) => i.slug);

eachEngine('catalog API', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let session: { cookie: string; token: string };
  const staff = (req: request.Test) => req.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);

  beforeAll(async () => {
    const { deps, services } = ctx();
    await seedReference(deps);
    // titles chosen so that title order differs from insertion order
    await insertCatalogItem(
      deps.db,
      catalogItem('b-axle', 'trailer-parts', { title: 'B Axle', stockQty: 30 }),
      T0,
    );
    await insertCatalogItem(
      deps.db,
      catalogItem('a-spring', 'trailer-parts', { title: 'A Spring', stockQty: 0 }),
      T0,
    );
    await insertCatalogItem(
      deps.db,
      catalogItem('c-box', 'truck-upfit', { title: 'C Toolbox', price: null, cost: null }),
      T0,
    );
    await insertCatalogItem(
      deps.db,
      catalogItem('d-draft', 'trailer-parts', { title: 'D Draft', status: 'draft' }),
      T0,
    );
    await insertCatalogItem(
      deps.db,
      catalogItem('e-old', 'trailer-parts', { title: 'E Old', status: 'archived' }),
      T0,
    );
    app = createTestApp(deps, services);
    await createStaff(deps);
    session = await signIn(app);
  });

  describe('public listing', () => {
    it('lists only active items, in title order, without cost or markup, with paging headers', async () => {
      const res = await request(app).get('/api/catalog').expect(200);
      expect(slugsOf(res.body)).toEqual(['a-spring', 'b-axle', 'c-box']);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.headers['x-page']).toBe('1');
      expect(res.headers['x-per-page']).toBe('24');
      expect(res.headers['x-page-count']).toBe('1');
      for (const item of res.body) {
        expect(item).not.toHaveProperty('cost');
        expect(item).not.toHaveProperty('markupPct');
      }
      expect(res.body[1]).toMatchObject({ title: 'B Axle', price: 13500, stockQty: 30, status: 'active' });
    });

    it("filters by category, with 'all' (or nothing) meaning every category", async () => {
      const trailer = await request(app).get('/api/catalog?category=trailer-parts&city=all').expect(200);
      expect(slugsOf(trailer.body)).toEqual(['a-spring', 'b-axle']);
      const all = await request(app).get('/api/catalog?category=all&city=all').expect(200);
      expect(slugsOf(all.body)).toEqual(['a-spring', 'b-axle', 'c-box']);
      const none = await request(app).get('/api/catalog?category=no-such-category').expect(200);
      expect(none.body).toEqual([]);
      expect(none.headers['x-total-count']).toBe('0');
    });

    it("gives each item a 'ships in' estimate from its stock and the chosen city's region", async () => {
      const shipsIn = async (city: string) =>
        Object.fromEntries(
          (await request(app).get(`/api/catalog?city=${city}`).expect(200)).body.map(
            (i: { slug: string; shipsIn: unknown }) => [i.slug, i.shipsIn],
          ),
        );
      expect(await shipsIn('winnipeg')).toEqual({
        'a-spring': { minDays: 3, maxDays: 5 },
        'b-axle': { minDays: 2, maxDays: 4 },
        'c-box': { minDays: 2, maxDays: 4 },
      });
      expect(await shipsIn('dauphin')).toEqual({
        'a-spring': { minDays: 3, maxDays: 6 },
        'b-axle': { minDays: 2, maxDays: 5 },
        'c-box': { minDays: 2, maxDays: 5 },
      });
      // the city changes the estimate, never the list
      expect(Object.keys(await shipsIn('all'))).toEqual(['a-spring', 'b-axle', 'c-box']);
    });

    it('pages through the list with page and perPage, linking the next and previous pages', async () => {
      const first = await request(app).get('/api/catalog?perPage=2').expect(200);
      expect(slugsOf(first.body)).toEqual(['a-spring', 'b-axle']);
      expect(first.headers['x-page-count']).toBe('2');
      expect(first.headers.link).toBe('</api/catalog?perPage=2&page=2>; rel="next"');
      const second = await request(app).get('/api/catalog?perPage=2&page=2').expect(200);
      expect(slugsOf(second.body)).toEqual(['c-box']);
      expect(second.headers.link).toBe('</api/catalog?perPage=2&page=1>; rel="prev"');
      // nonsense reads as page 1; sizes are capped
      expect(slugsOf((await request(app).get('/api/catalog?page=abc').expect(200)).body)).toHaveLength(3);
      expect((await request(app).get('/api/catalog?perPage=5000').expect(200)).headers['x-per-page']).toBe(
        '100',
      );
    });

    it('links the pages with the filters as applied, never the query as sent (found by the API fuzz)', async () => {
      // broken escapes decode to U+FFFD, nine bytes once encoded again: echoed into Link twice, the
      // answer's headers passed 16 KB and Node's HTTP client (any client, with its limit) failed
      const junk = '%E0%A4%A'.repeat(500);
      const res = await request(app)
        .get(`/api/catalog?perPage=2&category=${junk}&category=all&city=${junk}&utm=${junk}`)
        .expect(200);
      expect(res.headers.link).toBe('</api/catalog?perPage=2&page=2>; rel="next"');
      const filtered = await request(app)
        .get('/api/catalog?perPage=5000&category=snow-ice&city=winnipeg&page=2')
        .expect(200);
      expect(filtered.headers.link).toBe(
        '</api/catalog?category=snow-ice&city=winnipeg&perPage=100&page=1>; rel="prev"',
      );
    });

    it('answers a repeat visit with 304 and sends the list compressed (br or gzip) or plain', async () => {
      const first = await request(app).get('/api/catalog?category=trailer-parts').expect(200);
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.vary).toMatch(/Accept-Encoding/);
      await request(app)
        .get('/api/catalog?category=trailer-parts')
        .set('If-None-Match', first.headers.etag!)
        .expect(304);

      const server = app.listen(0);
      try {
        const { port } = server.address() as AddressInfo;
        const raw = (encoding: string) =>
          new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
            http
              .get({ port, path: '/api/catalog', headers: { 'Accept-Encoding': encoding } }, (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c));
                res.on('end', () =>
                  resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
                );
              })
              .on('error', reject);
          });
        const plain = await raw('identity');
        expect(plain.encoding).toBeUndefined();
        const items = JSON.parse(plain.body.toString('utf8'));
        expect(slugsOf(items)).toEqual(['a-spring', 'b-axle', 'c-box']);
        const br = await raw('br');
        expect(br.encoding).toBe('br');
        expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(items);
        const gzip = await raw('gzip');
        expect(gzip.encoding).toBe('gzip');
        expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(items);
      } finally {
        server.close();
      }
    });

    it('answers one active item by slug, and 404 with the spec text for drafts, archived and unknown slugs', async () => {
      const res = await request(app).get('/api/catalog/b-axle?city=brandon').expect(200);
      expect(res.body).toMatchObject({
        slug: 'b-axle',
        title: 'B Axle',
        sku: 'SKU-b-axle',
        shipsIn: { minDays: 2, maxDays: 5 },
      });
      expect(res.body).not.toHaveProperty('cost');
      for (const slug of ['d-draft', 'e-old', 'nothing-here']) {
        const missing = await request(app).get(`/api/catalog/${slug}`).expect(404);
        expect(missing.body).toEqual({ message: 'The requested catalog item could not be found.' });
      }
    });
  });

  describe('staff: create and update', () => {
    it('creates a draft by default, recomputing the price from cost and markup (the browser price is not trusted)', async () => {
      const res = await staff(request(app).post('/api/catalog'))
        .send({
          title: 'Curt Class V Hitch',
          slug: 'curt-class-v-hitch',
          category: 'truck-upfit',
          cost: 21500,
          markupPct: 0.4,
          price: 1,
          sku: 'PH-NEW-1',
          brand: 'Curt',
          specs: { Class: 'V' },
        })
        .expect(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        slug: 'curt-class-v-hitch',
        status: 'draft',
        cost: 21500,
        markupPct: 0.4,
        price: 30100,
        stockQty: 0,
        description: null,
        specs: { Class: 'V' },
        images: [],
      });
      // a draft is not public
      await request(app).get('/api/catalog/curt-class-v-hitch').expect(404);
      expect(slugsOf((await request(app).get('/api/catalog?perPage=100').expect(200)).body)).not.toContain(
        'curt-class-v-hitch',
      );
    });

    it('uses the spec defaults: markup 0.35, stock 0; no cost means no price unless one is given', async () => {
      const res = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Plain', slug: 'plain-item', category: 'snow-ice' })
        .expect(201);
      expect(res.body).toMatchObject({ markupPct: 0.35, stockQty: 0, cost: null, price: null, sku: null });
      const priced = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Quoted', slug: 'quoted-item', category: 'snow-ice', price: 4999, status: 'active' })
        .expect(201);
      expect(priced.body).toMatchObject({ price: 4999, cost: null, status: 'active' });
    });

    it('refuses bad input with the form messages, unknown categories, and taken slugs or SKUs', async () => {
      const missing = await staff(request(app).post('/api/catalog')).send({}).expect(400);
      expect(missing.body.fieldErrors).toMatchObject({
        title: ['Title is required'],
        slug: ['Slug is required'],
        category: ['Category is required'],
      });
      const bad = await staff(request(app).post('/api/catalog'))
        .send({ title: 'X', slug: 'Bad Slug', category: 'snow-ice', markupPct: 1.5, stockQty: -1 })
        .expect(400);
      expect(bad.body.fieldErrors).toEqual({
        slug: ['Use lowercase letters, digits and single hyphens only'],
        markupPct: ['Markup must be a number from 0 to 1'],
        stockQty: ['Stock must be a whole number, 0 or more'],
      });
      const category = await staff(request(app).post('/api/catalog'))
        .send({ title: 'X', slug: 'x-thing', category: 'rocket-parts' })
        .expect(400);
      expect(category.body.fieldErrors).toEqual({ category: ['Choose a category from the list'] });

      const slug = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Copy', slug: 'b-axle', category: 'snow-ice' })
        .expect(409);
      expect(slug.body).toEqual({
        message: 'Slug already exists',
        fieldErrors: { slug: ['Slug already exists'] },
      });
      const sku = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Copy', slug: 'fresh-slug', sku: 'SKU-b-axle', category: 'snow-ice' })
        .expect(409);
      expect(sku.body.message).toBe('SKU already exists');
    });

    it('updates any fields with PATCH, recomputes the price, and publishing makes the item public', async () => {
      const created = await staff(request(app).post('/api/catalog'))
        .send({
          title: 'Hyd Hose',
          slug: 'hyd-hose',
          category: 'hydraulics-fittings',
          cost: 1000,
          sku: 'PH-H1',
        })
        .expect(201);
      const id = created.body.id as number;
      expect(created.body.price).toBe(1350);

      const repriced = await staff(request(app).patch(`/api/catalog/${id}`))
        .send({ cost: 2000 })
        .expect(200);
      expect(repriced.body).toMatchObject({
        cost: 2000,
        markupPct: 0.35,
        price: 2700,
        status: 'draft',
        sku: 'PH-H1',
      });
      const remarked = await staff(request(app).patch(`/api/catalog/${id}`))
        .send({ markupPct: 0.5, price: 99 })
        .expect(200);
      expect(remarked.body.price).toBe(3000);

      await request(app).get('/api/catalog/hyd-hose').expect(404);
      // the listing is memoized: a save must be visible at once all the same
      expect((await request(app).get('/api/catalog?category=hydraulics-fittings').expect(200)).body).toEqual(
        [],
      );
      await staff(request(app).patch(`/api/catalog/${id}`))
        .send({ status: 'active', stockQty: 12 })
        .expect(200);
      const pub = await request(app).get('/api/catalog/hyd-hose').expect(200);
      expect(pub.body).toMatchObject({ price: 3000, stockQty: 12 });
      expect(
        slugsOf((await request(app).get('/api/catalog?category=hydraulics-fittings').expect(200)).body),
      ).toEqual(['hyd-hose']);

      await staff(request(app).patch(`/api/catalog/${id}`))
        .send({ status: 'archived' })
        .expect(200);
      await request(app).get('/api/catalog/hyd-hose').expect(404);
    });

    it('refuses a PATCH to a taken slug, an unknown id, and invalid values', async () => {
      const { body } = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Pin', slug: 'pin-one', category: 'trailer-parts' })
        .expect(201);
      const taken = await staff(request(app).patch(`/api/catalog/${body.id}`))
        .send({ slug: 'b-axle' })
        .expect(409);
      expect(taken.body.message).toBe('Slug already exists');
      // keeping its own slug is fine
      await staff(request(app).patch(`/api/catalog/${body.id}`))
        .send({ slug: 'pin-one', title: 'Pin 1' })
        .expect(200);
      await staff(request(app).patch('/api/catalog/999999')).send({ title: 'x' }).expect(404);
      const notAnId = await staff(request(app).patch('/api/catalog/abc')).send({ title: 'x' }).expect(400);
      expect(notAnId.body).toEqual({ message: ROW_ID_MESSAGE });
      const bad = await staff(request(app).patch(`/api/catalog/${body.id}`))
        .send({ title: '' })
        .expect(400);
      expect(bad.body.fieldErrors).toEqual({ title: ['Title is required'] });
    });

    it('needs a session and the CSRF token', async () => {
      await request(app)
        .post('/api/catalog')
        .send({ title: 'x', slug: 'x', category: 'snow-ice' })
        .expect(401);
      await request(app)
        .post('/api/catalog')
        .set('Cookie', session.cookie)
        .send({ title: 'x', slug: 'x', category: 'snow-ice' })
        .expect(403);
    });
  });

  describe('staff list', () => {
    it('lists every status with cost and markup, newest change first, with search and status filters', async () => {
      const all = await staff(request(app).get('/api/admin/catalog')).expect(200);
      expect(all.body.total).toBeGreaterThanOrEqual(5);
      const statuses = new Set(all.body.items.map((i: { status: string }) => i.status));
      expect(statuses).toEqual(new Set(['active', 'draft', 'archived']));
      expect(all.body.items[0]).toHaveProperty('cost');
      const drafts = await staff(request(app).get('/api/admin/catalog?status=draft')).expect(200);
      expect(drafts.body.items.every((i: { status: string }) => i.status === 'draft')).toBe(true);
      const search = await staff(request(app).get('/api/admin/catalog?search=SKU-B-AX')).expect(200);
      expect(slugsOf(search.body.items)).toEqual(['b-axle']);
      const byTitle = await staff(request(app).get('/api/admin/catalog?search=draft')).expect(200);
      expect(slugsOf(byTitle.body.items)).toEqual(['d-draft']);
      // LIKE wildcards typed by a person match themselves
      const wildcard = await staff(request(app).get('/api/admin/catalog?search=%25')).expect(200);
      expect(wildcard.body.items).toEqual([]);
      await request(app).get('/api/admin/catalog').expect(401);
    });
  });
});
