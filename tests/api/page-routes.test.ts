/**
 * The route table against the page cache (app/page-handle.ts, server/http/page-cache.ts): every
 * public page of app/routes.ts is one the cache may keep, and no loader reads a query parameter its
 * handle does not declare (the cache keys only on declared ones, so an undeclared `?sort=` would
 * give every visitor the first sort anyone asked for). The loaders run for real, on a database with
 * a catalog item and a blog post, while every read of a URLSearchParams is recorded.
 */
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import routeConfig from '#app/routes.ts';
import { appContext } from '#app/load-context.ts';
import { changeDoor } from '#server/changes/index.ts';
import { DEFAULT_SITE } from '#app/modules/site/site.ts';
import { isBackOffice, isPrivate, pageHandle } from '#app/page-handle.ts';
import { cacheableRoutes, createPageCache, type RouteTable } from '#server/http/page-cache.ts';
import { seedReference } from '#server/seed/index.ts';
import { eachEngine } from '../support/databases.ts';
import { clientOf } from '#server/http/client.ts';

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };
type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: RouterContextProvider;
}) => unknown;
type RouteModule = { handle?: unknown; loader?: Loader };

/**
 * The route table as a build has it (ids are the files without their extension), with the modules
 * of every route outside the back office loaded (a back-office layout's screens are left unloaded).
 */
