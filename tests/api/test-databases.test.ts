/**
 * The database of an `eachEngine` block (tests/support/databases.ts) on PostgreSQL: a schema
 * migrated once and lent to one block after another (tests/support/postgres-pool.ts, decision
 * 0185). Each block must still start on the state a fresh migration leaves, whatever the block
 * before it wrote, and a block that changed the schema's definitions never passes them on.
 */
import { sql, type Kysely } from 'kysely';
import { expect, inject, it } from 'vitest';
import { eachEngine } from '../support/databases.ts';

type State = { schema: string; definitions: string; rows: string; sequences: string };

/** Everything a block could see of its schema: its definitions, every row, every sequence. */
async function stateOf(db: Kysely<unknown>): Promise<State> {
  const { rows } = await sql<{ schema: string; tables: string[] }>`
    select current_schema() as schema, array_agg(relname::text order by relname) as tables
    from pg_class where relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and relkind in ('r', 'p')`.execute(db);
  const { schema, tables } = rows[0]!;
  const contents: string[] = [];
  for (const table of tables) {
    // when a migration ran differs from one schema to the next; which ran does not
    const { rows: all } = await (
      table === 'kysely_migration'
        ? sql<{
            json: string | null;
          }>`select json_agg(name order by name)::text as json from kysely_migration`
        : sql<{
            json: string | null;
          }>`select json_agg(r order by r::text)::text as json from ${sql.table(table)} r`
    ).execute(db);
    contents.push(`${table}: ${all[0]!.json ?? '[]'}`);
  }
  const { rows: sequences } = await sql<{ line: string }>`
    select sequencename || ' ' || coalesce(last_value::text, 'unused') as line
    from pg_sequences where schemaname = current_schema() order by sequencename`.execute(db);
  const { rows: definitions } = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(column_default, '') as line
    from information_schema.columns where table_schema = current_schema()
    union all
    select indexname || ' ' || indexdef from pg_indexes where schemaname = current_schema()
    union all
    select trigger_name || ' ' || event_object_table || ' ' || event_manipulation || ' ' || action_statement
    from information_schema.triggers where trigger_schema = current_schema()
    order by 1`.execute(db);
  return {
    schema,
    // an index's definition names its schema
    definitions: definitions.map((d) => d.line.replaceAll(`${schema}.`, '')).join('\n'),
    rows: contents.join('\n'),
    sequences: sequences.map((s) => s.line).join('\n'),
  };
}

const AT = '2026-12-05T12:00:00.000Z';

/** Writes rows, through triggers and sequences, as a block's tests do (on either engine). */
async function dirty(db: Kysely<unknown>) {
  await sql`insert into cities (slug, name, region) values ('pool-test', 'Pool Test', 'Nowhere')`.execute(db);
  await sql`insert into customers (name, phone, created_at, updated_at)
    values ('A customer', '+12045550100', ${AT}, ${AT})`.execute(db);
  // the lead's triggers write the status counts and the insights' stale days
  await sql`insert into leads (name, phone, created_at, updated_at)
    values ('A lead', '+12045550100', ${AT}, ${AT})`.execute(db);
  await sql`insert into settings (key, value, updated_at) values ('pool-test', '"dirty"', ${AT})`.execute(db);
  await sql`update content_version set version = version + 41`.execute(db);
}

/** What the block before wrote is gone, and ids start again from 1 (on either engine). */
async function expectNothingOfTheBlockBefore(db: Kysely<unknown>) {
  const { rows } = await sql<{ cities: number; settings: number; version: number }>`select
    (select count(*) from cities where slug = 'pool-test') as cities,
    (select count(*) from settings where key = 'pool-test') as settings,
    (select max(version) from content_version) as version`.execute(db);
  expect(rows[0]).toMatchObject({ cities: 0, settings: 0 });
  expect(Number(rows[0]!.version)).toBeLessThan(41);
  const { rows: lead } = await sql<{ id: number }>`insert into leads (name, phone, created_at, updated_at)
    values ('A lead', '+12045550100', ${AT}, ${AT}) returning id`.execute(db);
  expect(lead).toEqual([{ id: 1 }]);
}

const postgres = !!inject('postgresUrl');
let fresh: State | undefined;
let lent: string | undefined;
let changed: string | undefined;

// One file's blocks run one after the other in one worker: the second gets the first's schema.
eachEngine('a block that writes rows', (ctx, engine) => {
  it('starts on a freshly migrated database, then writes', async () => {
    const db = ctx().t.database.db as Kysely<unknown>;
    if (engine === 'postgres') {
      fresh = await stateOf(db);
      lent = fresh.schema;
    }
    await dirty(db);
    if (engine === 'postgres') {
      const after = await stateOf(db);
      expect(after.sequences).not.toBe(fresh!.sequences);
      expect(after.rows).not.toBe(fresh!.rows);
    }
  });
});

eachEngine('the next block', (ctx, engine) => {
  it('sees nothing the block before it wrote', async () => {
    const db = ctx().t.database.db as Kysely<unknown>;
    if (engine === 'postgres') {
      // on PostgreSQL, the same schema, with every row and sequence as its migration left them
      const now = await stateOf(db);
      expect(now.schema).toBe(lent);
      expect(now.rows).toBe(fresh!.rows);
      expect(now.sequences).toBe(fresh!.sequences);
      expect(now.definitions).toBe(fresh!.definitions);
    }
    await expectNothingOfTheBlockBefore(db);
  });
});

eachEngine('a block that changes the definitions', (ctx, engine) => {
  it('adds a column and turns a trigger off', async () => {
    const db = ctx().t.database.db as Kysely<unknown>;
    if (engine === 'postgres') changed = (await stateOf(db)).schema;
    await sql`alter table leads add column left_behind text default 'x'`.execute(db);
    if (engine === 'postgres') await sql`alter table leads disable trigger leads_count_status`.execute(db);
    await dirty(db);
  });
});

eachEngine('the block after it', (ctx, engine) => {
  it('gets a database with the definitions of the migrations', async () => {
    const db = ctx().t.database.db as Kysely<unknown>;
    const { rows: leads } = await sql`select * from leads`.execute(db);
    expect(leads).toEqual([]);
    if (engine === 'postgres') {
      // on PostgreSQL, another schema, freshly migrated
      const now = await stateOf(db);
      expect(now.schema).not.toBe(changed);
      expect(now.definitions).toBe(fresh!.definitions);
      expect(now.rows).toBe(fresh!.rows);
      expect(now.sequences).toBe(fresh!.sequences);
      const { rows } = await sql<{ enabled: string }>`select tgenabled as enabled from pg_trigger
        where tgname = 'leads_count_status' and tgrelid = 'leads'::regclass`.execute(db);
      expect(rows).toEqual([{ enabled: 'O' }]);
    }
    await expectNothingOfTheBlockBefore(db);
    const { rows: lead } = await sql<Record<string, unknown>>`select * from leads`.execute(db);
    expect(Object.keys(lead[0]!)).not.toContain('left_behind');
  });
});

it.skipIf(!postgres)('ran the PostgreSQL blocks', () => {
  expect(lent).toBeDefined();
  expect(changed).toBeDefined();
});
