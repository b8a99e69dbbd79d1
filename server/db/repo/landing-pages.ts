/** What decides whether a city × category landing page has content of its own (server/services/city-pages.ts). */
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

export type LocalGuide = {
  slug: string;
  title: string;
  excerpt: string | null;
  cityFocus: string[];
  /** ISO-8601 UTC: a scheduled post is a guide from this time on */
  publishedAt: string;
};

/**
 * Published posts, scheduled ones included, that name at least one city in their city focus,
 * newest first. The caller keeps those whose time has come (server/services/city-pages.ts memoizes the
 * list and asks the clock on every read).
 */
export async function listLocalGuides(db: Kysely<DB>): Promise<LocalGuide[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'excerpt', 'city_focus', 'published_at'])
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows
    .map((r) => ({
      slug: r.slug,
      title: r.title,
      excerpt: r.excerpt,
      cityFocus: parseList(r.city_focus),
      publishedAt: new Date(r.published_at!).toISOString(),
    }))
    .filter((g) => g.cityFocus.length > 0);
}
