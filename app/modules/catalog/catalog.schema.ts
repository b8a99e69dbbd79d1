/**
 * The catalog form (product.md §5 'Catalog form') and the catalog API payload, one set of rules:
 *
 * - `catalogItemSchema`: the JSON body of POST /api/catalog (money in integer cents, markup a
 *   fraction); `catalogItemPatchSchema` the same fields, each optional, for PATCH /api/catalog/{id}.
 * - `catalogFormSchema`: the Add/Edit dialog, whose inputs are text (cost in dollars, specs as
 *   'Name: value' lines). Its text fields reuse the API's rules and messages, and the dialog runs its
 *   output through `catalogItemSchema` too (`formToPayload`), so the browser refuses exactly what the
 *   server would.
 */
import { z } from 'zod';
import { dollarsToCents, centsToDollarText } from '../site/money.ts';
import { CATALOG_STATUSES, MAX_ITEM_IMAGES, type CatalogItem } from './catalog.ts';
import { itemPrice } from './pricing.ts';
import { SLUG_MAX, SLUG_PATTERN } from './slug.ts';
import { MAX_SPECS, parseSpecsText, SPEC_NAME_MAX, SPEC_VALUE_MAX, specsToText } from './specs.ts';

export const CATALOG_MESSAGES = {
  title: 'Title is required',
  slug: 'Slug is required',
  slugFormat: 'Use lowercase letters, digits and single hyphens only',
  category: 'Category is required',
  cost: 'Cost must be a number, 0 or more',
  price: 'Price must be a number, 0 or more',
  markup: 'Markup must be a number from 0 to 1',
  stock: 'Stock must be a whole number, 0 or more',
  status: 'Status must be active, draft or archived',
  specs: "Write each specification on its own line as 'Name: value'",
  tooManySpecs: `At most ${MAX_SPECS} specifications`,
  image: 'Images must be uploaded with the catalog image uploader',
  tooManyImages: `At most ${MAX_ITEM_IMAGES} images per item`,
} as const;

/** Uploaded catalog images (served from DATA_DIR/uploads/public at /uploads). */
export const CATALOG_IMAGE_URL = /^\/uploads\/catalog\/[a-zA-Z0-9][a-zA-Z0-9._-]{0,150}\.(?:webp|jpe?g|png)$/;

/** Upper bound of any amount in cents ($10,000,000): a typo guard, not a business rule. */
const MAX_CENTS = 1_000_000_000;

const tooLong = (max: number) => `At most ${max} characters`;

const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, { message, abort: true }).max(max, tooLong(max));

/** Optional text: '' or missing → null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const cents = (message: string) => z.number({ message }).int(message).min(0, message).max(MAX_CENTS, message);

const specsSchema = z
  .record(
    z.string().trim().min(1, CATALOG_MESSAGES.specs).max(SPEC_NAME_MAX, tooLong(SPEC_NAME_MAX)),
    z.string().trim().min(1, CATALOG_MESSAGES.specs).max(SPEC_VALUE_MAX, tooLong(SPEC_VALUE_MAX)),
  )
  .refine((specs) => Object.keys(specs).length <= MAX_SPECS, CATALOG_MESSAGES.tooManySpecs);

/** Each field of an item as the API takes it, without defaults (PATCH leaves out what it keeps). */
const fields = {
  title: requiredText(CATALOG_MESSAGES.title, 200),
  slug: z
    .string({ message: CATALOG_MESSAGES.slug })
    .trim()
    .min(1, { message: CATALOG_MESSAGES.slug, abort: true })
    .max(SLUG_MAX, { message: tooLong(SLUG_MAX), abort: true })
    .regex(SLUG_PATTERN, CATALOG_MESSAGES.slugFormat),
  sku: optionalText(64),
  supplierSku: optionalText(64),
  brand: optionalText(80),
  category: requiredText(CATALOG_MESSAGES.category, 64),
  subcategory: optionalText(80),
  description: optionalText(5000),
  /** integer cents */
  cost: cents(CATALOG_MESSAGES.cost).nullable(),
  /** integer cents; only kept when there is no cost (otherwise recomputed) */
  price: cents(CATALOG_MESSAGES.price).nullable(),
  markupPct: z
    .number({ message: CATALOG_MESSAGES.markup })
    .min(0, CATALOG_MESSAGES.markup)
    .max(1, CATALOG_MESSAGES.markup),
  stockQty: z
    .number({ message: CATALOG_MESSAGES.stock })
    .int(CATALOG_MESSAGES.stock)
    .min(0, CATALOG_MESSAGES.stock)
    .max(1_000_000, CATALOG_MESSAGES.stock),
  status: z.enum(CATALOG_STATUSES, { message: CATALOG_MESSAGES.status }),
  specs: specsSchema,
  images: z
    .array(z.string().regex(CATALOG_IMAGE_URL, CATALOG_MESSAGES.image))
    .max(MAX_ITEM_IMAGES, CATALOG_MESSAGES.tooManyImages),
};

