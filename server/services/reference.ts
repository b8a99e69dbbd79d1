/**
 * Cities and part categories (GET /api/cities, /api/categories, page loaders). Reference data,
 * written by the seed at start-up: read once a minute, not on every page, and again at once when
 * the content-change signal says something changed, here or in another process (a manual fix in
 * the database moves the version too; decision 0097, docs/performance.md#elsewhere-for-every-reader).
 */
import type { Category, City } from '#app/modules/site/reference.ts';
import { listCategories, listCities } from '../db/repo/reference.ts';
import type { ContentChanges } from './changes.ts';
import type { ServiceDeps } from './context.ts';
import { createMemo } from './memo.ts';

export const REFERENCE_CACHE = { ttlMs: 60_000, maxEntries: 1 } as const;

export function referenceService({ db }: ServiceDeps, { changes }: { changes: ContentChanges }) {
  const cities = createMemo<City[]>(REFERENCE_CACHE);
  const categories = createMemo<Category[]>(REFERENCE_CACHE);
  changes.onChange(() => {
    cities.clear();
    categories.clear();
  });
  return {
    /** Every city served, in display order (the home grid shows the first 14). */
    listCities: () => cities.get('', () => listCities(db)),
    /** The eight part categories, in display order. */
    listCategories: () => categories.get('', () => listCategories(db)),
  };
}
export type ReferenceService = ReturnType<typeof referenceService>;
