/**
 * The page cache (issue 15; decision 0114): public pages for visitors without a session, rendered
 * once and kept as ready-to-send bytes (brotli and gzip) with their headers and ETag,
 * then served by `serve` straight from the HTTP server's request listener, before Express runs.
 *
 * - Which requests: GET or HEAD of a public page of the route table (app/routes.ts; every page but
 *   the back office and the not-found catch-all, app/page-handle.ts) with no cookie of ours; anything
 *   else (a session, another method) goes to Express as before and is never stored.
 * - Under which key (decision 0180): the page's address (`addressOf`): its path and only the query
 *   parameters its handle declares (`query`), sorted, the first value of each (as the loader's `get`
 *   reads it). Any other parameter (`utm_source`, an ad click's `gclid`, unique per click) is
 *   answered from the cache, and the page is rendered from that address too (server/http/render.ts),
 *   so what is kept for `/blog?gclid=x` is `/blog`'s page. A declared value longer than 100
 *   characters is rendered, never kept.
 * - What is stored: a 200 answer without Set-Cookie. Its Content-Security-Policy carries the
 *   SHA-256 hashes of the page's inline scripts instead of a nonce: a cached page is sent to many
 *   visitors and a nonce must never be reused.
 * - How long: until staff change anything a page shows (`clear`, called on the "content changed"
 *   signal every process observes, decision 0097), and at most `ttlMs` (60 s), so the live figures
 *   of the home and service pages are at most a minute old. A render that began before a change is
 *   not stored (the generation counter).
 * - How much: an LRU bounded in bytes (lru-cache; PAGE_CACHE_MB, 8 by default), so random filter
 *   values cannot grow it. Only the compressed copies are kept, a fifth of the page; the plain
 *   copy, for the client that takes neither brotli nor gzip (a script, a monitor), is made from the
 *   gzip copy when one first asks and then kept with them, counted in the budget (decision 0180).
 *   When it is full, a page is kept only once it is asked for a second time (`askedOnce`): pages asked for once, as a crawler does, never push out those visitors keep
 *   asking for (decision 0164).
 * - Browsers and CDNs: `Cache-Control: public, max-age=0, s-maxage=60, stale-while-revalidate=300`
 *   (a shared cache holds a page a minute and may serve it stale while it revalidates; a browser
 *   revalidates each time and gets a 304 for an unchanged ETag). `Vary: Accept-Encoding, Cookie`.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import { pageHandle } from '#app/page-handle.ts';
import { sessionCookieName } from '../services/auth.ts';
import { COMPRESS_THRESHOLD, compressWhole, encodingFor, ownBytes } from './compress.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A public page as the cache sees it: its path's pattern and the query parameters its loader reads. */
export type CachedRoute = { path: string; pattern: RegExp; query: readonly string[] };

/** What the cache reads of a React Router build's route table (`ServerBuild['routes']`). */
export type RouteTable = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; module: { handle?: unknown } } | undefined
>;

/** A dynamic path segment of a kept page: a slug (anything else is rendered, never kept). */
const SLUG_SEGMENT = '/[a-z0-9-]{1,200}';

/**
 * The public pages of the route table the cache may keep: every page route (a route no other route
 * nests in) outside the back office, except catch-alls (`*`: the not-found page) and optional
 * segments, each with the
 * union of the `query` its matched routes declare (app/page-handle.ts). Routes with more fixed
 * segments come first, as React Router ranks them.
 */