async function loadRouteTable(): Promise<RouteTable & Record<string, { module: RouteModule }>> {
  const table: RouteTable & Record<string, { module: RouteModule }> = {
    root: { id: 'root', path: '', module: (await import('#app/root.tsx')) as unknown as RouteModule },
  };
  const add = async (entries: ConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
      const module = isBackOffice(branch(table, parentId))
        ? {}
        : ((await import(path.resolve('app', entry.file))) as RouteModule);
      table[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  };
  await add(routeConfig as ConfigEntry[], 'root');
  return table;
}

/** A parameter no page reads: it marks the query strings whose reads are recorded. */
const PROBE = 'utm_source';

/**
 * Names read from the URLSearchParams of a query that carries PROBE, while `run` runs ('*' for a
 * read of them all). Other query strings (a database driver parsing its URL) are not the page's.
 */
async function paramsRead(run: () => Promise<unknown>): Promise<Set<string>> {
  const proto = URLSearchParams.prototype as unknown as Record<PropertyKey, unknown>;
  const read = new Set<string>();
  const saved = new Map<PropertyKey, unknown>();
  const has = URLSearchParams.prototype.has;
  const byName = ['get', 'getAll', 'has'];
  const all = ['entries', 'keys', 'values', 'forEach', 'toString', Symbol.iterator];
  for (const name of [...byName, ...all]) {
    const original = proto[name] as (...args: unknown[]) => unknown;
    saved.set(name, original);
    proto[name] = function (this: URLSearchParams, ...args: unknown[]) {
      if (has.call(this, PROBE)) read.add(byName.includes(name as string) ? String(args[0]) : '*');
      return original.apply(this, args);
    };
  }
  try {
    await run().catch(() => {});
  } finally {
    for (const [name, original] of saved) proto[name] = original;
  }
  return read;
}

/** The handles of a route and the routes above it. */
function branch(table: RouteTable, id: string): unknown[] {
  const handles: unknown[] = [];
  for (let r = table[id]; r; r = r.parentId ? table[r.parentId] : undefined) handles.push(r.module.handle);
  return handles;
}

describe('the checker of query parameters', () => {
  it('sees a loader read a parameter, and every parameter at once', async () => {
    const url = new URL(`http://x/catalog?category=a&sort=price&${PROBE}=x`);
    expect(await paramsRead(async () => url.searchParams.get('sort'))).toEqual(new Set(['sort']));
    expect(await paramsRead(async () => Object.fromEntries(url.searchParams))).toContain('*');
  });
});

eachEngine('public pages and the page cache', (ctx) => {
  let table: Awaited<ReturnType<typeof loadRouteTable>>;
  const sample: Record<string, string> = {
    city: 'winnipeg',
    category: 'trailer-parts',
    slug: 'hydraulic-pump',
  };

  beforeAll(async () => {
    table = await loadRouteTable();
    const { deps, services } = ctx();
    await seedReference(deps);
    await services.catalog.createItem({
      title: 'Hydraulic Pump',
      slug: 'hydraulic-pump',
      category: 'trailer-parts',
      status: 'active',
    });
    const post = await services.blog.createPost({
      title: 'Reading axle tags',
      slug: 'axle-tags',
      content: '<p>How.</p>',
    });
    await services.blog.publishPost(post.id, {});
  });

  /** The public page routes: not the back office or a private page, not the root or a layout, not the catch-all. */
  const publicPages = () =>
    Object.values(table).filter(
      (r) =>
        r &&
        r.id !== 'root' &&
        !Object.values(table).some((c) => c?.parentId === r.id) &&
        !isBackOffice(branch(table, r.id)) &&
        !isPrivate(branch(table, r.id)) &&
        r.path !== '*',
    ) as (RouteTable[string] & { module: RouteModule })[];

  /** A URL of the page with real values for its path's parameters. */
  const urlOf = (routePath: string) =>
    '/' +
    routePath
      .split('/')
      .filter(Boolean)
      .map((s) => (s.startsWith(':') ? (sample[s.slice(1)] ?? '') : s))
      .join('/');

  it('finds the public pages of the route table', () => {
    const paths = publicPages().map((r) => r.path ?? '/');
    expect(paths).toEqual(
      expect.arrayContaining(['/', 'catalog', 'catalog/:slug', 'mb/:city/:category', 'blog/:slug']),
    );
  });

  it('lets the page cache keep every public page, with every parameter it declares', () => {
    const cache = createPageCache({ cookieNames: [], routes: table });
    expect(cacheableRoutes(table)).toHaveLength(publicPages().length);
    for (const route of publicPages()) {
      const query = pageHandle(route.module.handle).query ?? [];
      const url = `${urlOf(route.path ?? '')}${query.length ? `?${query.map((q) => `${q}=a`).join('&')}` : ''}`;
      const key = cache.keyOf({ method: 'GET', url, headers: {} } as IncomingMessage);
      expect(key, `${route.id}: ${url}`).toBeDefined();
    }
  });

  it("never lets the page cache keep a customer's private page (the quote link), nor its photos", () => {
    const cached = cacheableRoutes(table).map((r) => r.path);
    expect(cached).not.toContain('/q/:token');
    expect(cached).not.toContain('/q/:token/photos/:n');
    const cache = createPageCache({ cookieNames: [], routes: table });
    expect(cache.isPublicPage('/q/AbCdEfGhIjKlMnOpQrStUvWx')).toBe(false);
    expect(
      cache.keyOf({ method: 'GET', url: '/q/AbCdEfGhIjKlMnOpQrStUvWx', headers: {} } as IncomingMessage),
    ).toBe(undefined);
  });

  it('runs no loader that reads a query parameter its handle does not declare', async () => {
    const { services } = ctx();
    const context = new RouterContextProvider();
    context.set(appContext, {
      services,
      changes: changeDoor(services),
      site: DEFAULT_SITE,
      cspNonce: '',
      client: clientOf('127.0.0.1', 'test'),
    });
    const pages = publicPages();
    for (const route of [table.root!, ...pages]) {
      const { loader } = route.module;
      if (!loader) continue;
      const slug = route.path?.startsWith('blog/') ? 'axle-tags' : 'hydraulic-pump';
      const params = { ...sample, slug };
      const pagePath = route.id === 'root' ? '/' : urlOf((route.path ?? '').replace(':slug', slug));
      const declared = new Set(
        route.id === 'root' ? [] : branch(table, route.id).flatMap((h) => pageHandle(h).query ?? []),
      );
      // the declared parameters with values, and one the page does not know
      const query = [...declared, PROBE].map((q) => `${q}=${sample[q] ?? 'a'}`).join('&');
      const request = new Request(`http://localhost${pagePath}?${query}`);
      const read = await paramsRead(async () => loader({ request, params, context }));
      expect(
        [...read].filter((name) => !declared.has(name)),
        route.id,
      ).toEqual([]);
    }
  });
});
