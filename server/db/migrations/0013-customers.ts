/**
 * Customers, one inbox and follow-ups (issue 30, decision 0161):
 *
 * - `customers`: who asks, matched by phone (E.164) or e-mail (each unique), with what staff edit
 *   (name, company, notes, fleet), what is read from their leads (counts, total spent, first and
 *   last contact; refreshed by the repository when a lead is written or moves), and their
 *   conversation in the inbox (last message, unread, assigned, done).
 * - `leads.customer_id`: left empty here. Existing leads are linked afterwards by every process, a
 *   few hundred per transaction (services/customers.ts `linkWaiting`), so this migration is only
 *   quick DDL on a live database, and a lead written meanwhile by a process of the previous build
 *   is linked the same way a minute later.
 * - `customer_merges`: each merge, with the merged customer as it was.
 * - `settings`: the owner's settings (follow-up texts, review requests), JSON by key.
 * - `leads (status, quote_expires_at)`, `order_lines (done_at)`: what the follow-up pass reads.
 * - `outgoing_messages (lead_id, created_at)`, `sms_inbound (from_phone, created_at)`: a customer's
 *   conversation reads its messages by lead, and its texts about no lead by number.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function customers(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('customers');
      await (
        engine === 'postgres'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('company', 'text')
        .addColumn('phone', 'text', (c) => c.unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('notes', 'text')
        .addColumn('fleet', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('no_reviews', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('merged_into', 'integer')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lead_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_spent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_contact_at', ts)
        .addColumn('last_contact_at', ts)
        .addColumn('last_message_at', ts)
        .addColumn('last_message_preview', 'text')
        .addColumn('last_message_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_inbound_at', ts)
        .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('assigned_user_id', 'integer')
        .addColumn('done_at', ts)
        .addColumn('review_requested_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('customers_last_contact_idx')
        .on('customers')
        .columns(['last_contact_at', 'id'])
        .execute();
      await db.schema
        .createIndex('customers_spent_idx')
        .on('customers')
        .columns(['total_spent', 'id'])
        .execute();
      await db.schema
        .createIndex('customers_inbox_idx')
        .on('customers')
        .columns(['last_message_at', 'id'])
        .execute();
      await db.schema
        .createIndex('customers_unread_idx')
        .on('customers')
        .column('id')
        .where(sql.ref('unread'), '>', 0)
        .execute();

      await db.schema.alterTable('leads').addColumn('customer_id', 'integer').execute();
      await db.schema
        .createIndex('leads_customer_idx')
        .on('leads')
        .columns(['customer_id', 'created_at'])
        .execute();
      // the leads still to link (all of them once, then only what a previous build writes)
      await db.schema
        .createIndex('leads_unlinked_idx')
        .on('leads')
        .column('id')
        .where(sql.ref('customer_id'), 'is', null)
        .execute();

      const merges = db.schema.createTable('customer_merges');
      await (
        engine === 'postgres'
          ? merges.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : merges.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('kept_id', 'integer', (c) => c.notNull())
        .addColumn('merged_id', 'integer', (c) => c.notNull())
        .addColumn('merged', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();

      // the follow-up pass: quotes still open, and orders handed over in the last days
      await db.schema
        .createIndex('leads_quote_expiry_idx')
        .on('leads')
        .columns(['status', 'quote_expires_at'])
        .execute();
      await db.schema.createIndex('order_lines_done_idx').on('order_lines').column('done_at').execute();
      // a customer's texts about no lead (STOP, HELP), found by their number
      await db.schema
        .createIndex('sms_inbound_from_idx')
        .on('sms_inbound')
        .columns(['from_phone', 'created_at'])
        .execute();
      await db.schema
        .createIndex('outgoing_messages_lead_idx')
        .on('outgoing_messages')
        .columns(['lead_id', 'created_at'])
        .execute();
    },
  };
}
