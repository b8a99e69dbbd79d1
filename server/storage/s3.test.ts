/**
 * The storage backends' one contract (decision 0094), run on the local folder and on an S3 bucket
 * (s3rver, a server speaking the S3 protocol, started here on loopback): put, get, open, stat,
 * delete and list by prefix at any depth, the areas kept apart, unsafe keys refused; and the file
 * store over the bucket: an image stored, read, served and removed, and the orphan sweep deleting
 * from the bucket what no row owns, by the objects' own times against a moved clock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { tagPhoto } from '../../tests/e2e/fixtures/images.ts';
import type { StorageBackend } from './backend.ts';
import { createFileStore, storageBackend } from './index.ts';
import { localFolderBackend } from './local-folder.ts';
import { s3Backend } from './s3.ts';
import { localBucket } from '../../tests/support/s3-bucket.ts';

const s3 = localBucket('parts');
const folderDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-folder-'));
afterAll(() => {
  fs.rmSync(folderDir, { recursive: true, force: true });
});

const bucket = (prefix: string) =>
  s3Backend({
    kind: 's3',
    bucket: 'parts',
    prefix,
    endpoint: s3.endpoint(),
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

const keysOf = async (backend: StorageBackend, area: 'public' | 'private', prefix: string) => {
  const keys: string[] = [];
  for await (const object of backend.list(area, prefix)) keys.push(object.key);
  return keys.sort();
};

describe.each([
  ['local folder', () => localFolderBackend(folderDir)],
  ['S3 bucket', () => bucket('site-a')],
])('storage backend: %s', (_name, make) => {
  it('keeps bytes under a key, per area, and answers undefined for what is not there', async () => {
    const backend = make();
    await backend.put('public', 'catalog/hub.webp', Buffer.from('public bytes'));
    await backend.put('private', 'leads/2026/photo.jpg', Buffer.from('private bytes'));
    expect((await backend.get('public', 'catalog/hub.webp'))?.toString()).toBe('public bytes');
    expect(await backend.get('private', 'catalog/hub.webp')).toBeUndefined();
    expect(await backend.get('public', 'catalog/none.webp')).toBeUndefined();

    const info = await backend.stat('private', 'leads/2026/photo.jpg');
    expect(info).toMatchObject({ key: 'leads/2026/photo.jpg', size: 13 });
    expect(info!.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await backend.stat('private', 'leads/none.jpg')).toBeUndefined();

    const opened = await backend.open('public', 'catalog/hub.webp');
    expect(opened?.info.size).toBe(12);
    expect(await text(opened!.stream)).toBe('public bytes');
    expect(await backend.open('public', 'catalog/none.webp')).toBeUndefined();

    // a new put replaces the whole file
    await backend.put('public', 'catalog/hub.webp', Buffer.from('v2'));
    expect((await backend.get('public', 'catalog/hub.webp'))?.toString()).toBe('v2');
  });

  it('lists a prefix at any depth, deletes, and refuses unsafe keys', async () => {
    const backend = make();
    for (const key of ['blog/a.webp', 'blog/2026/b.webp', 'blogroll/c.webp', 'catalog/d.webp']) {
      await backend.put('public', key, Buffer.from(key));
    }
    expect(await keysOf(backend, 'public', 'blog')).toEqual(['blog/2026/b.webp', 'blog/a.webp']);
    expect(await keysOf(backend, 'private', 'blog')).toEqual([]);
    await backend.delete('public', 'blog/a.webp');
    await backend.delete('public', 'blog/never-there.webp'); // not an error
    expect(await keysOf(backend, 'public', 'blog')).toEqual(['blog/2026/b.webp']);
    await expect(backend.put('public', '../escape.webp', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    await expect(backend.get('public', 'blog/../../x')).rejects.toThrow(/Unsafe/);
  });
});

describe('the file store on a bucket', () => {
  it('two prefixes in one bucket never see each other’s files', async () => {
    await bucket('site-b').put('public', 'catalog/only-b.webp', Buffer.from('b'));
    expect(await keysOf(bucket('site-c'), 'public', 'catalog')).toEqual([]);
    expect(await keysOf(bucket('site-b'), 'public', 'catalog')).toEqual(['catalog/only-b.webp']);
  });

  it('stores, reads and removes an image, and the sweep removes what no row owns once it is old', async () => {
    let now = new Date();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-store-'));
    const backend = await storageBackend({
      dataDir,
      storage: {
        kind: 's3',
        bucket: 'parts',
        prefix: 'site-d',
        endpoint: s3.endpoint(),
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      },
    });
    const files = createFileStore({ dataDir, now: () => now, backend });
    const photo = await tagPhoto({ width: 800, height: 600 });
    const owned = await files.storeImage('private', photo, { dir: 'leads', image: { format: 'jpeg' } });
    const orphan = await files.storeImage('private', photo, { dir: 'leads', image: { format: 'jpeg' } });
    const publicImage = await files.storeImage('public', photo, {
      dir: 'catalog',
      image: { format: 'webp' },
    });
    expect((await files.read('private', owned.key))?.length).toBe(owned.sizeBytes);
    expect(await files.exists('public', publicImage.key)).toBe(true);
    // nothing on the local disk: the bucket holds them
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'private', owned.key))).toBe(false);

    const sweep = () =>
      files.sweepOrphans({
        area: 'private',
        dir: 'leads',
        olderThanMs: 60 * 60_000,
        owned: async (keys) => new Set(keys.filter((k) => k === owned.key)),
      });
    expect(await sweep()).toBe(0); // young files may still be getting their row
    now = new Date(now.getTime() + 2 * 60 * 60_000);
    expect(await sweep()).toBe(1);
    expect(await files.exists('private', orphan.key)).toBe(false);
    expect(await files.exists('private', owned.key)).toBe(true);

    await files.remove('public', publicImage.key);
    expect(await files.exists('public', publicImage.key)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
