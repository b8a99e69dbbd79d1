/**
 * The owner's settings (`settings`, migration 0013): one JSON value per key, with who changed it
 * last. Same values on SQLite and PostgreSQL.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The stored value of a setting, parsed; undefined when it was never saved. */
export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Holds a setting's lock until the transaction ends, so two saves of one setting (two sections of
 * the shop's) are read and written one after the other, never over each other. PostgreSQL: a
 * transaction-scoped advisory lock on the key (the row may not exist yet); SQLite: every
 * transaction already begins IMMEDIATE (decision 0092).
 */
export async function lockSetting(trx: Executor, key: string, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`phmb:setting:${key}`}))`.execute(trx);
}

export async function writeSetting(
  trx: Executor,
  key: string,
  value: unknown,
  by: string,
  at: Date,
): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_by: by, updated_at: at.toISOString() };
  await trx
    .insertInto('settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: row.value, updated_by: by, updated_at: row.updated_at }),
    )
    .execute();
}

/**
 * Writes a setting only when it has no row yet (a value made once, as the server's VAPID keys):
 * two processes writing at once leave the first one's; the caller then reads what was kept.
 */
export async function insertSettingIfAbsent(
  db: Executor,
  key: string,
  value: unknown,
  by: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_by: by, updated_at: at.toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
