/**
 * Migrated PostgreSQL schemas for the `eachEngine` blocks (tests/support/databases.ts), each
 * migrated once and then lent to one block after another, put back as it was just after its
 * migration (decision 0185). Creating and migrating a schema, and dropping it, was most of what
 * PostgreSQL did for the database tests: about 0.4 s of its processor time and 2–3 s of a
 * worker's wall time per block, for 91 blocks.
 *
 * A schema goes back to the pool only when it is exactly as it was after its migration:
 * - its definitions are those its migration left: every catalog row that describes it (tables,
 *   columns, defaults, constraints, indexes, triggers, functions, types, sequences, rules,
 *   policies, grants) is the same row, unchanged since (same oid, same xmin), so a block that
 *   created, altered, dropped, turned off or granted anything is not lent again (its schema is
 *   dropped at the end of the run);
 * - every table is emptied (triggers and foreign keys off, as for a restore) and the rows the
 *   migrations wrote are put back;
 * - every sequence is set back to where the migrations left it.
 * A block therefore starts, as before, on a state of its own that no earlier block can reach.
 * Each worker keeps its own pool and its own connection for this work (a schema is never shared
 * by two processes); a block that opens while another holds the worker's schema gets a new one.
 * The schemas are named after the run, and the run's global setup drops them all at its end
 * (tests/support/global-setup.ts). createTestDatabase still creates and migrates a fresh schema,
 * as the server does on an empty database: the tests that call it (and the migrations' own tests)
 * keep that path tested.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type PooledSchema = { name: string; url: string };

/** What a schema looked like right after its migration. */
type Fresh = {
  /** its catalog rows (see CATALOG_ROWS) */
  catalog: string;
  tables: string[];
  /** rows the migrations wrote, as JSON, by table */
  rows: Map<string, { columns: string[]; json: string }>;
  /** `setval` arguments of every sequence */
  sequences: { name: string; value: string; called: boolean }[];
};

type Pool = {
  idle: PooledSchema[];
  fresh: Map<string, Fresh>;
  /** the worker's own connection for this work (search_path set per schema) */
  client?: Promise<pg.Client>;
  /** whether this role may turn triggers off (session_replication_role, a superuser's) */
  replica?: boolean;
};

const POOLS_KEY = Symbol.for('phmb.test-schema-pool');
function pool(base: string): Pool {
  const all = ((globalThis as Record<symbol, Map<string, Pool>>)[POOLS_KEY] ??= new Map());
  let one = all.get(base);
  if (!one) all.set(base, (one = { idle: [], fresh: new Map() }));
  return one;
}

/** The prefix of the schemas of one run, given by global setup. */
export function pooledSchemaPrefix(run: string) {
  return `tp_${run}_`;
}

export function schemaUrl(base: string, name: string) {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${name}`);
  return url.toString();
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The worker's connection for setting schemas up and back, opened once: a new connection's first
 * catalog query costs PostgreSQL about 0.1 s of processor time. It does not keep the worker alive.
 */
function connection(own: Pool, base: string): Promise<pg.Client> {
  own.client ??= (async () => {
    const client = new pg.Client({ connectionString: base });
    // a connection lost (a restarted server) is opened again for the next schema
    client.on('error', () => (own.client = undefined));
    client.on('end', () => (own.client = undefined));
    await client.connect();
    (client as unknown as { connection: { stream: { unref?(): void } } }).connection.stream.unref?.();
    return client;
  })().catch((err: unknown) => {
    own.client = undefined;
    throw err;
  });
  return own.client;
}

async function inSchema<T>(own: Pool, base: string, name: string, work: (client: pg.Client) => Promise<T>) {
  const client = await connection(own, base);
  await client.query(`set search_path = ${ident(name)}`);
  return work(client);
}

/**
 * The catalog rows that describe the schema, each by oid and the transaction that wrote it
 * (xmin), in one hash. Any change to a definition writes a new row version (a new xmin) or adds
 * or removes a row; emptying tables with DELETE and setting sequences writes none.
 */
const CATALOG_ROWS = `
with ns as (select oid from pg_namespace where nspname = current_schema()),
  rels as (select oid, xmin from pg_class where relnamespace = (select oid from ns)),
  types as (select oid, xmin from pg_type where typnamespace = (select oid from ns))
select md5(coalesce(string_agg(line, ',' order by line), '')) as catalog from (
  select 'namespace ' || oid || ':' || xmin as line from pg_namespace where oid = (select oid from ns)
  union all select 'class ' || oid || ':' || xmin from rels
  union all select 'attribute ' || attrelid || '.' || attnum || ':' || xmin
    from pg_attribute where attrelid in (select oid from rels)
  union all select 'default ' || oid || ':' || xmin from pg_attrdef where adrelid in (select oid from rels)
  union all select 'constraint ' || oid || ':' || xmin from pg_constraint where connamespace = (select oid from ns)
  union all select 'index ' || indexrelid || ':' || xmin from pg_index where indrelid in (select oid from rels)
  union all select 'trigger ' || oid || ':' || xmin from pg_trigger where tgrelid in (select oid from rels)
  union all select 'function ' || oid || ':' || xmin from pg_proc where pronamespace = (select oid from ns)
  union all select 'type ' || oid || ':' || xmin from types
  union all select 'enum ' || oid || ':' || xmin from pg_enum where enumtypid in (select oid from types)
  union all select 'sequence ' || seqrelid || ':' || xmin from pg_sequence where seqrelid in (select oid from rels)
  union all select 'rule ' || oid || ':' || xmin from pg_rewrite where ev_class in (select oid from rels)
  union all select 'policy ' || oid || ':' || xmin from pg_policy where polrelid in (select oid from rels)
) lines`;

async function catalogOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ catalog: string }>(CATALOG_ROWS);
  return rows[0]!.catalog;
}

/** Reads what the migrations left in a freshly migrated schema. */
async function readFresh(client: pg.Client): Promise<Fresh> {
  const catalog = await catalogOf(client);
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
       array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
     from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
       and c.relkind in ('r', 'p')
     group by c.relname order by c.relname`,
  );
  const rows = new Map<string, { columns: string[]; json: string }>();
  if (tables.length) {
    const { rows: contents } = await client.query<{ name: string; json: string | null }>(
      tables
        .map(
          (t) =>
            `select ${literal(t.name)} as name, (select json_agg(r)::text from ${ident(t.name)} r) as json`,
        )
        .join(' union all '),
    );
    for (const { name, json } of contents) {
      if (json) rows.set(name, { columns: tables.find((t) => t.name === name)!.columns, json });
    }
  }
  const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(
    `select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
     from pg_sequences where schemaname = current_schema() order by sequencename`,
  );
  return { catalog, tables: tables.map((t) => t.name), rows, sequences };
}

