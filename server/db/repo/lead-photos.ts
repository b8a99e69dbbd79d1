/**
 * Lead photos (`lead_photos`): the rows naming each private photo file of a lead, in the order the
 * customer sent them (web form or MMS). The files themselves are server/storage's.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type NewLeadPhoto = {
  storageKey: string;
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
};

/** Stores photos of a lead at positions `position`, `position + 1`…, in the caller's transaction. */
export async function insertLeadPhotos(
  trx: Executor,
  leadId: number,
  photos: readonly NewLeadPhoto[],
  at: Date,
  position = 0,
): Promise<void> {
  for (const [i, photo] of photos.entries()) {
    await trx
      .insertInto('lead_photos')
      .values({
        lead_id: leadId,
        storage_key: photo.storageKey,
        content_type: photo.contentType,
        width: photo.width,
        height: photo.height,
        size_bytes: photo.sizeBytes,
        position: position + i,
        created_at: at.toISOString(),
      })
      .execute();
  }
}

/** Adds photos to an existing lead after the ones it has, in the caller's transaction. */
export async function addLeadPhotos(
  trx: Executor,
  leadId: number,
  photos: readonly NewLeadPhoto[],
  at: Date,
): Promise<void> {
  if (!photos.length) return;
  const { last } = await trx
    .selectFrom('lead_photos')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();
  const next = last === null || last === undefined ? 0 : Number(last) + 1;
  await insertLeadPhotos(trx, leadId, photos, at, next);
}

/** The photo URLs of each of these leads, in their order (leads without photos are absent). */
export async function leadPhotoUrls(
  db: Executor,
  leadIds: readonly number[],
  photoUrl: (key: string) => string,
): Promise<Map<number, string[]>> {
  const byLead = new Map<number, string[]>();
  // batches keep the IN list within both engines' limits on bound parameters
  for (let i = 0; i < leadIds.length; i += 500) {
    const rows = await db
      .selectFrom('lead_photos')
      .select(['lead_id', 'storage_key'])
      .where('lead_id', 'in', leadIds.slice(i, i + 500))
      .orderBy('lead_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const list = byLead.get(row.lead_id) ?? [];
      list.push(photoUrl(row.storage_key));
      byLead.set(row.lead_id, list);
    }
  }
  return byLead;
}

/** One stored lead photo by its storage key (the admin photo endpoint looks keys up here). */
export async function findLeadPhotoByKey(
  db: Kysely<DB>,
  storageKey: string,
): Promise<{ storageKey: string; contentType: string; sizeBytes: number } | undefined> {
  const row = await db
    .selectFrom('lead_photos')
    .select(['storage_key', 'content_type', 'size_bytes'])
    .where('storage_key', '=', storageKey)
    .executeTakeFirst();
  return row && { storageKey: row.storage_key, contentType: row.content_type, sizeBytes: row.size_bytes };
}

/** Which of these storage keys a lead photo row names (to find files no row owns). */
export async function referencedPhotoKeys(
  db: Kysely<DB>,
  storageKeys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < storageKeys.length; i += 500) {
    const batch = storageKeys.slice(i, i + 500);
    const rows = await db
      .selectFrom('lead_photos')
      .select('storage_key')
      .where('storage_key', 'in', batch)
      .execute();
    for (const row of rows) found.add(row.storage_key);
  }
  return found;
}
