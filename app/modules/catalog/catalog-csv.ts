/**
 * The catalog as a spreadsheet (decision 0020): export every item; import a sheet that creates or
 * updates items by SKU. The whole sheet is checked before anything is written, and any bad row
 * means nothing is written and every problem is reported with its row and column.
 *
 * Sheet rules, chosen for supplier price lists:
 * - Headers are matched loosely ('Supplier SKU', 'supplier_sku', 'Cost ($)', 'Markup %', 'Stock
 *   Quantity' all work); unknown columns are ignored and reported. A sku column is required.
 * - Only the columns present are changed on existing items, so a sheet of just sku, cost and
 *   stock_qty reprices and restocks. New items need at least title and category; the slug is
 *   made from the title when empty; status defaults to draft.
 * - Money in dollars ('$1,234.56' and '1234.56' both read); markup as a fraction or a percentage
 *   ('0.35' or '35%'). Blank cost or price means none; blank markup, stock or status keeps the
 *   current value (or the default for a new item).
 * - Specs: one 'Name: value' per line inside the cell; images: one /uploads/catalog/… URL per line.
 * - The category by its name, as staff see it ('Safety & Compliance'); a sheet may give the name
 *   or the slug, in any letter case (decision 0136).
 * - A row without a SKU updates the item with that slug, if there is one.
 * Pure: the service hands in the current items and categories and writes the plan it gets back.
 */
import { centsToDollarText, dollarsToCents } from '../site/money.ts';
import { holdsUnstorable, UNSTORABLE_CELL } from '../site/unstorable.ts';
import type { Category } from '../site/reference.ts';
import { categoryName, categorySlugOf, type CatalogItem } from './catalog.ts';
import { catalogItemSchema, itemToData, type CatalogItemData } from './catalog.schema.ts';
import { CsvSyntaxError, parseCsv, restoreFormula, toCsv, type CsvCell } from '../shared/csv.ts';
import { resolvePrice } from './pricing.ts';
import { slugify } from './slug.ts';
import { parseSpecsText, specsToText } from './specs.ts';

