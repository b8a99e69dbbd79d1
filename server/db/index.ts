/**
 * Opens the database named by the configuration (SQLite file or PostgreSQL) as one Kysely
 * instance, and runs the migrations. Nothing outside server/services should import this.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Engine } from './engine.ts';
import { migrationProvider } from './migrations/index.ts';
import { openNodeSqlite } from './node-sqlite.ts';
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

export function openDatabase(database: Config['database'], options: { poolSize?: number } = {}): Database {
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const { database: sqlite } = openNodeSqlite(database.file);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, engine: 'sqlite', close: () => db.destroy() };
  }
  const driver = loadPg();
  const pool = new driver.Pool({
    connectionString: database.url,
    max: options.poolSize ?? 10,
    types: pgTypes(driver),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrate(database: Database): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema it can see; name ours, so a database
  // that holds several schemas (other apps, or parallel test suites) never confuses it.
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

/** A cheap round trip, for the health check. */
export async function ping(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
