/**
 * Limits shared by every process (issue 14, decision 0092): the request rate limits' fixed-window
 * counters, and the sign-in throttle's failures and locks. In the database, so several processes or
 * machines count once and a restart forgets nothing. Times are epoch milliseconds (integers on both
 * engines), so the atomic upserts compare and add them the same way in SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function sharedLimits(engine: Engine) {
  const ms = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('resets_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_resets_idx').on('rate_limits').column('resets_at').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('failed_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_key_idx')
        .on('login_failures')
        .columns(['key', 'failed_at'])
        .execute();

      await db.schema
        .createTable('login_locks')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('locked_until', ms, (c) => c.notNull())
        .execute();
    },
  };
}
