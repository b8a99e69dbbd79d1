/**
 * The head of every page (SPEC §2 'Site chrome'): title, description, keywords, Open Graph,
 * Twitter card and canonical link. Pure: returns descriptors React Router's <Meta/> renders.
 */
import type { SiteInfo } from '../site/site.ts';

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string }
  | { 'script:ld+json': Record<string, unknown> };

export type PageSeo = {
  /** The page's own title; the site name is appended unless `exactTitle` */
  title: string;
  /**
   * Shorter forms of `title`, longest first, for when `title | site name` runs past TITLE_MAX
   * (e.g. a city page without ', Manitoba', then with the city alone)
   */
  shorterTitles?: readonly string[];
  exactTitle?: boolean;
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

/** What search results show of a title; past it they cut the end, which is where the brand is. */
export const TITLE_MAX = 60;
const ELLIPSIS = '…';
const DANGLING = /(?:\s+(?:a|an|and|at|by|for|from|in|of|on|or|the|to|with))+$/i;

/**
 * `title | site name` within TITLE_MAX characters, shortening the page's part and never the brand:
 * the first of the title and its shorter forms that fits; else the shortest with its trailing
 * ', detail' parts dropped ('Walterscheid PTO Driveline, 1-3/8 in 6-Spline' → 'Walterscheid PTO
 * Driveline'); else cut at a word boundary with an ellipsis.
 */
export function fitTitle(title: string, siteName: string, shorter: readonly string[] = []): string {
  const suffix = ` | ${siteName}`;
  const room = TITLE_MAX - suffix.length;
  const fits = (t: string) => t.length <= room;
  let candidate = [title, ...shorter].find(fits);
  if (!candidate) {
    candidate = shorter.at(-1) ?? title;
    while (!fits(candidate) && candidate.includes(', ')) {
      candidate = candidate.slice(0, candidate.lastIndexOf(', '));
    }
    if (!fits(candidate)) {
      const keep = room - ELLIPSIS.length;
      // the last space at or before the limit ends the last whole word that fits
      const space = candidate.lastIndexOf(' ', keep);
      const cut = candidate.slice(0, space > room / 2 ? space : keep);
      // 'Parts Quote in…' reads worse than 'Parts Quote…': no dangling little word before the cut
      candidate = `${cut.replace(DANGLING, '').replace(/[\s,;:–-]+$/, '')}${ELLIPSIS}`;
    }
  }
  return `${candidate}${suffix}`;
}

export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function buildMeta(site: SiteInfo, seo: PageSeo): MetaTag[] {
  const title = seo.exactTitle ? seo.title : fitTitle(seo.title, site.name, seo.shorterTitles);
  const url = seo.canonicalUrl || absoluteUrl(site.baseUrl, seo.path);
  const image = absoluteUrl(site.baseUrl, seo.image || DEFAULT_SOCIAL_IMAGE);
  const tags: MetaTag[] = [
    { title },
    { name: 'description', content: seo.description },
    ...(seo.keywords?.length ? [{ name: 'keywords', content: seo.keywords.join(', ') }] : []),
    ...(seo.noindex
      ? [{ name: 'robots', content: seo.noindex === 'follow' ? 'noindex, follow' : 'noindex, nofollow' }]
      : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: 'en_CA' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: image },
  ];
  for (const data of seo.jsonLd ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}
