/**
 * The catalog's and the blog's cases of tests/api/error-shape-screens.test.ts (decision 0182,
 * 'Catalog, blog, sign-in'): bad input at `/admin/catalog` and `/admin/blog`, with the status and
 * the words each screen answers. The catalog's item dialog types dollars and 'Name: value' lines
 * (its `read`, `catalogFormSchema`); the blog's post form sends its featured image as a file.
 */
import { BLOG_FORM_MESSAGES } from '#app/modules/blog/blog.schema.ts';
import { BLOG_TEXT } from '#app/modules/blog/blog.ts';
import { CATALOG_TEXT } from '#app/modules/catalog/catalog.ts';
import { CATALOG_MESSAGES } from '#app/modules/catalog/catalog.schema.ts';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { CATALOG_ITEM_MISSING } from '#server/services/catalog.ts';
import type { ScreenAnswer } from './screen-door.ts';

/**
 * The ids of the rows the probes change: a lead (new), an account, a customer, an item, a post, and
 * an ordered lead's part still to order (at its revision).
 */
export type Ids = {
  lead: number;
  member: number;
  customer: number;
  item: number;
  post: number;
  order: { lead: number; line: number; revision: number };
};
export type Post = (
  fields: Record<string, unknown>,
  params?: Record<string, number | string>,
) => Promise<ScreenAnswer>;

export type Probe = {
  /** what is wrong with the form */
  why: string;
  send: (post: Post, ids: Ids) => Promise<ScreenAnswer>;
  status: number;
  /** the exact message, where the words are the spec's or the service's own */
  message?: string;
  /** fields that must carry a message */
  fields?: string[];
};

/** An item as the dialog sends it: cost in dollars, specifications as lines. */
export const ITEM_FORM = {
  title: 'Axle Hub',
  slug: 'axle-hub-form',
  category: 'trailer-parts',
  cost: '12.50',
  markupPct: '0.35',
  stockQty: '2',
  status: 'draft',
  specs: 'Bore: 2 in',
};
/** The slug of the item the probes' `ids.item` names (a new item with it is a 409). */
export const ITEM_SLUG = 'axle-hub-taken';

/** A post as its form sends it (the save sends every field; `ids.post` is titled otherwise). */
const POST_FORM = { title: 'Hitch pins', content: '<p>Grease them.</p>' };

/** A featured image that is not one (a text file, with the path a browser may give its name). */
const notAnImage = () => new File(['not a picture'], 'C:\\fakepath\\notes.txt', { type: 'image/png' });

const notFound = (message: string, send: Probe['send']): Probe => ({
  why: 'an id that names no row (404)',
  send,
  status: 404,
  message,
});
const notAnId = (send: Probe['send']): Probe => ({
  why: 'an id that is not one (decision 0178: 400, no field named)',
  send,
  status: 400,
  message: ROW_ID_MESSAGE,
});

export const CONTENT_CASES: Record<string, Probe[]> = {
  'admin-catalog create': [
    {
      why: 'no title, a slug with spaces, a cost in dollars below 0, a line without its colon',
      send: (post) => post({ ...ITEM_FORM, title: ' ', slug: 'Axle Hub', cost: '-1.50', specs: 'Bore 2 in' }),
      status: 400,
      message: CATALOG_MESSAGES.title,
      fields: ['title', 'slug', 'cost', 'specs'],
    },
    {
      why: 'a cost that is not dollars, a fractional stock, a markup above 1',
      send: (post) => post({ ...ITEM_FORM, cost: '$12', stockQty: '1.5', markupPct: '35' }),
      status: 400,
      message: CATALOG_MESSAGES.cost,
      fields: ['cost', 'stockQty', 'markupPct'],
    },
    {
      why: 'a cost in dollars above the largest price (cents past the limit)',
      send: (post) => post({ ...ITEM_FORM, cost: '1e12' }),
      status: 400,
      message: CATALOG_MESSAGES.cost,
      fields: ['cost'],
    },
    {
      why: "another item's slug (409)",
      send: (post) => post({ ...ITEM_FORM, slug: ITEM_SLUG }),
      status: 409,
      message: CATALOG_TEXT.slugTaken,
      fields: ['slug'],
    },
    {
      why: 'a category not in the list',
      send: (post) => post({ ...ITEM_FORM, slug: 'axle-hub-nowhere', category: 'moon-parts' }),
      status: 400,
      message: 'Choose a category from the list',
      fields: ['category'],
    },
  ],
  'admin-catalog update': [
    {
      why: 'no markup, a negative stock, a status that does not exist',
      send: (post, ids) =>
        post({ ...ITEM_FORM, id: ids.item, markupPct: '', stockQty: '-1', status: 'sold' }),
      status: 400,
      message: CATALOG_MESSAGES.markup,
      fields: ['markupPct', 'stockQty', 'status'],
    },
    notAnId((post) => post({ ...ITEM_FORM, id: 'abc' })),
    notFound(CATALOG_ITEM_MISSING, (post) => post({ ...ITEM_FORM, id: 999_999 })),
  ],
  'admin-catalog publish': [
    notAnId((post) => post({ id: '' })),
    notFound(CATALOG_ITEM_MISSING, (post) => post({ id: 999_999 })),
  ],
  'admin-blog create': [
    {
      why: 'no title, no content',
      send: (post) => post({ title: '', content: '<p> </p>' }),
      status: 400,
      message: BLOG_FORM_MESSAGES.title,
      fields: ['title', 'content'],
    },
    {
      why: 'a featured image that is not an image (named by its last part)',
      send: (post) => post({ ...POST_FORM, featuredImage: notAnImage() }),
      status: 400,
      message: 'notes.txt is not an image file',
      fields: ['featuredImage'],
    },
  ],
  'admin-blog update': [
    {
      why: 'a read time of 0, a canonical address that is not one',
      send: (post, ids) =>
        post({ ...POST_FORM, id: ids.post, readTimeMinutes: '0', canonicalUrl: 'example.com/x' }),
      status: 400,
      message: BLOG_FORM_MESSAGES.readTime,
      fields: ['readTimeMinutes', 'canonicalUrl'],
    },
    {
      why: 'a featured image that is not an image',
      send: (post, ids) => post({ ...POST_FORM, id: ids.post, featuredImage: notAnImage() }),
      status: 400,
      message: 'notes.txt is not an image file',
      fields: ['featuredImage'],
    },
    notFound(BLOG_TEXT.postMissing, (post) => post({ id: 999_999, title: 'Hitch care' })),
  ],
  'admin-blog publish': [
    {
      why: 'a time that is not one',
      send: (post, ids) => post({ id: ids.post, publishAt: 'next Tuesday' }),
      status: 400,
      message: 'Choose a valid date and time',
      fields: ['publishAt'],
    },
    notFound(BLOG_TEXT.postMissing, (post) => post({ id: 999_999 })),
  ],
  'admin-blog unpublish': [
    notAnId((post) => post({ id: '1.5' })),
    notFound(BLOG_TEXT.postMissing, (post) => post({ id: 999_999 })),
  ],
  'admin-blog archive': [
    notAnId((post) => post({ id: '-1' })),
    notFound(BLOG_TEXT.postMissing, (post) => post({ id: 999_999 })),
  ],
  'admin-blog delete': [
    notAnId((post) => post({ id: 'abc' })),
    notFound(BLOG_TEXT.postMissing, (post) => post({ id: 999_999 })),
  ],
};
