/** The catalog item as the API and pages see it (SPEC §3). Money in integer cents. */
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
