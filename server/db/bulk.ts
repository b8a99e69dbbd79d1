/**
 * Bulk loads and the planner's figures: what the benchmarks' loads (scripts/bench/*-data.ts) write
 * many rows at a time, beside the repositories they also call, and the few reads of their
 * checks. The app itself never calls these. Queries are built in server/db only (decision 0184):
 * a script asks here rather than importing Kysely.
 *
 * Self-contained (Kysely and the schema's types only): scripts/bench-leads.ts copies it into an
 * earlier commit's worktree that lacks it, beside scripts/bench/leads-data.ts.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;
type Row = Record<string, unknown>;

/**
 * Writes rows many at a time, as many per statement as both engines take parameters for. The rows
 * are checked by the database only (a load names every column, ids included, as a table holds them).
 */
export async function insertRows(
  trx: Executor,
  table: keyof DB & string,
  rows: readonly Row[],
): Promise<void> {
  if (!rows.length) return;
  const perStatement = Math.max(1, Math.min(1_000, Math.floor(30_000 / Object.keys(rows[0]!).length)));
  for (let i = 0; i < rows.length; i += perStatement)
    await (trx as unknown as Kysely<Record<string, Row>>)
      .insertInto(table)
      .values(rows.slice(i, i + perStatement))
      .execute();
}

/** Writes leads in one statement and answers their ids, in the rows' order. */
export async function insertLeadRows(trx: Executor, rows: readonly Row[]): Promise<number[]> {
  if (!rows.length) return [];
  const ids = await (trx as unknown as Kysely<Record<string, Row>>)
    .insertInto('leads')
    .values([...rows])
    .returning('id')
    .execute();
  return ids.map((r) => Number(r.id));
}

/** The highest id of the table (0 when it is empty): a load's own ids come after it. */
export async function maxId(db: Executor, table: 'customers' | 'leads'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/**
 * PostgreSQL: moves the tables' id sequences past the ids a load gave itself, so the app's next
 * row does not collide. (SQLite takes the highest id plus one by itself.)
 */
export async function resetIdSequences(
  trx: Executor,
  tables: readonly ('customers' | 'leads')[],
): Promise<void> {
  for (const table of tables)
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      trx,
    );
}

/** Each lead without a customer gets one by its phone, as the app links them when it writes a lead. */
export async function linkLeadsByPhone(trx: Executor): Promise<void> {
  await sql`insert into customers (name, phone, created_at, updated_at)
    select min(name), phone, min(created_at), min(created_at) from leads
    where customer_id is null and phone is not null group by phone
    on conflict do nothing`.execute(trx);
  await sql`update leads set customer_id =
    (select c.id from customers c where c.phone = leads.phone and c.merged_into is null)
    where customer_id is null`.execute(trx);
}

/** The planner's figures for every table (`analyze`, either engine; in a transaction on PostgreSQL). */
export async function analyze(db: Executor): Promise<void> {
  await sql`analyze`.execute(db);
}

/**
 * PostgreSQL: what autovacuum does on its own shortly after a bulk load in production (`vacuum
 * analyze`; not in a transaction).
 */
export async function vacuumAnalyze(db: Kysely<DB>): Promise<void> {
  await sql`vacuum analyze`.execute(db);
}

/** The customers with the most leads (`limit` of them), and every customer with fewer than `fewer`. */
export async function customersByLeadCount(
  db: Executor,
  limit: number,
  fewer: number,
): Promise<{ heaviest: number[]; lighter: number[] }> {
  const heaviest = await db
    .selectFrom('customers')
    .select('id')
    .orderBy('lead_count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  const lighter = await db
    .selectFrom('customers')
    .select('id')
    .where('lead_count', '<', fewer)
    .orderBy('id')
    .execute();
  return { heaviest: heaviest.map((r) => r.id), lighter: lighter.map((r) => r.id) };
}

/** The quote views counted on every lead. */
export async function totalQuoteViews(db: Executor): Promise<number> {
  const { views } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.sum<number>('quote_views').as('views'))
    .executeTakeFirstOrThrow();
  return Number(views);
}
