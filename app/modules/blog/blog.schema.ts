/**
 * The blog post form (product.md §5 'Blog form'), shared by the admin dialog and the API:
 * - `blogFormSchema` checks the dialog's values (text fields, comma-separated lists, checkboxes);
 * - `formToFormData` builds the multipart payload of product.md §7 with the §5 omission rules (empty
 *   values, false booleans and the category 'none' are not sent; lists go as JSON lists);
 * - `blogPayloadSchema` parses that payload on the server (every value arrives as text).
 * A field missing from the payload means "empty" (or false, for a checkbox): the dialog always
 * sends the whole form, so an omitted value is one staff cleared (decision 0030).
 */
import { z } from 'zod';
import { rowIdSchema } from '../site/row-id.ts';
import { BLOG_DEFAULTS, SCHEMA_TYPES, type AdminBlogPost } from './blog.ts';

export const BLOG_FORM_MESSAGES = {
  title: 'Title is required',
  content: 'Content is required',
  authorName: 'Author name is required',
  readTime: 'Read time must be a whole number of minutes (1-240)',
  canonicalUrl: 'Enter a full address starting with http:// or https://',
  featuredImage: 'Featured image must be an image file',
  contentDepth:
    'The content is nested too deeply (more than 100 levels of formatting inside each other). Simplify its formatting, or paste it as plain text.',
} as const;

/** Far deeper than any post the editor makes (a list in a quote in a list is 6): refused beyond. */
export const MAX_CONTENT_DEPTH = 100;

export const LIST_FIELDS = ['tags', 'cityFocus', 'equipmentFocus', 'localKeywords'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** product.md §5: split by commas, trim, drop empty items. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** True when editor HTML holds no words and no picture ('<p></p>' is empty). */
export function isBlankContent(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

const text = (max: number) => z.string().trim().max(max);

// ---------- the dialog ----------

export const blogFormSchema = z.object({
  title: text(200).min(1, BLOG_FORM_MESSAGES.title),
  slug: text(120),
  excerpt: text(1000),
  content: z.string().refine((html) => !isBlankContent(html), BLOG_FORM_MESSAGES.content),
  categoryId: z.string(),
  schemaType: z.enum(SCHEMA_TYPES),
  readTimeMinutes: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 240),
      BLOG_FORM_MESSAGES.readTime,
    ),
  isFeatured: z.boolean(),
  allowComments: z.boolean(),
  tags: text(1000),
  authorName: text(120).min(1, BLOG_FORM_MESSAGES.authorName),
  metaTitle: text(200),
  canonicalUrl: text(500).refine(
    (v) => v === '' || /^https?:\/\/\S+$/i.test(v),
    BLOG_FORM_MESSAGES.canonicalUrl,
  ),
  metaDescription: text(500),
  authorBio: text(1000),
  cityFocus: text(1000),
  equipmentFocus: text(1000),
  localKeywords: text(1000),
});
export type BlogFormValues = z.input<typeof blogFormSchema>;

export function emptyBlogForm(authorName: string): BlogFormValues {
  return {
    title: '',
    slug: '',
    excerpt: '',
    content: '',
    categoryId: BLOG_DEFAULTS.category,
    schemaType: BLOG_DEFAULTS.schemaType,
    readTimeMinutes: String(BLOG_DEFAULTS.readTimeMinutes),
    isFeatured: BLOG_DEFAULTS.isFeatured,
    allowComments: BLOG_DEFAULTS.allowComments,
    tags: '',
    authorName,
    metaTitle: '',
    canonicalUrl: '',
    metaDescription: '',
    authorBio: '',
    cityFocus: '',
    equipmentFocus: '',
    localKeywords: '',
  };
}

