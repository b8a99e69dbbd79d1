/**
 * The app with its files in an S3 bucket (issue 14 item 4; decision 0094), on both engines, against
 * s3rver on loopback: a quote request's photo lands in the bucket's private area and is served to
 * staff only; a catalog picture lands in the public area and is served at /uploads to anyone; a
 * picture staff remove from an item is deleted from the bucket; nothing is written to DATA_DIR.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import type { StorageBackend } from '#server/storage/backend.ts';
import { createFileStore, storageBackend } from '#server/storage/index.ts';
import { tagPhoto } from '../e2e/fixtures/images.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';
import { localBucket } from '../support/s3-bucket.ts';

const s3 = localBucket('uploads');

eachEngine(
  'files in an S3 bucket',
  (ctx, engine) => {
    let app: ReturnType<typeof createTestApp>;
    let session: { cookie: string; token: string };
    let bucket: StorageBackend;
    const staff = (req: request.Test) => req.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
    const keysIn = async (area: 'public' | 'private', prefix: string) => {
      const keys: string[] = [];
      for await (const object of bucket.list(area, prefix)) keys.push(object.key);
      return keys;
    };

    beforeAll(async () => {
      const { t } = ctx();
      bucket = await storageBackend({
        dataDir: t.dataDir,
        storage: {
          kind: 's3',
          bucket: 'uploads',
          prefix: `test-${engine}`,
          endpoint: s3.endpoint(),
          region: 'us-east-1',
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        },
      });
      const deps = { ...ctx().deps, files: createFileStore({ dataDir: t.dataDir, backend: bucket }) };
      const services = createServices(deps);
      await seedReference(deps);
      await createStaff(deps);
      app = createTestApp(deps, services);
      session = await signIn(app);
    });

    it('keeps a quote request’s photo in the bucket’s private area, served to staff only', async () => {
      const photo = await tagPhoto({ width: 1200, height: 900, label: 'SN 5521' });
      const res = await submit(app, VALID_FIELDS, [{ name: 'tag.jpg', data: photo }]).expect(201);
      const row = await ctx()
        .deps.db.selectFrom('lead_photos')
        .innerJoin('leads', 'leads.id', 'lead_photos.lead_id')
        .select('lead_photos.storage_key')
        .where('leads.case_number', '=', res.body.caseNumber)
        .executeTakeFirstOrThrow();
      expect(await keysIn('private', 'leads')).toContain(row.storage_key);
      expect(await keysIn('public', 'leads')).toEqual([]);
      // nothing on this machine's disk but what is being received
      expect(fs.existsSync(path.join(ctx().t.dataDir, 'uploads', 'private', row.storage_key))).toBe(false);

      const url = `/api/leads/photos/${row.storage_key}`;
      await request(app).get(url).expect(401);
      const served = await request(app).get(url).set('Cookie', session.cookie).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(served.body as Buffer).metadata()).format).toBe('jpeg');
      // a public URL never reaches the private area
      await request(app).get(`/uploads/${row.storage_key}`).expect(404);
    });

    it('serves a catalog picture from the bucket to anyone, and deletes it when staff remove it', async () => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b45309' } })
        .png()
        .toBuffer();
      const uploaded = await staff(request(app).post('/api/admin/catalog/images'))
        .attach('images', png, { filename: 'hub.png', contentType: 'image/png' })
        .expect(201);
      const url = uploaded.body[0].url as string;
      const key = url.replace('/uploads/', '');
      expect(await keysIn('public', 'catalog')).toContain(key);
      const served = await request(app).get(url).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const { body: item } = await staff(request(app).post('/api/catalog'))
        .send({ title: 'Bucket Hub', slug: 'bucket-hub', category: 'trailer-parts', images: [url] })
        .expect(201);
      await staff(request(app).patch(`/api/catalog/${item.id}`))
        .send({ images: [] })
        .expect(200);
      expect(await keysIn('public', 'catalog')).not.toContain(key);
      await request(app).get(url).expect(404);
    });
  },
  { TRUST_PROXY: '1' },
);
