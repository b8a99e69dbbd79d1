/** robots.txt and sitemap.xml from live data. */
import { postModifiedAt } from '#app/modules/blog/blog.ts';
import { robotsTxt, sitemapXml, STATIC_PUBLIC_PATHS, type SitemapEntry } from '#app/modules/seo/sitemap.ts';
import { listPublishedPosts } from '../db/repo/blog.ts';
import { listActiveCatalogSlugs } from '../db/repo/catalog.ts';
import type { ServiceDeps } from './context.ts';
import type { PagesService } from './pages.ts';

export function seoService(deps: ServiceDeps, { pages }: { pages: PagesService }) {
  const { db, config, now } = deps;
  return {
    robotsTxt: () => robotsTxt(config.baseUrl),

    /**
     * Every public URL worth indexing: fixed pages, the indexable city × category pages (decision
     * 0010; the others carry noindex), published posts, active items.
     */
    async sitemapXml(): Promise<string> {
      const [cityPages, posts, items] = await Promise.all([
        pages.indexablePages(),
        listPublishedPosts(db, now()),
        listActiveCatalogSlugs(db),
      ]);
      const entries: SitemapEntry[] = [
        ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
        ...cityPages.map((p) => ({ path: `/mb/${p.city}/${p.category}` })),
        ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: postModifiedAt(p) })),
        ...items.map((i) => ({ path: `/catalog/${i.slug}`, lastmod: i.updatedAt })),
      ];
      return sitemapXml(config.baseUrl, entries);
    },
  };
}
