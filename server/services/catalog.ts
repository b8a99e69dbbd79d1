/**
 * The catalog (product.md §2 'Catalog', 'Catalog item', 'Catalog Management'; decision 0020): the public
 * listing and item pages (active items only, never cost or markup), and the staff side: list every
 * status, create and update with the shared schema (price recomputed here), images through the
 * upload pipeline, CSV export and all-or-nothing CSV import. Page loaders and /api handlers call
 * these same functions.
 */
import {
  ADMIN_PAGE_SIZE,
  ALL,
  CATALOG_MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  CATALOG_STATUSES,
  CATALOG_TEXT,
  toPublicItem,
  type CatalogImportResult,
  type CatalogItem,
  type CatalogStatus,
  type PublicCatalogItem,
  type StaffCatalogPage,
} from '#app/modules/catalog/catalog.ts';
import { catalogToCsv, planCatalogImport, readCatalogSheet } from '#app/modules/catalog/catalog-csv.ts';
import {
  catalogItemPatchSchema,
  catalogItemSchema,
  itemToData,
  type CatalogItemData,
} from '#app/modules/catalog/catalog.schema.ts';
import { resolvePrice } from '#app/modules/catalog/pricing.ts';
import { shipsIn, type ShipsIn } from '#app/modules/catalog/ships-in.ts';
import type { Category, City } from '#app/modules/site/reference.ts';
import { insertAudit } from '../db/repo/audit.ts';
import {
  countCatalogItems,
  findCatalogItemById,
  findCatalogItemBySku,
  findCatalogItemBySlug,
  insertCatalogItem,
  listAllCatalogItems,
  listCatalogItems,
  listCatalogItemsPage,
  updateCatalogItem,
  writeCatalogImport,
} from '../db/repo/catalog.ts';
import { uniqueViolationOn } from '../db/unique-violation.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import { catalogImages } from './catalog-images.ts';
import type { ServiceDeps } from './context.ts';
import type { ContentChanges } from './changes.ts';
import { createMemo } from './memo.ts';
import type { ReferenceService } from './reference.ts';

/** A listing item: the public fields plus its 'ships in' estimate for the chosen city. */
export type CatalogListItem = PublicCatalogItem & { shipsIn: ShipsIn };

export type CatalogListing = {
  items: CatalogListItem[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  /** The filters as applied (null: all) */
  category: string | null;
  city: City | null;
};

export type CatalogItemPage = {
  item: PublicCatalogItem;
  category: Category | null;
  city: City | null;
  shipsIn: ShipsIn;
  /** false: staff previewing an item that is not public (draft or archived) */
  isPublic: boolean;
};

export type AdminCatalogList = StaffCatalogPage;

export { CATALOG_IMAGE, IMAGE_MESSAGES, IMAGE_RULES } from './catalog-images.ts';
export const CATALOG_ITEM_MISSING = 'Catalog item not found';

/**
 * Public listing pages are memoized (decision 0020): the same few pages are asked for all day and
 * change only when staff save. Every write through this service empties the memo; the TTL bounds
 * what a write from elsewhere (another process, a manual SQL fix) can leave stale.
 */
export const LISTING_CACHE = { ttlMs: 30_000, maxEntries: 500 } as const;

const pageNumber = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};
const filterValue = (value: unknown) =>
  typeof value === 'string' && value.trim() && value !== ALL ? value.trim().slice(0, 100) : undefined;

/** Which of the item's unique columns a failed insert/update collided on. */
function uniqueViolation(err: unknown): 'slug' | 'sku' | undefined {
  const columns = uniqueViolationOn(err)?.columns ?? [];
  return columns.includes('slug') ? 'slug' : columns.includes('sku') ? 'sku' : undefined;
}

const conflict = (field: 'slug' | 'sku') => {
  const message = field === 'slug' ? CATALOG_TEXT.slugTaken : CATALOG_TEXT.skuTaken;
  return new AppError(409, message, { fieldErrors: { [field]: [message] } });
};

