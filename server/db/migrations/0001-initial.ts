/** The initial schema: every entity of product.md §3 and what decision 0005 implies. */
import { type Kysely, type CreateTableBuilder } from 'kysely';
import type { Engine } from '../engine.ts';

export function initial(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  const id = <T extends string>(table: CreateTableBuilder<T, never>) =>
    engine === 'postgres'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('categories')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('cities')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await id(db.schema.createTable('users'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_seen_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await id(db.schema.createTable('leads'))
        .addColumn('case_number', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .addColumn('urgency', 'text', (c) => c.notNull().defaultTo('flexible'))
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('web'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('city', 'text')
        .addColumn('equipment', 'text')
        .addColumn('make', 'text')
        .addColumn('model', 'text')
        .addColumn('year', 'text')
        .addColumn('part_category', 'text')
        .addColumn('part_number', 'text')
        .addColumn('description', 'text')
        .addColumn('consent_at', ts)
        .addColumn('consent_text', 'text')
        .addColumn('notes', 'text')
        .addColumn('lost_reason', 'text')
        .addColumn('cost', 'integer')
        .addColumn('markup_pct', 'double precision')
        .addColumn('sell_price', 'integer')
        .addColumn('eta_days', 'integer')
        .addColumn('quoted_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('leads_status_created_idx')
        .on('leads')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema.createIndex('leads_created_idx').on('leads').column('created_at').execute();
      await db.schema.createIndex('leads_phone_idx').on('leads').column('phone').execute();

      await id(db.schema.createTable('lead_photos'))
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lead_photos_lead_idx').on('lead_photos').column('lead_id').execute();

      await id(db.schema.createTable('lead_events'))
        .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lead_events_lead_idx')
        .on('lead_events')
        .columns(['lead_id', 'created_at'])
        .execute();

      await id(db.schema.createTable('outgoing_messages'))
        .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', ts, (c) => c.notNull())
        .addColumn('provider_id', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('sent_at', ts)
        .execute();
      await db.schema
        .createIndex('outgoing_messages_due_idx')
        .on('outgoing_messages')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('sms_opt_outs')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('keyword', 'text', (c) => c.notNull())
        .addColumn('opted_out_at', ts, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('catalog_items'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('category', 'text', (c) => c.notNull().references('categories.slug'))
        .addColumn('subcategory', 'text')
        .addColumn('price', 'integer')
        .addColumn('cost', 'integer')
        .addColumn('markup_pct', 'double precision', (c) => c.notNull().defaultTo(0.35))
        .addColumn('stock_qty', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('brand', 'text')
        .addColumn('sku', 'text', (c) => c.unique())
        .addColumn('supplier_sku', 'text')
        .addColumn('specs', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('catalog_items_status_category_idx')
        .on('catalog_items')
        .columns(['status', 'category'])
        .execute();

      await id(db.schema.createTable('blog_categories'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .execute();

      await id(db.schema.createTable('blog_posts'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('excerpt', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('featured_image', 'text')
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('author_bio', 'text')
        .addColumn('category_id', 'integer', (c) => c.references('blog_categories.id').onDelete('set null'))
        .addColumn('canonical_url', 'text')
        .addColumn('meta_title', 'text')
        .addColumn('meta_description', 'text')
        .addColumn('read_time_minutes', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('allow_comments', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('city_focus', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('equipment_focus', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('local_keywords', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('schema_type', 'text', (c) => c.notNull().defaultTo('Article'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('published_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('blog_posts_status_published_idx')
        .on('blog_posts')
        .columns(['status', 'published_at'])
        .execute();

      await id(db.schema.createTable('click_events'))
        .addColumn('button_type', 'text', (c) => c.notNull())
        .addColumn('button_location', 'text', (c) => c.notNull())
        .addColumn('button_text', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('click_events_created_idx')
        .on('click_events')
        .column('created_at')
        .execute();
    },
  };
}
