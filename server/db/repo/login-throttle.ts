/**
 * The sign-in throttle's rows (decision 0176): one row per key (`p:<client> <username>` for an
 * account and client, `c:<client>` for a client over every username) with its count of failures,
 * the last one's time and the end of its wait. Shared by every process; survives a restart.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

export type ThrottleRow = { key: string; failures: number; lastFailedAt: number; waitUntil: number };

/**
 * The rows of `keys` (made, empty, where missing), locked until the caller's transaction ends:
 * on PostgreSQL by FOR UPDATE, in key order so two attempts never deadlock; on SQLite every
 * transaction already holds the write lock from its first statement.
 */
export async function lockThrottleRows(
  trx: Transaction<DB>,
  engine: Engine,
  keys: readonly string[],
): Promise<ThrottleRow[]> {
  const sorted = [...keys].sort();
  await trx
    .insertInto('login_throttle')
    .values(sorted.map((key) => ({ key, failures: 0, last_failed_at: 0, wait_until: 0 })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  let q = trx.selectFrom('login_throttle').selectAll().where('key', 'in', sorted).orderBy('key');
  if (engine === 'postgres') q = q.forUpdate();
  const rows = await q.execute();
  return rows.map((r) => ({
    key: r.key,
    failures: Number(r.failures),
    lastFailedAt: Number(r.last_failed_at),
    waitUntil: Number(r.wait_until),
  }));
}

/** Writes a row read by lockThrottleRows, in the same transaction. */
export async function saveThrottleRow(trx: Transaction<DB>, row: ThrottleRow): Promise<void> {
  await trx
    .updateTable('login_throttle')
    .set({ failures: row.failures, last_failed_at: row.lastFailedAt, wait_until: row.waitUntil })
    .where('key', '=', row.key)
    .execute();
}

/** Forgets the counts of `keys` (a successful sign-in). */
export async function deleteThrottleRows(db: Kysely<DB>, keys: readonly string[]): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('key', 'in', [...keys])
    .execute();
}

/** Removes rows whose last failure is at or before `forgetBefore` and whose wait is over; returns how many. */
export async function deleteStaleThrottleRows(
  db: Kysely<DB>,
  forgetBefore: number,
  now: number,
): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where('last_failed_at', '<=', forgetBefore)
    .where('wait_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
