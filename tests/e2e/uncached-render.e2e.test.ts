/**
 * Pages rendered per request (issue 15 item 3; docs/performance.md), on the production server: a page
 * asked for with an empty session cookie skips the page cache and is rendered for that request alone
 * (a parameter no page reads no longer does, decision 0180). It is sent whole and compressed in one call (brotli or gzip, as the client
 * accepts), carries its own CSP nonce and the security headers, and shows what staff changed at
 * once, though city pages keep what they read of the catalog between changes.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { launchBrowser, openPage, visit } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';
import { renderedCookie } from '#server/http/page-cache.ts';
import { baseUrl, urlOf } from './support/server.ts';

const CITY_PAGE = '/mb/winnipeg/trailer-parts';
let uncachedViews = 0;
/** The path with a parameter no page reads, new each time (with RENDERED: never from the page cache). */
const uncached = (path: string) => `${path}${path.includes('?') ? '&' : '?'}utm_content=v${++uncachedViews}`;
/** What makes a public page rendered for its request: an empty session cookie. */
const RENDERED = () => ({ cookie: renderedCookie(baseUrl()) });

/** The raw answer (node:http: fetch would decode the body). */
function getRaw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(urlOf(path), { headers: { ...RENDERED(), ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

const pageText = async (path: string) => {
  const res = await fetch(urlOf(path), { headers: RENDERED() });
  expect(res.status).toBe(200);
  return res.text();
};

async function staffSession() {
  const res = await fetch(urlOf('/api/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { token } = (await res.json()) as { token: string };
  const staff = (path: string, init: RequestInit = {}) =>
    fetch(urlOf(path), {
      ...init,
      headers: { cookie, 'x-csrf-token': token, origin: baseUrl(), ...init.headers },
    });
  return staff;
}

describe('a page rendered per request', () => {
  it('is compressed whole as the client accepts, with the security headers and no nonce', async () => {
    const plain = await getRaw(uncached('/catalog'));
    const br = await getRaw(uncached('/catalog'), { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await getRaw(uncached('/catalog'), { 'accept-encoding': 'gzip, br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const [res, html] of [
      [plain, plain.body.toString()],
      [br, zlib.brotliDecompressSync(br.body).toString()],
      [gzip, zlib.gunzipSync(gzip.body).toString()],
    ] as const) {
      expect(res.status).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
      expect(res.headers.etag).toBeUndefined();
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('Parts Catalog');
      expect(html).toContain('</html>');
      // the same bytes for every visitor (server/http/render.ts): no nonce on the page or in its policy
      expect(String(res.headers['content-security-policy'])).not.toContain("'nonce-");
      expect(html).not.toMatch(/\bnonce=/);
    }
    // a back-office screen is rendered for its request: a nonce of its own, on its scripts
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await getRaw('/admin/login');
      const nonce = /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(
        String(res.headers['content-security-policy']),
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(res.body.toString()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it('starts every page with one doctype, whether rendered in one call (public) or streamed', async () => {
    // public pages are built by renderToString, which writes no doctype of its own
    // (docs/performance.md); back-office screens, which React hydrates, are streamed
    for (const path of ['/', CITY_PAGE, '/catalog', '/find-my-part', '/no-such-page', '/admin/login']) {
      const res = await fetch(urlOf(uncached(path)), { headers: RENDERED() });
      const html = await res.text();
      // a public page ships no React Router; the back office does
      expect(html.includes('window.__reactRouterContext')).toBe(path.startsWith('/admin'));
      expect(html.slice(0, 20)).toBe('<!DOCTYPE html><html');
      expect(html.match(/<!DOCTYPE/gi)).toHaveLength(1);
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
    }
  });

  it('shows a catalog change by staff at once, on the catalog and on the city page', async () => {
    const staff = await staffSession();
    const [featured] = (
      (await (await fetch(urlOf('/api/pages/winnipeg/trailer-parts'))).json()) as {
        featuredItems: { id: number; slug: string; title: string }[];
      }
    ).featuredItems;
    expect(featured).toBeDefined();
    // rendered before the change: what the city page keeps between changes is now in memory
    expect(await pageText(uncached(CITY_PAGE))).toContain(featured!.title);
    const title = `${featured!.title} (Rebuilt)`;
    const rename = (to: string) =>
      staff(`/api/catalog/${featured!.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: to }),
      });
    expect((await rename(title)).status).toBe(200);
    try {
      expect(await pageText(uncached(CITY_PAGE))).toContain(title);
      expect(await pageText(uncached(`/catalog/${featured!.slug}`))).toContain(title);
      const listing = await pageText(uncached('/catalog?category=trailer-parts'));
      expect(listing).toContain(title);
    } finally {
      // put it back for the other files
      expect((await rename(featured!.title)).status).toBe(200);
    }
    expect(await pageText(uncached(CITY_PAGE))).not.toContain(title);
  });

  it('shows a change at once in a catalog card past the first row', async () => {
    const staff = await staffSession();
    const listing = '/catalog?category=trailer-parts';
    // the first row's pictures load at once; the later cards are lazy
    const cards = [
      ...(await pageText(uncached(listing))).matchAll(
        /<li class="grid"><article.*?href="\/catalog\/([^"?]+)/g,
      ),
    ].map((m) => m[1]!);
    expect(cards.length).toBeGreaterThan(3);
    const items = (await (await fetch(urlOf('/api/catalog?category=trailer-parts'))).json()) as {
      id: number;
      slug: string;
      title: string;
      brand: string | null;
    }[];
    const item = items.find((i) => i.slug === cards[3])!;
    expect(item).toBeDefined();
    // viewed again, as a visitor would before the change
    expect(await pageText(uncached(listing))).toContain(item.title);
    const edit = (change: { title: string; brand: string | null }) =>
      staff(`/api/catalog/${item.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(change),
      });
    const title = `${item.title} (Rebuilt)`;
    expect((await edit({ title, brand: 'Rebuilt Axle Co' })).status).toBe(200);
    try {
      const after = await pageText(uncached(listing));
      expect(after).toContain(title);
      expect(after).toContain('Rebuilt Axle Co');
    } finally {
      // put it back for the other files
      expect((await edit({ title: item.title, brand: item.brand })).status).toBe(200);
    }
    const restored = await pageText(uncached(listing));
    expect(restored).not.toContain(title);
    expect(restored).not.toContain('Rebuilt Axle Co');
  });

  it('shows a local guide staff publish at once on its city page, and drops it when unpublished', async () => {
    const staff = await staffSession();
    const title = 'Winnipeg Trailer Axle Swap Guide';
    expect(await pageText(uncached(CITY_PAGE))).not.toContain(title);
    const form = new FormData();
    form.append('title', title);
    form.append('content', '<p>Swap a trailer axle before seeding.</p>');
    form.append('excerpt', 'Axles in Winnipeg, step by step.');
    form.append('cityFocus', JSON.stringify(['winnipeg']));
    const created = await staff('/api/admin/blog', { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    try {
      const published = await staff(`/api/admin/blog/${id}/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(published.status).toBe(200);
      expect(await pageText(uncached(CITY_PAGE))).toContain(title);
      // unpublishing is Blog Management's own change: its screen's action (React Router's `.data` post)
      const unpublished = await staff('/admin/blog.data', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'unpublish', id: String(id) }),
      });
      expect(unpublished.status).toBe(200);
      expect(await pageText(uncached(CITY_PAGE))).not.toContain(title);
    } finally {
      await staff(`/api/admin/blog/${id}`, { method: 'DELETE' });
    }
  });

  it('gives <path>.data the whole data of a public page, whose document keeps it from the encoder', async () => {
    // the data of a document request is kept from React Router's encoder (server/http/render.ts); a
    // client-side visit would ask for <path>.data, which must carry it all
    const html = await pageText(uncached('/catalog'));
    const firstTitle = /<h2 class="text-base[^>]*>(?:<[^>]*>)*([^<]+)</
      .exec(html)?.[1]
      ?.replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&amp;', '&');
    expect(firstTitle).toBeTruthy();
    const data = await fetch(urlOf('/catalog.data'));
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(JSON.stringify(firstTitle));

    // the not-found page ships no React either: its footer's links load whole documents
    const browser = await launchBrowser();
    try {
      const { context, page, problems } = await openPage(browser, 'desktop');
      await visit(page, '/no-such-page');
      const dataRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('.data')) dataRequests.push(new URL(r.url()).pathname);
      });
      await page.getByRole('contentinfo').getByRole('link', { name: 'Parts Catalog' }).click();
      await page.waitForURL((url) => url.pathname === '/catalog');
      await page.getByRole('heading', { level: 2, name: firstTitle! }).waitFor();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Winnipeg' }).click();
      await page.waitForURL((url) => url.pathname === CITY_PAGE);
      await page.getByRole('heading', { level: 1, name: 'Trailer Parts in Winnipeg' }).waitFor();
      expect(dataRequests).toEqual([]);
      expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
      const documentStatus = /status of 404/;
      expect(problems.errors.filter((e) => !documentStatus.test(e))).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
