/** robots.txt and sitemap.xml from live data. */
import { robotsTxt, sitemapXml, STATIC_PUBLIC_PATHS, type SitemapEntry } from '#app/modules/seo/sitemap.ts';
import { listPublishedPosts } from '../db/repo/blog.ts';
import { listActiveCatalogSlugs } from '../db/repo/catalog.ts';
import { listCategories, listCities } from '../db/repo/reference.ts';
import type { ServiceDeps } from './context.ts';

export function seoService({ db, config, now }: ServiceDeps) {
  return {
    robotsTxt: () => robotsTxt(config.baseUrl),

    /** Every public URL worth indexing: fixed pages, city × category pages, published posts, active items. */
    async sitemapXml(): Promise<string> {
      const [cities, categories, posts, items] = await Promise.all([
        listCities(db),
        listCategories(db),
        listPublishedPosts(db, now()),
        listActiveCatalogSlugs(db),
      ]);
      const entries: SitemapEntry[] = [
        ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
        ...cities.flatMap((city) => categories.map((cat) => ({ path: `/mb/${city.slug}/${cat.slug}` }))),
        ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })),
        ...items.map((i) => ({ path: `/catalog/${i.slug}`, lastmod: i.updatedAt })),
      ];
      return sitemapXml(config.baseUrl, entries);
    },
  };
}
