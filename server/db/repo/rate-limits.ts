/**
 * Fixed-window counters of the request rate limits (decision 0092). One row per key; every process
 * counts in the same row with one atomic upsert, so a limit holds across processes and restarts.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.ts';

export type Counter = { hits: number; resetsAt: number };

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Counts one hit of `key` and returns the count and when its window ends (epoch ms). The first hit,
 * and the first after a window ended, starts a new window of `windowMs` at 1. One statement, so
 * concurrent hits from several processes are each counted exactly once.
 */
export async function hitCounter(db: Executor, key: string, windowMs: number, now: number): Promise<Counter> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, resets_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.resets_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        resets_at: sql<number>`case when rate_limits.resets_at <= ${now} then excluded.resets_at else rate_limits.resets_at end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
}

/** Takes back one hit (a request the limiter decided not to count). */
export async function decrementCounter(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function deleteCounter(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes the counters whose window has ended; returns how many. */
export async function deleteExpiredCounters(db: Kysely<DB>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('resets_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The hits counted for `key` in its current window (0 when none, or when its window has ended). */
export async function readCounter(db: Executor, key: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', key)
    .where('resets_at', '>', now)
    .executeTakeFirst();
  return row ? Number(row.hits) : 0;
}
