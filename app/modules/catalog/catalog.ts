/** The catalog item as the API and pages see it (product.md §3). Money in integer cents. */
import type { Category } from '../site/reference.ts';

export const CATALOG_STATUSES = ['active', 'draft', 'archived'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

export type CatalogItem = {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  category: string;
  subcategory: string | null;
  price: number | null;
  cost: number | null;
  markupPct: number;
  stockQty: number;
  images: string[];
  brand: string | null;
  sku: string | null;
  supplierSku: string | null;
  specs: Record<string, string>;
  status: CatalogStatus;
  createdAt: string;
  updatedAt: string;
};

/** What the public sees of an item: never the supplier cost or the markup. */
export type PublicCatalogItem = Omit<CatalogItem, 'cost' | 'markupPct'>;

export function toPublicItem({ cost: _cost, markupPct: _markup, ...item }: CatalogItem): PublicCatalogItem {
  return item;
}

/** Items per page of /catalog and default page size of GET /api/catalog. */
export const CATALOG_PAGE_SIZE = 24;
/** The most a caller of GET /api/catalog may ask for at once. */
export const CATALOG_MAX_PAGE_SIZE = 100;
/** Rows per page of the admin table. */
export const ADMIN_PAGE_SIZE = 50;
/** Images per item: the gallery shows the first five (main image plus up to 4 more, product.md §9). */
export const MAX_ITEM_IMAGES = 10;
export const GALLERY_IMAGES = 5;
/** Shown wherever an item has no picture or its picture does not load (product.md §8). */
export const PLACEHOLDER_IMAGE = '/catalog-placeholder.svg';

/** The value of a filter that means 'no filter' (product.md §7: 'all' for none). */
export const ALL = 'all';

export const catalogItemPath = (slug: string) => `/catalog/${slug}`;

/**
 * A category as staff read it: its name ('Safety & Compliance', issue 31), or, for a slug no
 * category has (one removed since), the slug with its hyphens shown as spaces (product.md §2).
 */
export function categoryName(slug: string, categories: readonly Category[]): string {
  return categories.find((c) => c.slug === slug)?.name ?? slug.replace(/-/g, ' ');
}

/**
 * The slug of a category written in a sheet by its slug or by its name, in any letter case and
 * spacing ('safety-compliance', 'Safety & Compliance', ' safety &  compliance'); undefined when it
 * names none.
 */
export function categorySlugOf(text: string, categories: readonly Category[]): string | undefined {
  const key = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const wanted = key(text);
  return categories.find((c) => c.slug === wanted || key(c.name) === wanted)?.slug;
}

/** product.md §2 'Catalog Management': '1 unit' or '{n} units'. */
export const unitsLabel = (n: number) => (n === 1 ? '1 unit' : `${n} units`);

/** Copy of the catalog screens (product.md §2, §8), word for word, in one place. */
export const CATALOG_TEXT = {
  listTitle: 'Parts Catalog',
  empty: 'No parts found',
  notFoundTitle: 'Item Not Found',
  notFoundText: 'The requested catalog item could not be found.',
  browse: 'Browse Catalog',
  requestQuote: 'Request Quote',
  requestFitCheck: 'Request Fit Check',
  adminTitle: 'Catalog Management',
  addItem: 'Add New Item',
  createItem: 'Create Item',
  created: 'Catalog item created successfully',
  updated: 'Catalog item updated successfully',
  slugTaken: 'Slug already exists',
  skuTaken: 'SKU already exists',
} as const;

/** A page of the staff list (GET /api/admin/catalog). */
export type StaffCatalogPage = {
  items: CatalogItem[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

/** The answer of POST /api/admin/catalog/import (decision 0020). */
export type CatalogImportResult =
  | {
      ok: true;
      dryRun: boolean;
      created: number;
      updated: number;
      unchanged: number;
      ignoredColumns: string[];
    }
  | { ok: false; message: string; problems: { row: number; column?: string; message: string }[] };