/** POST /api/catalog. New items are drafts unless the payload says otherwise (decision 0020). */
export const catalogItemSchema = z.object({
  ...fields,
  cost: fields.cost.default(null),
  price: fields.price.default(null),
  markupPct: fields.markupPct.default(0.35),
  stockQty: fields.stockQty.default(0),
  status: fields.status.default('draft'),
  specs: specsSchema.default({}),
  images: fields.images.default([]),
});
export type CatalogItemInput = z.input<typeof catalogItemSchema>;
export type CatalogItemData = z.output<typeof catalogItemSchema>;

/** PATCH /api/catalog/{id}: any subset of the fields; the merged item is checked again as a whole. */
export const catalogItemPatchSchema = z.object(fields).partial();
export type CatalogItemPatch = z.output<typeof catalogItemPatchSchema>;

/** The item as the API schema sees it (for merging a patch or a CSV row into an existing item). */
export function itemToData(item: CatalogItem): CatalogItemData {
  return {
    title: item.title,
    slug: item.slug,
    sku: item.sku,
    supplierSku: item.supplierSku,
    brand: item.brand,
    category: item.category,
    subcategory: item.subcategory,
    description: item.description,
    cost: item.cost,
    price: item.price,
    markupPct: item.markupPct,
    stockQty: item.stockQty,
    status: item.status,
    specs: item.specs,
    images: item.images,
  };
}

// ---------------------------------------------------------------------------------------------
// The dialog: every input is text; numbers are parsed here with the spec's messages.

/** Text → number; '' → undefined (optional) or the `empty` message (required). */
const numberText = (
  message: string,
  options: { required: boolean; integer?: boolean; min: number; max: number },
) =>
  z.string().transform((raw, ctx): number | undefined => {
    const text = raw.trim();
    if (text === '') {
      if (options.required) ctx.addIssue({ code: 'custom', message });
      return undefined;
    }
    const n = Number(text);
    if (
      !Number.isFinite(n) ||
      n < options.min ||
      n > options.max ||
      (options.integer && !Number.isInteger(n))
    ) {
      ctx.addIssue({ code: 'custom', message });
      return undefined;
    }
    return n;
  });

export const catalogFormSchema = z.object({
  title: fields.title,
  slug: fields.slug,
  sku: z.string().trim().max(64, tooLong(64)),
  supplierSku: z.string().trim().max(64, tooLong(64)),
  brand: z.string().trim().max(80, tooLong(80)),
  category: fields.category,
  subcategory: z.string().trim().max(80, tooLong(80)),
  description: z.string().trim().max(5000, tooLong(5000)),
  /** dollars */
  cost: numberText(CATALOG_MESSAGES.cost, { required: false, min: 0, max: MAX_CENTS / 100 }),
  markupPct: numberText(CATALOG_MESSAGES.markup, { required: true, min: 0, max: 1 }),
  stockQty: numberText(CATALOG_MESSAGES.stock, { required: true, integer: true, min: 0, max: 1_000_000 }),
  status: fields.status,
  specs: z.string().transform((text, ctx) => {
    const { specs, badLines } = parseSpecsText(text);
    if (badLines.length)
      ctx.addIssue({ code: 'custom', message: `${CATALOG_MESSAGES.specs} (line ${badLines[0]})` });
    else if (Object.keys(specs).length > MAX_SPECS)
      ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.tooManySpecs });
    return specs;
  }),
  images: fields.images,
});
/** What the dialog's inputs hold. */
export type CatalogFormValues = z.input<typeof catalogFormSchema>;
export type CatalogFormOutput = z.output<typeof catalogFormSchema>;

/** The empty dialog: markup 0.35, stock 0, a draft (product.md §5, §9; decision 0020). */
export const EMPTY_CATALOG_FORM: CatalogFormValues = {
  title: '',
  slug: '',
  sku: '',
  supplierSku: '',
  brand: '',
  category: '',
  subcategory: '',
  description: '',
  cost: '',
  markupPct: '0.35',
  stockQty: '0',
  status: 'draft',
  specs: '',
  images: [],
};

/** The dialog prefilled with an existing item (cost back in dollars). */
export function itemToFormValues(item: CatalogItem): CatalogFormValues {
  return {
    title: item.title,
    slug: item.slug,
    sku: item.sku ?? '',
    supplierSku: item.supplierSku ?? '',
    brand: item.brand ?? '',
    category: item.category,
    subcategory: item.subcategory ?? '',
    description: item.description ?? '',
    cost: item.cost === null ? '' : centsToDollarText(item.cost),
    markupPct: String(item.markupPct),
    stockQty: String(item.stockQty),
    status: item.status,
    specs: specsToText(item.specs),
    images: item.images,
  };
}

/**
 * The dialog's output as the API payload (product.md §7): cost converted to cents by rounding, price
 * computed from cost and markup when both are set. Checked with the API's own schema.
 */
export function formToPayload(values: CatalogFormOutput): CatalogItemData {
  const cost = values.cost === undefined ? null : dollarsToCents(values.cost);
  const markupPct = values.markupPct ?? 0.35;
  return catalogItemSchema.parse({
    ...values,
    cost,
    price: itemPrice(cost, markupPct),
    markupPct,
    stockQty: values.stockQty ?? 0,
  });
}
