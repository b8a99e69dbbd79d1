/**
 * What a search result shows of every public page (issue 31 item 10; decision 0081): its `<title>`
 * within 60 characters and its meta description within 160, never ending in the middle of a word,
 * on every page of every kind: each static page, the catalog by category and page, every demo
 * catalog item, every city × category page, every demo blog post (with its own meta title and
 * description), a post and an item whose author wrote far too much, and the not-found states. The
 * route modules' loaders and `meta` run as React Router runs them (no build, no browser): `meta`'s
 * descriptors are exactly what <Meta/> writes into the head. One engine: the texts do not depend on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routeConfig from '#app/routes.ts';
import { appContext } from '#app/load-context.ts';
import { changeDoor } from '#server/changes/index.ts';
import { CATEGORIES } from '#app/modules/site/reference.ts';
import { isBackOffice, isPrivate } from '#app/page-handle.ts';
import { seedReference } from '#server/seed/index.ts';
import { seedDemoBlog, seedDemoCatalog } from '#server/seed/demo.ts';
import { DEMO_CATALOG } from '#server/seed/demo-catalog.ts';
import { DEMO_POSTS } from '#server/seed/demo-blog.ts';
import { CITIES } from '#server/seed/reference-data.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createTestDatabase, testDeps, type TestDatabase } from '../support/databases.ts';
import { clientOf } from '#server/http/client.ts';

type ConfigEntry = { file: string; path?: string; index?: boolean; children?: ConfigEntry[] };
type Descriptor = Record<string, unknown>;
type LoaderArgs = { request: Request; params: Record<string, string>; context: RouterContextProvider };
type RouteModule = {
  handle?: unknown;
  loader?: (args: LoaderArgs) => unknown;
  meta?: (args: Record<string, unknown>) => Descriptor[];
};
type PageRoute = { id: string; pattern: string; file: string; module: RouteModule };

/** The public pages of the route table: everything with a `meta` outside the back office and private pages. */
async function publicRoutes(): Promise<PageRoute[]> {
  const found: PageRoute[] = [];
  const walk = async (entries: ConfigEntry[], handles: unknown[], prefix: string) => {
    for (const entry of entries) {
      const module = (await import(path.resolve('app', entry.file))) as RouteModule;
      const branch = [...handles, module.handle];
      if (isBackOffice(branch) || isPrivate(branch)) continue;
      const pattern = entry.index ? prefix || '/' : `${prefix}/${entry.path ?? ''}`.replace(/\/+$/, '');
      if (module.meta)
        found.push({ id: entry.file.replace(/\.tsx?$/, ''), pattern, file: entry.file, module });
      await walk(entry.children ?? [], branch, entry.path ? pattern : prefix);
    }
  };
  await walk(routeConfig as ConfigEntry[], [], '');
  return found;
}

/** A loader's value as React Router hands it to `meta` (the `data()` wrapper unwrapped). */
function loaderValue(value: unknown): unknown {
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit')
    return (value as { data: unknown }).data;
  return value;
}

/** The params of a concrete path against a pattern such as /mb/:city/:category. */
function paramsOf(pattern: string, pathname: string): Record<string, string> | undefined {
  if (pattern === '/*') return { '*': pathname.slice(1) };
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = have[i]!;
    else if (part !== have[i]) return undefined;
  }
  return params;
}

/** Every word the page's texts could come from: its loaders' data and the app's own source. */
function sourceWords(): string {
  const texts: string[] = [];
  const read = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) read(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        texts.push(fs.readFileSync(file, 'utf8'));
    }
  };
  read(path.resolve('app'));
  return texts.join('\n');
}

/** Whether `word` stands as a whole word in `source` (not as the start of a longer one). */
function isWholeWordOf(word: string, source: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(source);
}

/**
 * The fragments a head text was cut into mid-word, if any: the last run of letters and digits
 * before each '…' and at the very end must stand as a whole word somewhere in the page's data or
 * the app's copy. A text cut mid-word ends in a fragment ('deliv…', 'Portage la Pr') that does not.
 */
function midWordCuts(text: string, source: string): string[] {
  const ends = [...text.split('…').slice(0, -1), text];
  return ends
    .map((part) => /([\p{L}\p{N}]+)[^\p{L}\p{N}]*$/u.exec(part)?.[1])
    .filter((word): word is string => Boolean(word) && !isWholeWordOf(word!, source));
}

