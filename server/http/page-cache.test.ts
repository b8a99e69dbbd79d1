/**
 * The page cache (decision 0114) over real HTTP, with a stand-in renderer in place of React Router:
 * which requests it keeps and serves, the bytes and headers of a hit (encodings, ETag and 304,
 * Cache-Control, the policy with script hashes), expiry, clearing, and a render overtaken by a change.
 */
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cacheableRoutes,
  createPageCache,
  inlineScriptHashes,
  PAGE_CACHE_CONTROL,
  policyWithHashes,
  servedFrom,
  type PageCache,
  type RouteTable,
} from './page-cache.ts';

/** A route table as a build gives it (app/routes.ts), with the handles the pages declare. */
const ROUTES: RouteTable = {
  root: { id: 'root', path: '', module: {} },
  'routes/home': { id: 'routes/home', parentId: 'root', index: true, module: {} },
  'routes/logistics': { id: 'routes/logistics', parentId: 'root', path: 'logistics', module: {} },
  'routes/catalog': {
    id: 'routes/catalog',
    parentId: 'root',
    path: 'catalog',
    module: { handle: { query: ['category', 'city', 'page'] } },
  },
  'routes/catalog-item': {
    id: 'routes/catalog-item',
    parentId: 'root',
    path: 'catalog/:slug',
    module: { handle: { query: ['city'] } },
  },
  'routes/blog': { id: 'routes/blog', parentId: 'root', path: 'blog', module: {} },
  'routes/blog-post': { id: 'routes/blog-post', parentId: 'root', path: 'blog/:slug', module: {} },
  'routes/admin-login': {
    id: 'routes/admin-login',
    parentId: 'root',
    path: 'admin/login',
    module: { handle: { backOffice: true } },
  },
  'routes/admin-layout': {
    id: 'routes/admin-layout',
    parentId: 'root',
    module: { handle: { backOffice: true } },
  },
  'routes/admin-leads': {
    id: 'routes/admin-leads',
    parentId: 'routes/admin-layout',
    path: 'admin/leads',
    module: {},
  },
  'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*', module: {} },
};

const POLICY = "default-src 'self';script-src 'self' 'nonce-abc123';object-src 'none'";
const SCRIPT = 'window.__ctx = {"a":1};';
/** Text every page carries (a test makes its pages large with it). */
let filler = '';
const pageFor = (url: string, version: number) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Thing"}</script></head>` +
  `<body><h1>${url} v${version}</h1>${filler}<script>${SCRIPT}</script><script src="/assets/a.js"></script></body></html>`;

// not 0: lru-cache reads a start time of 0 as 'no time to live'
const T0 = 1_000_000;
let clock = T0;
let cache: PageCache;
let renders: string[];
let version = 1;
/** When set, the next render waits for it (a render overtaken by a change). */
let hold: Promise<void> | undefined;
let baseUrl: string;
let server: http.Server;

