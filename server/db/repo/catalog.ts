/** Catalog items: rows in, CatalogItem out, identical on SQLite and PostgreSQL. */
import type { Kysely, Selectable } from 'kysely';
import type { CatalogItem, CatalogStatus } from '#app/modules/catalog/catalog.ts';
import type { CatalogItemsTable, DB } from '../schema.ts';
import { parseList, parseMap } from './rows.ts';

export type NewCatalogItem = Omit<CatalogItem, 'id' | 'createdAt' | 'updatedAt'>;

export function toCatalogItem(row: Selectable<CatalogItemsTable>): CatalogItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    subcategory: row.subcategory,
    price: row.price,
    cost: row.cost,
    markupPct: row.markup_pct,
    stockQty: row.stock_qty,
    images: parseList(row.images),
    brand: row.brand,
    sku: row.sku,
    supplierSku: row.supplier_sku,
    specs: parseMap(row.specs),
    status: row.status as CatalogStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertCatalogItem(
  db: Kysely<DB>,
  item: NewCatalogItem,
  now: Date,
): Promise<CatalogItem> {
  const at = now.toISOString();
  const row = await db
    .insertInto('catalog_items')
    .values({
      slug: item.slug,
      title: item.title,
      description: item.description,
      category: item.category,
      subcategory: item.subcategory,
      price: item.price,
      cost: item.cost,
      markup_pct: item.markupPct,
      stock_qty: item.stockQty,
      images: JSON.stringify(item.images),
      brand: item.brand,
      sku: item.sku,
      supplier_sku: item.supplierSku,
      specs: JSON.stringify(item.specs),
      status: item.status,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCatalogItem(row);
}

export async function findCatalogItemBySlug(db: Kysely<DB>, slug: string): Promise<CatalogItem | undefined> {
  const row = await db.selectFrom('catalog_items').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && toCatalogItem(row);
}

export async function listActiveCatalogItems(
  db: Kysely<DB>,
  filter: { category?: string; limit?: number } = {},
): Promise<CatalogItem[]> {
  let query = db.selectFrom('catalog_items').selectAll().where('status', '=', 'active');
  if (filter.category) query = query.where('category', '=', filter.category);
  const rows = await query
    .orderBy('title')
    .orderBy('id')
    .limit(filter.limit ?? 1000)
    .execute();
  return rows.map(toCatalogItem);
}

/** Slugs and last change of every active item, for the sitemap. */
export async function listActiveCatalogSlugs(db: Kysely<DB>): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db
    .selectFrom('catalog_items')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'active')
    .orderBy('slug')
    .execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}
