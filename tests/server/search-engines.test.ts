/**
 * What a crawler reads on every page of the sitemap (issue 17 item 10; decision 0081), over plain
 * HTTP like a search engine: titles within 60 characters that keep the brand, meta descriptions
 * within 160 cut at a word (issue 31 item 10; every page, the sitemap's or not, is walked without a
 * build by tests/api/search-result-heads.test.ts), no Offer without a price, dates that never run
 * backwards (JSON-LD, sitemap lastmod), structured data fitting each kind of page (Service on the
 * service pages, Blog on /blog), and no aria-label on a plain list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, metaContents, titleOf } from '../e2e/support/html.ts';
import { urlOf } from '../e2e/support/server.ts';
import { SITE_NAME } from '../e2e/support/site.ts';

type JsonLd = Record<string, unknown>;

function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
}

/** Every object inside a JSON-LD value, nested ones included. */
function nodesOf(value: unknown): JsonLd[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (!value || typeof value !== 'object') return [];
  const node = value as JsonLd;
  return [node, ...Object.values(node).flatMap(nodesOf)];
}

type Crawled = { path: string; html: string; lastmod?: string };
let pages: Crawled[] = [];

beforeAll(async () => {
  const sitemap = await (await fetch(urlOf('/sitemap.xml'))).text();
  const entries = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => ({
    path: new URL(m[1]!).pathname,
    lastmod: m[2],
  }));
  expect(entries.length).toBeGreaterThan(40);
  pages = [];
  for (const entry of entries) {
    const { status, html } = await fetchPage(entry.path);
    expect({ path: entry.path, status }).toEqual({ path: entry.path, status: 200 });
    pages.push({ ...entry, html });
  }
}, 120_000);

describe('every page of the sitemap', () => {
  it('has a title of at most 60 characters; the page part is shortened, never the brand', () => {
    const problems = pages.flatMap(({ path, html }) => {
      const title = titleOf(html) ?? '';
      // a post's own meta title is the author's words, without the brand, but held to 60 too
      // (issue 31 item 10: shortened by its own ' | …' part first, then at a word)
      const exact = path.startsWith('/blog/') && !title.endsWith(` | ${SITE_NAME}`);
      const ok = title.length <= 60 && (exact || title.endsWith(` | ${SITE_NAME}`));
      return ok ? [] : [`${path}: "${title}" (${title.length})`];
    });
    expect(problems).toEqual([]);
  });

  it('has a meta description of at most 160 characters, cut at a word (issue 31 item 10)', () => {
    const problems = pages.flatMap(({ path, html }) => {
      const descriptions = metaContents(html, 'description');
      const [description = ''] = descriptions;
      const ok =
        descriptions.length === 1 &&
        description.length > 0 &&
        description.length <= 160 &&
        // an ellipsis follows a whole word, never a space or punctuation
        !/[\s,;:–-]…/.test(description);
      return ok ? [] : [`${path}: "${description}" (${description.length})`];
    });
    expect(problems).toEqual([]);
  });

  it('publishes no Offer without a price', () => {
    const problems = pages.flatMap(({ path, html }) =>
      nodesOf(jsonLdOf(html))
        .filter((n) => n['@type'] === 'Offer' && n.price === undefined)
        // the business's offer catalogue offers its services, priced quote by quote (product.md §3)
        .filter((n) => !(n.itemOffered && (n.itemOffered as JsonLd)['@type'] === 'Service'))
        .map(() => path),
    );
    expect(problems).toEqual([]);
  });

  it('never dates a change before the publication (JSON-LD and sitemap lastmod)', () => {
    for (const { path, html, lastmod } of pages) {
      for (const node of nodesOf(jsonLdOf(html)).filter((n) => n.datePublished)) {
        expect({ path, ok: String(node.dateModified) >= String(node.datePublished) }).toEqual({
          path,
          ok: true,
        });
        if (path.startsWith('/blog/') && node['@type'] === 'Article') {
          expect({ path, lastmod }).toEqual({ path, lastmod: String(node.dateModified).slice(0, 10) });
        }
      }
    }
  });

  it('puts no aria-label on a plain list (ul, ol, dl without a role)', () => {
    const problems = pages.flatMap(({ path, html }) =>
      [...html.matchAll(/<(ul|ol|dl)\b([^>]*)>/g)]
        .filter((m) => /\saria-label=/.test(m[2]!) && !/\srole=/.test(m[2]!))
        .map((m) => `${path}: <${m[1]}${m[2]}>`),
    );
    expect(problems).toEqual([]);
  });

  it('uses areaServed, never the retired serviceArea', () => {
    const problems = pages.filter(({ html }) => nodesOf(jsonLdOf(html)).some((n) => 'serviceArea' in n));
    expect(problems.map((p) => p.path)).toEqual([]);
  });
});

describe('structured data fitting the page', () => {
  const ldOf = (path: string) => jsonLdOf(pages.find((p) => p.path === path)!.html);

  it('the service pages describe their Service, offered by the business', () => {
    for (const [path, name] of [
      ['/parts-sourcing', 'Parts Sourcing'],
      ['/quote-service', 'Quote Service'],
      ['/logistics', 'Parts Logistics'],
    ] as const) {
      const service = ldOf(path).find((d) => d['@type'] === 'Service');
      expect(service).toMatchObject({
        name,
        url: urlOf(path),
        provider: { '@type': 'AutoPartsStore', '@id': `${urlOf('/')}#business`, name: SITE_NAME },
        areaServed: { '@type': 'AdministrativeArea', name: 'Manitoba' },
      });
    }
  });

  it('/blog is a Blog listing its live posts', () => {
    const blog = ldOf('/blog').find((d) => d['@type'] === 'Blog');
    const posts = (blog?.blogPost ?? []) as JsonLd[];
    const postPaths = pages.filter((p) => /^\/blog\/[^/]+$/.test(p.path)).map((p) => urlOf(p.path));
    expect(posts.map((p) => p.url).sort()).toEqual(postPaths.sort());
    for (const post of posts) expect(post['@type']).toBe('BlogPosting');
  });
});
