/**
 * Passkeys (issue 49 item 3, decision 0202): a person's WebAuthn credentials (`passkeys`: the
 * credential's id and public key, its signature counter, the name it was given, when it was added
 * and last used), and the challenges of ceremonies under way (`passkey_challenges`: one row per
 * ceremony, used once, a few minutes long), in the database so any process can finish what another
 * began.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function passkeys(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  const ms = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('passkeys');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', ms, (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_used_at', ts)
        .execute();
      await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('expires_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('passkey_challenges_expires_idx')
        .on('passkey_challenges')
        .column('expires_at')
        .execute();
    },
  };
}
