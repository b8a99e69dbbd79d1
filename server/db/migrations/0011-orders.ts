/**
 * Orders after a yes (issue 29, decision 0150): the suppliers staff buy from; each ordered lead's
 * purchase lines (a part from a supplier, its step, costs, dates, carrier and tracking number, a
 * `revision` that changes with every write so two staff moving one line at once cannot both win);
 * a lead's switch for automatic texts; and the outbox's `dedupe_key`, unique, so a text that must
 * go out once (a part ready, a reminder) is written once however many processes try.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function orders(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      const suppliers = db.schema.createTable('suppliers');
      await (
        engine === 'postgres'
          ? suppliers.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : suppliers.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('website', 'text')
        .addColumn('account_number', 'text')
        .addColumn('lead_time_days', 'integer')
        .addColumn('notes', 'text')
        .addColumn('archived_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();

      const lines = db.schema.createTable('order_lines');
      await (
        engine === 'postgres'
          ? lines.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : lines.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('part', 'text', (c) => c.notNull())
        .addColumn('supplier_id', 'integer', (c) => c.references('suppliers.id'))
        .addColumn('order_ref', 'text')
        // cents: what the accepted option said it would cost, and what it did
        .addColumn('quoted_cost', 'integer')
        .addColumn('actual_cost', 'integer')
        .addColumn('step', 'text', (c) => c.notNull())
        // the step before the last move, for 'undo last step' (null: nothing to undo)
        .addColumn('previous_step', 'text')
        .addColumn('handover', 'text', (c) => c.notNull())
        // YYYY-MM-DD in Winnipeg
        .addColumn('promised_date', 'text')
        .addColumn('carrier', 'text')
        .addColumn('tracking_number', 'text')
        .addColumn('ordered_at', ts)
        .addColumn('arrived_at', ts)
        .addColumn('ready_at', ts)
        .addColumn('done_at', ts)
        // the latest 'still waiting for you' reminder sent (days after ready: 3, 14)
        .addColumn('reminded_days', 'integer')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_lines_lead_idx').on('order_lines').column('lead_id').execute();
      // the orders screen reads each step's lines oldest first, and the late ones by promised date
      await db.schema.createIndex('order_lines_step_idx').on('order_lines').columns(['step', 'id']).execute();
      await db.schema
        .createIndex('order_lines_step_promised_idx')
        .on('order_lines')
        .columns(['step', 'promised_date'])
        .execute();
      await db.schema
        .createIndex('order_lines_supplier_idx')
        .on('order_lines')
        .column('supplier_id')
        .execute();

      await db.schema
        .alterTable('leads')
        .addColumn('auto_texts', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('outgoing_messages').addColumn('dedupe_key', 'text').execute();
      await db.schema
        .createIndex('outgoing_messages_dedupe_key')
        .unique()
        .on('outgoing_messages')
        .column('dedupe_key')
        .execute();
    },
  };
}
