/**
 * U+0000 in a page's address never causes a 500 (issue 14 item 2, decision 0095), on the shared
 * server (SQLite) and on a server of its own on PostgreSQL, which cannot store or compare the
 * character: in the path it is the not-found page (404), in the query it is dropped and the page
 * answers as without it. The pages are read from the route table (app/routes.ts), so a new page
 * is probed without a new line here.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import routes from '#app/routes.ts';
import { createPostgresSchema, type PostgresSchema } from '../support/postgres-schema.ts';
import { titleOf } from '../e2e/support/html.ts';
import { baseUrl } from '../e2e/support/server.ts';
import { spawnServer, type SpawnedServer } from '../e2e/support/spawn-server.ts';

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every page pattern of the route table ('/catalog/:slug'…), the not-found route aside. */
function pagePatterns(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [
    ...(r.index ? ['/'] : r.path && r.path !== '*' ? [`/${r.path}`] : []),
    ...pagePatterns(r.children ?? []),
  ]);
}

const PATTERNS = pagePatterns(routes as RouteEntry[]);
const concrete = (pattern: string) => pattern.replace(/:\w+/g, 'x');

async function get(origin: string, path: string) {
  const res = await fetch(new URL(path, origin), { headers: { Accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', html: await res.text() };
}

function probes(origin: () => string) {
  it('reads the route table (the walk itself works)', () => {
    expect(PATTERNS).toEqual(expect.arrayContaining(['/', '/catalog/:slug', '/blog/:slug', '/admin/leads']));
  });

  it('answers the not-found page (404) for the probes measured before', async () => {
    for (const path of ['/catalog/%00', '/blog/a%00b', '/%00', '/mb/winnipeg/a%00b']) {
      const page = await get(origin(), path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(page.contentType, path).toMatch(/^text\/html/);
      expect(titleOf(page.html), path).toMatch(/not found/i);
    }
  });

  it('answers 404 for U+0000 in any part of any page path', async () => {
    for (const pattern of PATTERNS) {
      const params = pattern.match(/:\w+/g) ?? [];
      const paths =
        params.length === 0
          ? [`${pattern === '/' ? '' : pattern}%00`, `${pattern === '/' ? '' : pattern}/a%00b`]
          : params.map((p) => concrete(pattern.replace(p, 'a%00b')));
      for (const path of paths) {
        const page = await get(origin(), path);
        expect({ path, status: page.status }).toEqual({ path, status: 404 });
      }
    }
  });

  it('answers every page with U+0000 in its query as it answers without it', async () => {
    for (const pattern of PATTERNS) {
      const path = concrete(pattern);
      const plain = await get(origin(), `${path}?category=snow-ice`);
      const withNul = await get(origin(), `${path}?category=%00snow-ice&q=a%00b&page=%00`);
      expect({ path, status: withNul.status }).toEqual({ path, status: plain.status });
      expect(withNul.status, path).toBeLessThan(500);
    }
  });

  it('needs nothing for invalid UTF-8 or an encoded lone surrogate (no 5xx)', async () => {
    for (const path of ['/catalog/%FF', '/blog/%ED%A0%80', '/catalog?category=%FF&q=%ED%A0%80']) {
      const page = await get(origin(), path);
      expect({ path, status: page.status }).toEqual({
        path,
        status: page.status < 500 ? page.status : 'not 5xx',
      });
    }
  });

  it('answers the API with 400 for a query and JSON 404 for a path', async () => {
    const query = await fetch(new URL('/api/catalog?category=%00', origin()));
    expect(query.status).toBe(400);
    expect(await query.json()).toEqual({
      message: expect.stringContaining('U+0000'),
      fieldErrors: { category: [expect.stringContaining('U+0000')] },
    });
    const path = await fetch(new URL('/api/catalog/%00', origin()));
    expect(path.status).toBe(404);
    expect(await path.json()).toEqual({ message: 'Not found' });
  });
}

describe('U+0000 in an address [the shared server, SQLite]', () => {
  probes(baseUrl);
});

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('U+0000 in an address [a server on PostgreSQL]', () => {
  let schema: PostgresSchema;
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    schema = await createPostgresSchema(postgresUrl!);
    server = await spawnServer({
      name: 'nul-pg',
      adminPassword: 'nul-bytes-e2e-password',
      env: { DATABASE_URL: schema.url },
    });
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
    await schema?.drop();
  });

  probes(() => server!.origin);
});
