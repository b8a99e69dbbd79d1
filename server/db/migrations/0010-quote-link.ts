/**
 * The quote link (issue 28, decision 0125): every sent quote is a version of its own
 * (`quote_versions`, one to three options as JSON, locked once accepted); the private links to a
 * lead's page are stored only as SHA-256 hashes of their tokens (`lead_links`), each pinned to the
 * version it was sent with (null: the request's own link, which follows the lead); the lead keeps
 * its current version, when it expires and how often the customer opened it.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function quoteLink(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      const versions = db.schema.createTable('quote_versions');
      await (
        engine === 'postgres'
          ? versions.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : versions.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('sent_by', 'text', (c) => c.notNull())
        .addColumn('sent_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('accepted_option', 'integer')
        .addColumn('accepted_at', ts)
        .addUniqueConstraint('quote_versions_lead_version_key', ['lead_id', 'version'])
        .execute();

      const links = db.schema.createTable('lead_links');
      await (
        engine === 'postgres'
          ? links.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : links.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('version', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lead_links_lead_idx').on('lead_links').column('lead_id').execute();

      await db.schema.alterTable('leads').addColumn('quote_version', 'integer').execute();
      await db.schema.alterTable('leads').addColumn('quote_expires_at', ts).execute();
      await db.schema
        .alterTable('leads')
        .addColumn('quote_views', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('leads').addColumn('quote_first_viewed_at', ts).execute();
    },
  };
}
