/**
 * The sign-in throttle counts per account and client, and per client (issue 47 item 2, decision
 * 0176): one row per key with its count of failures, the last one's time and the end of its wait,
 * updated under a row lock so every process counts each attempt once. It replaces the per-username
 * lockout's tables (a row per failure, and locks); their rows only ever held the last 15 minutes'
 * failures, so nothing worth keeping goes with them.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function signInThrottle(engine: Engine) {
  const ms = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failed_at', ms, (c) => c.notNull())
        .addColumn('wait_until', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_throttle_last_failed_idx')
        .on('login_throttle')
        .column('last_failed_at')
        .execute();
      await db.schema.dropTable('login_failures').execute();
      await db.schema.dropTable('login_locks').execute();
    },
  };
}
