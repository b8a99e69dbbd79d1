/** Cities and part categories. */
import type { Kysely } from 'kysely';
import type { Category, City } from '#app/modules/site/reference.ts';
import type { DB } from '../schema.ts';

export async function listCities(db: Kysely<DB>): Promise<City[]> {
  return db
    .selectFrom('cities')
    .select(['slug', 'name', 'region'])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

export async function listCategories(db: Kysely<DB>): Promise<Category[]> {
  return db.selectFrom('categories').select(['slug', 'name']).orderBy('sort_order').execute();
}

export async function upsertCities(db: Kysely<DB>, cities: readonly City[]): Promise<void> {
  for (const [index, city] of cities.entries()) {
    await db
      .insertInto('cities')
      .values({ ...city, sort_order: index })
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet({ name: city.name, region: city.region, sort_order: index }),
      )
      .execute();
  }
}

export async function upsertCategories(db: Kysely<DB>, categories: readonly Category[]): Promise<void> {
  for (const [index, category] of categories.entries()) {
    await db
      .insertInto('categories')
      .values({ ...category, sort_order: index })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ name: category.name, sort_order: index }))
      .execute();
  }
}
