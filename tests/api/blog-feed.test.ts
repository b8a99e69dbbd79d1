/**
 * The blog's RSS feed names each featured image with its real length (issue 31 item 10): the
 * `<enclosure>`'s `length` is the stored file's size in bytes, read through the file store from
 * either backend (the local folder's stat, the bucket's HEAD; s3rver on loopback), and equals what
 * /uploads serves for it. A post whose image is gone from storage is listed without an enclosure
 * rather than with a made-up length.
 */
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '#server/services/index.ts';
import {
  createFileStore,
  storageBackend,
  type FileStore,
  type StorageBackend,
} from '#server/storage/index.ts';
import { createTestDatabase, testDeps, type TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { localBucket } from '../support/s3-bucket.ts';

const s3 = localBucket('feed');

const picture = (width: number, r: number) =>
  sharp({ create: { width, height: Math.round(width * 0.6), channels: 3, background: { r, g: 90, b: 30 } } })
    .png()
    .toBuffer();

type Enclosure = { url: string; type: string; length: number };

/** Each feed item's link and its enclosure, if any. */
function itemsOf(rss: string): { link: string; enclosure?: Enclosure }[] {
  return [...rss.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => {
    const link = /<link>([^<]+)<\/link>/.exec(item!)![1]!;
    const e = /<enclosure url="([^"]+)" type="([^"]+)" length="([^"]+)" \/>/.exec(item!);
    return { link, enclosure: e ? { url: e[1]!, type: e[2]!, length: Number(e[3]) } : undefined };
  });
}

/** The backend a case stores in: undefined is the file store's default, the local folder. */
type BackendOf = (t: TestDatabase) => Promise<StorageBackend | undefined>;

describe.each<[string, BackendOf]>([
  ['local folder', async () => undefined],
  [
    'S3 bucket',
    async (t) =>
      storageBackend({
        dataDir: t.dataDir,
        storage: {
          kind: 's3',
          bucket: 'feed',
          prefix: 'feed-test',
          endpoint: s3.endpoint(),
          region: 'us-east-1',
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        },
      }),
  ],
])('the RSS feed with its images in a %s', (_name, backendOf) => {
  let t: TestDatabase;
  let files: FileStore;
  let services: Services;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
    const backend = await backendOf(t);
    files = createFileStore({ dataDir: t.dataDir, backend });
    const deps = { ...testDeps(t), files };
    services = createServices(deps);
    app = createTestApp(deps, services);
    const posts = [
      { title: 'Greasing Hubs Before Winter', image: await picture(900, 200) },
      { title: 'Reading a Hydraulic Hose Tag', image: await picture(400, 40) },
      { title: 'Why We Ask for a Photo', image: undefined },
      { title: 'A Post Whose Picture Went Missing', image: await picture(300, 120) },
    ];
    for (const [i, { title, image }] of posts.entries()) {
      const post = await services.blog.createPost(
        { title, content: '<p>Text us.</p>', excerpt: 'Text us.' },
        image && { data: image, name: `post-${i}.png` },
      );
      await services.blog.publishPost(post.id, {});
    }
    const missing = (await services.blog.listPublished()).find((p) => p.title.startsWith('A Post Whose'))!;
    await files.remove('public', files.publicKeyOf(missing.featuredImage!)!);
  });

  afterAll(async () => {
    await t?.drop();
  });

  it("gives each enclosure the stored file's length in bytes, the same that /uploads serves", async () => {
    const rss = (await request(app).get('/blog/rss.xml').expect(200)).text;
    expect(rss).not.toContain('length="0"');
    const items = itemsOf(rss);
    expect(items).toHaveLength(4);
    const withImage = items.filter((i) => i.enclosure);
    expect(withImage.map((i) => i.link.split('/').pop()).sort()).toEqual([
      'greasing-hubs-before-winter',
      'reading-a-hydraulic-hose-tag',
    ]);
    const lengths = new Set<number>();
    for (const { enclosure } of withImage) {
      const { pathname } = new URL(enclosure!.url);
      const stored = await files.read('public', files.publicKeyOf(pathname)!);
      expect(stored).toBeDefined();
      expect(enclosure!.length).toBe(stored!.length);
      expect(enclosure!.type).toBe('image/webp');
      const served = await request(app)
        .get(pathname)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect((served.body as Buffer).length).toBe(enclosure!.length);
      lengths.add(enclosure!.length);
    }
    // two different pictures, two different lengths: each is its own file's
    expect(lengths.size).toBe(2);
  });

  it('lists a post whose picture is gone from storage without an enclosure', async () => {
    const items = itemsOf((await request(app).get('/blog/rss.xml').expect(200)).text);
    const gone = items.find((i) => i.link.endsWith('/a-post-whose-picture-went-missing'));
    expect(gone).toBeDefined();
    expect(gone!.enclosure).toBeUndefined();
  });

  it('reads a stored file’s size through the file store, undefined for a missing or foreign key', async () => {
    const key = 'blog/size-check.webp';
    await files.put('public', key, Buffer.alloc(1234, 7));
    expect(await files.size('public', key)).toBe(1234);
    expect(await files.size('public', 'blog/no-such-file.webp')).toBeUndefined();
    expect(await files.size('public', '../outside.webp')).toBeUndefined();
    await files.remove('public', key);
  });
});
