import { describe, expect, it } from 'vitest';
import type { CatalogItem } from './catalog.ts';
import {
  catalogFormSchema,
  catalogItemPatchSchema,
  catalogItemSchema,
  EMPTY_CATALOG_FORM,
  formToPayload,
  itemToFormValues,
  type CatalogFormValues,
} from './catalog.schema.ts';
import { itemPrice, resolvePrice } from './pricing.ts';

const form = (over: Partial<CatalogFormValues> = {}): CatalogFormValues => ({
  ...EMPTY_CATALOG_FORM,
  title: 'Dexter Axle',
  slug: 'dexter-axle',
  category: 'trailer-parts',
  ...over,
});

function formErrors(values: CatalogFormValues): Record<string, string> {
  const result = catalogFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('catalog form (product.md §5)', () => {
  it('has the spec defaults: markup 0.35, stock 0, and a new item is a draft', () => {
    expect(EMPTY_CATALOG_FORM).toMatchObject({ markupPct: '0.35', stockQty: '0', status: 'draft' });
  });

  it('says what is missing, in the spec words', () => {
    expect(formErrors({ ...EMPTY_CATALOG_FORM })).toEqual({
      title: 'Title is required',
      slug: 'Slug is required',
      category: 'Category is required',
    });
  });

  it.each([
    [{ markupPct: '1.2' }, 'markupPct', 'Markup must be a number from 0 to 1'],
    [{ markupPct: '-0.1' }, 'markupPct', 'Markup must be a number from 0 to 1'],
    [{ markupPct: '' }, 'markupPct', 'Markup must be a number from 0 to 1'],
    [{ stockQty: '-1' }, 'stockQty', 'Stock must be a whole number, 0 or more'],
    [{ stockQty: '2.5' }, 'stockQty', 'Stock must be a whole number, 0 or more'],
    [{ cost: 'abc' }, 'cost', 'Cost must be a number, 0 or more'],
    [{ cost: '-5' }, 'cost', 'Cost must be a number, 0 or more'],
    [{ slug: 'Not A Slug' }, 'slug', 'Use lowercase letters, digits and single hyphens only'],
    [
      { specs: 'Capacity 7000 lb' },
      'specs',
      "Write each specification on its own line as 'Name: value' (line 1)",
    ],
    [
      { images: ['https://evil.example/x.png'] },
      'images.0',
      'Images must be uploaded with the catalog image uploader',
    ],
  ] as [Partial<CatalogFormValues>, string, string][])('%j → %s: %s', (over, path, message) => {
    expect(formErrors(form(over))).toEqual({ [path]: message });
  });

  it('turns the dialog into the API payload: cost in cents by rounding, price from cost and markup', () => {
    const parsed = catalogFormSchema.parse(
      form({
        cost: '689',
        markupPct: '0.35',
        stockQty: '2',
        sku: ' PH-1 ',
        brand: '',
        specs: 'Capacity: 7,000 lb\n\nThread: 1/2-20 UNF',
      }),
    );
    expect(formToPayload(parsed)).toEqual({
      title: 'Dexter Axle',
      slug: 'dexter-axle',
      sku: 'PH-1',
      supplierSku: null,
      brand: null,
      category: 'trailer-parts',
      subcategory: null,
      description: null,
      cost: 68900,
      price: 93015,
      markupPct: 0.35,
      stockQty: 2,
      status: 'draft',
      specs: { Capacity: '7,000 lb', Thread: '1/2-20 UNF' },
      images: [],
    });
    expect(formToPayload(catalogFormSchema.parse(form({ cost: '19.999' })))).toMatchObject({ cost: 2000 });
    expect(formToPayload(catalogFormSchema.parse(form()))).toMatchObject({ cost: null, price: null });
  });

  it('prefills the edit dialog from an item and gets the same item back', () => {
    const item: CatalogItem = {
      id: 4,
      slug: 'hub',
      title: 'Hub',
      description: 'A hub.',
      category: 'trailer-parts',
      subcategory: 'Hubs',
      price: 18630,
      cost: 13800,
      markupPct: 0.35,
      stockQty: 6,
      images: ['/uploads/catalog/hub-1.webp'],
      brand: 'Dexter',
      sku: 'PH-3',
      supplierSku: 'DEX-3',
      specs: { Bolts: '6 on 5.5 in' },
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const values = itemToFormValues(item);
    expect(values).toMatchObject({
      cost: '138.00',
      markupPct: '0.35',
      stockQty: '6',
      specs: 'Bolts: 6 on 5.5 in',
    });
    const { id: _id, createdAt: _c, updatedAt: _u, ...data } = item;
    expect(formToPayload(catalogFormSchema.parse(values))).toEqual(data);
  });
});

describe('catalog API payload', () => {
  it('fills the defaults of a new item (draft, markup 0.35, stock 0) and nulls empty text', () => {
    expect(catalogItemSchema.parse({ title: 'X', slug: 'x', category: 'snow-ice', brand: '' })).toEqual({
      title: 'X',
      slug: 'x',
      sku: null,
      supplierSku: null,
      brand: null,
      category: 'snow-ice',
      subcategory: null,
      description: null,
      cost: null,
      price: null,
      markupPct: 0.35,
      stockQty: 0,
      status: 'draft',
      specs: {},
      images: [],
    });
  });

  it('refuses money that is not whole cents and statuses that do not exist', () => {
    const base = { title: 'X', slug: 'x', category: 'snow-ice' };
    expect(catalogItemSchema.safeParse({ ...base, cost: 12.5 }).success).toBe(false);
    expect(catalogItemSchema.safeParse({ ...base, status: 'published' }).success).toBe(false);
    expect(catalogItemSchema.safeParse({ ...base, markupPct: '0.35' }).success).toBe(false);
  });

  it('a patch keeps out what it does not mention (no defaults sneak in)', () => {
    expect(catalogItemPatchSchema.parse({ status: 'active' })).toEqual({ status: 'active' });
    expect(catalogItemPatchSchema.parse({ brand: '' })).toEqual({ brand: null });
  });
});

describe('item price', () => {
  it.each([
    [68900, 0.35, 93015],
    [1, 0.5, 2],
    [0, 0.35, 0],
    [1999, 0, 1999],
    [null, 0.35, null],
  ])('cost %s × (1 + %s) → %s', (cost, markup, price) => {
    expect(itemPrice(cost, markup)).toBe(price);
  });

  it('recomputes from cost and markup, and keeps a given price only when there is no cost', () => {
    expect(resolvePrice({ cost: 10000, markupPct: 0.4, price: 1 })).toBe(14000);
    expect(resolvePrice({ cost: null, markupPct: 0.4, price: 2500 })).toBe(2500);
    expect(resolvePrice({ cost: null, markupPct: 0.4 })).toBeNull();
  });
});
