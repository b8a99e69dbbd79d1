/** Leads with their photos and events: rows in, Lead out, identical on SQLite and PostgreSQL. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  caseNumberFor,
  type Lead,
  type LeadSource,
  type LeadStatus,
  type Urgency,
} from '#app/modules/leads/leads.ts';
import type { LeadCard } from '#app/modules/leads/lead-admin.ts';
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
      search_name: leadSearchName(lead.name),
      phone_digits: phoneDigits(lead.phone),
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

// ---------------------------------------------------------------------------------------------
// The back office (SPEC §2 'Lead Management'): lists, the board, status changes, quotes, history.

/** Filters shared by the board, the list and the export. */
export type LeadFilter = {
  status?: LeadStatus;
  /** case number, name or phone (decision 0050) */
  search?: string;
  /** newest-first cursor: leads strictly older than this (created_at, then id) */
  before?: { createdAt: string; id: number };
};

/**
 * A name as search compares it (stored in `leads.search_name`, migration 0004): lower case, accents
 * and other combining marks removed, runs of white space as one space. The same function
 * normalises the search text, so 'emile' finds 'Émile' on both engines.
 */
export function leadSearchName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A phone number as search compares it (stored in `leads.phone_digits`): its digits only. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D+/g, '');
}

type LeadQuery = ReturnType<typeof leadsQuery>;
function leadsQuery(db: Kysely<DB>) {
  return db.selectFrom('leads');
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;

/**
 * Case number (exact: Q-10005, q10005 or 10005), name (substring of the normalised name) or phone
 * (substring of its digits, for a search made of digits and phone punctuation). The compared
 * columns are stored and sit in leads_list_idx, so a search reads that index, not the table.
 */
function applyFilter(query: LeadQuery, filter: LeadFilter): LeadQuery {
  let q = query;
  if (filter.status) q = q.where('leads.status', '=', filter.status);
  const search = filter.search?.trim();
  if (search) {
    const caseMatch = /^(?:q-?)?(\d{5,})$/i.exec(search);
    const digits = phoneDigits(search);
    const phoneLike = /^[\d\s()+.-]+$/.test(search) && digits.length >= 3;
    // 'Q-10005' can only be a case number: one lookup in the unique index, no scan
    const name = /^q/i.test(search) && caseMatch ? '' : leadSearchName(search);
    q = q.where((eb) => {
      const ors = name ? [eb('leads.search_name', 'like', contains(name))] : [];
      if (caseMatch) ors.push(eb('leads.case_number', '=', `Q-${caseMatch[1]}`));
      if (phoneLike) ors.push(eb('leads.phone_digits', 'like', contains(digits)));
      return eb.or(ors);
    });
  }
  if (filter.before) {
    const { createdAt, id } = filter.before;
    // a row value comparison: both engines seek the (…, created_at, id) index to the cursor
    q = q.where((eb) => eb(eb.refTuple('leads.created_at', 'leads.id'), '<', eb.tuple(createdAt, id)));
  }
  return q;
}

async function photoUrlsFor(
  db: Kysely<DB>,
  ids: number[],
  photoUrl: (key: string) => string,
): Promise<Map<number, string[]>> {
  const byLead = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('lead_photos')
      .select(['lead_id', 'storage_key'])
      .where('lead_id', 'in', ids.slice(i, i + 500))
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

/** Leads newest first (created_at, then id), with their photo URLs. */
export async function listLeads(
  db: Kysely<DB>,
  filter: LeadFilter & { limit: number },
  photoUrl: (key: string) => string,
): Promise<Lead[]> {
  const rows = await applyFilter(leadsQuery(db), filter)
    .selectAll('leads')
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(filter.limit)
    .execute();
  const photos = await photoUrlsFor(
    db,
    rows.map((r) => r.id),
    photoUrl,
  );
  return rows.map((row) => toLead(row, photos.get(row.id) ?? []));
}

/** The columns a board card shows. */
function selectCard(query: LeadQuery, descriptionChars: number) {
  return query.select((eb) => [
    'leads.id',
    'leads.case_number',
    'leads.status',
    'leads.urgency',
    'leads.name',
    'leads.phone',
    'leads.equipment',
    eb
      .fn<string | null>('substr', ['leads.description', eb.val(1), eb.val(descriptionChars)])
      .as('description'),
    'leads.sell_price',
    'leads.created_at',
    // an index lookup per card (lead_photos_lead_idx), under a microsecond each: cheaper than a
    // stored count that every writer of lead_photos (web form, MMS) would have to keep right
    eb
      .selectFrom('lead_photos')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('lead_photos.lead_id', '=', 'leads.id')
      .as('photo_count'),
  ]);
}

/** Board cards matching a filter, newest first. */
function cardsQuery(db: Kysely<DB>, filter: LeadFilter & { limit: number }, descriptionChars: number) {
  return selectCard(applyFilter(leadsQuery(db), filter), descriptionChars)
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(filter.limit);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardsQuery>['execute']>>[number];

function toCardRow(r: CardRow): LeadCard {
  return {
    id: r.id,
    caseNumber: r.case_number ?? caseNumberFor(r.id),
    status: r.status as LeadStatus,
    urgency: r.urgency as Urgency,
    name: r.name,
    phone: r.phone,
    equipment: r.equipment,
    description: r.description,
    sellPrice: r.sell_price,
    photoCount: Number(r.photo_count ?? 0),
    createdAt: r.created_at,
  };
}

/** Newest first: created_at, then id (ISO-8601 UTC text sorts by time). */
const newestFirst = (a: { createdAt: string; id: number }, b: { createdAt: string; id: number }) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

/** Board cards of one status, newest first. */
export async function listLeadCards(
  db: Kysely<DB>,
  filter: LeadFilter & { status: LeadStatus; limit: number },
  descriptionChars: number,
): Promise<LeadCard[]> {
  return (await cardsQuery(db, filter, descriptionChars).execute()).map(toCardRow);
}

/**
 * Leads per status matching a search, as one row of conditional counts: without a GROUP BY that
 * the status index could serve, the planner reads the index holding the searched columns.
 */
async function countMatchesPerStatus(
  db: Kysely<DB>,
  search: string,
  statuses: readonly LeadStatus[],
): Promise<Record<string, number>> {
  const row = await applyFilter(leadsQuery(db), { search })
    .select((eb) =>
      statuses.map((status, i) =>
        eb.fn.countAll<number>().filterWhere('leads.status', '=', status).as(`n${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string>;
  return Object.fromEntries(statuses.map((status, i) => [status, Number(counts[`n${i}`] ?? 0)]));
}

/**
 * A search matching at most this many leads is answered from one pass over the index (the
 * matches' ids, statuses and dates), a broader one by counting and reading each column's first
 * page (which then stops early).
 */
export const BOARD_SEARCH_CANDIDATES = 1000;

export type BoardRead = { totals: Map<LeadStatus, number>; cards: Map<LeadStatus, LeadCard[]> };

/**
 * The board: per status the number of leads matching the search and the newest `limit` cards.
 * Without a search, one statement: a UNION ALL of one index range per status, each card carrying
 * its status's total as the triggers of migration 0004 keep it in `lead_status_counts`. With one,
 * two: the matches from the index (their ids, statuses and dates), then the cards to show by id;
 * or, for a search matching more than BOARD_SEARCH_CANDIDATES leads, the counts and the UNION ALL.
 */
export async function listBoard(
  db: Kysely<DB>,
  filter: {
    search?: string;
    statuses: readonly LeadStatus[];
    limit: number;
    /** BOARD_SEARCH_CANDIDATES unless a test wants the broad path with few leads */
    candidates?: number;
  },
  descriptionChars: number,
): Promise<BoardRead> {
  const { statuses, limit, candidates = BOARD_SEARCH_CANDIDATES } = filter;
  const search = filter.search?.trim() || undefined;
  const totals = new Map<LeadStatus, number>(statuses.map((s) => [s, 0]));
  const cards = new Map<LeadStatus, LeadCard[]>(statuses.map((s) => [s, []]));
  if (statuses.length === 0) return { totals, cards };

  if (search) {
    // no condition on the status: the planner then reads the one index that holds every
    // compared column (leads_list_idx) instead of the table; other statuses are dropped below
    const matches = await applyFilter(leadsQuery(db), { search })
      .select(['leads.id', 'leads.status', 'leads.created_at as createdAt'])
      .limit(candidates + 1)
      .execute();
    if (matches.length <= candidates) {
      const shown = new Map<number, LeadStatus>();
      for (const status of statuses) {
        const ofStatus = matches.filter((m) => m.status === status);
        totals.set(status, ofStatus.length);
        for (const m of ofStatus.sort(newestFirst).slice(0, limit)) shown.set(m.id, status);
      }
      if (shown.size === 0) return { totals, cards };
      const rows = await selectCard(leadsQuery(db), descriptionChars)
        .where('leads.id', 'in', [...shown.keys()])
        .execute();
      for (const row of rows) cards.get(row.status as LeadStatus)?.push(toCardRow(row));
      for (const list of cards.values()) list.sort(newestFirst);
      return { totals, cards };
    }
  }

  // one branch per status; without a search each card row also carries its status's total (the
  // total of a status without cards is 0), so the whole board is one statement
  const branches = statuses.map((status) =>
    db
      .selectFrom(cardsQuery(db, { search, status, limit }, descriptionChars).as('c'))
      .selectAll()
      .select(
        (search
          ? sql<number | null>`null`
          : sql<number | null>`(select total from lead_status_counts where status = ${status})`
        ).as('total'),
      ),
  );
  const [first, ...rest] = branches;
  const [counts, rows] = await Promise.all([
    search ? countMatchesPerStatus(db, search, statuses) : undefined,
    rest.reduce((query, branch) => query.unionAll(branch), first!).execute(),
  ]);
  for (const row of rows) {
    cards.get(row.status as LeadStatus)?.push(toCardRow(row));
    if (!counts) totals.set(row.status as LeadStatus, Number(row.total ?? 0));
  }
  if (counts) for (const status of statuses) totals.set(status, counts[status] ?? 0);
  // SQL does not promise the order of a UNION ALL's rows
  for (const list of cards.values()) list.sort(newestFirst);
  return { totals, cards };
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

export type LeadEventInput = {
  leadId: number;
  type: string;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  actor: string;
  detail?: Record<string, unknown> | null;
  at: Date;
};

export async function insertLeadEvent(
  trx: Transaction<DB> | Kysely<DB>,
  event: LeadEventInput,
): Promise<void> {
  await trx
    .insertInto('lead_events')
    .values({
      lead_id: event.leadId,
      type: event.type,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      actor: event.actor,
      detail: event.detail ? JSON.stringify(event.detail) : null,
      created_at: event.at.toISOString(),
    })
    .execute();
}

/** Sets a lead's status (and the lost reason when it is lost) in the caller's transaction. */
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
      ...(status === 'lost' ? { lost_reason: lostReason ?? null } : {}),
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

export type LeadEventRow = {
  id: number;
  type: string;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  actor: string;
  detail: Record<string, unknown> | null;
  createdAt: string;
};

function parseDetail(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A lead's events, oldest first. */
export async function listLeadEvents(db: Kysely<DB>, leadId: number): Promise<LeadEventRow[]> {
  const rows = await db
    .selectFrom('lead_events')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    fromStatus: r.from_status as LeadStatus | null,
    toStatus: r.to_status as LeadStatus | null,
    actor: r.actor,
    detail: parseDetail(r.detail),
    createdAt: r.created_at,
  }));
}

/** Messages about a lead (the outbox), oldest first. */
export async function listLeadMessages(db: Kysely<DB>, leadId: number) {
  const rows = await db
    .selectFrom('outgoing_messages')
    .select(['id', 'channel', 'recipient', 'body', 'status', 'last_error', 'created_at', 'sent_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    body: r.body,
    status: r.status,
    lastError: r.last_error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
}

/** Every lead, newest first, in batches (the CSV export); no photos. */
export async function* allLeads(db: Kysely<DB>, batch = 1000): AsyncGenerator<Lead[]> {
  let before: LeadFilter['before'];
  for (;;) {
    const rows = await applyFilter(leadsQuery(db), { before })
      .selectAll('leads')
      .orderBy('leads.created_at', 'desc')
      .orderBy('leads.id', 'desc')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => toLead(r));
    const last = rows[rows.length - 1]!;
    before = { createdAt: last.created_at, id: last.id };
    if (rows.length < batch) return;
  }
}
