/**
 * What the follow-up pass reads (issue 30 items 3 and 4, decision 0161): open quotes with their
 * customer's last answer and the follow-ups already written; finished orders whose customer may
 * get a review request. The texts themselves are written through the outbox under a key each
 * (`followUpKey`, conversations.ts), which makes each exactly once.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type OpenQuote = {
  leadId: number;
  customerId: number;
  caseNumber: string | null;
  name: string;
  phone: string;
  email: string | null;
  description: string | null;
  partNumber: string | null;
  shortPartName: string | null;
  year: string | null;
  make: string | null;
  model: string | null;
  version: number;
  /** how many options the version offers (a YES orders only a one-option quote, decision 0188) */
  optionCount: number;
  sentAt: string;
  expiresAt: string;
  firstViewedAt: string | null;
  lastInboundAt: string | null;
};

/**
 * Quotes still open (the lead quoted, its current version not expired), with their customer's
 * last answer; of the given leads only, when named (the pass reads them again under their locks).
 */
export async function listOpenQuotes(
  db: Executor,
  now: Date,
  leadIds?: readonly number[],
): Promise<OpenQuote[]> {
  if (leadIds && !leadIds.length) return [];
  let q = db
    .selectFrom('leads as l')
    .innerJoin('quote_versions as v', (j) =>
      j.onRef('v.lead_id', '=', 'l.id').onRef('v.version', '=', 'l.quote_version'),
    )
    .innerJoin('customers as c', 'c.id', 'l.customer_id')
    .select([
      'l.id as leadId',
      'c.id as customerId',
      'l.case_number as caseNumber',
      'l.name',
      'l.phone',
      'l.email',
      'l.description',
      'l.part_number as partNumber',
      'l.short_part_name as shortPartName',
      'l.year',
      'l.make',
      'l.model',
      'v.version',
      'v.options',
      'v.sent_at as sentAt',
      'v.expires_at as expiresAt',
      'l.quote_first_viewed_at as firstViewedAt',
      'c.last_inbound_at as lastInboundAt',
    ])
    .where('l.status', '=', 'quoted')
    .where('l.quote_expires_at', '>', now.toISOString())
    .where('v.accepted_at', 'is', null);
  if (leadIds) q = q.where('l.id', 'in', [...leadIds]);
  const rows = await q.orderBy('l.id').execute();
  return rows.map(({ options, ...row }) => ({
    ...row,
    optionCount: (JSON.parse(options) as unknown[]).length,
  }));
}

/** The follow-ups written for these leads: their keys (`lead:{id}:follow-up:{version}:{kind}`) and when. */
export async function listFollowUpsOf(
  db: Executor,
  leadIds: readonly number[],
): Promise<{ leadId: number; key: string; at: string }[]> {
  if (!leadIds.length) return [];
  const rows = await db
    .selectFrom('outgoing_messages')
    .select(['lead_id', 'dedupe_key', 'created_at'])
    .where('lead_id', 'in', [...leadIds])
    .where('dedupe_key', 'like', 'lead:%:follow-up:%')
    .execute();
  return rows.map((r) => ({ leadId: r.lead_id!, key: r.dedupe_key!, at: r.created_at }));
}

export type FinishedOrder = {
  leadId: number;
  customerId: number;
  caseNumber: string | null;
  name: string;
  phone: string;
  finishedAt: string;
  noReviews: boolean;
  reviewRequestedAt: string | null;
};

/**
 * Leads whose every part was handed over (picked up or delivered) between `from` and `until`, with
 * their customer; the newest handover per lead.
 */
export async function listFinishedOrders(db: Executor, from: Date, until: Date): Promise<FinishedOrder[]> {
  const rows = await db
    .selectFrom('order_lines as o')
    .innerJoin('leads as l', 'l.id', 'o.lead_id')
    .innerJoin('customers as c', 'c.id', 'l.customer_id')
    .select((eb) => [
      'l.id as leadId',
      'c.id as customerId',
      'l.case_number as caseNumber',
      'l.name',
      'l.phone',
      eb.fn.max('o.done_at').as('finishedAt'),
      'c.no_reviews as noReviews',
      'c.review_requested_at as reviewRequestedAt',
    ])
    .where('l.status', '=', 'fulfilled')
    // the leads handed over in the window first, along order_lines (done_at)
    .where(
      'l.id',
      'in',
      db
        .selectFrom('order_lines')
        .select('lead_id')
        .where('done_at', '>=', from.toISOString())
        .where('done_at', '<=', until.toISOString()),
    )
    .where('o.done_at', '>=', from.toISOString())
    .where('o.done_at', '<=', until.toISOString())
    .groupBy(['l.id', 'c.id', 'l.case_number', 'l.name', 'l.phone', 'c.no_reviews', 'c.review_requested_at'])
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({ ...r, finishedAt: r.finishedAt as string, noReviews: Boolean(r.noReviews) }));
}

/** Which of these customers declined a quote (on the page or by text) since `since`. */
export async function customersWhoDeclined(
  db: Executor,
  customerIds: readonly number[],
  since: Date,
): Promise<Set<number>> {
  if (!customerIds.length) return new Set();
  // their leads among those declined since (a semi-join: the join with its DISTINCT took 30 ms on
  // PostgreSQL, which ran it in parallel; this 8 ms, scripts/bench-customers.ts)
  const rows = await db
    .selectFrom('leads')
    .select('customer_id')
    .distinct()
    .where('customer_id', 'in', [...customerIds])
    .where(
      'id',
      'in',
      db
        .selectFrom('lead_events')
        .select('lead_id')
        // a literal: the partial index of migration 0014 applies
        .where('to_status', '=', sql.lit('lost'))
        .where('actor', 'like', 'customer%')
        .where('created_at', '>=', since.toISOString()),
    )
    .execute();
  return new Set(rows.map((r) => r.customer_id!));
}

/** These customers were asked for a review now (one statement). */
export async function markReviewRequested(
  trx: Executor,
  customerIds: readonly number[],
  at: Date,
): Promise<void> {
  if (!customerIds.length) return;
  await trx
    .updateTable('customers')
    .set({ review_requested_at: at.toISOString() })
    .where('id', 'in', [...customerIds])
    .execute();
}
