/**
 * Lead rows (`leads`): a new lead with its photos and 'created' event, one lead, the count, and the
 * writes a status change or a quote makes, each in the caller's transaction. Rows in, Lead out,
 * identical on SQLite and PostgreSQL. The board's lists are in lead-board.ts, the history in
 * lead-events.ts, the photo rows in lead-photos.ts.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  caseNumberFor,
  type Lead,
  type LeadSource,
  type LeadStatus,
  type Urgency,
} from '#app/modules/leads/leads.ts';
import { leadSearchName } from '#app/modules/leads/search.ts';
import { phoneDigits } from '#app/modules/site/phone.ts';
import type { DB, LeadsTable } from '../schema.ts';
import { attachLead } from './customers.ts';
import { insertLeadEvent } from './lead-events.ts';
import { insertLeadPhotos, leadPhotoUrls, type NewLeadPhoto } from './lead-photos.ts';

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
    shortPartName: row.short_part_name,
    photos,
    consentAt: row.consent_at,
    notes: row.notes,
    lostReason: row.lost_reason,
    cost: row.cost,
    markupPct: row.markup_pct,
    sellPrice: row.sell_price,
    etaDays: row.eta_days,
    quotedAt: row.quoted_at,
    quoteVersion: row.quote_version,
    quoteExpiresAt: row.quote_expires_at,
    quoteViews: Number(row.quote_views ?? 0),
    quoteFirstViewedAt: row.quote_first_viewed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Inserts a lead, its photos and its 'created' event in the caller's transaction, attaches it to
 * its customer, and gives it its case number (derived from the row id, so concurrent submissions never share one).
 */
export async function insertLead(
  trx: Transaction<DB> | Kysely<DB>,
  lead: NewLead,
  photos: readonly NewLeadPhoto[],
  meta: { now: Date; actor: string; createdAt?: Date },
): Promise<{ id: number; caseNumber: string }> {
  const createdAt = meta.createdAt ?? meta.now;
  const at = createdAt.toISOString();
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
      search_name: leadSearchName(lead.name),
      phone_digits: phoneDigits(lead.phone),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const caseNumber = caseNumberFor(id);
  await trx.updateTable('leads').set({ case_number: caseNumber }).where('id', '=', id).execute();
  await insertLeadPhotos(trx, id, photos, createdAt);
  await insertLeadEvent(trx, {
    leadId: id,
    type: 'created',
    fromStatus: null,
    toStatus: lead.status ?? 'new',
    actor: meta.actor,
    detail: { source: lead.source, photos: photos.length },
    at: createdAt,
  });
  // every lead belongs to a customer, matched by phone or e-mail (decision 0161)
  await attachLead(trx, { id, name: lead.name, phone: lead.phone, email: lead.email ?? null }, createdAt);
  return { id, caseNumber };
}

export async function findLeadById(
  db: Kysely<DB>,
  id: number,
  photoUrl: (key: string) => string,
): Promise<Lead | undefined> {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const photos = await leadPhotoUrls(db, [id], photoUrl);
  return toLead(row, photos.get(id) ?? []);
}

export async function countLeads(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The current status of a lead, read in the caller's transaction (locked on PostgreSQL). */
export async function lockLead(
  trx: Transaction<DB>,
  id: number,
  engine: 'sqlite' | 'postgres',
): Promise<Selectable<LeadsTable> | undefined> {
  let q = trx.selectFrom('leads').selectAll().where('id', '=', id);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** lockLead for several leads in one statement, in id order (so two passes never deadlock). */
export async function lockLeads(
  trx: Transaction<DB>,
  ids: readonly number[],
  engine: 'sqlite' | 'postgres',
): Promise<Selectable<LeadsTable>[]> {
  if (!ids.length) return [];
  let q = trx
    .selectFrom('leads')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (engine === 'postgres') q = q.forUpdate();
  return q.execute();
}

/**
 * Sets a lead's status in the caller's transaction, with the lost reason when it is lost; a lead
 * that is not lost has none (a reopened lead's reason stays in its history).
 */
export async function updateLeadStatus(
  trx: Transaction<DB>,
  id: number,
  status: LeadStatus,
  at: Date,
  lostReason?: string | null,
): Promise<void> {
  await trx
    .updateTable('leads')
    .set({
      status,
      updated_at: at.toISOString(),
      lost_reason: status === 'lost' ? (lostReason ?? null) : null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Where a lead's history left it, written after its events (the demo seed's year of history): its
 * status and lost reason, the quote it got if any, and `at` as its last change.
 */
export async function settleLead(
  trx: Transaction<DB>,
  id: number,
  outcome: {
    status: LeadStatus;
    lostReason: string | null;
    at: Date;
    quote: { cost: number; markupPct: number; sellPrice: number; etaDays: number; at: Date } | null;
  },
): Promise<void> {
  const { quote } = outcome;
  await trx
    .updateTable('leads')
    .set({
      status: outcome.status,
      lost_reason: outcome.lostReason,
      updated_at: outcome.at.toISOString(),
      ...(quote
        ? {
            cost: quote.cost,
            markup_pct: quote.markupPct,
            sell_price: quote.sellPrice,
            eta_days: quote.etaDays,
            quoted_at: quote.at.toISOString(),
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Stores a quote on a lead and makes it quoted, in the caller's transaction. */
export async function saveLeadQuote(
  trx: Transaction<DB>,
  id: number,
  quote: { cost: number; markupPct: number; sellPrice: number; etaDays: number; notes: string | null },
  at: Date,
): Promise<void> {
  await trx
    .updateTable('leads')
    .set({
      status: 'quoted',
      cost: quote.cost,
      markup_pct: quote.markupPct,
      sell_price: quote.sellPrice,
      eta_days: quote.etaDays,
      notes: quote.notes,
      quoted_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** The figures of the option a customer accepted become the lead's (the board, the CSV, insights). */
export async function updateLeadPrice(
  trx: Transaction<DB>,
  id: number,
  price: { cost: number; markupPct: number; sellPrice: number; etaDays: number },
): Promise<void> {
  await trx
    .updateTable('leads')
    .set({
      cost: price.cost,
      markup_pct: price.markupPct,
      sell_price: price.sellPrice,
      eta_days: price.etaDays,
    })
    .where('id', '=', id)
    .execute();
}

/** Sets (or, with null, clears) the short part name staff gave the lead (issue 48 item 5). */
export async function updateShortPartName(
  trx: Transaction<DB>,
  id: number,
  name: string | null,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ short_part_name: name, updated_at: at.toISOString() })
    .where('id', '=', id)
    .execute();
}