export const CSV_COLUMNS = [
  'sku',
  'slug',
  'title',
  'brand',
  'category',
  'subcategory',
  'description',
  'supplier_sku',
  'cost',
  'markup_pct',
  'price',
  'stock_qty',
  'status',
  'specs',
  'images',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The most rows one import takes (the whole catalog of a parts business fits many times). */
export const MAX_IMPORT_ROWS = 10_000;
/** Upload limit of an import file. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const FIELD_OF: Record<CsvColumn, keyof CatalogItemData> = {
  sku: 'sku',
  slug: 'slug',
  title: 'title',
  brand: 'brand',
  category: 'category',
  subcategory: 'subcategory',
  description: 'description',
  supplier_sku: 'supplierSku',
  cost: 'cost',
  markup_pct: 'markupPct',
  price: 'price',
  stock_qty: 'stockQty',
  status: 'status',
  specs: 'specs',
  images: 'images',
};
const COLUMN_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([c, f]) => [f, c])) as Record<
  keyof CatalogItemData,
  CsvColumn
>;

/** Header spellings seen in supplier sheets and in our own dialog, normalized (lowercase, _). */
const ALIASES: Record<string, CsvColumn> = {
  name: 'title',
  product: 'title',
  product_name: 'title',
  manufacturer: 'brand',
  supplier_part_number: 'supplier_sku',
  suppliersku: 'supplier_sku',
  vendor_sku: 'supplier_sku',
  unit_cost: 'cost',
  markup: 'markup_pct',
  markup_percent: 'markup_pct',
  markuppct: 'markup_pct',
  stock: 'stock_qty',
  stock_quantity: 'stock_qty',
  stockqty: 'stock_qty',
  qty: 'stock_qty',
  quantity: 'stock_qty',
  specifications: 'specs',
  image: 'images',
};

export function normalizeHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function columnOf(header: string): CsvColumn | undefined {
  const key = normalizeHeader(header);
  if ((CSV_COLUMNS as readonly string[]).includes(key)) return key as CsvColumn;
  return ALIASES[key];
}

// ---------------------------------------------------------------------------------------------
// Export

/** Every item as CSV text, one row per item, in the order given; categories by their names. */
export function catalogToCsv(items: readonly CatalogItem[], categories: readonly Category[]): string {
  const rows: CsvCell[][] = [[...CSV_COLUMNS]];
  for (const i of items) {
    rows.push([
      i.sku,
      i.slug,
      i.title,
      i.brand,
      categoryName(i.category, categories),
      i.subcategory,
      i.description,
      i.supplierSku,
      i.cost === null ? null : centsToDollarText(i.cost),
      i.markupPct,
      i.price === null ? null : centsToDollarText(i.price),
      i.stockQty,
      i.status,
      specsToText(i.specs),
      i.images.join('\n'),
    ]);
  }
  return toCsv(rows);
}

// ---------------------------------------------------------------------------------------------
// Import

export type CsvProblem = { row: number; column?: string; message: string };

export type CatalogSheet = {
  columns: CsvColumn[];
  /** Headers that matched no column (ignored). */
  ignoredColumns: string[];
  rows: { row: number; values: Partial<Record<CsvColumn, string>> }[];
};

/** CSV text → the sheet's known columns per row, or the problems that stop it from being read. */
export function readCatalogSheet(text: string): { sheet?: CatalogSheet; problems: CsvProblem[] } {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { problems: [{ row: err.row, message: err.message }] };
    throw err;
  }
  const [header, ...body] = table;
  if (!header) return { problems: [{ row: 1, message: 'The file is empty' }] };
  const problems: CsvProblem[] = [];
  // a cell PostgreSQL could not store (decision 0095)
  table.forEach((cells, r) =>
    cells.forEach((cell, i) => {
      if (holdsUnstorable(cell)) problems.push({ row: r + 1, column: header[i], message: UNSTORABLE_CELL });
    }),
  );
  if (problems.length) return { problems };
  const columns: (CsvColumn | undefined)[] = header.map(columnOf);
  const ignoredColumns = header.filter((_h, i) => !columns[i]).map((h) => h.trim());
  const seen = new Set<CsvColumn>();
  columns.forEach((c, i) => {
    if (!c) return;
    if (seen.has(c)) problems.push({ row: 1, column: header[i], message: `Column '${c}' appears twice` });
    seen.add(c);
  });
  if (!seen.has('sku')) problems.push({ row: 1, message: "The file needs a 'sku' column" });
  if (body.length === 0) problems.push({ row: 1, message: 'The file has no rows below the header' });
  if (body.length > MAX_IMPORT_ROWS)
    problems.push({
      row: 1,
      message: `At most ${MAX_IMPORT_ROWS} rows per import (the file has ${body.length})`,
    });
  if (problems.length) return { problems };
  const rows = body.map((cells, index) => {
    const values: Partial<Record<CsvColumn, string>> = {};
    columns.forEach((c, i) => {
      if (c) values[c] = restoreFormula(cells[i] ?? '').trim();
    });
    return { row: index + 2, values };
  });
  return { sheet: { columns: [...seen], ignoredColumns, rows }, problems: [] };
}

function dollarsCell(text: string): number | null | 'bad' {
  if (text === '') return null;
  const cleaned = text.replace(/cad$/i, '').replace(/[$,\s]/g, '');
  const n = Number(cleaned);
  return cleaned === '' || !Number.isFinite(n) || n < 0 ? 'bad' : dollarsToCents(n);
}

function markupCell(text: string): number | 'bad' {
  const percent = text.endsWith('%');
  const n = Number(percent ? text.slice(0, -1).trim() : text);
  return Number.isFinite(n) ? (percent ? Math.round(n * 1000) / 100000 : n) : 'bad';
}

/** One row's cells → the API fields it sets (blank markup/stock/status: left out). */
function rowFields(values: Partial<Record<CsvColumn, string>>): {
  fields: Record<string, unknown>;
  problems: { column: CsvColumn; message: string }[];
} {
  const fields: Record<string, unknown> = {};
  const problems: { column: CsvColumn; message: string }[] = [];
  for (const [column, value] of Object.entries(values) as [CsvColumn, string][]) {
    const field = FIELD_OF[column];
    switch (column) {
      case 'cost':
      case 'price': {
        const cents = dollarsCell(value);
        if (cents === 'bad')
          problems.push({
            column,
            message: `${column === 'cost' ? 'Cost' : 'Price'} must be an amount in dollars, 0 or more`,
          });
        else fields[field] = cents;
        break;
      }
      case 'markup_pct': {
        if (value === '') break;
        const markup = markupCell(value);
        if (markup === 'bad')
          problems.push({ column, message: 'Markup must be a number from 0 to 1 (or a percentage)' });
        else fields[field] = markup;
        break;
      }
      case 'stock_qty': {
        if (value === '') break;
        fields[field] = /^\d+$/.test(value) ? Number(value) : value;
        break;
      }
      case 'status':
        if (value !== '') fields[field] = value.toLowerCase();
        break;
      case 'specs': {
        const { specs, badLines } = parseSpecsText(value);
        if (badLines.length)
          problems.push({ column, message: "Write each specification on its own line as 'Name: value'" });
        else fields[field] = specs;
        break;
      }
      case 'images':
        fields[field] = value.split(/\s+/).filter(Boolean);
        break;
      default:
        fields[field] = value;
    }
  }
  return { fields, problems };
}

