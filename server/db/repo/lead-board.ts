/**
 * The back office's lists of leads (product.md §2 'Lead Management', decision 0050): the board's columns
 * of cards with their totals, GET /api/leads and the CSV export, all newest first (created_at,
 * then id) with one filter: status, search (the rules of app/modules/leads/search.ts) and cursor.
 */
import { sql, type Kysely } from 'kysely';
import { caseNumberFor, type Lead, type LeadStatus, type Urgency } from '#app/modules/leads/leads.ts';
import { leadSearchTerms } from '#app/modules/leads/search.ts';
import type { LeadCard } from '#app/modules/leads/lead-admin.ts';
import type { DB } from '../schema.ts';
import { leadPhotoUrls } from './lead-photos.ts';
import { toLead } from './leads.ts';

/** Filters shared by the board, the list and the export. */
export type LeadFilter = {
  status?: LeadStatus;
  /** case number, name or phone (decision 0050) */
  search?: string;
  /** newest-first cursor: leads strictly older than this (created_at, then id) */
  before?: { createdAt: string; id: number };
};

type LeadQuery = ReturnType<typeof leadsQuery>;
function leadsQuery(db: Kysely<DB>) {
  return db.selectFrom('leads');
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;

/**
 * The filter as SQL. The compared search columns are stored and sit in leads_list_idx, so a
 * search reads that index, not the table.
 */
function applyFilter(query: LeadQuery, filter: LeadFilter): LeadQuery {
  let q = query;
  if (filter.status) q = q.where('leads.status', '=', filter.status);
  const terms = leadSearchTerms(filter.search);
  if (terms) {
    q = q.where((eb) => {
      const ors = terms.name ? [eb('leads.search_name', 'like', contains(terms.name))] : [];
      if (terms.caseNumber) ors.push(eb('leads.case_number', '=', terms.caseNumber));
      if (terms.digits) ors.push(eb('leads.phone_digits', 'like', contains(terms.digits)));
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
  const photos = await leadPhotoUrls(
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
    'leads.quote_views',
    'leads.quote_expires_at',
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
    quoteViews: Number(r.quote_views ?? 0),
    quoteExpiresAt: r.quote_expires_at,
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

/** Lost leads' cards, newest first, each with its lost reason (the lost view, issue 31). */
export async function listLostCards(
  db: Kysely<DB>,
  filter: Omit<LeadFilter, 'status'> & { limit: number },
  descriptionChars: number,
): Promise<(LeadCard & { lostReason: string | null })[]> {
  const rows = await cardsQuery(db, { ...filter, status: 'lost' }, descriptionChars)
    .select('leads.lost_reason')
    .execute();
  return rows.map((r) => ({ ...toCardRow(r), lostReason: r.lost_reason }));
}

/**
 * How many leads of a status match a search. Without one, the total the triggers of migration
 * 0004 keep in `lead_status_counts`; with one, counted in the index that holds the searched columns.
 */
export async function countLeadsOf(db: Kysely<DB>, status: LeadStatus, search?: string): Promise<number> {
  if (!search?.trim()) {
    const { rows } = await sql<{
      total: number | string;
    }>`select total from lead_status_counts where status = ${status}`.execute(db);
    return Number(rows[0]?.total ?? 0);
  }
  const { n } = await applyFilter(leadsQuery(db), { status, search })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
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
