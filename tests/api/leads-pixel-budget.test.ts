/**
 * One quote request's photos share a pixel budget (issue 14 item 5; decision 0096), on both
 * engines: six photos that are each within every per-photo limit but together hold more than 150
 * megapixels are refused at the photo that goes past it, with a message naming it, and nothing is
 * stored; a request within the budget goes through as always.
 */
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '#app/modules/leads/lead-request.ts';
import { seedReference } from '#server/seed/index.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';

eachEngine(
  'the pixel budget of a quote request',
  (ctx) => {
    let app: ReturnType<typeof createTestApp>;
    let big: Buffer;
    beforeAll(async () => {
      const { deps, services } = ctx();
      await seedReference(deps);
      app = createTestApp(deps, services);
      // 30 MP of one colour: a few hundred KB, far under 10 MB, under the 120 MP per-photo limit
      big = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#1f2937' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    });

    it('refuses the photo that takes the request past 150 megapixels, and stores nothing', async () => {
      const { db } = ctx().deps;
      const before = (await db.selectFrom('leads').select('id').execute()).length;
      const photos = [1, 2, 3, 4, 5, 6].map((n) => ({ name: `bomb-${n}.png`, data: big, type: 'image/png' }));
      const res = await submit(app, VALID_FIELDS, photos).expect(413);
      expect(res.body).toEqual({ message: PHOTO_MESSAGES.tooManyPixels('bomb-6.png') });
      expect((await db.selectFrom('leads').select('id').execute()).length).toBe(before);
    });

    it('accepts five such photos (150 megapixels)', async () => {
      const photos = [1, 2, 3, 4, 5].map((n) => ({ name: `big-${n}.png`, data: big, type: 'image/png' }));
      await submit(app, VALID_FIELDS, photos).expect(201);
    });
  },
  { TRUST_PROXY: '1' },
);
