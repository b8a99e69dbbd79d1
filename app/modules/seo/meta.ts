/**
 * The head of every page (product.md §2 'Site chrome'): title, description, keywords, Open Graph,
 * Twitter card and canonical link. Pure: returns descriptors React Router's <Meta/> renders.
 */
import type { SiteInfo } from '../site/site.ts';
import { fitDescription, fitExactTitle, fitTitle } from './text-fit.ts';

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string }
  | { 'script:ld+json': Record<string, unknown> };

export type PageSeo = {
  /**
   * The page's own title; the site name is appended unless `exactTitle`. Either way the `<title>`
   * is held to TITLE_MAX characters (`fitTitle`, `fitExactTitle` in text-fit.ts).
   */
  title: string;
  /**
   * Shorter forms of `title`, longest first, for when `title | site name` runs past TITLE_MAX
   * (e.g. a city page without ', Manitoba', then with the city alone)
   */
  shorterTitles?: readonly string[];
  exactTitle?: boolean;
  /** Held to DESCRIPTION_MAX characters, cut at a word (`fitDescription`) */
  description: string;
  keywords?: string[];
  /** Path of the page (canonical = BASE_URL + path) */
  path: string;
  /** Absolute canonical URL that wins over the path (e.g. a blog post's canonicalUrl) */
  canonicalUrl?: string | null;
  /** Absolute or site-relative image; defaults to the logo card */
  image?: string | null;
  type?: 'website' | 'article' | 'product';
  /**
   * Keep the page out of search results: `true` also asks robots not to follow its links (admin,
   * not-found); 'follow' lets them follow (a thin city page still links to real content).
   */
  noindex?: boolean | 'follow';
  jsonLd?: Record<string, unknown>[];
};

export const DEFAULT_SOCIAL_IMAGE = '/social-card.png';

export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function buildMeta(site: SiteInfo, seo: PageSeo): MetaTag[] {
  // the one place every page's title and description are held to what search results show
  const title = seo.exactTitle ? fitExactTitle(seo.title) : fitTitle(seo.title, site.name, seo.shorterTitles);
  const description = fitDescription(seo.description);
  const url = seo.canonicalUrl || absoluteUrl(site.baseUrl, seo.path);
  const image = absoluteUrl(site.baseUrl, seo.image || DEFAULT_SOCIAL_IMAGE);
  const tags: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    ...(seo.keywords?.length ? [{ name: 'keywords', content: seo.keywords.join(', ') }] : []),
    ...(seo.noindex
      ? [{ name: 'robots', content: seo.noindex === 'follow' ? 'noindex, follow' : 'noindex, nofollow' }]
      : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: 'en_CA' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
  for (const data of seo.jsonLd ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}
