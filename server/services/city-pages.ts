/**
 * City × category landing pages (product.md §2 'City-category page', GET /api/pages/{city}/{category}):
 * the page data the server builds, and which pages are worth indexing (decision 0012). The
 * sitemap and the page itself both ask `indexablePages()`, so they can never disagree; 'Generate
 * SEO Pages' (decision 0005) will call the same function.
 */
import { toPublicItem, type PublicCatalogItem } from '#app/modules/catalog/catalog.ts';
import { cityPageSeo, type CityPageSeo } from '#app/modules/marketing/city-page.ts';
import { citiesNear } from '#app/modules/marketing/geography.ts';
import {
  isIndexableCityPage,
  PRIORITY_CITY_SLUGS,
  type IndexablePage,
} from '#app/modules/marketing/indexability.ts';
import type { Category, City } from '#app/modules/site/reference.ts';
import { listActiveCatalogItems } from '../db/repo/catalog.ts';
import { countActiveItemsByCategory, listLocalGuides, type LocalGuide } from '../db/repo/landing-pages.ts';
import type { ContentChanges } from './changes.ts';
import type { ServiceDeps } from './context.ts';
import { createMemo } from './memo.ts';
import type { ReferenceService } from './reference.ts';

/** A catalog item as a public page shows it: no supplier cost or markup. */
export type FeaturedItem = PublicCatalogItem;

export type CityCategoryPage = {
  city: City;
  category: Category;
  featuredItems: FeaturedItem[];
  seo: CityPageSeo;
  /** false: the page carries noindex and stays out of the sitemap */
  indexable: boolean;
};

export type CityPageLinks = {
  /** Communities within NEARBY_KM (geography.ts), nearest first, for the same category */
  nearbyCities: City[];
  /** The hub cities (priority cities) not already among the nearby ones, for the same category */
  hubCities: City[];
  /** The other categories in the same city */
  otherCategories: Category[];
  /** Published posts written for this city */
  localGuides: Omit<LocalGuide, 'cityFocus' | 'publishedAt'>[];
};

export const FEATURED_ITEMS_LIMIT = 6;
const NEARBY_LIMIT = 8;

const normalize = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Whether a post's city focus (slugs or names, as staff typed them) names the city. */
const focusesOn = (guide: LocalGuide, city: City) =>
  guide.cityFocus.some((c) => {
    const n = normalize(c);
    return n === city.slug || n === normalize(city.name);
  });

/**
 * What every city page reads about the catalog (a count over all items, the first items of the
 * category) and the blog (its local guides) is kept until staff change either (docs/performance.md):
 * the change signal clears it in every process within a second (decision 0097), and the TTL
 * bounds a change made around the service. The guides are kept with their publication times, and
 * the clock decides on every read which are live: a scheduled post goes live on its own time.
 */
export const CITY_PAGE_CACHE = { ttlMs: 30_000, maxEntries: 100 } as const;

export function cityPagesService(
  { db, now }: ServiceDeps,
  { changes, reference }: { changes: ContentChanges; reference: ReferenceService },
) {
  const activeCounts = createMemo<Record<string, number>>(CITY_PAGE_CACHE);
  const featured = createMemo<FeaturedItem[]>(CITY_PAGE_CACHE);
  const guides = createMemo<LocalGuide[]>(CITY_PAGE_CACHE);
  changes.onChange(() => {
    activeCounts.clear();
    featured.clear();
    guides.clear();
  });

  /** The local guides published by now, newest first. */
  async function liveGuides(): Promise<LocalGuide[]> {
    const all = await guides.get('', () => listLocalGuides(db));
    const at = now().toISOString();
    return all.filter((g) => g.publishedAt <= at);
  }

  async function indexable(cities: City[], categories: Category[]) {
    const [activeByCategory, guides] = await Promise.all([
      activeCounts.get('', () => countActiveItemsByCategory(db)),
      liveGuides(),
    ]);
    return cities.flatMap((city) => {
      const localGuides = guides.filter((g) => focusesOn(g, city)).length;
      return categories
        .filter((category) =>
          isIndexableCityPage({
            citySlug: city.slug,
            activeItems: activeByCategory[category.slug] ?? 0,
            localGuides,
          }),
        )
        .map((category) => ({ city: city.slug, category: category.slug }));
    });
  }

  return {
    /** Every city × category pair with content of its own, in city then category display order. */
    async indexablePages(): Promise<IndexablePage[]> {
      const [cities, categories] = await Promise.all([reference.listCities(), reference.listCategories()]);
      return indexable(cities, categories);
    },

    /**
     * The landing page of a city and a category: the featured items (active items of the category),
     * the SEO title, description and heading, and whether it is indexable. Undefined when the city
     * or the category does not exist.
     */
    async cityCategoryPage(citySlug: string, categorySlug: string): Promise<CityCategoryPage | undefined> {
      const [cities, categories] = await Promise.all([reference.listCities(), reference.listCategories()]);
      const city = cities.find((c) => c.slug === citySlug);
      const category = categories.find((c) => c.slug === categorySlug);
      if (!city || !category) return undefined;
      const [items, pages] = await Promise.all([
        featured.get(category.slug, async () =>
          (await listActiveCatalogItems(db, { category: category.slug, limit: FEATURED_ITEMS_LIMIT })).map(
            toPublicItem,
          ),
        ),
        indexable([city], [category]),
      ]);
      return {
        city,
        category,
        featuredItems: items,
        seo: cityPageSeo(city, category),
        indexable: pages.length > 0,
      };
    },

    /**
     * The links a city page offers: the communities that are really near it (by the map, decision
     * 0141: a hub 200 km away is not 'near'), the hub cities, its other categories and the local
     * guides written for the city.
     */
    async cityPageLinks(city: City, category: Category): Promise<CityPageLinks> {
      const [cities, categories, guides] = await Promise.all([
        reference.listCities(),
        reference.listCategories(),
        liveGuides(),
      ]);
      const nearby = citiesNear(city, cities).slice(0, NEARBY_LIMIT);
      const hubs = cities.filter(
        (c) => PRIORITY_CITY_SLUGS.includes(c.slug) && c.slug !== city.slug && !nearby.includes(c),
      );
      return {
        nearbyCities: nearby,
        hubCities: hubs,
        otherCategories: categories.filter((c) => c.slug !== category.slug),
        localGuides: guides
          .filter((g) => focusesOn(g, city))
          .slice(0, 3)
          .map(({ slug, title, excerpt }) => ({ slug, title, excerpt })),
      };
    },
  };
}
export type CityPagesService = ReturnType<typeof cityPagesService>;
