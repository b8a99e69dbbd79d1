/** Leads with their photos and events: rows in, Lead out, identical on SQLite and PostgreSQL. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  caseNumberFor,
  type Lead,
  type LeadSource,
  type LeadStatus,
  type Urgency,
} from '#app/modules/leads/leads.ts';
import type { DB, LeadsTable } from '../schema.ts';

export type NewLead = {
  status?: LeadStatus;
  urgency: Urgency;
  source: LeadSource;
  name: string;
  phone: string;
  email?: string | null;
  city?: string | null;
  equipment?: string | null;
  make?: string | null;
  model?: string | null;
  year?: string | null;
  partCategory?: string | null;
  partNumber?: string | null;
  description?: string | null;
  consentText?: string | null;
  notes?: string | null;
  lostReason?: string | null;
  cost?: number | null;
  markupPct?: number | null;
  sellPrice?: number | null;
  etaDays?: number | null;
  quotedAt?: string | null;
};

export type NewLeadPhoto = {
  storageKey: string;
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
};

export function toLead(row: Selectable<LeadsTable>, photos: string[] = []): Lead {
  return {
    id: row.id,
    caseNumber: row.case_number ?? caseNumberFor(row.id),
    status: row.status as LeadStatus,
    urgency: row.urgency as Urgency,
    source: row.source as LeadSource,
    name: row.name,
    phone: row.phone,
    email: row.email,
    city: row.city,
    equipment: row.equipment,
    make: row.make,
    model: row.model,
    year: row.year,
    partCategory: row.part_category,
    partNumber: row.part_number,
    description: row.description,
    photos,
    consentAt: row.consent_at,
    notes: row.notes,
    lostReason: row.lost_reason,
    cost: row.cost,
    markupPct: row.markup_pct,
    sellPrice: row.sell_price,
    etaDays: row.eta_days,
    quotedAt: row.quoted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Inserts a lead, its photos and its 'created' event in the caller's transaction, and gives it
 * its case number (derived from the row id, so concurrent submissions never share one).
 */
export async function insertLead(
  trx: Transaction<DB> | Kysely<DB>,
  lead: NewLead,
  photos: NewLeadPhoto[],
  meta: { now: Date; actor: string; createdAt?: Date },
): Promise<{ id: number; caseNumber: string }> {
  const at = (meta.createdAt ?? meta.now).toISOString();
  const { id } = await trx
    .insertInto('leads')
    .values({
      status: lead.status ?? 'new',
      urgency: lead.urgency,
      source: lead.source,
      name: lead.name,
      phone: lead.phone,
      email: lead.email ?? null,
      city: lead.city ?? null,
      equipment: lead.equipment ?? null,
      make: lead.make ?? null,
      model: lead.model ?? null,
      year: lead.year ?? null,
      part_category: lead.partCategory ?? null,
      part_number: lead.partNumber ?? null,
      description: lead.description ?? null,
      consent_at: lead.consentText ? at : null,
      consent_text: lead.consentText ?? null,
      notes: lead.notes ?? null,
      lost_reason: lead.lostReason ?? null,
      cost: lead.cost ?? null,
      markup_pct: lead.markupPct ?? null,
      sell_price: lead.sellPrice ?? null,
      eta_days: lead.etaDays ?? null,
      quoted_at: lead.quotedAt ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const caseNumber = caseNumberFor(id);
  await trx.updateTable('leads').set({ case_number: caseNumber }).where('id', '=', id).execute();
  for (const [position, photo] of photos.entries()) {
    await trx
      .insertInto('lead_photos')
      .values({
        lead_id: id,
        storage_key: photo.storageKey,
        content_type: photo.contentType,
        width: photo.width,
        height: photo.height,
        size_bytes: photo.sizeBytes,
        position,
        created_at: at,
      })
      .execute();
  }
  await trx
    .insertInto('lead_events')
    .values({
      lead_id: id,
      type: 'created',
      from_status: null,
      to_status: lead.status ?? 'new',
      actor: meta.actor,
      detail: JSON.stringify({ source: lead.source, photos: photos.length }),
      created_at: at,
    })
    .execute();
  return { id, caseNumber };
}

export async function findLeadById(
  db: Kysely<DB>,
  id: number,
  photoUrl: (key: string) => string,
): Promise<Lead | undefined> {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const photos = await db
    .selectFrom('lead_photos')
    .select('storage_key')
    .where('lead_id', '=', id)
    .orderBy('position')
    .execute();
  return toLead(
    row,
    photos.map((p) => photoUrl(p.storage_key)),
  );
}

export async function countLeads(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
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
