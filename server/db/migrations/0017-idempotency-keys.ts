/**
 * Keys that make a retry change nothing (issue 47 item 7, decision 0179): one row per key a keyed
 * change was made under, in its scope (the change, its lead and who made it), with the hash of the
 * request and the first answer (JSON), written in the change's own transaction. The primary key
 * on (scope, key) is what makes two posts with one key one change; rows older than a day are
 * swept by `created_at`.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function idempotencyKeys(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        // null only inside the transaction that claimed the key, until its change is made
        .addColumn('answer', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  };
}
