/**
 * Seeding at start. Reference data (categories, cities) always; demo content (catalog items,
 * blog posts, leads) only with SEED_DEMO. Both are idempotent: a second run changes nothing.
 */
import { CATEGORIES } from '#app/modules/site/reference.ts';
import type { ServiceDeps } from '../services/context.ts';
import { upsertCategories, upsertCities } from '../db/repo/reference.ts';
import { seedDemoContent, type DemoSeedResult } from './demo.ts';
import { CITIES } from './reference-data.ts';

export async function seedReference({ db }: Pick<ServiceDeps, 'db'>): Promise<void> {
  await upsertCategories(db, CATEGORIES);
  await upsertCities(db, CITIES);
}

/** Reference data, then (SEED_DEMO) the demo content; returns what demo content was added. */
export async function seed(deps: ServiceDeps): Promise<DemoSeedResult | undefined> {
  await seedReference(deps);
  return deps.config.seedDemo ? seedDemoContent(deps) : undefined;
}
