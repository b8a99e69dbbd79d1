/** What decides whether a city × category landing page has content of its own (server/services/pages.ts). */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { parseList } from './rows.ts';

/** Active catalog items per category slug (categories without active items are absent). */
export async function countActiveItemsByCategory(db: Kysely<DB>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('catalog_items')
    .select((eb) => ['category', eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'active')
    .groupBy('category')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.count)]));
}

export type LocalGuide = { slug: string; title: string; excerpt: string | null; cityFocus: string[] };

/** Published posts (whose time has come) that name at least one city in their city focus, newest first. */
export async function listLocalGuides(db: Kysely<DB>, now: Date): Promise<LocalGuide[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'excerpt', 'city_focus'])
    .where('status', '=', 'published')
    .where('published_at', '<=', now.toISOString())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows
    .map((r) => ({ slug: r.slug, title: r.title, excerpt: r.excerpt, cityFocus: parseList(r.city_focus) }))
    .filter((g) => g.cityFocus.length > 0);
}
