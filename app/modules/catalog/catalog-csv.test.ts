import { describe, expect, it } from 'vitest';
import type { CatalogItem } from './catalog.ts';
import { catalogToCsv, planCatalogImport, readCatalogSheet, type CatalogSheet } from './catalog-csv.ts';
import { toCsv } from '../shared/csv.ts';

const CATEGORIES = [
  { slug: 'trailer-parts', name: 'Trailer Parts' },
  { slug: 'truck-upfit', name: 'Truck Upfit' },
  { slug: 'snow-ice', name: 'Snow & Ice' },
];

function item(id: number, over: Partial<CatalogItem> = {}): CatalogItem {
  return {
    id,
    slug: `item-${id}`,
    title: `Item ${id}`,
    description: 'A part, with "quotes", commas\nand two lines.',
    category: 'trailer-parts',
    subcategory: 'Axles',
    price: 13500,
    cost: 10000,
    markupPct: 0.35,
    stockQty: 4,
    images: [`/uploads/catalog/item-${id}-1.webp`, `/uploads/catalog/item-${id}-2.webp`],
    brand: 'Dexter',
    sku: `PH-${id}`,
    supplierSku: `DEX-${id}`,
    specs: { Capacity: '7,000 lb', Thread: '1/2-20 UNF' },
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

function sheetOf(rows: (string | null)[][]): CatalogSheet {
  const { sheet, problems } = readCatalogSheet(toCsv(rows));
  expect(problems).toEqual([]);
  return sheet!;
}

describe('catalog export', () => {
  it('writes a header and one row per item, money in dollars, categories by name, formulas neutralized', () => {
    const csv = catalogToCsv(
      [
        item(1, { title: '=HYPERLINK("x")', price: null, cost: null }),
        item(2, { category: 'snow-ice' }),
        item(3, { category: 'gone-category' }),
      ],
      CATEGORIES,
    );
    const [header, first, second, third] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'sku,slug,title,brand,category,subcategory,description,supplier_sku,cost,markup_pct,price,stock_qty,status,specs,images',
    );
    expect(first).toMatch(/^PH-1,item-1,"'=HYPERLINK\(""x""\)",Dexter,Trailer Parts,Axles,"A part/);
    expect(second).toMatch(/^PH-2,item-2,Item 2,Dexter,Snow & Ice,Axles,/);
    // a category no longer in the list: its slug, hyphens as spaces
    expect(third).toMatch(/^PH-3,item-3,Item 3,Dexter,gone category,Axles,/);
  });

  it('re-importing an export changes nothing', () => {
    const items = [
      item(1),
      item(2, { cost: null, price: 2500, status: 'draft', specs: {} }),
      item(3, { sku: null }),
    ];
    const { sheet, problems } = readCatalogSheet(catalogToCsv(items, CATEGORIES));
    expect(problems).toEqual([]);
    expect(planCatalogImport(sheet!, { items, categories: CATEGORIES })).toEqual({
      creates: [],
      updates: [],
      unchanged: 3,
      problems: [],
    });
  });
});

describe('catalog import plan', () => {
  const current = { items: [item(1), item(2)], categories: CATEGORIES };

  it('updates by SKU only the columns the sheet has, recomputing the price, and creates new SKUs as drafts', () => {
    const sheet = sheetOf([
      ['SKU', 'Cost ($)', 'Stock Quantity', 'Title', 'Category', 'Markup %', 'Notes'],
      ['PH-1', '$1,200.00', '12', 'Item 1', 'trailer-parts', '', 'ignored'],
      ['PH-9', '50', '0', 'New Hitch Pin', 'truck-upfit', '40%', ''],
    ]);
    expect(sheet.ignoredColumns).toEqual(['Notes']);
    const plan = planCatalogImport(sheet, current);
    expect(plan.problems).toEqual([]);
    expect(plan.updates).toEqual([
      {
        id: 1,
        data: expect.objectContaining({
          cost: 120000,
          price: 162000,
          stockQty: 12,
          brand: 'Dexter',
          markupPct: 0.35,
        }),
      },
    ]);
    expect(plan.creates).toEqual([
      expect.objectContaining({
        sku: 'PH-9',
        slug: 'new-hitch-pin',
        title: 'New Hitch Pin',
        cost: 5000,
        markupPct: 0.4,
        price: 7000,
        status: 'draft',
        stockQty: 0,
      }),
    ]);
  });

  it('takes a category by its name or its slug, in any letter case', () => {
    const sheet = sheetOf([
      ['sku', 'title', 'category'],
      ['PH-1', 'Item 1', 'SNOW & ICE'],
      ['PH-20', 'Salt Spreader Spinner', 'Snow & Ice'],
      ['PH-21', 'Ratchet Strap', 'truck-upfit'],
    ]);
    const plan = planCatalogImport(sheet, current);
    expect(plan.problems).toEqual([]);
    expect(plan.updates).toEqual([{ id: 1, data: expect.objectContaining({ category: 'snow-ice' }) }]);
    expect(plan.creates.map((c) => c.category)).toEqual(['snow-ice', 'truck-upfit']);
    const unknown = sheetOf([
      ['sku', 'title', 'category'],
      ['PH-22', 'Mystery', 'Snow and Ice'],
    ]);
    expect(planCatalogImport(unknown, current).problems).toEqual([
      { row: 2, column: 'category', message: "Unknown category 'Snow and Ice'" },
    ]);
  });

  it('reports every bad row with its row and column', () => {
    const sheet = sheetOf([
      ['sku', 'title', 'category', 'cost', 'markup_pct', 'stock_qty', 'status', 'slug', 'images'],
      ['PH-10', '', 'trailer-parts', '10', '', '', '', 'x-one', ''], // row 2: no title
      ['PH-11', 'Thing', 'no-such', 'ten', '', '', '', 'x-two', ''], // row 3: cost not a number
      ['PH-12', 'Thing', 'no-such', '10', '2', '-1', 'live', 'x-three', ''], // row 4: schema problems
      ['PH-13', 'Thing', 'no-such', '10', '', '', '', 'x-four', ''], // row 5: unknown category
      ['PH-14', 'Thing', 'snow-ice', '10', '', '', '', 'item-2', ''], // row 6: slug of another item
      ['PH-15', 'Thing', 'snow-ice', '10', '', '', '', 'x-six', 'https://evil.example/a.png'], // row 7
      ['PH-16', 'Thing', 'snow-ice', '10', '', '', '', 'x-seven', ''], // fine
      ['PH-16', 'Thing', 'snow-ice', '10', '', '', '', 'x-eight', ''], // row 9: SKU twice
      ['', 'Thing', 'snow-ice', '10', '', '', '', 'x-nine', ''], // row 10: no SKU
    ]);
    const plan = planCatalogImport(sheet, current);
    expect(plan.problems).toEqual([
      { row: 2, column: 'title', message: 'Title is required' },
      { row: 3, column: 'cost', message: 'Cost must be an amount in dollars, 0 or more' },
      { row: 4, column: 'markup_pct', message: 'Markup must be a number from 0 to 1' },
      { row: 4, column: 'stock_qty', message: 'Stock must be a whole number, 0 or more' },
      { row: 4, column: 'status', message: 'Status must be active, draft or archived' },
      { row: 5, column: 'category', message: "Unknown category 'no-such'" },
      { row: 6, column: 'slug', message: 'Slug already exists (Item 2)' },
      { row: 7, column: 'images', message: 'Images must be uploaded with the catalog image uploader' },
      { row: 9, column: 'sku', message: 'SKU PH-16 is also on row 8' },
      { row: 10, column: 'sku', message: 'SKU is required' },
    ]);
  });

  it('refuses a sheet it cannot read', () => {
    expect(readCatalogSheet('').problems).toEqual([{ row: 1, message: 'The file is empty' }]);
    expect(readCatalogSheet('title,cost\nA,1\n').problems).toEqual([
      { row: 1, message: "The file needs a 'sku' column" },
    ]);
    expect(readCatalogSheet('sku,title\n').problems).toEqual([
      { row: 1, message: 'The file has no rows below the header' },
    ]);
    expect(readCatalogSheet('sku,title,SKU\nA,b,c\n').problems).toEqual([
      { row: 1, column: 'SKU', message: "Column 'sku' appears twice" },
    ]);
    expect(readCatalogSheet('sku,title\n"PH-1,x\n').problems).toEqual([
      { row: 2, message: 'A quoted field is never closed' },
    ]);
  });
});

describe('catalog import: slugs of new items', () => {
  it('asks for a slug when the title gives none', () => {
    const sheet = readCatalogSheet('sku,title,category\nPH-X,!!!,snow-ice\n').sheet!;
    expect(planCatalogImport(sheet, { items: [], categories: CATEGORIES }).problems).toEqual([
      { row: 2, column: 'slug', message: 'Slug is required' },
    ]);
  });
});
