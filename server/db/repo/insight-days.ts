/**
 * The insights' per-day rollups (decision 0163; tables of migration 0015): the dates marked stale
 * by the triggers, taken one chunk at a time under a lock of their own; the days' figures (JSON,
 * `DayFigures` of server/services/insight-days.ts) written and read by range; and the version every
 * refresh moves. Same shapes on SQLite and PostgreSQL.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The advisory lock's first key ('INSD'); the second is the schema's hash. */
const LOCK_CLASS = 0x494e5344;

/** Whether any date is marked stale. */
export async function anyStaleDate(db: Executor): Promise<boolean> {
  return (await db.selectFrom('insight_stale').select('day').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Takes (deletes and answers) up to `limit` stale UTC dates, the oldest first, in the caller's
 * transaction, which holds the refresh's lock until it ends: one process refreshes at a time
 * (PostgreSQL: an advisory lock; SQLite has one writer at a time). A mark of a writer that has
 * not committed is not seen (PostgreSQL: each transaction writes its own row for a day, migration
 * 0019), so its change is left for the next refresh. A day marked by several writers is taken once.
 */
export async function takeStaleDates(trx: Transaction<DB>, engine: Engine, limit: number): Promise<string[]> {
  if (engine === 'postgres') {
    await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS)}, hashtext(current_schema()))`.execute(trx);
  }
  const { rows } = await sql<{ day: string }>`delete from insight_stale
    where day in (select distinct day from insight_stale order by day limit ${sql.lit(limit)})
    returning day`.execute(trx);
  return [...new Set(rows.map((r) => r.day))].sort();
}

/**
 * Writes recomputed days: `figures` (day → JSON) replace those days' rows, the `empty` days lose
 * theirs, and the version moves (every process's sums made before are stale).
 */
export async function writeDays(
  trx: Transaction<DB>,
  figures: ReadonlyMap<string, string>,
  empty: readonly string[],
): Promise<void> {
  if (empty.length)
    await trx
      .deleteFrom('insight_days')
      .where('day', 'in', [...empty])
      .execute();
  await trx
    .updateTable('insight_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
  const rows = [...figures].map(([day, json]) => ({ day, figures: json }));
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('insight_days')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ figures: eb.ref('excluded.figures') })))
      .execute();
  }
}

/** How many refreshes changed a day (0 before the first). */
export async function insightVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('insight_version').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The days' figures (JSON) from `from` to `to`, both included (YYYY-MM-DD, local). */
export async function daysBetween(
  db: Executor,
  from: string,
  to: string,
): Promise<{ day: string; figures: string }[]> {
  return db
    .selectFrom('insight_days')
    .select(['day', 'figures'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

/** Every supplier's name by id, archived ones too (the figures name whom parts came from). */
export async function supplierNames(db: Executor): Promise<Map<number, string>> {
  const rows = await db.selectFrom('suppliers').select(['id', 'name']).execute();
  return new Map(rows.map((s) => [s.id, s.name]));
}
