/**
 * Aggregates over leads for the public figures and the admin summary cards (server/services/stats.ts,
 * definitions in docs/stats.md). Timestamps are ISO-8601 UTC text on SQLite and timestamptz on
 * PostgreSQL; both compare correctly with an ISO string, so the same queries serve both engines.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

/** Leads per status (statuses without leads are absent). */
export async function countLeadsByStatus(db: Kysely<DB>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

/** Leads created in [from, to). */
export async function countLeadsCreatedBetween(db: Kysely<DB>, from: Date, to: Date): Promise<number> {
  const { count } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', from.toISOString())
    .where('created_at', '<', to.toISOString())
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type QuoteTiming = { createdAt: string; quotedAt: string; etaDays: number | null };

/** Every lead quoted in [from, to): when it came in, when it was quoted, the ETA promised. */
export async function listQuotesBetween(db: Kysely<DB>, from: Date, to: Date): Promise<QuoteTiming[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['created_at', 'quoted_at', 'eta_days'])
    .where('quoted_at', 'is not', null)
    .where('quoted_at', '>=', from.toISOString())
    .where('quoted_at', '<', to.toISOString())
    .orderBy('quoted_at')
    .execute();
  return rows.map((r) => ({ createdAt: r.created_at, quotedAt: r.quoted_at!, etaDays: r.eta_days }));
}

/** Statuses that mean the customer ordered: the part was (or is being) sourced for them. */
export const ORDERED_STATUSES = ['ordered', 'fulfilled'] as const;

/** Leads the customer ordered (status ordered or fulfilled). */
export async function countOrderedLeads(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', [...ORDERED_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Sum of sell prices (cents) of leads ordered in [from, to). A lead's order time is its first
 * event that moved it to ordered (or straight to fulfilled); leads no longer ordered or
 * fulfilled (lost afterwards) do not count.
 */
export async function sumOrderedSellPricesBetween(db: Kysely<DB>, from: Date, to: Date): Promise<number> {
  const { total } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('leads.sell_price'), eb.lit(0)).as('total'))
    .where('leads.status', 'in', [...ORDERED_STATUSES])
    .where('leads.sell_price', 'is not', null)
    .where((eb) => {
      const orderedAt = eb
        .selectFrom('lead_events')
        .select((e) => e.fn.min<string>('lead_events.created_at').as('at'))
        .whereRef('lead_events.lead_id', '=', 'leads.id')
        .where('lead_events.to_status', 'in', [...ORDERED_STATUSES]);
      return eb.and([eb(orderedAt, '>=', from.toISOString()), eb(orderedAt, '<', to.toISOString())]);
    })
    .executeTakeFirstOrThrow();
  return Number(total);
}
