/**
 * Indexes for the paginated catalog listing (/catalog, GET /api/catalog): active items in title
 * order, optionally of one category. With them a page of 24 out of thousands of items is read
 * straight off the index instead of sorting every active item on each request.
 */
import type { Kysely } from 'kysely';

export function catalogListing() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('catalog_items_status_title_idx')
        .on('catalog_items')
        .columns(['status', 'title', 'id'])
        .execute();
      await db.schema
        .createIndex('catalog_items_status_category_title_idx')
        .on('catalog_items')
        .columns(['status', 'category', 'title', 'id'])
        .execute();
    },
  };
}