/**
 * The statements that put a schema back as it was after its migration. With `replica`, triggers
 * and foreign keys are off while the rows go and come back (as pg_restore does), and no catalog
 * row is written; without (a role that may not), TRUNCATE, which gives the tables new files.
 */
function resetStatements(fresh: Fresh, replica: boolean): string {
  const statements = ['begin'];
  if (replica) {
    statements.push('set local session_replication_role = replica');
    for (const table of fresh.tables) statements.push(`delete from ${ident(table)}`);
  } else if (fresh.tables.length) {
    statements.push(`truncate table ${fresh.tables.map(ident).join(', ')}`);
  }
  for (const [table, { columns, json }] of fresh.rows) {
    const list = columns.map(ident).join(', ');
    statements.push(
      `insert into ${ident(table)} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${ident(table)}, ${literal(json)})`,
    );
  }
  for (const s of fresh.sequences) {
    statements.push(`select setval(${literal(ident(s.name))}, ${s.value}, ${s.called})`);
  }
  statements.push('commit');
  return statements.join(';\n');
}

/** Whether this role may set session_replication_role (asked once per worker). */
async function mayUseReplica(own: Pool, client: pg.Client): Promise<boolean> {
  if (own.replica === undefined) {
    const { rows } = await client.query<{ may: boolean }>(
      `select rolsuper as may from pg_roles where rolname = current_user`,
    );
    own.replica = rows[0]?.may === true;
  }
  return own.replica;
}

/**
 * A migrated schema for one block: one the worker's pool kept, else a new one, created and
 * migrated by `migrate` (the project's migrations, as createTestDatabase runs them).
 */
export async function acquireSchema(
  base: string,
  run: string,
  migrate: (url: string) => Promise<void>,
): Promise<PooledSchema> {
  const own = pool(base);
  const kept = own.idle.pop();
  if (kept) return kept;
  const name = `${pooledSchemaPrefix(run)}${randomBytes(4).toString('hex')}`;
  await (await connection(own, base)).query(`create schema ${ident(name)}`);
  const schema = { name, url: schemaUrl(base, name) };
  await migrate(schema.url);
  own.fresh.set(name, await inSchema(own, base, name, readFresh));
  return schema;
}

/**
 * Gives a block's schema back once the block closed its connections: emptied and lent again if
 * its definitions are those of its migration, else left for the run's end to drop. Never throws:
 * a schema that cannot be put back is simply not lent again.
 */
export async function releaseSchema(base: string, schema: PooledSchema): Promise<boolean> {
  const own = pool(base);
  const fresh = own.fresh.get(schema.name);
  if (!fresh) return false;
  own.fresh.delete(schema.name);
  try {
    const reset = await inSchema(own, base, schema.name, async (client) => {
      if ((await catalogOf(client)) !== fresh.catalog) return false;
      const replica = await mayUseReplica(own, client);
      // a lock still held by a connection the block left open: give up on this schema
      await client.query(`set lock_timeout = '5s'`);
      try {
        await client.query(resetStatements(fresh, replica));
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        await client.query('reset lock_timeout');
      }
      // TRUNCATE wrote the tables' catalog rows anew: those are the ones to compare next time
      if (!replica) fresh.catalog = await catalogOf(client);
      return true;
    });
    if (reset) {
      own.fresh.set(schema.name, fresh);
      own.idle.push(schema);
    }
    return reset;
  } catch {
    return false;
  }
}

/** Drops every schema of a run (global setup's teardown, once the workers are gone). */
export async function dropRunSchemas(base: string, run: string): Promise<number> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
      [pooledSchemaPrefix(run)],
    );
    if (rows.length) await client.query(`drop schema ${rows.map((r) => ident(r.name)).join(', ')} cascade`);
    return rows.length;
  } finally {
    await client.end();
  }
}
