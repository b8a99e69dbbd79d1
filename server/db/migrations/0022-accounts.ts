/**
 * Accounts people manage (issue 49 item 2, decision 0201): `must_change_password`, set when the
 * owner handed the password out (a new staff member's, a reset, the generated first owner's), so
 * the back office asks for a new one before anything else; and `last_sign_in_at`, so the first
 * sign-in says "Welcome" and later ones "Welcome back!". Accounts that signed in before take their
 * last sign-in from the audit log. Safe on a live database: two columns, one UPDATE.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function accounts(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable('users').addColumn('last_sign_in_at', ts).execute();
      await sql`update users set last_sign_in_at = (select max(a.at) from audit_log a
        where a.user_id = users.id and a.action = 'sign_in')`.execute(db);
    },
  };
}
