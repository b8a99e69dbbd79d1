/**
 * The owner's settings (`settings`, migration 0013): one JSON value per key, with who changed it
 * last. Same values on SQLite and PostgreSQL.
 */
import type { Kysely, Transaction } from 'kysely';
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
