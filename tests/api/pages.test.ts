/**
 * GET /api/pages/{city}/{category} (product.md §7) and which city pages are indexable (decision 0012):
 * the page data built on the server, 404 for unknown cities or categories, and a sitemap that
 * lists exactly the indexable pages.
 */
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { insertBlogPost } from '#server/db/repo/blog.ts';
import { insertCatalogItem, type NewCatalogItem } from '#server/db/repo/catalog.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

const T0 = new Date('2026-11-02T15:04:05.678Z');

function item(slug: string, category: string, extra: Partial<NewCatalogItem> = {}): NewCatalogItem {
  return {
    slug,
    title: `Item ${slug}`,
    description: 'A part.',
    category,
    subcategory: null,
    price: 13500,
    cost: 10000,
    markupPct: 0.35,
    stockQty: 4,
    images: [`/uploads/catalog/${slug}.webp`],
    brand: 'Dexter',
    sku: `SKU-${slug}`,
    supplierSku: `SUP-${slug}`,
    specs: { Capacity: '7,000 lb' },
    status: 'active',
    ...extra,
  };
}

async function publishGuide(
  db: Parameters<typeof insertBlogPost>[0],
  slug: string,
  cityFocus: string[],
  publishedAt = '2026-10-01T12:00:00.000Z',
) {
  await insertBlogPost(
    db,
    {
      slug,
      title: `Guide ${slug}`,
      excerpt: 'Local advice.',
      content: '<p>Local advice.</p>',
      featuredImage: null,
      tags: [],
      authorName: 'Parts Hunters MB',
      authorBio: null,
      categoryId: null,
      canonicalUrl: null,
      metaTitle: null,
      metaDescription: null,
      readTimeMinutes: 3,
      isFeatured: false,
      allowComments: true,
      cityFocus,
      equipmentFocus: [],
      localKeywords: [],
      schemaType: 'Article',
      status: 'published',
      publishedAt,
    },
    T0,
  );
}

const cityLocs = (xml: string) =>
  [...xml.matchAll(/<loc>[^<]*(\/mb\/[^<]+)<\/loc>/g)].map((m) => m[1]).sort();

