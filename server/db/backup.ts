/**
 * The database's part of a backup (issue 49 item 5, decision 0197): a copy made while the site
 * runs, its facts (the counts a restore checks, the schema version), and the way back into an
 * empty database.
 *
 * SQLite: SQLite's online backup API (node:sqlite `backup`), all pages in one step from a read
 * transaction of its own: in WAL mode writers go on meanwhile, and the copy is the database as it
 * was when the step began. PostgreSQL: `pg_dump` of the connection's own schema (a database may
 * hold several: other apps', the test suites'), in its custom format, restored with `pg_restore`
 * into the target's own schema whatever its name.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { DatabaseSync, backup as sqliteBackup } from 'node:sqlite';
import { sql, type Kysely } from 'kysely';
import type { Database } from './index.ts';
import type { DB } from './schema.ts';

/** What a backup records of the database, and a restore finds again. */
export type DatabaseCounts = {
  leads: number;
  customers: number;
  /** texts and e-mails sent or waiting (outgoing_messages) */
  messages: number;
  /** texts customers sent us (sms_inbound) */
  textsReceived: number;
  leadPhotos: number;
};

const COUNTED: Record<keyof DatabaseCounts, string> = {
  leads: 'leads',
  customers: 'customers',
  messages: 'outgoing_messages',
  textsReceived: 'sms_inbound',
  leadPhotos: 'lead_photos',
};

export async function countRows(db: Kysely<DB>): Promise<DatabaseCounts> {
  const counts = {} as DatabaseCounts;
  for (const [name, table] of Object.entries(COUNTED) as [keyof DatabaseCounts, string][]) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The last migration applied (the schema's version), or '' on a database without any. */
export async function schemaVersion(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? '';
}

/** The PostgreSQL schema the connection works in (its search path's first). */
export async function currentSchema(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new Error('The PostgreSQL connection has no schema to work in (search_path).');
  return name;
}

/** Whether the database holds no table of ours (nothing at all in the connection's schema). */
export async function isEmpty(database: Database): Promise<boolean> {
  if (database.engine === 'sqlite') {
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      database.db,
    );
    return Number(rows[0]?.n ?? 0) === 0;
  }
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from pg_catalog.pg_class c
    join pg_catalog.pg_namespace s on s.oid = c.relnamespace
    where s.nspname = current_schema() and c.relkind in ('r', 'v', 'm', 'S', 'p')`.execute(database.db);
  return Number(rows[0]?.n ?? 0) === 0;
}

/** Copies the live SQLite database at `file` to `to` (a new file) while it is in use. */
export async function copySqlite(file: string, to: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`There is no database at ${file}.`);
  const source = new DatabaseSync(file, { readOnly: true, timeout: 30_000 });
  try {
    // every page in one step: a step that is cut by a write starts over, so small steps under a
    // steady stream of leads might never finish; one step reads one consistent snapshot
    await sqliteBackup(source, to, { rate: 2 ** 31 - 1 });
  } finally {
    source.close();
  }
}

/**
 * libpq's settings for a DATABASE_URL: the password goes in the environment (PGPASSWORD), not on
 * a command line every user of the machine can read.
 */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // libpq reads %20 as a space, never '+' (URLSearchParams writes `options=-c search_path=x` with '+')
  parsed.search = [...parsed.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL client program; rejects with its own words when it fails. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'ENOENT'
            ? `${program} was not found: install the PostgreSQL client programs.`
            : e.message,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${program} failed: ${err.trim() || `exit code ${code}`}`)),
    );
  });
}

/** What a backup records of the database it copied. */
export type DatabaseFacts = { counts: DatabaseCounts; schemaVersion: string; postgresSchema?: string };

/**
 * pg_dump of the connection's own schema (custom format) of the database at `url` to the file
 * `to`, and the counts of the same snapshot: a transaction here exports its snapshot, counts in
 * it, and pg_dump reads that snapshot (--snapshot) while the transaction stays open.
 */
export async function dumpPostgres(db: Kysely<DB>, url: string, to: string): Promise<DatabaseFacts> {
  const { dbname, env } = libpq(url);
  return db.connection().execute(async (connection) => {
    await sql`begin isolation level repeatable read, read only`.execute(connection);
    try {
      // the web pool ends a transaction idle for 15 s (decision 0090); this one waits for pg_dump
      await sql`set local idle_in_transaction_session_timeout = 0`.execute(connection);
      const snapshot = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(connection))
        .rows[0]!.id;
      const facts = {
        counts: await countRows(connection),
        schemaVersion: await schemaVersion(connection),
        postgresSchema: await currentSchema(connection),
      };
      await run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${snapshot}`,
          `--schema=${facts.postgresSchema}`,
          `--file=${to}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      return facts;
    } finally {
      await sql`rollback`.execute(connection).catch(() => {});
    }
  });
}

