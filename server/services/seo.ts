/** robots.txt and sitemap.xml from live data. */
import { postModifiedAt } from '#app/modules/blog/blog.ts';
import { robotsTxt, sitemapXml, STATIC_PUBLIC_PATHS, type SitemapEntry } from '#app/modules/seo/sitemap.ts';
import { listPublishedPosts } from '../db/repo/blog.ts';
import { listActiveCatalogSlugs } from '../db/repo/catalog.ts';
import type { ServiceDeps } from './context.ts';
import type { CityPagesService } from './city-pages.ts';

export function seoService(deps: ServiceDeps, { cityPages }: { cityPages: CityPagesService }) {
  const { db, config, now } = deps;
  return {
    robotsTxt: () => robotsTxt(config.baseUrl),

    /**
     * Every public URL worth indexing: fixed pages, the indexable city × category pages (decision
     * 0010; the others carry noindex), published posts, active items.
     */
    async sitemapXml(): Promise<string> {
      const [landingPages, posts, items] = await Promise.all([
        cityPages.indexablePages(),
        listPublishedPosts(db, now()),
        listActiveCatalogSlugs(db),
      ]);
      const entries: SitemapEntry[] = [
        ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
        ...landingPages.map((p) => ({ path: `/mb/${p.city}/${p.category}` })),
        ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: postModifiedAt(p) })),
        ...items.map((i) => ({ path: `/catalog/${i.slug}`, lastmod: i.updatedAt })),
      ];
      return sitemapXml(config.baseUrl, entries);
    },
  };
}
