/**
 * DATABASE_TIMEOUT_MS reaches the connections (issue 27 item 6): SQLite waits that long for
 * another connection's lock, PostgreSQL cancels a statement after that long; the other PostgreSQL
 * limits keep their proportions; a maintenance connection still has none. The fault tests
 * (tests/api/db-faults.test.ts) rely on it to see a locked or silent database sooner.
 */
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eachEngine } from '../../tests/support/databases.ts';
import { isDatabaseUnavailable } from './faults.ts';
import { openDatabase, openMaintenance, PG_TIMEOUTS, pgTimeouts } from './index.ts';

describe('pgTimeouts', () => {
  it('gives the figures of decision 0090 for the default 5 s, and the same proportions for another', () => {
    expect(pgTimeouts(5_000)).toEqual(PG_TIMEOUTS);
    expect(pgTimeouts(1_000)).toEqual({
      ...PG_TIMEOUTS,
      connectionTimeoutMillis: 600,
      statementTimeoutMs: 1_000,
      queryTimeoutMs: 1_200,
    });
  });
});

const SHORT_MS = 400;

eachEngine(
  'the database timeout',
  (ctx, engine) => {
    it(`is ${SHORT_MS} ms when DATABASE_TIMEOUT_MS says so, not the default 5 s`, async () => {
      const { config } = ctx().t;
      expect(config.databaseTimeoutMs).toBe(SHORT_MS);
      const database = openDatabase(config.database, { poolSize: 1, timeoutMs: config.databaseTimeoutMs });
      try {
        const started = performance.now();
        let error: unknown;
        if (engine === 'sqlite') {
          if (config.database.kind !== 'sqlite') throw new Error('expected SQLite');
          // another connection holds the write lock for longer than the timeout
          const holder = new DatabaseSync(config.database.file);
          holder.exec('BEGIN EXCLUSIVE');
          try {
            await sql`create table waited (id integer)`.execute(database.db).catch((err: unknown) => {
              error = err;
            });
          } finally {
            holder.exec('ROLLBACK');
            holder.close();
          }
        } else {
          await sql`select pg_sleep(3)`.execute(database.db).catch((err: unknown) => {
            error = err;
          });
        }
        const ms = performance.now() - started;
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(SHORT_MS - 50);
        expect(ms).toBeLessThan(2_500);
      } finally {
        await database.close();
      }
    });

    if (engine === 'postgres') {
      it('leaves the maintenance connection without a statement timeout', async () => {
        const database = openDatabase(ctx().t.config.database, { poolSize: 1, timeoutMs: SHORT_MS });
        const maintenance = openMaintenance(database)!;
        try {
          const shown = sql<{ statement_timeout: string }>`show statement_timeout`;
          expect((await shown.execute(maintenance.db)).rows[0]?.statement_timeout).toBe('0');
          expect((await shown.execute(database.db)).rows[0]?.statement_timeout).toBe(`${SHORT_MS}ms`);
        } finally {
          await maintenance.close();
          await database.close();
        }
      });
    }
  },
  { DATABASE_TIMEOUT_MS: String(SHORT_MS) },
);
