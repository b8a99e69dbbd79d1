/**
 * The catalog as a spreadsheet and its pictures (decision 0020), on both engines: export every
 * item, re-import it without change, a supplier sheet that reprices and adds items, a bad sheet
 * that writes nothing and says why per row; image uploads through the pipeline into public storage.
 */
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogItem, type NewCatalogItem } from '#server/db/repo/catalog.ts';
import { seedReference } from '#server/seed/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

const T0 = new Date('2026-11-02T15:04:05.678Z');

function catalogItem(slug: string, extra: Partial<NewCatalogItem> = {}): NewCatalogItem {
  return {
    slug,
    title: `Item ${slug}`,
    description: 'Fits most "heavy" trailers, 7,000 lb\nSecond line.',
    category: 'trailer-parts',
    subcategory: 'Axles',
    price: 13500,
    cost: 10000,
    markupPct: 0.35,
    stockQty: 4,
    images: [`/uploads/catalog/${slug}-1.webp`],
    brand: 'Dexter',
    sku: `SKU-${slug}`,
    supplierSku: `SUP-${slug}`,
    specs: { Capacity: '7,000 lb', Thread: '1/2-20 UNF' },
    status: 'active',
    ...extra,
  };
}

const HEADER =
  'sku,slug,title,brand,category,subcategory,description,supplier_sku,cost,markup_pct,price,stock_qty,status,specs,images';