/**
 * The facts of a SQLite file (a backup's copy, or a restored database) and its integrity check;
 * the copy is also made a file of its own (no write-ahead log beside it).
 */
export function sqliteFacts(file: string): DatabaseFacts & { integrity: string } {
  const db = new DatabaseSync(file);
  try {
    db.exec('pragma journal_mode = delete');
    const rows = db.prepare('pragma integrity_check').all() as { integrity_check: string }[];
    const counts = {} as DatabaseCounts;
    for (const [name, table] of Object.entries(COUNTED) as [keyof DatabaseCounts, string][]) {
      counts[name] = Number((db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n);
    }
    const version = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    return {
      counts,
      schemaVersion: version?.name ?? '',
      integrity: rows.map((r) => r.integrity_check).join('; '),
    };
  } finally {
    db.close();
  }
}

/** The stored photos the leads name (lead_photos), for a restore to find each one. */
export async function leadPhotoKeys(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('lead_photos').select('storage_key').execute();
  return rows.map((r) => r.storage_key);
}

/**
 * Loads a pg_dump of schema `from` into the target's (empty) own schema. pg_restore makes the
 * tables in a schema of the dump's name; when the target's is another, they are moved to it and
 * the dump's schema goes. One transaction: a failure leaves the target as empty as it was.
 */
export async function restorePostgres(database: Database, url: string, dump: string, from: string) {
  const target = await currentSchema(database.db);
  const { dbname, env } = libpq(url);
  // the dump's own CREATE SCHEMA is left out: the schema is made here (or is the target itself)
  const list = (await run('pg_restore', ['--list', dump], env))
    .split('\n')
    .filter((line) => !/^\d+;\s*\d+\s+\d+\s+(SCHEMA|COMMENT - SCHEMA)\s/.test(line))
    .join('\n');
  const listFile = `${dump}.list`;
  fs.writeFileSync(listFile, list);
  let made = false;
  try {
    if (target !== from) {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from pg_catalog.pg_namespace where nspname = ${from}`.execute(database.db);
      if (Number(rows[0]?.n) > 0)
        throw new Error(
          `The target database already has a schema named ${from} (the backup's): restore into a database without it.`,
        );
      await sql`create schema ${sql.id(from)}`.execute(database.db);
      made = true;
    }
    // the leads' search index uses pg_trgm, which lives outside the dumped schema (migration 0004)
    await sql`create extension if not exists pg_trgm with schema public`.execute(database.db).catch(() => {});
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--use-list=${listFile}`,
        `--dbname=${dbname}`,
        dump,
      ],
      env,
    );
    if (target !== from) await moveSchema(database.db, from, target);
  } catch (err) {
    // the restore's own transaction left nothing; the schema made for it goes too, so the target is
    // as empty as it was and the next attempt may begin
    if (made) await sql`drop schema if exists ${sql.id(from)} cascade`.execute(database.db).catch(() => {});
    throw err;
  } finally {
    fs.rmSync(listFile, { force: true });
  }
}

/** Moves every table and view of schema `from` (their indexes and sequences with them) to `to`. */
async function moveSchema(db: Kysely<DB>, from: string, to: string) {
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
      join pg_catalog.pg_namespace s on s.oid = c.relnamespace
      where s.nspname = ${from} and c.relkind in ('r', 'v', 'p')`.execute(tx);
    for (const { name, kind } of rows) {
      const what = kind === 'v' ? sql.raw('view') : sql.raw('table');
      await sql`alter ${what} ${sql.id(from, name)} set schema ${sql.id(to)}`.execute(tx);
    }
    // the trigger functions were made with their schema as their search path (migrations 0004, 0015)
    const functions = await sql<{ signature: string; name: string }>`
      select p.oid::regprocedure::text as signature, p.proname as name from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace s on s.oid = p.pronamespace where s.nspname = ${from}`.execute(tx);
    for (const { signature } of functions.rows) {
      // regprocedure's text names the function as the search path sees it: qualified by `from`
      await sql`alter function ${sql.raw(signature)} set schema ${sql.id(to)}`.execute(tx);
    }
    const moved = await sql<{ signature: string }>`
      select p.oid::regprocedure::text as signature from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace s on s.oid = p.pronamespace
      where s.nspname = ${to} and p.proconfig is not null`.execute(tx);
    for (const { signature } of moved.rows) {
      await sql`alter function ${sql.raw(signature)} set search_path = ${sql.id(to)}`.execute(tx);
    }
    await sql`drop schema ${sql.id(from)}`.execute(tx);
  });
}
