/**
 * Lets Kysely's SqliteDialect drive Node's built-in `node:sqlite` (no native addon to build).
 * node:sqlite binds no booleans, so they are stored as 0/1, as SQLite itself does.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';

function bindable(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

export function openNodeSqlite(file: string): { raw: DatabaseSync; database: SqliteDatabase } {
  const raw = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(sql) {
      // Kysely begins transactions with a plain (deferred) BEGIN. With several processes on one file
      // (WEB_CONCURRENCY), a deferred transaction that reads and then writes fails at once with
      // SQLITE_BUSY when another process wrote in between; IMMEDIATE takes the write lock at the
      // start, waiting up to the busy timeout, so transactions of several processes queue up instead.
      const statement = raw.prepare(sql === 'begin' ? 'begin immediate' : sql);
      const names = statement.columns().map((column) => column.name);
      // Rows as arrays, made into plain objects here: node:sqlite's own row objects have a null
      // prototype (plain objects behave like pg's rows everywhere), and copying them costs about
      // three times as much as building the object from the array (decision 0050).
      statement.setReturnArrays(true);
      const toObject = (values: unknown) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) row[names[i]!] = (values as unknown[])[i];
        return row;
      };
      return {
        reader: names.length > 0,
        all: (params) => statement.all(...params.map(bindable)).map(toObject),
        run: (params) => statement.run(...params.map(bindable)),
        iterate: function* (params) {
          for (const values of statement.iterate(...params.map(bindable))) yield toObject(values);
        },
      };
    },
  };
  return { raw, database };
}
