/**
 * The "content changed" signal (issue 14 item 3; decision 0097) on both engines: two sets of
 * services on one database stand for two processes. A catalog or blog change made through one is
 * seen by the other's next poll (its memoized listings dropped, its listeners run once), a poll
 * that finds nothing new runs nothing, and on PostgreSQL a signal whose connections were cut comes
 * back by itself and still sees the change made meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertCatalogItem } from '#server/db/repo/catalog.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import { seedReference } from '#server/seed/index.ts';
import { contentChanges } from '#server/services/changes.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createTestDatabase, eachEngine, testDeps, type TestDatabase } from '../support/databases.ts';
import {
  postgresTarget,
  proxiedUrl,
  startTcpProxy,
  terminateConnections,
  type TcpProxy,
} from '../support/db-faults.ts';

const item = (slug: string) => ({
  slug,
  title: `Item ${slug}`,
  description: 'A part.',
  category: 'trailer-parts',
  subcategory: null,
  price: 1000,
  cost: 700,
  markupPct: 0.35,
  stockQty: 1,
  images: [],
  brand: null,
  sku: null,
  supplierSku: null,
  specs: {},
  status: 'active' as const,
});

eachEngine('content-change signal', (ctx) => {
  let other: Services;
  let otherRuns = 0;

  beforeAll(async () => {
    const { deps } = ctx();
    await seedReference(deps);
    // a second process: its own services (its own memos), the same database
    other = createServices({ ...deps });
    other.changes.onChange(() => otherRuns++);
    await other.changes.poll(); // its first read: where it starts from, nothing to act on
  });

  it('a catalog item saved in one process appears in the other process after one poll', async () => {
    const { services, deps } = ctx();
    await insertCatalogItem(deps.db, item('first-hub'), new Date());
    const before = await other.catalog.listPublic({});
    expect(before.items.map((i) => i.slug)).toEqual(['first-hub']);
    // memoized: a row added behind the services' back is not seen
    await insertCatalogItem(deps.db, item('second-hub'), new Date());
    expect((await other.catalog.listPublic({})).total).toBe(1);

    await services.catalog.createItem({
      title: 'Third Hub',
      slug: 'third-hub',
      category: 'trailer-parts',
      status: 'active',
    });
    expect((await services.catalog.listPublic({})).total).toBe(3); // this process: at once
    expect(otherRuns).toBe(0);
    await other.changes.poll();
    expect(otherRuns).toBe(1);
    expect((await other.catalog.listPublic({})).total).toBe(3);
    // nothing new: nothing runs
    await other.changes.poll();
    expect(otherRuns).toBe(1);
  });

  it('a blog post published, unpublished or deleted in one process is signalled to the other', async () => {
    const { services } = ctx();
    const post = await services.blog.createPost({ title: 'Signal Test', content: '<p>Body</p>' });
    await other.changes.poll();
    expect(otherRuns).toBe(1); // a draft is on no public page
    await services.blog.publishPost(post.id);
    await other.changes.poll();
    expect(otherRuns).toBe(2);
    await services.blog.updatePost(post.id, { title: 'Signal Test 2', content: '<p>Body</p>' });
    await services.blog.unpublishPost(post.id);
    await services.blog.deletePost(post.id);
    await other.changes.poll();
    // three changes between two polls: acted on once
    expect(otherRuns).toBe(3);
  });
});

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('content-change signal through a dropped connection [postgres]', () => {
  const applicationName = `phmb-changes-${randomBytes(4).toString('hex')}`;
  let t: TestDatabase;
  let proxy: TcpProxy;
  let watched: Database;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    const { url } = t.config.database as { url: string };
    proxy = await startTcpProxy(postgresTarget(url));
    watched = openDatabase(
      { kind: 'postgres', url: proxiedUrl(url, proxy, applicationName) },
      { logger: pino({ level: 'silent' }) },
    );
  });
  afterAll(async () => {
    await watched?.close();
    await proxy?.close();
    await t?.drop();
  });

  it('misses polls while the database is away, never throws, and sees the change once it is back', async () => {
    const logger = pino({ level: 'silent' });
    const writer = contentChanges({ db: testDeps(t).db, logger });
    const watcher = contentChanges({ db: watched.db, logger });
    let runs = 0;
    watcher.onChange(() => runs++);
    await watcher.poll();

    expect(await terminateConnections(postgresUrl!, applicationName)).toBeGreaterThan(0);
    await proxy.cut();
    await writer.publish();
    await expect(watcher.poll()).resolves.toBeUndefined();
    await expect(watcher.poll()).resolves.toBeUndefined();
    expect(runs).toBe(0);

    await proxy.restore();
    // the pool reconnects on the next read; a poll or two may still meet the dead connection
    for (let i = 0; i < 20 && runs === 0; i++) await watcher.poll();
    expect(runs).toBe(1);
  });
});
