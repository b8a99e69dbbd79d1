/**
 * The repository layer returns the same JS values on SQLite and PostgreSQL: each test compares
 * against one literal expectation, once per engine (money in integer cents, ISO timestamps,
 * JSON lists and maps, booleans, nulls).
 */
import { expect, it } from 'vitest';
import { eachEngine } from '../../../tests/support/databases.ts';
import { seedReference } from '../../seed/index.ts';
import { findBlogPostBySlug, insertBlogPost, listPublishedPosts, upsertBlogCategory } from './blog.ts';
import {
  findCatalogItemBySlug,
  insertCatalogItem,
  listActiveCatalogItems,
  listActiveCatalogSlugs,
} from './catalog.ts';
import { insertClick } from './clicks.ts';
import { countLeads, findLeadById, insertLead } from './leads.ts';
import { findUserByUsername, insertUser } from './users.ts';

const T0 = new Date('2026-11-02T15:04:05.678Z');

eachEngine('repositories', (ctx) => {
  it('catalog items round-trip: cents, fractions, JSON lists and maps, timestamps', async () => {
    const { db } = ctx().deps;
    await seedReference(ctx().deps);
    const created = await insertCatalogItem(
      db,
      {
        slug: 'dexter-7k-axle',
        title: 'Dexter 7,000 lb Trailer Axle',
        description: 'Complete axle with "electric" brakes — 84" hub face',
        category: 'trailer-parts',
        subcategory: 'Axles',
        price: 123456,
        cost: 91449,
        markupPct: 0.35,
        stockQty: 4,
        images: ['/uploads/catalog/a-1.webp', '/uploads/catalog/a-2.webp'],
        brand: 'Dexter',
        sku: 'PH-AX-7000',
        supplierSku: 'DX-7K-84',
        specs: { Capacity: '7,000 lb', 'Hub face': '84"' },
        status: 'active',
      },
      T0,
    );
    const expected = {
      id: created.id,
      slug: 'dexter-7k-axle',
      title: 'Dexter 7,000 lb Trailer Axle',
      description: 'Complete axle with "electric" brakes — 84" hub face',
      category: 'trailer-parts',
      subcategory: 'Axles',
      price: 123456,
      cost: 91449,
      markupPct: 0.35,
      stockQty: 4,
      images: ['/uploads/catalog/a-1.webp', '/uploads/catalog/a-2.webp'],
      brand: 'Dexter',
      sku: 'PH-AX-7000',
      supplierSku: 'DX-7K-84',
      specs: { Capacity: '7,000 lb', 'Hub face': '84"' },
      status: 'active',
      createdAt: '2026-11-02T15:04:05.678Z',
      updatedAt: '2026-11-02T15:04:05.678Z',
    };
    expect(created).toStrictEqual(expected);
    expect(await findCatalogItemBySlug(db, 'dexter-7k-axle')).toStrictEqual(expected);
    expect(await findCatalogItemBySlug(db, 'missing')).toBeUndefined();

    await insertCatalogItem(
      db,
      {
        ...expected,
        slug: 'hidden',
        sku: 'PH-HIDDEN',
        status: 'draft',
        price: null,
        cost: null,
        images: [],
        specs: {},
      },
      T0,
    );
    const active = await listActiveCatalogItems(db, { category: 'trailer-parts' });
    expect(active.map((i) => i.slug)).toEqual(['dexter-7k-axle']);
    expect(await listActiveCatalogSlugs(db)).toStrictEqual([
      { slug: 'dexter-7k-axle', updatedAt: '2026-11-02T15:04:05.678Z' },
    ]);
  });

  it('catalog slugs and SKUs are unique', async () => {
    const { db } = ctx().deps;
    const item = await findCatalogItemBySlug(db, 'dexter-7k-axle');
    await expect(insertCatalogItem(db, { ...item!, sku: 'OTHER' }, T0)).rejects.toThrow();
    await expect(insertCatalogItem(db, { ...item!, slug: 'other-slug' }, T0)).rejects.toThrow();
  });

  it('blog posts round-trip: booleans, lists, nullable timestamps; only published posts whose time has come are listed', async () => {
    const { db } = ctx().deps;
    const categoryId = await upsertBlogCategory(db, 'Maintenance');
    expect(await upsertBlogCategory(db, 'Maintenance')).toBe(categoryId);
    const base = {
      title: 'Trailer Axle Tags',
      excerpt: null,
      content: '<p>Read the tag.</p>',
      featuredImage: '/uploads/blog/tags.webp',
      tags: ['trailers', 'axles'],
      authorName: 'Parts Hunters MB',
      authorBio: null,
      categoryId,
      canonicalUrl: null,
      metaTitle: null,
      metaDescription: null,
      readTimeMinutes: 5,
      isFeatured: true,
      allowComments: false,
      cityFocus: ['winnipeg', 'brandon'],
      equipmentFocus: [],
      localKeywords: ['trailer parts Winnipeg'],
      schemaType: 'Article' as const,
    };
    const published = await insertBlogPost(
      db,
      { ...base, slug: 'axle-tags', status: 'published', publishedAt: '2026-11-01T12:00:00.000Z' },
      T0,
    );
    await insertBlogPost(
      db,
      { ...base, slug: 'draft-post', status: 'draft', publishedAt: null, isFeatured: false },
      T0,
    );
    await insertBlogPost(
      db,
      { ...base, slug: 'scheduled', status: 'published', publishedAt: '2026-12-01T12:00:00.000Z' },
      T0,
    );
    expect(await findBlogPostBySlug(db, 'axle-tags')).toStrictEqual({
      ...base,
      id: published.id,
      slug: 'axle-tags',
      status: 'published',
      publishedAt: '2026-11-01T12:00:00.000Z',
      createdAt: '2026-11-02T15:04:05.678Z',
      updatedAt: '2026-11-02T15:04:05.678Z',
    });
    const draft = await findBlogPostBySlug(db, 'draft-post');
    expect(draft?.isFeatured).toBe(false);
    expect(draft?.allowComments).toBe(false);
    expect(draft?.publishedAt).toBeNull();
    const listed = await listPublishedPosts(db, T0);
    expect(listed.map((p) => p.slug)).toEqual(['axle-tags']);
  });

  it('leads get sequential case numbers from Q-10001 and keep photos and a created event in one write', async () => {
    const { db } = ctx().deps;
    const photoUrl = (key: string) => `/api/leads/photos/${key}`;
    const first = await db.transaction().execute((trx) =>
      insertLead(
        trx,
        {
          urgency: 'today',
          source: 'web',
          name: 'Dana Friesen',
          phone: '+12045550123',
          email: 'dana@example.com',
          city: 'steinbach',
          equipment: 'trailer',
          description: 'Leaf spring snapped',
          consentText: 'I agree to be contacted by phone, email, or SMS regarding my parts request.',
          cost: 4599,
          markupPct: 0.425,
          sellPrice: 6554,
          etaDays: 3,
        },
        [
          { storageKey: 'leads/a.webp', contentType: 'image/webp', width: 800, height: 600, sizeBytes: 1234 },
          { storageKey: 'leads/b.webp', contentType: 'image/webp', width: 600, height: 800, sizeBytes: 999 },
        ],
        { now: T0, actor: 'customer' },
      ),
    );
    const second = await db.transaction().execute((trx) =>
      insertLead(trx, { urgency: 'flexible', source: 'sms', name: '', phone: '+12045550124' }, [], {
        now: T0,
        actor: 'sms',
      }),
    );
    expect(first.caseNumber).toMatch(/^Q-1\d{4}$/);
    expect(Number(second.caseNumber.slice(2))).toBe(Number(first.caseNumber.slice(2)) + 1);

    const lead = await findLeadById(db, first.id, photoUrl);
    expect(lead).toStrictEqual({
      id: first.id,
      caseNumber: first.caseNumber,
      status: 'new',
      urgency: 'today',
      source: 'web',
      name: 'Dana Friesen',
      phone: '+12045550123',
      email: 'dana@example.com',
      city: 'steinbach',
      equipment: 'trailer',
      make: null,
      model: null,
      year: null,
      partCategory: null,
      partNumber: null,
      shortPartName: null,
      description: 'Leaf spring snapped',
      photos: ['/api/leads/photos/leads/a.webp', '/api/leads/photos/leads/b.webp'],
      consentAt: '2026-11-02T15:04:05.678Z',
      notes: null,
      lostReason: null,
      cost: 4599,
      markupPct: 0.425,
      sellPrice: 6554,
      etaDays: 3,
      quotedAt: null,
      quoteVersion: null,
      quoteExpiresAt: null,
      quoteViews: 0,
      quoteFirstViewedAt: null,
      createdAt: '2026-11-02T15:04:05.678Z',
      updatedAt: '2026-11-02T15:04:05.678Z',
    });
    const events = await db.selectFrom('lead_events').selectAll().where('lead_id', '=', first.id).execute();
    expect(
      events.map((e) => ({ type: e.type, to: e.to_status, actor: e.actor, at: e.created_at })),
    ).toStrictEqual([{ type: 'created', to: 'new', actor: 'customer', at: '2026-11-02T15:04:05.678Z' }]);
    expect(await countLeads(db)).toBe(2);
  });

  it('a failed lead write leaves nothing behind', async () => {
    const { db } = ctx().deps;
    const before = await countLeads(db);
    await expect(
      db.transaction().execute((trx) =>
        insertLead(
          trx,
          { urgency: 'flexible', source: 'web', name: 'X', phone: '+12045550125' },
          // the same storage key twice violates the unique index on the second photo
          [
            { storageKey: 'leads/dup.webp', contentType: 'image/webp', width: 1, height: 1, sizeBytes: 1 },
            { storageKey: 'leads/dup.webp', contentType: 'image/webp', width: 1, height: 1, sizeBytes: 1 },
          ],
          { now: T0, actor: 'customer' },
        ),
      ),
    ).rejects.toThrow();
    expect(await countLeads(db)).toBe(before);
    const orphans = await db
      .selectFrom('lead_photos')
      .select('id')
      .where('storage_key', '=', 'leads/dup.webp')
      .execute();
    expect(orphans).toEqual([]);
  });

  it('users and clicks', async () => {
    const { db } = ctx().deps;
    const id = await insertUser(
      db,
      { username: 'staff', displayName: 'Staff', passwordHash: 'scrypt$x' },
      T0,
    );
    expect(await findUserByUsername(db, 'staff')).toStrictEqual({
      id,
      username: 'staff',
      displayName: 'Staff',
      passwordHash: 'scrypt$x',
      role: 'staff',
      disabledAt: null,
      // a password given at insert is the person's own unless it is handed out (decision 0203)
      mustChangePassword: false,
      lastSignInAt: null,
    });
    await expect(
      insertUser(db, { username: 'staff', displayName: 'Other', passwordHash: 'y' }, T0),
    ).rejects.toThrow();
    await insertClick(db, { buttonType: 'quote', buttonLocation: 'header', buttonText: 'Get a Quote' }, T0);
    const clicks = await db.selectFrom('click_events').selectAll().execute();
    expect(clicks).toStrictEqual([
      {
        id: clicks[0]!.id,
        button_type: 'quote',
        button_location: 'header',
        button_text: 'Get a Quote',
        created_at: T0.toISOString(),
      },
    ]);
  });

  it('foreign keys are enforced', async () => {
    const { db } = ctx().deps;
    await expect(
      db
        .insertInto('lead_photos')
        .values({
          lead_id: 999999,
          storage_key: 'x',
          content_type: 'image/webp',
          width: 1,
          height: 1,
          size_bytes: 1,
          position: 0,
          created_at: T0.toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});
