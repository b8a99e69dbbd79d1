/**
 * Opens the database named by the configuration (SQLite file or PostgreSQL) as one Kysely
 * instance, and runs the migrations. Nothing outside server/services should import this.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, SqliteDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { Migrator } from 'kysely/migration';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Engine } from './engine.ts';
import { migrationProvider } from './migrations/index.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.ts';
import type { DB } from './schema.ts';

export type { DB } from './schema.ts';
export type { Engine } from './engine.ts';

export type Database = {
  db: Kysely<DB>;
  engine: Engine;
  close(): Promise<void>;
};

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * The `pg` driver, loaded only when a PostgreSQL database is opened: on the SQLite default it
 * would cost the process ~10 MiB for nothing (the intake memory target, decision 0040).
 */
const loadPg = () => createRequire(import.meta.url)('pg') as typeof pg;

/** PostgreSQL type parsers chosen so rows look exactly like SQLite's. */
function pgTypes(driver: typeof pg): pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID) return (v: string) => new Date(v).toISOString();
      // counts and sums come back as int8/numeric; every number we store fits in a double
      if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
      return driver.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
}

/**
 * Connection settings of the web process (decision 0090). A request must never wait long for a
 * database that has gone away: a connection (or a free pool slot) within 3 s, a statement within
 * 5 s (the server cancels it), and an answer to anything sent within 6 s even if the server or the
 * network went silent. TCP keepalive notices a dead peer on idle connections. These are the
 * figures for the default DATABASE_TIMEOUT_MS (5 s); pgTimeouts() scales the first three with it.
 */
export const PG_TIMEOUTS = {
  connectionTimeoutMillis: 3_000,
  statementTimeoutMs: 5_000,
  queryTimeoutMs: 6_000,
  idleTimeoutMillis: 30_000,
  /** a transaction left open by a stalled process frees its locks after this */
  idleInTransactionMs: 15_000,
} as const;

/** PG_TIMEOUTS for a statement timeout of `statementTimeoutMs` (DATABASE_TIMEOUT_MS): the same proportions. */
export function pgTimeouts(statementTimeoutMs: number) {
  const scale = statementTimeoutMs / PG_TIMEOUTS.statementTimeoutMs;
  return {
    ...PG_TIMEOUTS,
    connectionTimeoutMillis: Math.round(PG_TIMEOUTS.connectionTimeoutMillis * scale),
    statementTimeoutMs,
    queryTimeoutMs: Math.round(PG_TIMEOUTS.queryTimeoutMs * scale),
  };
}

/** How the server's connections show in pg_stat_activity (a DATABASE_URL `application_name` wins). */
export const APPLICATION_NAME = 'parts-hunters-mb';

export type OpenOptions = {
  poolSize?: number;
  /**
   * How long a request waits for the database (config.databaseTimeoutMs, DATABASE_TIMEOUT_MS;
   * default 5 s): SQLite's busy timeout, PostgreSQL's statement timeout (pgTimeouts)
   */
  timeoutMs?: number;
  /** 0 turns the statement and query timeouts off (maintenance work such as migrations) */
  statementTimeoutMs?: number;
  /** where lost connections are reported; console.warn without one */
  logger?: Pick<Logger, 'warn'>;
};

