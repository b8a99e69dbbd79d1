/** Catalog items: rows in, CatalogItem out, identical on SQLite and PostgreSQL. */
import { sql, type Kysely, type Selectable } from 'kysely';
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

/** An item's fields as table columns (lists and maps as JSON text), for inserts and updates alike. */
function toColumns(item: NewCatalogItem) {
  return {
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
      ...toColumns(item),
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

// --- catalog listing and management (issue: catalog pages and admin) ---

export type CatalogPageFilter = {
  /** Statuses to include; all when missing */
  statuses?: readonly CatalogStatus[];
  category?: string;
  /** Case-insensitive substring of the title or the SKU */
  search?: string;
  limit: number;
  offset: number;
  /** 'title': A→Z (the public listing); 'updated': most recently changed first (the admin table) */
  order?: 'title' | 'updated';
};

/** `%`, `_` and `\` typed by a person match themselves in LIKE. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Kysely<DB>, filter: Omit<CatalogPageFilter, 'limit' | 'offset' | 'order'>) {
  let query = db.selectFrom('catalog_items');
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(title) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(sku, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

/** One page of the items that match, in the filter's order. */
export async function listCatalogItems(db: Kysely<DB>, filter: CatalogPageFilter): Promise<CatalogItem[]> {
  const query = filtered(db, filter);
  const ordered =
    filter.order === 'updated'
      ? query.orderBy('updated_at', 'desc').orderBy('id', 'desc')
      : query.orderBy('title').orderBy('id');
  const rows = await ordered.selectAll().limit(filter.limit).offset(filter.offset).execute();
  return rows.map(toCatalogItem);
}

/** How many items match (paging ignored). */
export async function countCatalogItems(
  db: Kysely<DB>,
  filter: Omit<CatalogPageFilter, 'limit' | 'offset' | 'order'>,
): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of items and how many match in all. */
export async function listCatalogItemsPage(
  db: Kysely<DB>,
  filter: CatalogPageFilter,
): Promise<{ items: CatalogItem[]; total: number }> {
  const [items, total] = await Promise.all([listCatalogItems(db, filter), countCatalogItems(db, filter)]);
  return { items, total };
}

export async function findCatalogItemById(db: Kysely<DB>, id: number): Promise<CatalogItem | undefined> {
  const row = await db.selectFrom('catalog_items').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCatalogItem(row);
}

export async function findCatalogItemBySku(db: Kysely<DB>, sku: string): Promise<CatalogItem | undefined> {
  const row = await db.selectFrom('catalog_items').selectAll().where('sku', '=', sku).executeTakeFirst();
  return row && toCatalogItem(row);
}

/** Every item, oldest first (export, import planning). */
export async function listAllCatalogItems(db: Kysely<DB>): Promise<CatalogItem[]> {
  const rows = await db.selectFrom('catalog_items').selectAll().orderBy('id').execute();
  return rows.map(toCatalogItem);
}

/** Replaces every field of an item; undefined when there is no such item. */
export async function updateCatalogItem(
  db: Kysely<DB>,
  id: number,
  item: NewCatalogItem,
  now: Date,
): Promise<CatalogItem | undefined> {
  const row = await db
    .updateTable('catalog_items')
    .set({
      ...toColumns(item),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toCatalogItem(row);
}

/** Inserts and updates a whole import in one transaction: all rows are written, or none. */
export async function writeCatalogImport(
  db: Kysely<DB>,
  changes: { creates: readonly NewCatalogItem[]; updates: readonly { id: number; item: NewCatalogItem }[] },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { id, item } of changes.updates) {
      if (!(await updateCatalogItem(trx, id, item, now))) throw new Error(`catalog item ${id} disappeared`);
    }
    for (const item of changes.creates) await insertCatalogItem(trx, item, now);
  });
}

/**
 * Which of `urls` some item still lists among its images. The images column is JSON text on both
 * engines, so a URL is looked for as its JSON string ("…") inside it, LIKE's wildcards escaped.
 */
export async function catalogImagesInUse(db: Kysely<DB>, urls: readonly string[]): Promise<Set<string>> {
  const inUse = new Set<string>();
  for (const url of new Set(urls)) {
    const pattern = `%${JSON.stringify(url).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const row = await db
      .selectFrom('catalog_items')
      .select('id')
      .where(sql<boolean>`images like ${pattern} escape '\\'`)
      .limit(1)
      .executeTakeFirst();
    if (row) inUse.add(url);
  }
  return inUse;
}