const LONG_POST = {
  title: 'Everything a Manitoba Farmer Should Know About Replacing Hydraulic Cylinders, Seals and Hoses',
  slug: 'everything-about-hydraulic-cylinders',
  content: '<p>Measure twice.</p>',
  excerpt: 'Measure twice.',
  metaTitle: 'Everything a Manitoba Farmer Should Know About Replacing Hydraulic Cylinders Before Seeding',
  metaDescription:
    'Cylinders, seals, hoses and fittings for tractors, loaders, seeders and sprayers across Manitoba: how to measure bore, stroke and rod, when a reseal beats a replacement, and what to send us so we can quote it the same day.',
};

const LONG_ITEM = {
  title: 'Prince Hydraulics Tie-Rod Cylinder with Clevis Ends and Cross Tubes, 3 in Bore x 8 in Stroke',
  slug: 'prince-tie-rod-cylinder-3x8',
  category: 'hydraulics-fittings',
  status: 'active',
  price: 28999,
  description:
    'A welded-quality tie-rod cylinder for loaders, log splitters and implements, with clevis ends, cross tubes, SAE ports and a chrome-plated rod that shrugs off Manitoba winters and gravel roads alike.',
};

describe('the head of every public page, as a search result shows it', () => {
  let t: TestDatabase;
  let services: Services;
  let context: RouterContextProvider;
  let routes: PageRoute[];
  let rootData: unknown;
  let source: string;
  const paths: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase('sqlite', { SEED_DEMO: 'true' });
    const deps = testDeps(t);
    services = createServices(deps);
    await seedReference(deps);
    await seedDemoCatalog(deps);
    await seedDemoBlog(deps);
    const post = await services.blog.createPost(LONG_POST);
    await services.blog.publishPost(post.id, {});
    await services.catalog.createItem(LONG_ITEM);

    context = new RouterContextProvider();
    context.set(appContext, {
      services,
      changes: changeDoor(services),
      site: { ...services.shop.site(), baseUrl: 'http://localhost' },
      cspNonce: '',
      client: clientOf('127.0.0.1', 'test'),
    });
    routes = await publicRoutes();
    const root = (await import('#app/root.tsx')) as unknown as RouteModule;
    rootData = loaderValue(
      await root.loader!({ request: new Request('http://localhost/'), params: {}, context }),
    );
    source = sourceWords();

    const statics = routes
      .filter((r) => !r.pattern.includes(':') && r.pattern !== '/*')
      .map((r) => r.pattern);
    paths.push(
      ...statics,
      ...CATEGORIES.map((c) => `/catalog?category=${c.slug}`),
      '/catalog?page=2',
      ...DEMO_CATALOG.map((i) => `/catalog/${i.slug}`),
      `/catalog/${LONG_ITEM.slug}`,
      ...CITIES.flatMap((city) => CATEGORIES.map((c) => `/mb/${city.slug}/${c.slug}`)),
      ...DEMO_POSTS.map((p) => `/blog/${p.slug}`),
      `/blog/${LONG_POST.slug}`,
      // the not-found states
      '/catalog/no-such-item',
      '/blog/no-such-post',
      '/mb/nowhere/trailer-parts',
      '/no-such-page',
    );
  }, 120_000);

  afterAll(async () => {
    await t?.drop();
  });

  /** The meta descriptors of a path, from the route that matches it (the catch-all last). */
  async function headOf(url: string): Promise<{ route: string; tags: Descriptor[]; data: unknown }> {
    const { pathname, search } = new URL(url, 'http://localhost');
    const ordered = [
      ...routes.filter((r) => r.pattern !== '/*'),
      ...routes.filter((r) => r.pattern === '/*'),
    ];
    for (const route of ordered) {
      const params = paramsOf(route.pattern, pathname);
      if (!params) continue;
      const request = new Request(`http://localhost${pathname}${search}`);
      const data = loaderValue(await route.module.loader?.({ request, params, context }));
      const tags = route.module.meta!({
        data,
        loaderData: data,
        params,
        location: { pathname, search, hash: '', state: null, key: 'default' },
        matches: [
          { id: 'root', pathname: '/', params: {}, data: rootData, loaderData: rootData },
          { id: route.id, pathname, params, data, loaderData: data },
        ],
        error: undefined,
      });
      return { route: route.id, tags, data };
    }
    throw new Error(`no route for ${url}`);
  }

  it('walks every kind of public page, every city × category page, demo item and post', () => {
    expect(routes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(['/', '/catalog/:slug', '/mb/:city/:category', '/blog/:slug', '/*']),
    );
    expect(paths.filter((p) => p.startsWith('/mb/') && !p.includes('nowhere'))).toHaveLength(
      CITIES.length * CATEGORIES.length,
    );
    expect(paths.length).toBeGreaterThan(CITIES.length * CATEGORIES.length + DEMO_CATALOG.length);
  });

  it('gives every page a title of at most 60 characters and a description of at most 160, ending at a word', async () => {
    const problems: string[] = [];
    for (const url of paths) {
      const { route, tags, data } = await headOf(url);
      const words = `${JSON.stringify(data)}\n${source}`;
      // { title } is <title>; a <link> (the RSS feed's) has a title attribute of its own
      const titles = tags.filter((t) => 'title' in t && !('tagName' in t)).map((t) => String(t.title));
      const descriptions = tags.filter((t) => t.name === 'description').map((t) => String(t.content));
      if (titles.length !== 1) problems.push(`${url} (${route}): ${titles.length} titles`);
      if (descriptions.length !== 1) problems.push(`${url} (${route}): ${descriptions.length} descriptions`);
      for (const title of titles) {
        if (title.length > 60) problems.push(`${url}: title of ${title.length} characters: "${title}"`);
        if (midWordCuts(title, words).length) problems.push(`${url}: title cut mid-word: "${title}"`);
      }
      for (const description of descriptions) {
        if (description.length > 160)
          problems.push(`${url}: description of ${description.length} characters: "${description}"`);
        if (midWordCuts(description, words).length)
          problems.push(`${url}: description cut mid-word: "${description}"`);
        if (/[\s,;:–-]…/.test(description))
          problems.push(`${url}: punctuation before the ellipsis: "${description}"`);
      }
      // the social previews say the same as the search result
      for (const [key, want] of [
        ['og:title', titles[0]],
        ['twitter:title', titles[0]],
        ['og:description', descriptions[0]],
        ['twitter:description', descriptions[0]],
      ] as const) {
        const got = tags.filter((t) => t.property === key || t.name === key).map((t) => t.content);
        if (got.length !== 1 || got[0] !== want)
          problems.push(`${url}: ${key} ${JSON.stringify(got)} ≠ "${want}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps a text that fits word for word, and shortens an author's long post and item sensibly", async () => {
    const content = (tags: Descriptor[], name: string) => tags.find((t) => t.name === name)?.content;
    const title = (tags: Descriptor[]) => tags.find((t) => 'title' in t && !('tagName' in t))?.title;

    const axle = DEMO_POSTS.find((p) => p.slug === 'how-to-identify-a-trailer-axle-by-its-tag')!;
    const axleHead = (await headOf(`/blog/${axle.slug}`)).tags;
    // its own meta title runs to 67: the ' | …' part the author added goes first
    expect(title(axleHead)).toBe('How to Identify a Trailer Axle by Its Tag');
    if (axle.metaDescription!.length <= 160)
      expect(content(axleHead, 'description')).toBe(axle.metaDescription);

    const long = (await headOf(`/blog/${LONG_POST.slug}`)).tags;
    expect(title(long)).toBe('Everything a Manitoba Farmer Should Know About Replacing…');
    expect(content(long, 'description')).toBe(
      'Cylinders, seals, hoses and fittings for tractors, loaders, seeders and sprayers across Manitoba: how to measure bore, stroke and rod…',
    );

    const item = (await headOf(`/catalog/${LONG_ITEM.slug}`)).tags;
    expect(title(item)).toMatch(/^Prince Hydraulics Tie-Rod Cylinder… \| /);
    // the item's words are cut so that its price and delivery still fit
    expect(content(item, 'description')).toBe(
      'A welded-quality tie-rod cylinder for loaders, log splitters and implements… Hydraulics & Fittings, $289.99 CAD, ships in 3-6 business days across Manitoba.',
    );
    expect(String(content(item, 'description')).length).toBeLessThanOrEqual(160);

    expect(content((await headOf('/find-my-part')).tags, 'description')).toBeTruthy();
  });
});
