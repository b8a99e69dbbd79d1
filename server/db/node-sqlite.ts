/**
 * Lets Kysely's SqliteDialect drive Node's built-in `node:sqlite` (no native addon to build).
 * node:sqlite binds no booleans, so they are stored as 0/1, as SQLite itself does.
 * Prepared statements are kept by their SQL and reused: Kysely asks for a new one for every query,
 * and preparing cost as much CPU as running the query on the pages' reads (docs/performance.md).
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';

function bindable(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/** Statements kept at most (distinct SQL texts: Kysely's are few, `in (?, ?…)` lists vary). */
export const STATEMENTS_KEPT = 500;

/** DDL changes what a kept statement's columns are: every kept statement is dropped before it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type Prepared = { statement: StatementSync; names: string[] };

/** How long a statement waits for another connection's lock before SQLITE_BUSY (DATABASE_TIMEOUT_MS) */
const BUSY_TIMEOUT_MS = 5_000;

export function openNodeSqlite(
  file: string,
  options: { busyTimeoutMs?: number } = {},
): { raw: DatabaseSync; database: SqliteDatabase } {
  const raw = new DatabaseSync(file, {
    enableForeignKeyConstraints: true,
    timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
  });
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  /** Kept statements by SQL, oldest use first (a Map keeps insertion order; a use re-inserts). */
  const kept = new Map<string, Prepared>();

  function prepared(sql: string): Prepared {
    const hit = kept.get(sql);
    if (hit) {
      kept.delete(sql);
      kept.set(sql, hit);
      return hit;
    }
    if (SCHEMA_CHANGE.test(sql)) kept.clear();
    // Kysely begins transactions with a plain (deferred) BEGIN. With several processes on one file
    // (WEB_CONCURRENCY), a deferred transaction that reads and then writes fails at once with
    // SQLITE_BUSY when another process wrote in between; IMMEDIATE takes the write lock at the
    // start, waiting up to the busy timeout, so transactions of several processes queue up instead.
    const statement = raw.prepare(sql === 'begin' ? 'begin immediate' : sql);
    // Rows as arrays, made into plain objects here: node:sqlite's own row objects have a null
    // prototype (plain objects behave like pg's rows everywhere), and copying them costs about
    // three times as much as building the object from the array (decision 0050).
    statement.setReturnArrays(true);
    const entry = { statement, names: statement.columns().map((column) => column.name) };
    if (SCHEMA_CHANGE.test(sql)) return entry;
    if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(sql, entry);
    return entry;
  }

  const database: SqliteDatabase = {
    close: () => {
      kept.clear();
      raw.close();
    },
    prepare(sql) {
      const entry = prepared(sql);
      const toObject = (values: unknown) => {
        // a table changed by SQL that bypassed this adapter (raw.exec): read the columns again
        if ((values as unknown[]).length !== entry.names.length) {
          entry.names = entry.statement.columns().map((column) => column.name);
        }
        const { names } = entry;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) row[names[i]!] = (values as unknown[])[i];
        return row;
      };
      return {
        reader: entry.names.length > 0,
        all: (params) => entry.statement.all(...params.map(bindable)).map(toObject),
        run: (params) => entry.statement.run(...params.map(bindable)),
        iterate: function* (params) {
          // a statement of its own: a kept one could be reset by another query between two rows
          const own = raw.prepare(sql);
          own.setReturnArrays(true);
          for (const values of own.iterate(...params.map(bindable))) yield toObject(values);
        },
      };
    },
  };
  return { raw, database };
}
