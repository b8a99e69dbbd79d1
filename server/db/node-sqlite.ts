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
      const statement = raw.prepare(sql);
      const reader = statement.columns().length > 0;
      return {
        reader,
        // node:sqlite rows have a null prototype; plain objects behave like pg's rows everywhere
        all: (params) => statement.all(...params.map(bindable)).map((row) => ({ ...row })),
        run: (params) => statement.run(...params.map(bindable)),
        iterate: function* (params) {
          for (const row of statement.iterate(...params.map(bindable))) yield { ...row };
        },
      };
    },
  };
  return { raw, database };
}