export function postToFormValues(post: AdminBlogPost): BlogFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? '',
    content: post.content,
    categoryId: post.categoryId === null ? BLOG_DEFAULTS.category : String(post.categoryId),
    schemaType: post.schemaType,
    readTimeMinutes: String(post.readTimeMinutes),
    isFeatured: post.isFeatured,
    allowComments: post.allowComments,
    tags: post.tags.join(', '),
    authorName: post.authorName,
    metaTitle: post.metaTitle ?? '',
    canonicalUrl: post.canonicalUrl ?? '',
    metaDescription: post.metaDescription ?? '',
    authorBio: post.authorBio ?? '',
    cityFocus: post.cityFocus.join(', '),
    equipmentFocus: post.equipmentFocus.join(', '),
    localKeywords: post.localKeywords.join(', '),
  };
}

/**
 * The multipart body of POST/PATCH /api/admin/blog (product.md §5, §7): lists as JSON lists, the
 * featured image as a file; empty values, false booleans and category 'none' left out.
 */
export function formToFormData(
  values: BlogFormValues,
  featuredImage?: File | null,
  { removeFeaturedImage = false } = {},
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'boolean') {
      if (value) data.append(key, 'true');
      continue;
    }
    const v = String(value).trim();
    if (key === 'categoryId' && v === BLOG_DEFAULTS.category) continue;
    if ((LIST_FIELDS as readonly string[]).includes(key)) {
      const list = splitList(v);
      if (list.length) data.append(key, JSON.stringify(list));
      continue;
    }
    if (v !== '') data.append(key, key === 'content' ? String(value) : v);
  }
  if (featuredImage) data.append('featuredImage', featuredImage);
  else if (removeFeaturedImage) data.append('removeFeaturedImage', 'true');
  return data;
}

// ---------- the server ----------

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
    z.string().max(max).optional(),
  );

const flag = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());

/** A JSON list (or a real array) of short strings; a comma-separated text is accepted too. */
const list = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (Array.isArray(v)) return v;
    if (typeof v === 'string') {
      try {
        const parsed: unknown = JSON.parse(v);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // not JSON: read it as the form's comma-separated text
      }
      return splitList(v);
    }
    return v;
  },
  z
    .array(z.string().trim().max(100))
    .max(30)
    .transform((items) => [...new Set(items.filter(Boolean))]),
);

export const blogPayloadSchema = z.object({
  title: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z.string().min(1, BLOG_FORM_MESSAGES.title).max(200),
  ),
  slug: optionalText(120),
  excerpt: optionalText(1000),
  content: z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z
      .string()
      .max(500_000)
      .refine((html) => !isBlankContent(html), BLOG_FORM_MESSAGES.content),
  ),
  categoryId: z.preprocess(
    (v) => (v === undefined || v === '' || v === BLOG_DEFAULTS.category ? undefined : v),
    rowIdSchema().optional(),
  ),
  schemaType: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(SCHEMA_TYPES).default(BLOG_DEFAULTS.schemaType),
  ),
  // product.md §5: an empty read time becomes undefined (then the default of product.md §9)
  readTimeMinutes: z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : Number(v),
    z
      .number()
      .int(BLOG_FORM_MESSAGES.readTime)
      .min(1, BLOG_FORM_MESSAGES.readTime)
      .max(240, BLOG_FORM_MESSAGES.readTime)
      .optional(),
  ),
  isFeatured: flag,
  allowComments: flag,
  tags: list,
  authorName: optionalText(120),
  metaTitle: optionalText(200),
  canonicalUrl: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
    z
      .string()
      .max(500)
      .refine((v) => /^https?:\/\/\S+$/i.test(v), BLOG_FORM_MESSAGES.canonicalUrl)
      .optional(),
  ),
  metaDescription: optionalText(500),
  authorBio: optionalText(1000),
  cityFocus: list,
  equipmentFocus: list,
  localKeywords: list,
  /** PATCH only: the post keeps no featured image (its file is removed); a new file wins over it. */
  removeFeaturedImage: flag,
});
export type BlogPayload = z.output<typeof blogPayloadSchema>;

/** POST /api/admin/blog/{id}/publish: now, or at a Winnipeg wall-clock time ('2026-12-01T09:00'). */
export const publishSchema = z.object({
  publishAt: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(40).optional()),
});
