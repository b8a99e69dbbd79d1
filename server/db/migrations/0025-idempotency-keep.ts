/**
 * Each retry key keeps its own end (issue 51 item 2, decision 0207): `kept_until`, set when the key
 * is claimed from how long its change's retries may come (a day for the staff's changes, decision
 * 0179; weeks for a request kept on a customer's phone). The sweep and the claim read it instead of
 * a day after `created_at`; keys made before this migration keep their day.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function idempotencyKeep(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`alter table idempotency_keys add column kept_until timestamptz`.execute(db);
        await sql`update idempotency_keys set kept_until = created_at + interval '1 day'`.execute(db);
        await sql`alter table idempotency_keys alter column kept_until set not null`.execute(db);
      } else {
        // SQLite adds a not-null column only with a default; every row gets its own at once
        await sql`alter table idempotency_keys add column kept_until text not null default ''`.execute(db);
        await sql`update idempotency_keys set kept_until = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 day')`.execute(
          db,
        );
      }
      await db.schema.dropIndex('idempotency_keys_created_idx').execute();
      await db.schema
        .createIndex('idempotency_keys_kept_until_idx')
        .on('idempotency_keys')
        .column('kept_until')
        .execute();
    },
  };
}