eachEngine('city × category pages API', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    const { deps } = ctx();
    await seedReference(deps);
    for (const slug of ['axle-a', 'axle-b', 'spring-c'])
      await insertCatalogItem(deps.db, item(slug, 'trailer-parts'), T0);
    await insertCatalogItem(deps.db, item('draft-d', 'trailer-parts', { status: 'draft' }), T0);
    await insertCatalogItem(deps.db, item('archived-e', 'trailer-parts', { status: 'archived' }), T0);
    for (const slug of ['box-a', 'box-b']) await insertCatalogItem(deps.db, item(slug, 'truck-upfit'), T0);
    app = createTestApp(deps, ctx().services);
  });

  it('GET /api/pages/winnipeg/trailer-parts returns the city, category, featured items and server-built SEO', async () => {
    const res = await request(app).get('/api/pages/winnipeg/trailer-parts').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({
      city: { slug: 'winnipeg', name: 'Winnipeg', region: 'Winnipeg Metro' },
      category: { slug: 'trailer-parts', name: 'Trailer Parts' },
      seo: {
        title: 'Trailer Parts in Winnipeg, Manitoba',
        description: expect.stringContaining('Trailer parts in Winnipeg'),
        h1: 'Trailer Parts in Winnipeg',
      },
      indexable: true,
    });
    // only active items of the category, without the supplier cost or markup
    expect(res.body.featuredItems.map((i: { slug: string }) => i.slug)).toEqual([
      'axle-a',
      'axle-b',
      'spring-c',
    ]);
    expect(res.body.featuredItems[0]).toMatchObject({
      title: 'Item axle-a',
      category: 'trailer-parts',
      price: 13500,
      images: ['/uploads/catalog/axle-a.webp'],
      status: 'active',
    });
    expect(res.body.featuredItems[0]).not.toHaveProperty('cost');
    expect(res.body.featuredItems[0]).not.toHaveProperty('markupPct');
  });

  it('every city and category pair gets its own title, description and heading', async () => {
    const pairs = [
      ['winnipeg', 'trailer-parts'],
      ['winnipeg', 'truck-upfit'],
      ['brandon', 'trailer-parts'],
      ['gimli', 'safety-compliance'],
    ];
    const seos = await Promise.all(
      pairs.map(
        async ([city, cat]) => (await request(app).get(`/api/pages/${city}/${cat}`).expect(200)).body.seo,
      ),
    );
    for (const key of ['title', 'description', 'h1']) {
      expect(new Set(seos.map((s) => s[key])).size).toBe(pairs.length);
    }
  });

  it('answers 404 JSON for an unknown city or category', async () => {
    for (const path of ['/api/pages/atlantis/trailer-parts', '/api/pages/winnipeg/rocket-parts']) {
      const res = await request(app).get(path).expect(404);
      expect(res.body).toEqual({
        message: 'The requested city and category combination could not be found.',
      });
    }
  });

  it('a page is indexable with enough active items in a priority city; others are noindex and out of the sitemap', async () => {
    const indexable = async (city: string, cat: string) =>
      (await request(app).get(`/api/pages/${city}/${cat}`).expect(200)).body.indexable;
    expect(await indexable('brandon', 'trailer-parts')).toBe(true);
    expect(await indexable('steinbach', 'trailer-parts')).toBe(true);
    // two active items are not enough, even in Winnipeg
    expect(await indexable('winnipeg', 'truck-upfit')).toBe(false);
    // a small town without local content
    expect(await indexable('gimli', 'trailer-parts')).toBe(false);

    const xml = (await request(app).get('/sitemap.xml').expect(200)).text;
    expect(cityLocs(xml)).toEqual(
      ['/mb/brandon/trailer-parts', '/mb/steinbach/trailer-parts', '/mb/winnipeg/trailer-parts'].sort(),
    );
  });

  it('a published local guide for a town makes its pages with enough items indexable', async () => {
    // staff may type the city's name rather than its slug
    await publishGuide(ctx().deps.db, 'gimli-harbour-trailers', ['Gimli']);
    // written around the blog service here, so signalled as the service signals every write: city
    // pages keep the guides they read until a change (docs/performance.md)
    await ctx().services.changes.publish();
    const gimli = await request(app).get('/api/pages/gimli/trailer-parts').expect(200);
    expect(gimli.body.indexable).toBe(true);
    expect((await request(app).get('/api/pages/gimli/truck-upfit').expect(200)).body.indexable).toBe(false);
    const xml = (await request(app).get('/sitemap.xml').expect(200)).text;
    expect(cityLocs(xml)).toContain('/mb/gimli/trailer-parts');
    expect(cityLocs(xml)).toHaveLength(4);
    expect(await ctx().services.cityPages.indexablePages()).toEqual([
      { city: 'winnipeg', category: 'trailer-parts' },
      { city: 'brandon', category: 'trailer-parts' },
      { city: 'steinbach', category: 'trailer-parts' },
      { city: 'gimli', category: 'trailer-parts' },
    ]);
  });

  it('a city page links to its siblings and its local guides', async () => {
    const { services } = ctx();
    const page = await services.cityPages.cityCategoryPage('gimli', 'trailer-parts');
    const links = await services.cityPages.cityPageLinks(page!.city, page!.category);
    // near by the map (decision 0141): nearest first, at most eight, none farther than 100 km
    expect(links.nearbyCities.map((c) => c.slug)).toEqual([
      'teulon',
      'arborg',
      'selkirk',
      'stonewall',
      'west-st-paul',
      'beausejour',
      'east-st-paul',
      'oakbank',
    ]);
    // the hubs have their own list: Brandon and Steinbach are 300 km and more from Gimli
    expect(links.hubCities.map((c) => c.slug)).toEqual(['winnipeg', 'brandon', 'steinbach']);
    expect(links.otherCategories.map((c) => c.slug)).toHaveLength(7);
    expect(links.otherCategories.map((c) => c.slug)).not.toContain('trailer-parts');
    expect(links.localGuides).toEqual([
      { slug: 'gimli-harbour-trailers', title: 'Guide gimli-harbour-trailers', excerpt: 'Local advice.' },
    ]);
  });

  it('a hub is listed as near only where it is, and never twice (Brandon is 200 km from Winnipeg)', async () => {
    const { services } = ctx();
    const links = async (city: string) => {
      const page = await services.cityPages.cityCategoryPage(city, 'trailer-parts');
      const found = await services.cityPages.cityPageLinks(page!.city, page!.category);
      return { near: found.nearbyCities.map((c) => c.slug), hubs: found.hubCities.map((c) => c.slug) };
    };
    const winnipeg = await links('winnipeg');
    expect(winnipeg.near).toEqual([
      'west-st-paul',
      'east-st-paul',
      'headingley',
      'oakbank',
      'stonewall',
      'selkirk',
      'niverville',
      'ste-anne',
    ]);
    expect(winnipeg.hubs).toEqual(['brandon', 'steinbach']);
    const brandon = await links('brandon');
    expect(brandon.near).toEqual(['souris', 'carberry', 'neepawa', 'virden', 'gladstone', 'macgregor']);
    expect(brandon.hubs).toEqual(['winnipeg', 'steinbach']);
    // a hub within reach is near, and not repeated among the hubs
    const virden = await links('virden');
    expect(virden.near).toEqual(['souris', 'brandon']);
    expect(virden.hubs).toEqual(['winnipeg', 'steinbach']);
  });

  it('a guide scheduled for later makes its town indexable at its time, with no further change', async () => {
    let clock = new Date('2026-12-01T17:59:59.000Z');
    const services = createServices(testDeps(ctx().t, () => clock));
    await services.cityPages.cityCategoryPage('selkirk', 'trailer-parts'); // the guides are read and kept
    await publishGuide(ctx().deps.db, 'selkirk-winter-hauling', ['selkirk'], '2026-12-01T18:00:00.000Z');
    await services.changes.publish();
    expect((await services.cityPages.cityCategoryPage('selkirk', 'trailer-parts'))!.indexable).toBe(false);
    const selkirk = (await services.cityPages.cityCategoryPage('selkirk', 'trailer-parts'))!;
    expect((await services.cityPages.cityPageLinks(selkirk.city, selkirk.category)).localGuides).toEqual([]);
    clock = new Date('2026-12-01T18:00:00.000Z');
    expect((await services.cityPages.cityCategoryPage('selkirk', 'trailer-parts'))!.indexable).toBe(true);
    expect((await services.cityPages.cityPageLinks(selkirk.city, selkirk.category)).localGuides).toEqual([
      { slug: 'selkirk-winter-hauling', title: 'Guide selkirk-winter-hauling', excerpt: 'Local advice.' },
    ]);
  });
});