export function openDatabase(database: Config['database'], options: OpenOptions = {}): Database {
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const { database: sqlite } = openNodeSqlite(database.file, { busyTimeoutMs: options.timeoutMs });
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    // one connection, always open, that Kysely lends to one query at a time
    pools.set(db, () => ({ max: 1, open: 1 }));
    return { db, engine: 'sqlite', close: () => db.destroy() };
  }
  const pool = openPool(database.url, options);
  const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool: kyselyPool(pool) }) });
  pools.set(db, () => ({
    max: pool.options.max ?? 10,
    open: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  const opened: Database = { db, engine: 'postgres', close: () => db.destroy() };
  maintenance.set(opened, () => openDatabase(database, { ...options, poolSize: 1, statementTimeoutMs: 0 }));
  return opened;
}

/**
 * A database's connections (GET /metrics, decision 0199): how many it may open and has open; on
 * PostgreSQL also how many are idle and how many queries wait for one. SQLite has one connection
 * and no count of waiting queries.
 */
export type PoolUse = { max: number; open: number; idle?: number; waiting?: number };

const pools = new WeakMap<Kysely<DB>, () => PoolUse>();

/** The connections of the database `db` belongs to, now; undefined for a Kysely opened elsewhere. */
export function poolUse(db: Kysely<DB>): PoolUse | undefined {
  return pools.get(db)?.();
}

/** For each PostgreSQL database: how to open a connection without the web timeouts. */
const maintenance = new WeakMap<Database, () => Database>();

/**
 * A PostgreSQL database's maintenance connection (a pool of one, no statement or query timeout),
 * for work that may rightly wait long; undefined on SQLite. The caller closes it.
 */
export function openMaintenance(database: Database): Database | undefined {
  return maintenance.get(database)?.();
}

function openPool(url: string, options: OpenOptions): pg.Pool {
  const driver = loadPg();
  const timeouts = pgTimeouts(options.timeoutMs ?? PG_TIMEOUTS.statementTimeoutMs);
  const statementTimeout = options.statementTimeoutMs ?? timeouts.statementTimeoutMs;
  const queryTimeout =
    statementTimeout > 0 ? statementTimeout + (timeouts.queryTimeoutMs - timeouts.statementTimeoutMs) : 0;
  const pool = new driver.Pool({
    connectionString: url,
    application_name: APPLICATION_NAME,
    max: options.poolSize ?? 10,
    types: pgTypes(driver),
    connectionTimeoutMillis: timeouts.connectionTimeoutMillis,
    idleTimeoutMillis: PG_TIMEOUTS.idleTimeoutMillis,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout, query_timeout: queryTimeout } : {}),
  });
  // A connection that dies (server restart, failover, pg_terminate_backend, a firewall's idle cut)
  // emits 'error' on its client, and on the pool when it was idle. Unhandled, either one ends the
  // process; handled, the query in flight fails (503) and the pool opens a new connection on demand.
  const logged = new WeakSet<object>();
  const report = (err: Error) => {
    if (logged.has(err)) return;
    logged.add(err);
    const message = 'database connection lost; a new one is opened on the next query';
    if (options.logger) options.logger.warn({ err }, message);
    else console.warn(`${message}: ${err.message}`);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}

/**
 * The pool as Kysely sees it, with one repair: `pg` keeps a connection whose query hit
 * query_timeout (the server or the network went silent, e.g. a failover) and would hand it out
 * again, stuck behind the unanswered query. Such a connection is destroyed when it is released.
 */
function kyselyPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let silent = false;
    const query = (...args: unknown[]) => {
      const result = (client.query as (...a: unknown[]) => unknown).apply(client, args);
      if (result instanceof Promise) {
        return result.catch((err: unknown) => {
          if (err instanceof Error && err.message === 'Query read timeout') silent = true;
          throw err;
        });
      }
      return result;
    };
    return Object.assign(Object.create(client) as PostgresPoolClient, {
      query,
      release: (destroy?: boolean) => {
        const broken = silent;
        silent = false;
        client.release(destroy || broken);
      },
    });
  };
  return {
    // Kysely's query cancellation opens a control connection with this class
    Client: loadPg().Client as unknown as PostgresPool['Client'],
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let adapter = wrapped.get(client);
      if (!adapter) wrapped.set(client, (adapter = wrap(client)));
      return adapter;
    },
    end: () => pool.end(),
  };
}

/**
 * Brings the schema up to date; throws with the failing migration's error. On PostgreSQL it runs
 * on a connection of its own without the web statement timeout: a migration may rewrite a table.
 */
export async function migrate(database: Database): Promise<string[]> {
  const openMaintenance = maintenance.get(database);
  if (!openMaintenance) return migrateOn(database);
  const unbounded = openMaintenance();
  try {
    return await migrateOn(unbounded);
  } finally {
    await unbounded.close();
  }
}

async function migrateOn(database: Database): Promise<string[]> {
  // Kysely's bookkeeping tables go in the connection's own schema, named, and it looks for them
  // there only (own-schema-dialect.ts): a database that holds several schemas (other apps, or
  // parallel test suites) never confuses it.
  const migrationTableSchema =
    database.engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db: database.db as Kysely<unknown>,
    provider: migrationProvider(database.engine),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A cheap round trip, for the health check (server/services/health.ts); rejects with the driver's error. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