export function cacheableRoutes(table: RouteTable): CachedRoute[] {
  const routes = Object.values(table).filter((r) => r !== undefined);
  const parents = new Set(routes.map((r) => r.parentId));
  const out: (CachedRoute & { fixed: number })[] = [];
  for (const leaf of routes) {
    if (parents.has(leaf.id)) continue;
    const branch: (typeof leaf)[] = [];
    for (let r: typeof leaf | undefined = leaf; r; r = r.parentId ? table[r.parentId] : undefined) {
      branch.unshift(r);
    }
    const handles = branch.map((r) => pageHandle(r.module.handle));
    if (handles.some((h) => h.backOffice || h.private)) continue;
    const segments = branch.flatMap((r) => (r.path ?? '').split('/').filter(Boolean));
    if (segments.some((s) => s.includes('*'))) continue;
    // only the paths a page can have: fixed segments as written, dynamic ones as slugs
    if (segments.some((s) => !/^:?[a-z0-9-]+$/.test(s))) continue;
    const source = segments.map((s) => (s.startsWith(':') ? SLUG_SEGMENT : `/${s}`)).join('');
    out.push({
      path: `/${segments.join('/')}`,
      pattern: new RegExp(`^${source || '/'}$`),
      query: [...new Set(handles.flatMap((h) => h.query ?? []))],
      fixed: segments.filter((s) => !s.startsWith(':')).length,
    });
  }
  return out.sort((a, b) => b.fixed - a.fixed).map(({ fixed: _fixed, ...route }) => route);
}

/**
 * The Cookie header with which a bench or a test asks for a public page rendered for its request
 * instead of answered from the cache (any other parameter no longer does, decision 0180): the
 * session cookie with no value, which `keyOf` takes as personal and the session loader
 * (server/http/auth.ts) as no session, so it costs no session lookup.
 */
export const renderedCookie = (baseUrl: string): string => `${sessionCookieName(baseUrl)}=`;

export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const MAX_PARAM_LENGTH = 100;

type Entry = {
  headers: OutgoingHttpHeaders;
  etag: string;
  br: Buffer;
  gzip: Buffer;
  /** The page itself, made when a client first takes no compression. */
  identity?: Buffer;
};

export type PageCacheOptions = {
  /** The route table whose public pages may be kept (the production build's `routes`). */
  routes: RouteTable;
  /** Cookie names that mark a request as personal (the staff session). Any cookie of ours bypasses. */
  cookieNames: readonly string[];
  /** The longest a page is kept (ms); 60 s keeps the live figures fresh. */
  ttlMs?: number;
  /** Memory for all entries, every encoding counted. */
  maxBytes?: number;
  /** The clock lru-cache measures ages with (tests move it). */
  now?: () => number;
};

/** The inline scripts of a page (not data blocks such as JSON-LD), as CSP hash sources. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // only scripts a browser runs need a source in script-src
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy of an answer, with the nonce source replaced by the hashes of its inline scripts. */
export function policyWithHashes(policy: string, hashes: readonly string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive.trim();
      return [name, ...sources.filter((s) => !s.startsWith("'nonce-")), ...hashes].join(' ');
    })
    .join(';');
}