eachEngine('catalog CSV and images', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let session: { cookie: string; token: string };
  const staff = (req: request.Test) => req.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
  const exportCsv = async () =>
    (await staff(request(app).get('/api/admin/catalog/export.csv')).expect(200)).text;
  const importCsv = (csv: string, query = '') =>
    staff(request(app).post(`/api/admin/catalog/import${query}`)).attach('file', Buffer.from(csv), {
      filename: 'catalog.csv',
      contentType: 'text/csv',
    });
  const allItems = async () =>
    (await staff(request(app).get('/api/admin/catalog')).expect(200)).body.items as Record<string, unknown>[];

  beforeAll(async () => {
    const { deps, services } = ctx();
    await seedReference(deps);
    await insertCatalogItem(deps.db, catalogItem('axle'), T0);
    await insertCatalogItem(
      deps.db,
      catalogItem('formula', { title: '=HYPERLINK("http://evil.example")', status: 'draft' }),
      T0,
    );
    await insertCatalogItem(
      deps.db,
      catalogItem('no-sku', { sku: null, cost: null, price: 2500, specs: {}, images: [] }),
      T0,
    );
    app = createTestApp(deps, services);
    await createStaff(deps);
    session = await signIn(app);
  });

  describe('export', () => {
    it('downloads every item, every status, as CSV with categories by name and formulas neutralized', async () => {
      const res = await staff(request(app).get('/api/admin/catalog/export.csv')).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(HEADER);
      expect(res.text).toContain(
        'SKU-axle,axle,Item axle,Dexter,Trailer Parts,Axles,"Fits most ""heavy"" trailers, 7,000 lb\nSecond line.",SUP-axle,100.00,0.35,135.00,4,active,"Capacity: 7,000 lb\nThread: 1/2-20 UNF",/uploads/catalog/axle-1.webp',
      );
      expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(res.text).toContain(',no-sku,Item no-sku,');
      await request(app).get('/api/admin/catalog/export.csv').expect(401);
    });
  });

  describe('import', () => {
    it('re-importing the export changes nothing (round trip)', async () => {
      const before = await allItems();
      const res = await importCsv(await exportCsv()).expect(200);
      expect(res.body).toEqual({
        ok: true,
        dryRun: false,
        created: 0,
        updated: 0,
        unchanged: 3,
        ignoredColumns: [],
      });
      expect(await allItems()).toEqual(before);
    });

    it('a dry run checks a sheet and says what it would do, writing nothing', async () => {
      const csv = 'SKU,Cost ($),Stock Quantity\r\nSKU-axle,120.00,9\r\n';
      const res = await importCsv(csv, '?dryRun=1').expect(200);
      expect(res.body).toEqual({
        ok: true,
        dryRun: true,
        created: 0,
        updated: 1,
        unchanged: 0,
        ignoredColumns: [],
      });
      expect((await allItems()).find((i) => i.slug === 'axle')).toMatchObject({ cost: 10000, stockQty: 4 });
    });

    it('a supplier sheet reprices and restocks by SKU and adds new items as drafts', async () => {
      const csv = [
        'SKU,Title,Category,Cost ($),Markup %,Stock Quantity,Supplier notes',
        'SKU-axle,Item axle,trailer-parts,$1,200.00,,9,call before ordering',
        'PH-NEW-7,Curt Receiver Hitch,truck-upfit,215,40%,3,',
      ].join('\r\n');
      // (the unquoted '$1,200.00' would split: supplier sheets quote it)
      const fixed = csv.replace('$1,200.00', '"$1,200.00"');
      const res = await importCsv(fixed).expect(200);
      expect(res.body).toEqual({
        ok: true,
        dryRun: false,
        created: 1,
        updated: 1,
        unchanged: 0,
        ignoredColumns: ['Supplier notes'],
      });
      const items = await allItems();
      expect(items.find((i) => i.slug === 'axle')).toMatchObject({
        cost: 120000,
        markupPct: 0.35,
        price: 162000,
        stockQty: 9,
        brand: 'Dexter',
        status: 'active',
        specs: { Capacity: '7,000 lb', Thread: '1/2-20 UNF' },
      });
      expect(items.find((i) => i.sku === 'PH-NEW-7')).toMatchObject({
        slug: 'curt-receiver-hitch',
        title: 'Curt Receiver Hitch',
        category: 'truck-upfit',
        cost: 21500,
        markupPct: 0.4,
        price: 30100,
        stockQty: 3,
        status: 'draft',
      });
    });

    it('a sheet with a bad row writes nothing and reports every problem with its row and column', async () => {
      const before = await allItems();
      const csv = [
        'sku,title,category,cost,stock_qty,status',
        'SKU-axle,Item axle,trailer-parts,99,1,active', // fine on its own
        'PH-BAD-1,,trailer-parts,10,1,', // no title
        'PH-BAD-2,Thing,rocket-parts,ten,1,', // cost
        'PH-BAD-3,Thing Two,rocket-parts,10,-4,published', // category, stock, status
      ].join('\n');
      const res = await importCsv(csv).expect(400);
      expect(res.body).toEqual({
        ok: false,
        message: '3 rows have problems; nothing was imported.',
        problems: [
          { row: 3, column: 'title', message: 'Title is required' },
          { row: 4, column: 'cost', message: 'Cost must be an amount in dollars, 0 or more' },
          { row: 5, column: 'stock_qty', message: 'Stock must be a whole number, 0 or more' },
          { row: 5, column: 'status', message: 'Status must be active, draft or archived' },
        ],
      });
      expect(await allItems()).toEqual(before);

      const unknown = await importCsv('sku,title,category\nPH-BAD-4,Thing,rocket-parts\n').expect(400);
      expect(unknown.body.problems).toEqual([
        { row: 2, column: 'category', message: "Unknown category 'rocket-parts'" },
      ]);
      expect(await allItems()).toEqual(before);
    });

    it('refuses files it cannot read', async () => {
      const broken = await importCsv('sku,title\n"PH-1,oops\n').expect(400);
      expect(broken.body).toEqual({
        ok: false,
        message: 'The file could not be read: A quoted field is never closed',
        problems: [{ row: 2, message: 'A quoted field is never closed' }],
      });
      const noSku = await importCsv('title\nThing\n').expect(400);
      expect(noSku.body.problems).toEqual([{ row: 1, message: "The file needs a 'sku' column" }]);
      const notMultipart = await staff(request(app).post('/api/admin/catalog/import'))
        .send({ csv: 'x' })
        .expect(415);
      expect(notMultipart.body.message).toBe('Send the upload as multipart/form-data.');
    });

    it('reads a sheet Excel saved as Windows-1252', async () => {
      const csv = Buffer.from(
        'sku,title,category\r\nPH-CAFE-1,Caf\xe9 Trailer Jack,trailer-parts\r\n',
        'latin1',
      );
      await staff(request(app).post('/api/admin/catalog/import'))
        .attach('file', csv, { filename: 'excel.csv', contentType: 'text/csv' })
        .expect(200);
      expect((await allItems()).find((i) => i.sku === 'PH-CAFE-1')).toMatchObject({
        title: 'Café Trailer Jack',
        slug: 'cafe-trailer-jack',
      });
    });
  });

  describe('images', () => {
    it('re-encodes uploads as WebP into public storage under random names, served at /uploads', async () => {
      const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c2410c' } })
        .png()
        .withMetadata({ exif: { IFD0: { Artist: 'Secret Supplier' } } })
        .toBuffer();
      const res = await staff(request(app).post('/api/admin/catalog/images'))
        .attach('images', png, { filename: 'axle.png', contentType: 'image/png' })
        .attach('images', png, { filename: 'axle-2.png', contentType: 'image/png' })
        .expect(201);
      expect(res.body).toEqual([
        { url: expect.stringMatching(/^\/uploads\/catalog\/[0-9a-f]{32}\.webp$/), width: 1200, height: 900 },
        { url: expect.stringMatching(/^\/uploads\/catalog\/[0-9a-f]{32}\.webp$/), width: 1200, height: 900 },
      ]);
      const url = res.body[0].url as string;
      const stored = (await ctx().deps.files.read('public', url.replace('/uploads/', '')))!;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(stored.includes('Secret Supplier')).toBe(false);
      const served = await request(app).get(url).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');

      // the URL is accepted as one of an item's images
      const { body } = await staff(request(app).post('/api/catalog'))
        .send({
          title: 'With Pictures',
          slug: 'with-pictures',
          category: 'snow-ice',
          images: [res.body[1].url, url],
        })
        .expect(201);
      expect(body.images).toEqual([res.body[1].url, url]);
    });

    it('deletes a picture from storage once no item lists it, and keeps one another item shows', async () => {
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#1d4ed8' } })
        .png()
        .toBuffer();
      const uploaded = await staff(request(app).post('/api/admin/catalog/images'))
        .attach('images', png, { filename: 'a.png', contentType: 'image/png' })
        .attach('images', png, { filename: 'b.png', contentType: 'image/png' })
        .expect(201);
      const [kept, dropped] = (uploaded.body as { url: string }[]).map((i) => i.url) as [string, string];
      const stored = (url: string) => ctx().deps.files.exists('public', url.replace('/uploads/', ''));
      const { body: item } = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Two Pictures', slug: 'two-pictures', category: 'snow-ice', images: [kept, dropped] })
        .expect(201);
      // another item shows the first picture too: removing it from this item must keep the file
      await staff(request(app).post('/api/catalog'))
        .send({ title: 'Shares One', slug: 'shares-one', category: 'snow-ice', images: [kept] })
        .expect(201);

      await staff(request(app).patch(`/api/catalog/${item.id}`))
        .send({ images: [kept] })
        .expect(200);
      expect(await stored(dropped)).toBe(false);
      expect(await stored(kept)).toBe(true);
      await request(app).get(dropped).expect(404);

      await staff(request(app).patch(`/api/catalog/${item.id}`))
        .send({ images: [] })
        .expect(200);
      expect(await stored(kept)).toBe(true);
    });

    it('a sheet import that drops an item picture deletes its file', async () => {
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#15803d' } })
        .png()
        .toBuffer();
      const uploaded = await staff(request(app).post('/api/admin/catalog/images'))
        .attach('images', png, { filename: 'c.png', contentType: 'image/png' })
        .expect(201);
      const url = uploaded.body[0].url as string;
      await staff(request(app).post('/api/catalog'))
        .send({
          title: 'Sheet Pictured',
          slug: 'sheet-pictured',
          sku: 'SHEET-PIC',
          category: 'snow-ice',
          images: [url],
        })
        .expect(201);
      expect(await ctx().deps.files.exists('public', url.replace('/uploads/', ''))).toBe(true);
      const res = await importCsv('sku,title,category,images\nSHEET-PIC,Sheet Pictured,snow-ice,\n').expect(
        200,
      );
      expect(res.body).toMatchObject({ ok: true, updated: 1 });
      expect(await ctx().deps.files.exists('public', url.replace('/uploads/', ''))).toBe(false);
    });

    it('refuses what is not an image, and images from elsewhere', async () => {
      const res = await staff(request(app).post('/api/admin/catalog/images'))
        .attach('images', Buffer.from('<script>alert(1)</script>'), {
          filename: 'notes.txt',
          contentType: 'image/png',
        })
        .expect(400);
      expect(res.body).toEqual({ message: 'notes.txt is not an image file' });
      const none = await staff(request(app).post('/api/admin/catalog/images')).field('x', 'y').expect(400);
      expect(none.body.message).toBe('Choose at least one image to upload.');
      const foreign = await staff(request(app).post('/api/catalog'))
        .send({
          title: 'Hotlink',
          slug: 'hotlink',
          category: 'snow-ice',
          images: ['https://evil.example/a.png'],
        })
        .expect(400);
      expect(foreign.body.fieldErrors).toEqual({
        'images.0': ['Images must be uploaded with the catalog image uploader'],
      });
    });
  });
});
