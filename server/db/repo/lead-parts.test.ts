/**
 * A lead's photo rows and history on both engines: photos keep the order they came in, whether
 * they arrive with the lead or are added later (a second MMS); the created event says where the
 * lead came from; lookups by storage key find only rows that exist.
 */
import { expect, it } from 'vitest';
import { eachEngine } from '../../../tests/support/databases.ts';
import { insertLeadEvent, listLeadEvents } from './lead-events.ts';
import {
  addLeadPhotos,
  findLeadPhotoByKey,
  leadPhotoUrls,
  referencedPhotoKeys,
  type NewLeadPhoto,
} from './lead-photos.ts';
import { insertLead } from './leads.ts';

const T0 = new Date('2026-11-02T15:04:05.678Z');
const T1 = new Date('2026-11-02T15:09:00.000Z');
const photo = (key: string, sizeBytes = 100): NewLeadPhoto => ({
  storageKey: key,
  contentType: 'image/webp',
  width: 10,
  height: 20,
  sizeBytes,
});
const url = (key: string) => `/p/${key}`;

eachEngine('lead photos and events', (ctx) => {
  it('photos added to a lead come after the ones it has; each lead lists its own in order', async () => {
    const { db } = ctx().deps;
    const lead = { urgency: 'today', source: 'sms', name: 'Pat', phone: '+12045550190' } as const;
    const a = await insertLead(db, lead, [photo('leads/a1.webp'), photo('leads/a2.webp')], {
      now: T0,
      actor: 'sms',
    });
    const b = await insertLead(db, lead, [], { now: T0, actor: 'sms' });
    await db.transaction().execute(async (trx) => {
      await addLeadPhotos(trx, a.id, [photo('leads/a3.webp')], T1);
      await addLeadPhotos(trx, b.id, [photo('leads/b1.webp'), photo('leads/b2.webp')], T1);
      await addLeadPhotos(trx, b.id, [], T1);
    });

    const urls = await leadPhotoUrls(db, [a.id, b.id, 999_999], url);
    expect(Object.fromEntries(urls)).toStrictEqual({
      [a.id]: ['/p/leads/a1.webp', '/p/leads/a2.webp', '/p/leads/a3.webp'],
      [b.id]: ['/p/leads/b1.webp', '/p/leads/b2.webp'],
    });
    const positions = await db
      .selectFrom('lead_photos')
      .select(['storage_key', 'position', 'created_at'])
      .where('lead_id', '=', a.id)
      .orderBy('position')
      .execute();
    expect(positions).toStrictEqual([
      { storage_key: 'leads/a1.webp', position: 0, created_at: T0.toISOString() },
      { storage_key: 'leads/a2.webp', position: 1, created_at: T0.toISOString() },
      { storage_key: 'leads/a3.webp', position: 2, created_at: T1.toISOString() },
    ]);

    expect(await findLeadPhotoByKey(db, 'leads/b2.webp')).toStrictEqual({
      storageKey: 'leads/b2.webp',
      contentType: 'image/webp',
      sizeBytes: 100,
    });
    expect(await findLeadPhotoByKey(db, 'leads/none.webp')).toBeUndefined();
    const keys = Array.from({ length: 1200 }, (_, i) => `leads/x${i}.webp`).concat(['leads/a2.webp']);
    expect(await referencedPhotoKeys(db, keys)).toStrictEqual(new Set(['leads/a2.webp']));
  });

  it("a lead's history starts with its created event and lists events oldest first", async () => {
    const { db } = ctx().deps;
    const { id } = await insertLead(
      db,
      { urgency: 'flexible', source: 'web', name: 'Lee', phone: '+12045550191' },
      [photo('leads/c1.webp')],
      { now: T1, createdAt: T0, actor: 'customer' },
    );
    await insertLeadEvent(db, {
      leadId: id,
      type: 'status',
      fromStatus: 'new',
      toStatus: 'qualified',
      actor: 'admin',
      at: T1,
    });
    expect(await listLeadEvents(db, id)).toStrictEqual([
      {
        id: expect.any(Number),
        type: 'created',
        fromStatus: null,
        toStatus: 'new',
        actor: 'customer',
        detail: { source: 'web', photos: 1 },
        createdAt: T0.toISOString(),
      },
      {
        id: expect.any(Number),
        type: 'status',
        fromStatus: 'new',
        toStatus: 'qualified',
        actor: 'admin',
        detail: null,
        createdAt: T1.toISOString(),
      },
    ]);
  });
});