/** What Express and React Router do on a miss: render, then hand the page to the cache. */
async function render(req: IncomingMessage, res: ServerResponse) {
  const key = cache.keyOf(req);
  // as server/http/render.ts does: a public page is rendered from its address, not as asked for
  const url = cache.addressOf(req.url!) ?? req.url!;
  renders.push(url);
  res.setHeader('Content-Security-Policy', POLICY);
  res.setHeader('X-Request-Id', 'per-request');
  res.setHeader('X-Frame-Options', 'DENY');
  if (key === undefined || req.method !== 'GET') {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>not cached ${url}</p>`);
    return;
  }
  const startedUnder = cache.generation();
  const html = pageFor(url, version);
  if (hold) await hold;
  await cache.store(req, res, {
    key,
    html,
    headers: { ...res.getHeaders(), 'content-type': 'text/html; charset=utf-8' },
    startedUnder,
  });
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(`${baseUrl}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  server = http.createServer((req, res) => servedFrom(cache, (q, s) => void render(q, s))(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clock = T0;
  version = 1;
  renders = [];
  hold = undefined;
  filler = '';
  cache = createPageCache({ cookieNames: ['phmb_session'], routes: ROUTES, ttlMs: 60_000, now: () => clock });
});

describe('which pages the cache may keep', () => {
  it('learns them from the route table: every public page, with the query its handle declares', () => {
    const pages = cacheableRoutes(ROUTES).map(({ path, query }) => ({ path, query }));
    expect(pages.sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: '/', query: [] },
      { path: '/blog', query: [] },
      { path: '/blog/:slug', query: [] },
      { path: '/catalog', query: ['category', 'city', 'page'] },
      { path: '/catalog/:slug', query: ['city'] },
      { path: '/logistics', query: [] },
    ]);
  });

  it('keeps a parameter a page starts to declare, and a page added to the table', () => {
    const routes: RouteTable = {
      ...ROUTES,
      'routes/catalog': { ...ROUTES['routes/catalog']!, module: { handle: { query: ['category', 'sort'] } } },
      'routes/faq': { id: 'routes/faq', parentId: 'root', path: 'faq', module: {} },
    };
    const keyed = createPageCache({ cookieNames: [], routes });
    const key = (url: string) => keyed.keyOf({ method: 'GET', url, headers: {} } as IncomingMessage);
    expect(key('/catalog?sort=price&category=a')).toBe('/catalog?category=a&sort=price');
    expect(key('/catalog?city=a')).toBe('/catalog'); // no longer declared: left out of the key
    expect(key('/faq')).toBe('/faq');
  });
});