export function catalogService(
  { db, files, logger, now }: ServiceDeps,
  { changes, reference }: { changes: ContentChanges; reference: ReferenceService },
) {
  const images = catalogImages({ db, files, logger });
  const removeUnusedImages = images.removeUnused;
  const listings = createMemo<CatalogListing>(LISTING_CACHE);
  /** Active items per category ('' = all): every page of a category shares one count. */
  const totals = createMemo<number>(LISTING_CACHE);
  // anything a customer sees may have changed, here or in another process (decision 0097):
  // forget every memoized listing and count
  changes.onChange(() => {
    listings.clear();
    totals.clear();
  });
  /** After a write that committed: every process forgets its listings (this one at once). */
  const changed = () =>
    changes.publish().catch((err: unknown) => {
      // the item is saved; other processes see it when their memo expires (30 s) or at the next change
      logger.warn({ err }, 'catalog saved, but the change could not be signalled to other processes');
    });
  function activeTotal(category: string | undefined): Promise<number> {
    // bounded like the listings: the category comes from the query string
    return totals.get(category ?? '', () => countCatalogItems(db, { statuses: ['active'], category }));
  }

  async function cityBySlug(slug: string | undefined): Promise<City | null> {
    if (!slug) return null;
    return (await reference.listCities()).find((c) => c.slug === slug) ?? null;
  }

  async function checkCategory(slug: string): Promise<void> {
    if (!(await reference.listCategories()).some((c) => c.slug === slug)) {
      const message = 'Choose a category from the list';
      throw new AppError(400, message, { fieldErrors: { category: [message] } });
    }
  }

  /** 409 when another item already uses the slug or the SKU. */
  async function checkUnique(data: CatalogItemData, selfId?: number): Promise<void> {
    const bySlug = await findCatalogItemBySlug(db, data.slug);
    if (bySlug && bySlug.id !== selfId) throw conflict('slug');
    if (data.sku) {
      const bySku = await findCatalogItemBySku(db, data.sku);
      if (bySku && bySku.id !== selfId) throw conflict('sku');
    }
  }

  async function pageFor(
    item: CatalogItem,
    citySlug: string | undefined,
    isPublic: boolean,
  ): Promise<CatalogItemPage> {
    const [categories, city] = await Promise.all([reference.listCategories(), cityBySlug(citySlug)]);
    return {
      item: toPublicItem(item),
      category: categories.find((c) => c.slug === item.category) ?? null,
      city,
      shipsIn: shipsIn(item.stockQty, city?.region),
      isPublic,
    };
  }

  return {
    /**
     * One page of active items in title order, optionally of one category ('all' or nothing: every
     * category), each with its 'ships in' estimate for the city's region (product.md §2, §7). Bad page
     * numbers read as page 1; sizes are capped at CATALOG_MAX_PAGE_SIZE.
     */
    async listPublic(query: {
      category?: unknown;
      city?: unknown;
      page?: unknown;
      perPage?: unknown;
    }): Promise<CatalogListing> {
      const category = filterValue(query.category);
      const citySlug = filterValue(query.city);
      const page = pageNumber(query.page);
      const perPage = Math.min(
        CATALOG_MAX_PAGE_SIZE,
        query.perPage === undefined ? CATALOG_PAGE_SIZE : pageNumber(query.perPage),
      );
      const key = `${category ?? ''}|${citySlug ?? ''}|${page}|${perPage}`;
      // concurrent misses share one query; a failure is not remembered
      return listings.get(key, async (): Promise<CatalogListing> => {
        const [city, items, total] = await Promise.all([
          cityBySlug(citySlug),
          listCatalogItems(db, {
            statuses: ['active'],
            category,
            limit: perPage,
            offset: (page - 1) * perPage,
            order: 'title',
          }),
          activeTotal(category),
        ]);
        return {
          items: items.map((item) => ({
            ...toPublicItem(item),
            shipsIn: shipsIn(item.stockQty, city?.region),
          })),
          total,
          page,
          perPage,
          pageCount: Math.max(1, Math.ceil(total / perPage)),
          category: category ?? null,
          city,
        };
      });
    },

    /**
     * Forgets every memoized listing and count, so the next request reads the database. Writes
     * through this service do it themselves; this is for a change made elsewhere (another
     * process, a manual fix). The cities and categories are the reference service's.
     */
    invalidate(): void {
      listings.clear();
      totals.clear();
    },

    /** An active item by slug, for the public page and GET /api/catalog/{slug}; undefined otherwise. */
    async publicItem(slug: string, citySlug?: string): Promise<CatalogItemPage | undefined> {
      const item = await findCatalogItemBySlug(db, slug);
      if (!item || item.status !== 'active') return undefined;
      return pageFor(item, filterValue(citySlug), true);
    },

    /** Any item by slug, for signed-in staff previewing drafts on the public page. */
    async itemForStaff(slug: string, citySlug?: string): Promise<CatalogItemPage | undefined> {
      const item = await findCatalogItemBySlug(db, slug);
      return item && pageFor(item, filterValue(citySlug), item.status === 'active');
    },

    /** Every status, newest change first, with cost and markup (staff only). */
    async listForStaff(query: {
      search?: unknown;
      status?: unknown;
      category?: unknown;
      page?: unknown;
    }): Promise<AdminCatalogList> {
      const status = filterValue(query.status);
      const statuses = CATALOG_STATUSES.includes(status as CatalogStatus)
        ? [status as CatalogStatus]
        : undefined;
      const search = filterValue(query.search);
      const page = pageNumber(query.page);
      const { items, total } = await listCatalogItemsPage(db, {
        statuses,
        category: filterValue(query.category),
        search,
        limit: ADMIN_PAGE_SIZE,
        offset: (page - 1) * ADMIN_PAGE_SIZE,
        order: 'updated',
      });
      return {
        items,
        total,
        page,
        perPage: ADMIN_PAGE_SIZE,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
      };
    },

    async getItem(id: number): Promise<CatalogItem> {
      const item = await findCatalogItemById(db, id);
      if (!item) throw new AppError(404, CATALOG_ITEM_MISSING);
      return item;
    },

    /**
     * Creates an item from the form's payload (POST /api/catalog): validated with the shared schema
     * (400 with field errors), a known category, a unique slug and SKU (409), the price recomputed from
     * cost and markup. A draft unless the payload says otherwise.
     */
    async createItem(input: unknown): Promise<CatalogItem> {
      const data = parseInput(catalogItemSchema, input);
      await checkCategory(data.category);
      await checkUnique(data);
      try {
        const created = await insertCatalogItem(db, { ...data, price: resolvePrice(data) }, now());
        await changed();
        return created;
      } catch (err) {
        const field = uniqueViolation(err);
        if (field) throw conflict(field);
        throw err;
      }
    },

    /**
     * Changes the given fields of an item (PATCH /api/catalog/{id}); the merged item is validated
     * as a whole, and the price recomputed from its cost and markup.
     */
    async updateItem(id: number, patch: unknown, actor = 'staff'): Promise<CatalogItem> {
      const existing = await findCatalogItemById(db, id);
      if (!existing) throw new AppError(404, CATALOG_ITEM_MISSING);
      const changes = parseInput(catalogItemPatchSchema, patch);
      // a price sent next to an unchanged cost is not a new price: only a price without a cost counts
      const data = parseInput(catalogItemSchema, { ...itemToData(existing), ...changes });
      if (data.category !== existing.category) await checkCategory(data.category);
      await checkUnique(data, id);
      try {
        const at = now();
        const updated = await updateCatalogItem(db, id, { ...data, price: resolvePrice(data) }, at);
        if (!updated) throw new AppError(404, CATALOG_ITEM_MISSING);
        if (updated.price !== existing.price)
          await insertAudit(
            db,
            {
              userId: null,
              actor,
              action: 'catalog_price',
              subject: `catalog:${id}`,
              before: { price: existing.price },
              after: { price: updated.price },
            },
            at,
          );
        await changed();
        await removeUnusedImages(existing.images.filter((url) => !updated.images.includes(url)));
        return updated;
      } catch (err) {
        const field = uniqueViolation(err);
        if (field) throw conflict(field);
        throw err;
      }
    },

    /**
     * Runs uploaded pictures through the image pipeline and stores them in public storage
     * (catalog-images.ts). Returns their URLs, in order, for the item's images list.
     */
    saveImages: images.save,

    /** Every item, every status, as CSV (the staff's spreadsheet; categories by their names). */
    async exportCsv(): Promise<string> {
      const [items, categories] = await Promise.all([listAllCatalogItems(db), reference.listCategories()]);
      return catalogToCsv(items, categories);
    },

    /**
     * Imports a sheet (decision 0020): creates or updates items by SKU. Every row is checked first;
     * with any problem nothing is written and every problem is returned. `dryRun` checks only.
     */
    async importCsv(text: string, options: { dryRun?: boolean } = {}): Promise<CatalogImportResult> {
      const { sheet, problems } = readCatalogSheet(text);
      if (!sheet)
        return { ok: false, message: `The file could not be read: ${problems[0]?.message}`, problems };
      const [items, categories] = await Promise.all([listAllCatalogItems(db), reference.listCategories()]);
      const plan = planCatalogImport(sheet, { items, categories });
      if (plan.problems.length) {
        const rows = new Set(plan.problems.map((p) => p.row)).size;
        return {
          ok: false,
          message: `${rows} ${rows === 1 ? 'row has' : 'rows have'} problems; nothing was imported.`,
          problems: plan.problems,
        };
      }
      const summary = {
        created: plan.creates.length,
        updated: plan.updates.length,
        unchanged: plan.unchanged,
        ignoredColumns: sheet.ignoredColumns,
      };
      if (options.dryRun) return { ok: true, dryRun: true, ...summary };
      try {
        await writeCatalogImport(
          db,
          { creates: plan.creates, updates: plan.updates.map(({ id, data }) => ({ id, item: data })) },
          now(),
        );
      } catch (err) {
        // one transaction: nothing was written, nothing changed
        if (uniqueViolationOn(err)) {
          throw new AppError(
            409,
            'The catalog changed while importing; nothing was imported. Please try again.',
            {
              cause: err,
            },
          );
        }
        throw err;
      }
      await changed();
      const before = new Map(items.map((item) => [item.id, item.images]));
      await removeUnusedImages(
        plan.updates.flatMap(({ id, data }) =>
          (before.get(id) ?? []).filter((url) => !data.images.includes(url)),
        ),
      );
      logger.info(summary, 'catalog imported');
      return { ok: true, dryRun: false, ...summary };
    },
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
