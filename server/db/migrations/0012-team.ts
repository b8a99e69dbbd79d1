/**
 * The team (issue 30 item 5, decision 0160): each account is the owner's or a staff member's
 * (`role`; the first account, the one ensured at start, becomes the owner), an account can be
 * disabled without being deleted (its history keeps its name), and the audit log records who
 * changed what and when (sign-ins, prices, statuses, accounts), with the value before and after.
 * Safe on a live database: two columns with defaults, one UPDATE of one row, one new table.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function team(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('staff'))
        .execute();
      await db.schema.alterTable('users').addColumn('disabled_at', ts).execute();
      await sql`update users set role = 'owner' where id = (select min(id) from users)`.execute(db);

      const audit = db.schema.createTable('audit_log');
      await (
        engine === 'postgres'
          ? audit.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : audit.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('at', ts, (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
      await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
      await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor', 'at']).execute();
    },
  };
}
