/**
 * Seeding at start. Reference data (categories, cities) always; demo content (catalog items,
 * blog posts, leads) only with SEED_DEMO. Both are idempotent: a second run changes nothing.
 */
import { CATEGORIES } from '#app/modules/site/reference.ts';
import type { ServiceDeps } from '../../services/context.ts';
import { upsertCategories, upsertCities } from '../repo/reference.ts';
import { seedDemoContent } from './demo.ts';
import { CITIES } from './reference-data.ts';

export async function seedReference({ db }: Pick<ServiceDeps, 'db'>): Promise<void> {
  await upsertCategories(db, CATEGORIES);
  await upsertCities(db, CITIES);
}

export async function seed(deps: ServiceDeps): Promise<void> {
  await seedReference(deps);
  if (deps.config.seedDemo) await seedDemoContent(deps);
}
