/**
 * The catalog service's promises beyond the HTTP tests (decision 0020): the public listing is
 * memoized yet every write through the service is seen at once; staff may preview what the public
 * may not see.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { insertCatalogItem } from '#server/db/repo/catalog.ts';
import { seedReference } from '#server/seed/index.ts';
import { eachEngine } from '../../tests/support/databases.ts';
import { LISTING_CACHE } from './catalog.ts';

eachEngine('catalog service', (ctx) => {
  beforeAll(async () => {
    await seedReference(ctx().deps);
  });

  it('memoizes a listing page and forgets it when an item is created, updated or imported', async () => {
    const catalog = ctx().services.catalog;
    const first = await catalog.listPublic({ category: 'snow-ice' });
    expect(await catalog.listPublic({ category: 'snow-ice', city: 'all' })).toBe(first);
    expect(first.total).toBe(0);

    const created = await catalog.createItem({
      title: 'Plow Edge',
      slug: 'plow-edge',
      category: 'snow-ice',
      status: 'active',
    });
    const afterCreate = await catalog.listPublic({ category: 'snow-ice' });
    expect(afterCreate).not.toBe(first);
    expect(afterCreate.items.map((i) => i.slug)).toEqual(['plow-edge']);

    await catalog.updateItem(created.id, { title: 'Plow Cutting Edge' });
    expect((await catalog.listPublic({ category: 'snow-ice' })).items[0]?.title).toBe('Plow Cutting Edge');

    await catalog.importCsv('sku,title,category,status\nPH-SNW-1,Angle Cylinder,snow-ice,active\n');
    expect((await catalog.listPublic({ category: 'snow-ice' })).total).toBe(2);
  });

  it('reads the database again once the memo is older than its TTL', async () => {
    const catalog = ctx().services.catalog;
    const first = await catalog.listPublic({ category: 'truck-upfit' });
    const now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(now + LISTING_CACHE.ttlMs + 1);
    try {
      expect(await catalog.listPublic({ category: 'truck-upfit' })).not.toBe(first);
    } finally {
      clock.mockRestore();
    }
  });

  it('invalidate() makes a change written elsewhere visible before the TTL runs out', async () => {
    const { services, deps } = ctx();
    const first = await services.catalog.listPublic({ category: 'ag-heavy-equipment', city: 'brandon' });
    expect(first.total).toBe(0);
    // another process (or a manual fix) writes without going through this service
    await insertCatalogItem(
      deps.db,
      {
        slug: 'pto-shaft',
        title: 'PTO Shaft',
        description: null,
        category: 'ag-heavy-equipment',
        subcategory: null,
        price: 18900,
        cost: null,
        markupPct: 0.35,
        stockQty: 1,
        images: [],
        brand: null,
        sku: null,
        supplierSku: null,
        specs: {},
        status: 'active',
      },
      new Date(),
    );
    expect(await services.catalog.listPublic({ category: 'ag-heavy-equipment', city: 'brandon' })).toBe(
      first,
    );
    services.catalog.invalidate();
    const fresh = await services.catalog.listPublic({ category: 'ag-heavy-equipment', city: 'brandon' });
    expect(fresh.items.map((i) => i.slug)).toEqual(['pto-shaft']);
    expect(fresh.city?.slug).toBe('brandon');
  });

  it('staff preview drafts and archived items; the public never sees them', async () => {
    const catalog = ctx().services.catalog;
    await catalog.createItem({ title: 'Draft Hitch', slug: 'draft-hitch', category: 'truck-upfit' });
    expect(await catalog.publicItem('draft-hitch')).toBeUndefined();
    const preview = await catalog.itemForStaff('draft-hitch', 'brandon');
    expect(preview).toMatchObject({
      isPublic: false,
      item: { slug: 'draft-hitch', status: 'draft' },
      city: { slug: 'brandon', region: 'Brandon Region' },
      shipsIn: { minDays: 3, maxDays: 6 },
    });
    expect(preview?.item).not.toHaveProperty('cost');
  });
});