function sameData(a: CatalogItemData, b: CatalogItemData): boolean {
  return (Object.keys(a) as (keyof CatalogItemData)[]).every(
    (key) => JSON.stringify(a[key]) === JSON.stringify(b[key]),
  );
}

export type ImportPlan = {
  creates: CatalogItemData[];
  updates: { id: number; data: CatalogItemData }[];
  /** Rows that match an item and change nothing. */
  unchanged: number;
  problems: CsvProblem[];
};

/**
 * Checks every row of the sheet against the schema, the categories, each other and the current
 * items, and says what to write. Any problem: write nothing.
 */
export function planCatalogImport(
  sheet: CatalogSheet,
  current: { items: readonly CatalogItem[]; categories: readonly Category[] },
): ImportPlan {
  const bySku = new Map(current.items.filter((i) => i.sku).map((i) => [i.sku!, i]));
  const bySlug = new Map(current.items.map((i) => [i.slug, i]));
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, problems: [] };
  const skuRows = new Map<string, number>();
  const slugRows = new Map<string, number>();

  for (const { row, values } of sheet.rows) {
    const problem = (column: string | undefined, message: string) =>
      plan.problems.push({ row, column, message });
    const sku = values.sku ?? '';
    // a row without a SKU can only update an item that has none either (found by its slug)
    const bySlugOnly = !sku && values.slug ? bySlug.get(values.slug) : undefined;
    const existing = sku ? bySku.get(sku) : bySlugOnly && !bySlugOnly.sku ? bySlugOnly : undefined;
    if (!sku && !existing) {
      problem('sku', 'SKU is required');
      continue;
    }
    const { fields, problems } = rowFields(values);
    for (const p of problems) problem(p.column, p.message);
    if (problems.length) continue;
    // a category by its name or slug; one that names none stays as written, for its message
    const category = typeof fields.category === 'string' ? fields.category : undefined;
    if (category) fields.category = categorySlugOf(category, current.categories) ?? category;

    const candidate: Record<string, unknown> = { ...(existing ? itemToData(existing) : {}), ...fields };
    if (!existing && !candidate.slug && typeof candidate.title === 'string')
      candidate.slug = slugify(candidate.title);
    const parsed = catalogItemSchema.safeParse(candidate);
    if (!parsed.success) {
      const titleProblem = parsed.error.issues.some((i) => i.path[0] === 'title');
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof CatalogItemData | undefined;
        // a new item's slug comes from its title: a missing title says it all
        if (field === 'slug' && titleProblem && !existing && !values.slug) continue;
        problem(field ? COLUMN_OF[field] : undefined, issue.message);
      }
      continue;
    }
    const data: CatalogItemData = { ...parsed.data, price: resolvePrice(parsed.data) };

    if (!current.categories.some((c) => c.slug === data.category))
      problem('category', `Unknown category '${data.category}'`);
    if (data.sku) {
      const owner = bySku.get(data.sku);
      if (owner && owner.id !== existing?.id) problem('sku', 'SKU already exists');
      const earlier = skuRows.get(data.sku);
      if (earlier) problem('sku', `SKU ${data.sku} is also on row ${earlier}`);
      else skuRows.set(data.sku, row);
    }
    const slugOwner = bySlug.get(data.slug);
    if (slugOwner && slugOwner.id !== existing?.id)
      problem('slug', `Slug already exists (${slugOwner.title})`);
    const earlierSlug = slugRows.get(data.slug);
    if (earlierSlug) problem('slug', `Slug ${data.slug} is also on row ${earlierSlug}`);
    else slugRows.set(data.slug, row);

    if (!existing) plan.creates.push(data);
    else if (sameData(data, itemToData(existing))) plan.unchanged++;
    else plan.updates.push({ id: existing.id, data });
  }
  return plan;
}
