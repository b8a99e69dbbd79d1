/**
 * Every public screen of product.md §2's route table (and the footer's policy pages), with a real path for each. Catalog item and blog post
 * slugs come from the live sitemap when the demo data has such entries, else a made-up slug
 * (the screen then shows its not-found state).
 */
import { urlOf } from './server.ts';

export type RouteCase = {
  /** The route as product.md §2 writes it */
  route: string;
  path: string;
  /** og:type the page announces */
  ogType: 'website' | 'article';
  /** false when the slug is made up: the screen may answer with its not-found state (200 or 404) */
  exists: boolean;
};

/** First /{prefix}/{slug} path in the sitemap, if any. */
function firstInSitemap(sitemap: string, prefix: string): string | undefined {
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return locs.find((p) => p.startsWith(`/${prefix}/`) && p.split('/').length === 3);
}

export async function specRoutes(): Promise<RouteCase[]> {
  const res = await fetch(urlOf('/sitemap.xml'));
  const sitemap = res.ok ? await res.text() : '';
  const item = firstInSitemap(sitemap, 'catalog');
  const post = firstInSitemap(sitemap, 'blog');
  const page = (route: string, path = route): RouteCase => ({ route, path, ogType: 'website', exists: true });
  return [
    page('/'),
    page('/find-my-part'),
    page('/parts-sourcing'),
    page('/quote-service'),
    page('/logistics'),
    page('/catalog'),
    { ...page('/catalog/{slug}', item ?? '/catalog/e2e-no-such-item'), exists: Boolean(item) },
    page('/mb/{city}/{category}', '/mb/winnipeg/trailer-parts'),
    page('/blog'),
    {
      route: '/blog/{slug}',
      path: post ?? '/blog/e2e-no-such-post',
      ogType: 'article',
      exists: Boolean(post),
    },
    // the footer's policy pages (product.md §2 left their targets open; issue 17)
    page('/privacy-policy'),
    page('/terms-of-service'),
    // the admin screens (/admin/login, /admin/leads, /admin/catalog, /admin/blog) have their own
    // shell and need a session: tests/e2e/admin-auth.e2e.test.ts covers them
  ];
}