describe('page cache', () => {
  it('renders a public page once, then serves the same bytes with its headers, the policy hashed', async () => {
    const first = await get('/blog/axle-tags');
    const second = await get('/blog/axle-tags');
    expect(renders).toEqual(['/blog/axle-tags']);
    expect(second.body.toString()).toBe(pageFor('/blog/axle-tags', 1));
    expect(second.body.equals(first.body)).toBe(true);
    const hash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toBe(
        `default-src 'self';script-src 'self' ${hash};object-src 'none'`,
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
      expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
      // weak: the brotli, gzip and plain bytes of the page share it (RFC 9110 8.8.1)
      expect(res.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    }
    expect(second.headers.etag).toBe(first.headers.etag);
    // the render's own request id stays on its answer; a hit is no request Express saw
    expect(first.headers['x-request-id']).toBe('per-request');
    expect(second.headers['x-request-id']).toBeUndefined();
  });

  it('sends brotli, gzip or plain bytes as the client accepts, and 304 for a known ETag', async () => {
    await get('/');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(pageFor('/', 1));
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gz = await get('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(pageFor('/', 1));
    const plain = await get('/', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(pageFor('/', 1));
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

    // compared weakly: the tag also matches when a client spells it without its W/
    const notModified = await get('/', { 'if-none-match': `${br.headers.etag!.slice(2)}, "other"` });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(br.headers.etag);
    const head = await get('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(pageFor('/', 1)));
    expect(renders).toEqual(['/']);
  });

  it('keeps the known filters of a page (in any order) and passes everything else by', async () => {
    await get('/catalog?city=brandon&category=trailer-parts');
    await get('/catalog?category=trailer-parts&city=brandon');
    expect(renders).toHaveLength(1);
    expect(
      cache.keyOf({ method: 'GET', url: '/catalog?category=a&city=b', headers: {} } as IncomingMessage),
    ).toBe('/catalog?category=a&city=b');
    const bypass = [
      `/catalog?category=${'a'.repeat(101)}`,
      '/admin/leads',
      '/api/catalog',
      '/catalog/UPPER', // not a slug
      '/no-such-page',
    ];
    for (const path of bypass) {
      await get(path);
      await get(path);
    }
    // each was rendered both times: none was kept
    expect(renders.slice(1)).toEqual(bypass.flatMap((p) => [p, p]));
  });

  it('keys a page on the parameters it declares alone, one value each, and renders it from that address', async () => {
    const key = (url: string) => cache.keyOf({ method: 'GET', url, headers: {} } as IncomingMessage);
    expect(key('/blog?gclid=Cj0KCQ&utm_source=x')).toBe('/blog');
    expect(key('/catalog?utm_source=x&page=2&fbclid=y&category=a')).toBe('/catalog?category=a&page=2');
    // the first of a parameter given twice, as the page's `get` reads it
    expect(key('/catalog?page=1&page=2')).toBe('/catalog?page=1');
    expect(key('/catalog?category=a+b%20c')).toBe('/catalog?category=a+b+c');
    expect(key('/catalog?Page=2')).toBe('/catalog');

    // a page asked for with an ad click's parameter is the page itself, rendered once
    const ad = await get(`/blog?gclid=${randomBytes(12).toString('base64url')}`);
    expect(ad.body.toString()).toBe(pageFor('/blog', 1));
    const again = await get(`/blog?gclid=${randomBytes(12).toString('base64url')}&utm_source=x`);
    expect(again.body.equals(ad.body)).toBe(true);
    expect((await get('/blog')).body.equals(ad.body)).toBe(true);
    expect(renders).toEqual(['/blog']);
    // a parameter the page declares makes another page
    const second = await get('/catalog?page=2&utm_source=x');
    expect(second.body.toString()).toBe(pageFor('/catalog?page=2', 1));
    expect((await get('/catalog')).body.toString()).toBe(pageFor('/catalog', 1));
    expect((await get('/catalog?fbclid=z&page=2')).body.equals(second.body)).toBe(true);
    expect(renders).toEqual(['/blog', '/catalog?page=2', '/catalog']);
  });

  it('makes the plain copy of a kept page once, for every client that takes no compression', async () => {
    const gunzip = vi.spyOn(zlib, 'gunzipSync');
    try {
      await get('/logistics', { 'accept-encoding': 'br' });
      for (let i = 0; i < 3; i++) {
        const plain = await get('/logistics');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.toString()).toBe(pageFor('/logistics', 1));
        expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
        expect(plain.headers.etag).toMatch(/^W\//);
      }
      expect(gunzip.mock.calls.length).toBeLessThanOrEqual(1);
      expect(renders).toEqual(['/logistics']);
    } finally {
      gunzip.mockRestore();
    }
  });

  it('never serves or keeps a page for a request with a session cookie, or for another method', async () => {
    await get('/');
    const staff = await get('/', { cookie: 'theme=dark; phmb_session=abc' });
    expect(staff.body.toString()).toBe('<p>not cached /</p>');
    // spelled with spaces around its name, as the server still reads it (server/http/auth.ts)
    for (const cookie of ['theme=dark;phmb_session =abc', ' phmb_session=abc', 'a=1;\tphmb_session=abc']) {
      expect(
        cache.keyOf({ method: 'GET', url: '/', headers: { cookie } } as IncomingMessage),
      ).toBeUndefined();
    }
    expect(
      cache.keyOf({ method: 'GET', url: '/', headers: { cookie: 'my_phmb_session=1' } } as IncomingMessage),
    ).toBe('/');
    const posted = await get('/', {}, 'POST');
    expect(posted.body.toString()).toBe('<p>not cached /</p>');
    // another site's cookie is no reason to bypass
    const other = await get('/', { cookie: 'theme=dark' });
    expect(other.body.toString()).toBe(pageFor('/', 1));
    expect(renders).toEqual(['/', '/', '/']);
  });

  it('renders again after the time to live, and at once after a clear', async () => {
    await get('/');
    version = 2;
    clock = T0 + 59_000;
    expect((await get('/')).body.toString()).toBe(pageFor('/', 1));
    clock = T0 + 60_001;
    expect((await get('/')).body.toString()).toBe(pageFor('/', 2));
    version = 3;
    cache.clear();
    expect((await get('/')).body.toString()).toBe(pageFor('/', 3));
    expect(renders).toEqual(['/', '/', '/']);
  });

  it('does not keep a page whose render began before a change', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const slow = get('/logistics');
    await new Promise((resolve) => setTimeout(resolve, 20));
    cache.clear(); // staff saved while the page rendered
    release();
    expect((await slow).body.toString()).toBe(pageFor('/logistics', 1)); // sent, but not kept
    hold = undefined;
    version = 2;
    expect((await get('/logistics')).body.toString()).toBe(pageFor('/logistics', 2));
    expect(renders).toEqual(['/logistics', '/logistics']);
  });

  it('stays within its byte budget', async () => {
    cache = createPageCache({ cookieNames: [], routes: ROUTES, maxBytes: 8 * 1024, now: () => clock });
    for (let i = 0; i < 40; i++) await get(`/blog/post-${i}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(8 * 1024);
    expect(cache.stats().entries).toBeGreaterThan(0);
    expect(cache.stats().entries).toBeLessThan(40);
  });
});

describe('memory', () => {
  it('counts a page at its compressed size: pages of 20 KB each, twenty of them, fit in 64 KiB', async () => {
    filler = Array.from({ length: 800 }, (_, i) => `<p>Part ${i % 40}: in stock</p>`).join('');
    cache = createPageCache({ cookieNames: [], routes: ROUTES, maxBytes: 64 * 1024, now: () => clock });
    for (let i = 0; i < 20; i++) await get(`/blog/post-${i}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(Buffer.byteLength(pageFor('/blog/post-0', 1))).toBeGreaterThan(12_000);
    expect(cache.stats()).toMatchObject({ entries: 20, notAdmitted: 0 });
    // and a client that takes no compression gets the page itself, whose plain copy is then kept
    // and counted too: the budget still holds
    const plain = await get('/blog/post-3');
    expect(plain.body.toString()).toBe(pageFor('/blog/post-3', 1));
    expect(renders).toHaveLength(20);
    expect(cache.stats().bytes).toBeGreaterThan(Buffer.byteLength(pageFor('/blog/post-3', 1)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect((await get('/blog/post-3')).body.toString()).toBe(pageFor('/blog/post-3', 1));
    expect(renders).toHaveLength(20);
  });

  it('compresses one page at a time for keeping: a page that comes meanwhile is sent, and kept when asked again', async () => {
    filler = '<p>A page large enough to be compressed when it is sent.</p>'.repeat(40);
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const first = get('/blog/one', { 'accept-encoding': 'br' });
    const second = get('/blog/two', { 'accept-encoding': 'gzip' });
    while (renders.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    release(); // both renders finish together: the first to reach the cache compresses, the other waits for nothing
    const [one, two] = await Promise.all([first, second]);
    expect(zlib.brotliDecompressSync(one.body).toString()).toBe(pageFor('/blog/one', 1));
    expect(two.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(two.body).toString()).toBe(pageFor('/blog/two', 1));
    expect(one.headers.etag).toBeDefined();
    expect(two.headers.etag).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 1, stored: 1, busy: 1 });
    hold = undefined;
    await get('/blog/one');
    await get('/blog/two');
    const again = await get('/blog/two', { 'if-none-match': two.headers.etag! });
    expect(again.status).toBe(304);
    // '/blog/two' was rendered once more, then kept; '/blog/one' came from the cache
    expect(renders).toEqual(['/blog/one', '/blog/two', '/blog/two']);
    expect(cache.stats()).toMatchObject({ entries: 2, stored: 2, busy: 1 });
  });
});

describe('a full cache', () => {
  it('keeps the pages asked for again, not those asked for once (a crawler), and sends both', async () => {
    cache = createPageCache({ cookieNames: [], routes: ROUTES, maxBytes: 8 * 1024, now: () => clock });
    const popular = ['/blog/popular-1', '/blog/popular-2', '/blog/popular-3'];
    for (const path of popular) await get(path);
    // a crawler fills the cache, then walks on: every page asked for once
    for (let i = 0; i < 40; i++) await get(`/blog/crawled-${i}`);
    const before = cache.stats();
    expect(before.notAdmitted).toBeGreaterThan(0);
    // visitors ask for the popular pages again: rendered once more, then kept in place of others
    for (const path of popular) await get(path);
    renders = [];
    for (let i = 40; i < 80; i++) {
      const crawled = await get(`/blog/crawled-${i}`);
      expect(crawled.status).toBe(200);
      expect(crawled.body.toString()).toBe(pageFor(`/blog/crawled-${i}`, 1));
    }
    for (const path of popular) {
      const page = await get(path);
      expect(page.body.toString()).toBe(pageFor(path, 1));
    }
    // the forty crawled pages were each rendered; the popular ones came from the cache
    expect(renders).toHaveLength(40);
    expect(renders.filter((url) => popular.includes(url))).toEqual([]);
    expect(cache.stats().bytes).toBeLessThanOrEqual(8 * 1024);
  });

  it('remembers a page asked for again while another was compressing, and keeps it at its next ask', async () => {
    cache = createPageCache({ cookieNames: [], routes: ROUTES, maxBytes: 8 * 1024, now: () => clock });
    for (let i = 0; i < 20; i++) await get(`/blog/crawled-${i}`);
    await get('/blog/other');
    await get('/blog/wanted');
    expect(cache.stats().notAdmitted).toBeGreaterThanOrEqual(2); // full: both were asked for once
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const other = get('/blog/other');
    const wanted = get('/blog/wanted');
    while (renders.filter((url) => url === '/blog/wanted').length < 2)
      await new Promise((resolve) => setTimeout(resolve, 5));
    release(); // '/blog/other' is compressed for keeping; '/blog/wanted' comes meanwhile
    await Promise.all([other, wanted]);
    expect(cache.stats()).toMatchObject({ busy: 1 });
    hold = undefined;
    const stored = cache.stats().stored;
    await get('/blog/wanted'); // asked for before: kept now
    expect(cache.stats().stored).toBe(stored + 1);
    renders = [];
    expect((await get('/blog/wanted')).body.toString()).toBe(pageFor('/blog/wanted', 1));
    expect(renders).toEqual([]);
  });

  it('never keeps, or compresses for keeping, a page larger than the whole budget', async () => {
    filler = randomBytes(12_000).toString('base64'); // 16 KB that do not compress
    cache = createPageCache({ cookieNames: [], routes: ROUTES, maxBytes: 4 * 1024, now: () => clock });
    for (let i = 0; i < 2; i++) {
      const page = await get('/blog/huge', { 'accept-encoding': 'gzip' });
      expect(zlib.gunzipSync(page.body).toString()).toBe(pageFor('/blog/huge', 1));
    }
    expect(cache.stats()).toMatchObject({ stored: 0, entries: 0, notAdmitted: 2, busy: 0 });
  });

  it('keeps every page while there is room', async () => {
    cache = createPageCache({ cookieNames: [], routes: ROUTES, maxBytes: 1024 * 1024, now: () => clock });
    for (let i = 0; i < 20; i++) await get(`/blog/post-${i}`);
    expect(cache.stats()).toMatchObject({ entries: 20, notAdmitted: 0 });
  });
});

describe('inline script hashes', () => {
  it('hashes the scripts a browser runs, not data blocks or external scripts', () => {
    const html =
      '<script type="application/ld+json">{"a":1}</script><script>run()</script>' +
      '<script type="module">import("/x.js")</script><script src="/a.js"></script><script>run()</script>';
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('run()'), sha('import("/x.js")')]);
    expect(policyWithHashes("script-src 'self' 'nonce-x';img-src 'self'", [sha('a')])).toBe(
      `script-src 'self' ${sha('a')};img-src 'self'`,
    );
    expect(policyWithHashes("script-src 'self' 'nonce-x'", [])).toBe("script-src 'self'");
  });
});
