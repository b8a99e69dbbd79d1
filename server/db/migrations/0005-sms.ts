/**
 * Texting (issue 8, decision 0060): texts received from customers, and who an outgoing message is
 * for. `sms_inbound.message_sid` is unique, so a webhook Twilio retries is stored once;
 * `outgoing_messages.audience` tells the customer's conversation (quotes, replies, e-mail copies)
 * from the staff alerts; status callbacks find their message by `provider_id`.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function sms(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('sms_inbound');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('message_sid', 'text', (c) => c.notNull().unique())
        .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
        .addColumn('from_phone', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('media_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('photo_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reply', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sms_inbound_lead_idx')
        .on('sms_inbound')
        .columns(['lead_id', 'created_at'])
        .execute();

      await db.schema
        .alterTable('outgoing_messages')
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('customer'))
        .execute();
      // before texting, every e-mail was a staff alert
      await sql`update outgoing_messages set audience = 'staff' where channel = 'email'`.execute(db);
      await db.schema
        .createIndex('outgoing_messages_provider_idx')
        .on('outgoing_messages')
        .column('provider_id')
        .execute();
    },
  };
}
