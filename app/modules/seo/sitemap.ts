/** robots.txt and sitemap.xml text, from lists the server gathers. Pure. */
import { PRIVACY_PATH, TERMS_PATH } from '../site/legal.ts';

export type SitemapEntry = { path: string; lastmod?: string };

const escapeXml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function sitemapXml(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod.slice(0, 10))}</lastmod>` : '';
      return `  <url><loc>${escapeXml(baseUrl + e.path)}</loc>${lastmod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Public pages with fixed paths, in the order of product.md §2's route table, then the footer's
 * policies. tests/api/sitemap-routes.test.ts holds it to app/routes.ts: a page added there fails
 * until it is listed here.
 */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/find-my-part',
  '/parts-sourcing',
  '/quote-service',
  '/logistics',
  '/catalog',
  '/blog',
  PRIVACY_PATH,
  TERMS_PATH,
] as const;
