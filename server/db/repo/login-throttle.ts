/**
 * The sign-in throttle's rows (decision 0092): one row per failed attempt and key (`u:<username>`,
 * `c:<client>`), and one lock row per locked key. Shared by every process; survives a restart.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export async function insertLoginFailure(db: Kysely<DB>, key: string, at: number): Promise<void> {
  await db.insertInto('login_failures').values({ key, failed_at: at }).execute();
}

/** Failures of `key` after `since` (epoch ms, exclusive). */
export async function countLoginFailures(db: Kysely<DB>, key: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('key', '=', key)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks `key` until `until`, or keeps a later lock a concurrent process already set; forgets its failures. */
export async function lockLogin(db: Kysely<DB>, key: string, until: number): Promise<void> {
  await db
    .insertInto('login_locks')
    .values({ key, locked_until: until })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        locked_until: sql<number>`case when excluded.locked_until > login_locks.locked_until then excluded.locked_until else login_locks.locked_until end`,
      }),
    )
    .execute();
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** The latest end of a lock on any of `keys` still running at `now`, or undefined. */
export async function findLoginLock(
  db: Kysely<DB>,
  keys: string[],
  now: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_locks')
    .select((eb) => eb.fn.max('locked_until').as('until'))
    .where('key', 'in', keys)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.until == null ? undefined : Number(row.until);
}

/** Forgets the failures and locks of `keys` (a successful sign-in). */
export async function clearLogin(db: Kysely<DB>, keys: string[]): Promise<void> {
  await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
  await db.deleteFrom('login_locks').where('key', 'in', keys).execute();
}

/** Removes failures older than the window and locks that have ended; returns how many rows. */
export async function deleteExpiredLoginRows(db: Kysely<DB>, now: number, windowMs: number): Promise<number> {
  const failures = await db
    .deleteFrom('login_failures')
    .where('failed_at', '<=', now - windowMs)
    .executeTakeFirst();
  const locks = await db.deleteFrom('login_locks').where('locked_until', '<=', now).executeTakeFirst();
  return Number(failures.numDeletedRows) + Number(locks.numDeletedRows);
}
