/**
 * The lead board at 10,000 leads (issue 5, decision 0050):
 *
 * - `search_name` and `phone_digits`: the name and the phone as search compares them, written with
 *   the lead (insertLead) and backfilled here with the same functions, so a search compares stored
 *   text instead of rewriting every phone number of the table on each request.
 * - `leads_board_idx` (status, created_at, id) replaces `leads_status_created_idx` (status,
 *   created_at): one range per board column, newest first when read backwards, with the id that
 *   breaks ties in the index on PostgreSQL too; cursor pages seek to the cursor; the counts per
 *   status read only this narrow index.
 * - `leads_list_idx` (created_at, id, status) + the searched columns replaces `leads_created_idx`:
 *   GET /api/leads in order, and every column a search compares, so a search reads this index
 *   instead of the table.
 * - PostgreSQL only, when pg_trgm is installed or may be (it ships with PostgreSQL): a trigram
 *   index on the two search columns, so a name or phone search of three characters or more
 *   looks its matches up instead of testing every row. Without it searches scan, as on SQLite.
 * - `lead_status_counts` (status, total): how many leads have each status, kept by triggers on
 *   every insert, delete and status change whoever writes, so the board's totals are read, not
 *   counted over the whole table on each request. Backfilled from the leads.
 */
import { sql, type Kysely } from 'kysely';
import { leadSearchName } from '#app/modules/leads/search.ts';
import { phoneDigits } from '#app/modules/site/phone.ts';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

export function leadBoard(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('leads').addColumn('search_name', 'text').execute();
      await db.schema.alterTable('leads').addColumn('phone_digits', 'text').execute();

      // PostgreSQL runs each migration in a transaction; SQLite does not: give the backfill one
      const backfill = async (trx: Kysely<DB>) => {
        const rows = await trx.selectFrom('leads').select(['id', 'name', 'phone']).execute();
        for (const row of rows) {
          await trx
            .updateTable('leads')
            .set({ search_name: leadSearchName(row.name), phone_digits: phoneDigits(row.phone) })
            .where('id', '=', row.id)
            .execute();
        }
      };
      const typed = db as unknown as Kysely<DB>;
      if (typed.isTransaction) await backfill(typed);
      else await typed.transaction().execute(backfill);

      await db.schema.dropIndex('leads_status_created_idx').execute();
      await db.schema
        .createIndex('leads_board_idx')
        .on('leads')
        .columns(['status', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('leads_created_idx').execute();
      await db.schema
        .createIndex('leads_list_idx')
        .on('leads')
        .columns(['created_at', 'id', 'status', 'search_name', 'phone_digits', 'case_number'])
        .execute();

      if (engine === 'postgres') {
        const ops = await trigramOperatorClass(db);
        if (ops)
          await sql`create index leads_search_trgm_idx on leads
            using gin (search_name ${sql.raw(ops)}, phone_digits ${sql.raw(ops)})`.execute(db);
      }

      await db.schema
        .createTable('lead_status_counts')
        .addColumn('status', 'text', (c) => c.primaryKey())
        .addColumn('total', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into lead_status_counts (status, total)
        select status, count(*) from leads group by status`.execute(db);
      if (engine === 'postgres') {
        // the function keeps the schema it was created in (parallel test schemas, say)
        await sql`create function lead_status_counts_track() returns trigger
          language plpgsql set search_path from current as $$
          begin
            if tg_op <> 'INSERT' then
              update lead_status_counts set total = total - 1 where status = old.status;
            end if;
            if tg_op <> 'DELETE' then
              insert into lead_status_counts as c (status, total) values (new.status, 1)
                on conflict (status) do update set total = c.total + 1;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger leads_count_insert_delete after insert or delete on leads
          for each row execute function lead_status_counts_track()`.execute(db);
        await sql`create trigger leads_count_status after update of status on leads
          for each row when (old.status is distinct from new.status)
          execute function lead_status_counts_track()`.execute(db);
      } else {
        await sql`create trigger leads_count_insert after insert on leads begin
            insert into lead_status_counts (status, total) values (new.status, 1)
              on conflict (status) do update set total = total + 1;
          end`.execute(db);
        await sql`create trigger leads_count_delete after delete on leads begin
            update lead_status_counts set total = total - 1 where status = old.status;
          end`.execute(db);
        await sql`create trigger leads_count_status after update of status on leads
          when old.status is not new.status begin
            update lead_status_counts set total = total - 1 where status = old.status;
            insert into lead_status_counts (status, total) values (new.status, 1)
              on conflict (status) do update set total = total + 1;
          end`.execute(db);
      }
    },
  };
}

/**
 * pg_trgm's GIN operator class, named with its schema (a connection's search_path may not include
 * it), installing the extension in `public` if it is not there yet. Undefined when the server does
 * not have it or the role may not install it: searches then scan, correctly and more slowly.
 */
async function trigramOperatorClass(db: Kysely<unknown>): Promise<string | undefined> {
  const installedIn = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  if (!(await installedIn())) {
    // a failure must not abort the migration's transaction: try it behind a savepoint (another
    // database being migrated at the same moment may install it first; then it is there)
    const inTransaction = db.isTransaction;
    if (inTransaction) await sql`savepoint install_pg_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      if (inTransaction) await sql`release savepoint install_pg_trgm`.execute(db);
    } catch {
      if (inTransaction) await sql`rollback to savepoint install_pg_trgm`.execute(db);
    }
  }
  const schema = await installedIn();
  return schema ? `"${schema.replace(/"/g, '""')}".gin_trgm_ops` : undefined;
}
