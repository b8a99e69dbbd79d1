/**
 * Which city × category landing pages deserve to be indexed (decision 0012). The site can render
 * a page for every city and category, but hundreds of pages that differ only in a place name are
 * doorway pages to a search engine. A page is indexable (listed in the sitemap, no `noindex`) when
 * it has real content of its own:
 *
 * - its category has at least MIN_ACTIVE_ITEMS active catalog items to feature, AND
 * - its city is a priority city (a hub with its own regional copy: Winnipeg, Brandon, Steinbach)
 *   or has at least one published local guide (a blog post whose city focus names it).
 *
 * Pure: server/services/city-pages.ts gathers the counts and is the one place that applies it.
 */
/** The owner's words for the city pages search engines are shown (Settings, issue 49 item 4). */
export const CITY_PAGES_TEXT = {
  title: 'City pages in search results',
  intro:
    'Each city has a page for each kind of part. A page is shown to Google and other search engines once it has something to show: a place we have served, with enough of our parts listed.',
  show: 'Show city pages for the places we have served in search results',
  shown: (count: number) =>
    count === 1 ? '1 city page is in search results now.' : `${count} city pages are in search results now.`,
} as const;

export const PRIORITY_CITY_SLUGS: readonly string[] = ['winnipeg', 'brandon', 'steinbach'];
export const MIN_ACTIVE_ITEMS = 3;

export type IndexSignals = {
  citySlug: string;
  /** Active catalog items in the page's category */
  activeItems: number;
  /** Published blog posts whose city focus includes the city */
  localGuides: number;
};

/** A city × category page worth indexing, by slugs ('Generate SEO Pages' lists them). */
export type IndexablePage = { city: string; category: string };

export type IndexRule = { priorityCities: readonly string[]; minActiveItems: number };
export const DEFAULT_INDEX_RULE: IndexRule = {
  priorityCities: PRIORITY_CITY_SLUGS,
  minActiveItems: MIN_ACTIVE_ITEMS,
};

export function isIndexableCityPage(signals: IndexSignals, rule: IndexRule = DEFAULT_INDEX_RULE): boolean {
  const enoughItems = signals.activeItems >= rule.minActiveItems;
  const local = rule.priorityCities.includes(signals.citySlug) || signals.localGuides > 0;
  return enoughItems && local;
}
