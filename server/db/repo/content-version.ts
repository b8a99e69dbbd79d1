/** The version of what public pages show (migration 0007, decision 0097): one row, id 1. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

/** Increments the version (inside the caller's transaction, when given one) and returns the new one. */
export async function bumpContentVersion(db: Kysely<DB>): Promise<number> {
  const row = await db
    .updateTable('content_version')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export async function readContentVersion(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('content_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
