/**
 * Staff push notifications (issue 51 item 4, decision 0205): each browser's subscription
 * (`push_subscriptions`: the push service's endpoint and the browser's two keys, whose person and
 * session it belongs to: ending the session removes it, by the foreign key), each person's choices
 * (`users.push_kinds`, a JSON list; null: every kind), and the notifications waiting to go
 * (`push_jobs`: written in the transaction of their event, claimed by one process, removed once the
 * push service has them). The server's VAPID key pair is a `settings` row.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function push(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  const id = (name: string, db: Kysely<unknown>) => {
    const table = db.schema.createTable(name);
    return engine === 'postgres'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table users add column push_kinds text`.execute(db);
      await id('push_subscriptions', db)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_hash', 'text', (c) =>
          c.notNull().references('sessions.id_hash').onDelete('cascade'),
        )
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_session_idx')
        .on('push_subscriptions')
        .column('session_hash')
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user_idx')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      await id('push_jobs', db)
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('push_subscriptions.id').onDelete('cascade'),
        )
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('claimed_at', ts)
        .execute();
      await db.schema
        .createIndex('push_jobs_due_idx')
        .on('push_jobs')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('push_jobs_subscription_idx')
        .on('push_jobs')
        .column('subscription_id')
        .execute();
    },
  };
}