/** Whether the request's If-None-Match names this ETag (weak comparison, as for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export function createPageCache(options: PageCacheOptions) {
  const pages = cacheableRoutes(options.routes);
  const ttlMs = options.ttlMs ?? 60_000;
  // a cookie by name as the server reads it (server/http/auth.ts: the name trimmed), so no spelling
  // of a session cookie gets a signed-in visitor a key
  const personalCookie = options.cookieNames.length
    ? new RegExp(
        `(?:^|;)\\s*(?:${options.cookieNames.map((name) => name.replace(/[^\w]/g, '\\$&')).join('|')})\\s*=`,
      )
    : undefined;
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (e) => e.br.length + e.gzip.length + (e.identity?.length ?? 0) + 1024,
    ttl: ttlMs,
    // read the clock on every lookup (its 1 ms memo of the time lives on a timer, which a busy
    // process may run late: a page could then outlive its minute, and a test's moved clock be missed)
    ttlResolution: 0,
    ttlAutopurge: false,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  /**
   * When the cache is full, a page is kept only when it is asked for again: these are the pages
   * asked for once lately (their keys only). A crawler walking thousands of catalog and city pages
   * once each then never pushes out the pages visitors keep asking for; a page asked for twice
   * takes the place of the one asked for least recently.
   */
  const askedOnce = new LRUCache<string, true>({
    max: 10_000,
    // keys come from addresses anyone can make up: bounded by their length too (about 2 MB at most)
    maxSize: 1_000_000,
    sizeCalculation: (_value, key) => key.length,
  });
  /** Bumped by every clear: a render that began under an older generation is not stored. */
  let generation = 0;
  const counts = { hits: 0, misses: 0, stored: 0, notModified: 0, notAdmitted: 0, busy: 0 };
  /** Whether a page's best compression is running (one at a time; see `store`). */
  let compressing = false;

  /**
   * The address a public page is rendered from and kept under (decision 0180): its path and the
   * query parameters its handle declares, sorted, the first value of each (as the page's `get` reads
   * it); any other parameter is left out. Undefined when the path is no public page.
   */
  function addressOf(url: string): string | undefined {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const route = pages.find((r) => r.pattern.test(path));
    if (!route) return undefined;
    if (q === -1 || route.query.length === 0) return path;
    const search = new URLSearchParams(url.slice(q + 1));
    const declared = new URLSearchParams();
    for (const name of [...route.query].sort()) {
      const value = search.get(name);
      if (value !== null) declared.set(name, value);
    }
    return declared.size ? `${path}?${declared}` : path;
  }

  /**
   * The cache key of a request that may be served from or stored in the cache: its page's address;
   * undefined for anything personal, no public page, or a declared value too long to keep.
   */
  function keyOf(req: IncomingMessage): string | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const cookie = req.headers.cookie;
    if (cookie && personalCookie?.test(cookie)) return undefined;
    const address = addressOf(req.url ?? '/');
    if (address === undefined) return undefined;
    const q = address.indexOf('?');
    if (q !== -1) {
      for (const value of new URLSearchParams(address.slice(q + 1)).values()) {
        if (value.length > MAX_PARAM_LENGTH) return undefined;
      }
    }
    return address;
  }

  /**
   * The plain copy of a kept page: inflated from its gzip copy once, then kept beside it (the entry
   * set again, so the budget counts it and may let the least recent pages go; its minute is not
   * restarted).
   */
  function identityOf(key: string, entry: Entry): Buffer {
    if (entry.identity) return entry.identity;
    const identity = ownBytes(zlib.gunzipSync(entry.gzip)); // its own bytes (decision 0164)
    // a new object: lru-cache measures an entry again only when its value changes
    if (entries.peek(key) === entry) entries.set(key, { ...entry, identity }, { noUpdateTTL: true });
    return identity;
  }

  function send(req: IncomingMessage, res: ServerResponse, key: string, entry: Entry): void {
    if (matches(req.headers['if-none-match'] as string | undefined, entry.etag)) {
      counts.notModified++;
      res.writeHead(304, {
        etag: entry.etag,
        'cache-control': PAGE_CACHE_CONTROL,
        vary: 'Accept-Encoding, Cookie',
      });
      res.end();
      return;
    }
    const encoding = encodingFor(req.headers['accept-encoding'] as string | undefined);
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : identityOf(key, entry);
    res.writeHead(200, {
      ...entry.headers,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** A page not kept, sent as any rendered page is: compressed quickly for this one answer. */
  function sendOnce(
    req: IncomingMessage,
    res: ServerResponse,
    headers: OutgoingHttpHeaders,
    etag: string,
    identity: Buffer,
  ): void {
    if (matches(req.headers['if-none-match'] as string | undefined, etag)) {
      counts.notModified++;
      res.writeHead(304, { etag, 'cache-control': PAGE_CACHE_CONTROL, vary: 'Accept-Encoding, Cookie' });
      res.end();
      return;
    }
    const accepted = encodingFor(req.headers['accept-encoding'] as string | undefined);
    const encoding = identity.length >= COMPRESS_THRESHOLD ? accepted : undefined;
    const body = encoding ? compressWhole(identity, encoding) : identity;
    res.writeHead(200, {
      ...headers,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    keyOf,
    addressOf,

    /**
     * Answers the request from the cache when it holds the page; false when Express must handle it
     * (not cacheable, or not stored yet). Synchronous: a hit costs no I/O and no promise.
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      const key = keyOf(req);
      if (key === undefined) return false;
      const entry = entries.get(key);
      if (!entry) {
        counts.misses++;
        return false;
      }
      counts.hits++;
      send(req, res, key, entry);
      return true;
    },

    /** The generation a render starts under; pass it back to `store`. */
    generation: () => generation,

    /**
     * Keeps a rendered 200 page under `key` and sends it: `headers` are the answer's (the security
     * headers Express set and the page's own); the policy's nonce gives way to script hashes.
     * Not stored when the content changed while it rendered; sent either way.
     */
    async store(
      req: IncomingMessage,
      res: ServerResponse,
      page: { key: string; html: string; headers: OutgoingHttpHeaders; startedUnder: number },
    ): Promise<void> {
      const identity = Buffer.from(page.html, 'utf8');
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(page.headers)) {
        const lower = name.toLowerCase();
        if (
          [
            'set-cookie',
            'content-length',
            'content-encoding',
            'etag',
            'x-request-id',
            'vary',
            'cache-control',
          ].includes(lower)
        )
          continue;
        if (value !== undefined) headers[lower] = value;
      }
      const policy = headers['content-security-policy'];
      if (typeof policy === 'string') {
        headers['content-security-policy'] = policyWithHashes(policy, inlineScriptHashes(page.html));
      }
      // weak: the page's brotli, gzip and plain bytes share it, which a strong tag must not
      const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
      Object.assign(headers, { etag, 'cache-control': PAGE_CACHE_CONTROL, vary: 'Accept-Encoding, Cookie' });
      // full (its compressed copies guessed at a third of the page): kept only when asked for before
      const needed = identity.length / 3 + 1024;
      // (pages past their minute still count until looked up: let them go first)
      if (entries.calculatedSize + needed > maxBytes) entries.purgeStale();
      const full = entries.calculatedSize + needed > maxBytes;
      // One best compression at a time, off the event loop (libuv's pool): a page that comes while
      // one runs is sent compressed quickly, as a page not kept is, and kept when asked again.
      // Brotli's best holds megabytes while it runs; a crawl had four at once, and them plus
      // their waiting pages cost 80 MiB of peak memory and half the pages per second
      // (docs/performance.md, "Memory").
      if (compressing) {
        counts.busy++;
        if (full) askedOnce.set(page.key, true); // it was asked for: kept when asked again
        sendOnce(req, res, headers, etag, identity);
        return;
      }
      // a page larger than the whole budget is never kept: not worth its best compression
      if (needed > maxBytes || (full && !askedOnce.delete(page.key))) {
        if (needed <= maxBytes) askedOnce.set(page.key, true);
        counts.notAdmitted++;
        sendOnce(req, res, headers, etag, identity);
        return;
      }
      compressing = true;
      let entry: Entry;
      try {
        entry = {
          headers,
          etag,
          // the best compression once, instead of a quick one per answer
          br: ownBytes(
            await brotli(identity, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            }),
          ),
          gzip: ownBytes(await gzip(identity, { level: 9 })),
        };
      } finally {
        compressing = false;
      }
      if (page.startedUnder === generation) {
        entries.set(page.key, entry);
        // lru-cache refuses, silently, an entry larger than its whole budget
        if (entries.has(page.key)) counts.stored++;
      }
      send(req, res, page.key, entry);
    },

    /** Forgets every page: staff changed something a page may show. */
    clear(): void {
      generation++;
      entries.clear();
      askedOnce.clear();
    },

    stats: () => ({ ...counts, entries: entries.size, bytes: entries.calculatedSize }),

    /** The public pages this cache may keep, from the route table. */
    pages,

    /** Whether a path is one of those pages (whatever its query). */
    isPublicPage: (path: string) => pages.some((r) => r.pattern.test(path)),
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The HTTP server's request listener: a page the cache holds is sent at once, anything else goes to
 * `app` (Express). Keeping hits out of Express (its router, logging, helmet, compression) is what
 * makes them cheap; their headers were taken from the Express answer when the page was stored.
 */
export function servedFrom(cache: PageCache, app: RequestListener): RequestListener {
  return (req, res) => {
    if (!cache.serve(req, res)) app(req, res);
  };
}
