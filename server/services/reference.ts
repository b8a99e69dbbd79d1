/** Cities and part categories (GET /api/cities, /api/categories, page loaders). */
import { listCategories, listCities } from '../db/repo/reference.ts';
import type { ServiceDeps } from './context.ts';

export function referenceService({ db }: ServiceDeps) {
  return {
    /** Every city served, in display order (the home grid shows the first 14). */
    listCities: () => listCities(db),
    /** The eight part categories, in display order. */
    listCategories: () => listCategories(db),
  };
}
