import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readExif, tagPhoto, withGpsExif } from '../../tests/e2e/fixtures/images.ts';
import { createFileStore, NotAnImageError, PREVIEW_EDGE, PREVIEWS_AT_ONCE, type FileStore } from './index.ts';

/** A fixed clock: the sweep measures every age from it, never from the machine's time. */
const NOW = new Date('2026-11-20T18:00:00.000Z');
const HOUR = 60 * 60_000;

let dataDir: string;
let files: FileStore;
const uploadsDir = () => path.join(dataDir, 'uploads');
const filesUnder = (...parts: string[]) => {
  const dir = path.join(uploadsDir(), ...parts);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
};

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-storage-'));
  files = createFileStore({ dataDir, now: () => NOW });
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('storeImage', () => {
  it('stores a public image re-encoded without metadata under a fresh random key, with its URL', async () => {
    const upload = withGpsExif(await tagPhoto({ width: 2000, height: 1500 }), {
      latitude: 49.8951,
      longitude: -97.1384,
    });
    expect(readExif(upload).gps).toBe(true);

    const stored = await files.storeImage('public', upload, {
      dir: 'catalog',
      image: { format: 'webp', maxEdge: 1600, quality: 80 },
    });
    expect(stored.key).toMatch(/^catalog\/[0-9a-f]{32}\.webp$/);
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    expect(stored).toMatchObject({ width: 1600, height: 1200, contentType: 'image/webp' });

    const data = await files.read('public', stored.key);
    expect(data?.length).toBe(stored.sizeBytes);
    const meta = await sharp(data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(data!.includes(Buffer.from('FieldCam'))).toBe(false);

    const again = await files.storeImage('public', upload, { dir: 'catalog', image: { format: 'webp' } });
    expect(again.key).not.toBe(stored.key);
  });

  it('stores a private image as JPEG without a public URL', async () => {
    const stored = await files.storeImage('private', await tagPhoto(), {
      dir: 'leads',
      image: { format: 'jpeg' },
    });
    expect(stored.key).toMatch(/^leads\/[0-9a-f]{32}\.jpg$/);
    expect(stored.url).toBeUndefined();
    expect(stored.contentType).toBe('image/jpeg');
    expect(await files.exists('private', stored.key)).toBe(true);
    expect(await files.exists('public', stored.key)).toBe(false);
  });

  it('refuses what is not an image with NotAnImageError and writes nothing', async () => {
    const err = await files
      .storeImage('public', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), {
        dir: 'blog',
        image: { format: 'webp' },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotAnImageError);
    expect(filesUnder()).toEqual([]);
  });

  it('prepares a whole batch before anything is saved', async () => {
    const prepared = await files.prepareImage(await tagPhoto({ width: 800, height: 600 }), {
      format: 'webp',
    });
    expect(filesUnder()).toEqual([]);
    const saved = await files.saveImage('public', prepared, 'catalog');
    expect(saved).toMatchObject({ width: 800, height: 600, sizeBytes: prepared.data.length });
    expect(filesUnder('public')).toEqual([saved.key]);
  });
});

describe('read, exists, remove, put', () => {
  it('reads back what was put, and nothing for a key never written', async () => {
    await files.put('public', 'blog/cover.webp', Buffer.from('bytes'));
    expect(await files.read('public', 'blog/cover.webp')).toEqual(Buffer.from('bytes'));
    expect(await files.exists('public', 'blog/cover.webp')).toBe(true);
    expect(await files.read('public', 'blog/other.webp')).toBeUndefined();
    expect(await files.exists('public', 'blog/other.webp')).toBe(false);
    // areas are separate
    expect(await files.read('private', 'blog/cover.webp')).toBeUndefined();
  });

  it('removes a file, and removing a missing one is not an error', async () => {
    await files.put('private', 'leads/a.jpg', Buffer.from('a'));
    await files.remove('private', 'leads/a.jpg');
    expect(await files.exists('private', 'leads/a.jpg')).toBe(false);
    await expect(files.remove('private', 'leads/a.jpg')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the area or hide a file', async () => {
    for (const key of [
      '../app.db',
      'leads/../../app.db',
      '.env',
      'leads/.hidden',
      '/etc/passwd',
      'a//b',
      '',
    ]) {
      await expect(files.put('public', key, Buffer.from('x')), key).rejects.toThrow(/Unsafe storage key/);
      await expect(files.read('public', key), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
  });

  it('maps public URLs to keys and back', () => {
    expect(files.publicUrl('blog/a.webp')).toBe('/uploads/blog/a.webp');
    expect(files.publicKeyOf('/uploads/blog/a.webp')).toBe('blog/a.webp');
    expect(files.publicKeyOf('https://example.com/a.webp')).toBeUndefined();
  });
});

describe('readPreview (decision 0171)', () => {
  const stored = async (label: string) =>
    (
      await files.storeImage('private', await tagPhoto({ width: 1600, height: 1200, label }), {
        dir: 'leads',
        image: {},
      })
    ).key;

  it('makes a small copy once, then answers it from memory', async () => {
    const key = await stored('SN 4471');
    const first = await files.readPreview('private', key);
    expect(first!.contentType).toBe('image/jpeg');
    expect(await sharp(first!.data).metadata()).toMatchObject({ width: PREVIEW_EDGE, height: 480 });
    // the same bytes, not a second decode
    expect((await files.readPreview('private', key))!.data).toBe(first!.data);
    expect(await files.readPreview('private', 'leads/none.jpg')).toBeUndefined();
  });

  it(`answers the photo as stored while ${PREVIEWS_AT_ONCE} previews are being made`, async () => {
    const keys = await Promise.all(Array.from({ length: PREVIEWS_AT_ONCE + 2 }, (_, i) => stored(`SN ${i}`)));
    const answers = await Promise.all(keys.map((key) => files.readPreview('private', key)));
    const asStored = await Promise.all(keys.map((key) => files.read('private', key)));
    const small = answers.filter((answer, i) => !answer!.data.equals(asStored[i]!));
    expect(small).toHaveLength(PREVIEWS_AT_ONCE);
    for (const answer of small) {
      expect((await sharp(answer!.data).metadata()).width).toBe(PREVIEW_EDGE);
    }
  });

  it('answers a stored file that will not decode as it is, not with an error', async () => {
    await files.put('private', 'leads/broken.jpg', Buffer.from('not a photo at all'));
    expect(await files.readPreview('private', 'leads/broken.jpg')).toEqual({
      data: Buffer.from('not a photo at all'),
      contentType: 'image/jpeg',
    });
  });
});

describe('sweepOrphans', () => {
  /** Puts a file and dates it `ageMs` before the fixed clock. */
  async function fileAged(area: 'public' | 'private', key: string, ageMs: number) {
    await files.put(area, key, Buffer.from('x'));
    const at = new Date(NOW.getTime() - ageMs);
    fs.utimesSync(path.join(uploadsDir(), area, key), at, at);
  }

  /** A temporary upload left by a crash, dated `ageMs` before the fixed clock. */
  function uploadAged(name: string, ageMs: number) {
    const dir = path.join(uploadsDir(), 'private', 'incoming');
    fs.mkdirSync(dir, { recursive: true });
    const at = new Date(NOW.getTime() - ageMs);
    fs.writeFileSync(path.join(dir, name), 'x');
    fs.utimesSync(path.join(dir, name), at, at);
  }

  it('removes old files no row owns and stale uploads; keeps owned, young and other folders', async () => {
    await fileAged('private', 'leads/owned.jpg', 3 * HOUR);
    await fileAged('private', 'leads/orphan.jpg', 2 * HOUR);
    await fileAged('private', 'leads/half.jpg.4242.tmp', 2 * HOUR);
    await fileAged('private', 'leads/young.jpg', 10 * 60_000);
    await fileAged('private', 'other/old.jpg', 5 * HOUR);
    uploadAged('stale.upload', 2 * HOUR);
    uploadAged('fresh.upload', 60_000);

    const asked: string[][] = [];
    const removed = await files.sweepOrphans({
      area: 'private',
      dir: 'leads',
      olderThanMs: HOUR,
      owned: async (keys) => {
        asked.push([...keys].sort());
        return new Set(keys.filter((k) => k === 'leads/owned.jpg'));
      },
    });

    expect(removed).toBe(3);
    // only old files are looked up: a young one may belong to a lead being committed right now
    expect(asked).toEqual([['leads/half.jpg.4242.tmp', 'leads/orphan.jpg', 'leads/owned.jpg']]);
    expect(filesUnder('private', 'leads')).toEqual(['owned.jpg', 'young.jpg']);
    expect(filesUnder('private', 'other')).toEqual(['old.jpg']);
    expect(filesUnder('private', 'incoming')).toEqual(['fresh.upload']);
  });

  it('measures every age from the moment it starts: an upload that arrives while it runs stays', async () => {
    // the clock moves while the sweep waits on the database (a slow query, or a test's clock)
    let clock = NOW;
    const moving = createFileStore({ dataDir, now: () => clock });
    await fileAged('private', 'leads/orphan.jpg', 2 * HOUR);
    uploadAged('arriving.upload', 0);
    const removed = await moving.sweepOrphans({
      area: 'private',
      dir: 'leads',
      olderThanMs: HOUR,
      owned: async () => {
        clock = new Date(NOW.getTime() + 2 * HOUR);
        return new Set();
      },
    });
    expect(removed).toBe(1);
    expect(filesUnder('private', 'leads')).toEqual([]);
    expect(filesUnder('private', 'incoming')).toEqual(['arriving.upload']);
  });

  it('does nothing, and asks nothing, when there is no folder yet', async () => {
    let asked = false;
    const removed = await files.sweepOrphans({
      area: 'public',
      dir: 'blog',
      olderThanMs: HOUR,
      owned: async () => {
        asked = true;
        return new Set();
      },
    });
    expect(removed).toBe(0);
    expect(asked).toBe(false);
  });
});

describe('receiveUpload', () => {
  const incoming = () => filesUnder('private', 'incoming');
  const arriving = (data: Buffer, piece = 16 * 1024) =>
    Readable.from(
      Array.from({ length: Math.ceil(data.length / piece) }, (_, i) =>
        data.subarray(i * piece, (i + 1) * piece),
      ),
    );

  it('streams an upload to a temporary file that storeImage reads and dispose removes', async () => {
    const photo = await tagPhoto({ width: 1000, height: 800 });
    const upload = await files.receiveUpload(arriving(photo), { maxBytes: 10 * 1024 * 1024 });
    expect(upload.size).toBe(photo.length);
    // the bytes as sent, whatever pieces they came in: a retry is told by them (decision 0207)
    expect(upload.sha256).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(incoming()).toHaveLength(1);

    const stored = await files.storeImage('private', upload, { dir: 'leads', image: { format: 'jpeg' } });
    expect(stored).toMatchObject({ width: 1000, height: 800 });
    await upload.dispose();
    await upload.dispose();
    expect(incoming()).toEqual([]);
    expect(filesUnder('private', 'leads')).toEqual([stored.key.slice('leads/'.length)]);
  });

  it('refuses an upload over the limit after reading it to the end, leaving no temporary file', async () => {
    const stream = arriving(Buffer.alloc(100_000, 0x20));
    const err = await files.receiveUpload(stream, { maxBytes: 50_000 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'UploadTooLargeError' });
    // drained, so the sender gets its answer instead of a stalled connection
    expect(stream.readableEnded).toBe(true);
    expect(incoming()).toEqual([]);
  });

  it('accepts an upload of exactly the limit', async () => {
    const upload = await files.receiveUpload(arriving(Buffer.alloc(50_000, 1)), { maxBytes: 50_000 });
    expect(upload.size).toBe(50_000);
    await upload.dispose();
  });

  it('leaves no temporary file when the connection drops mid-upload', async () => {
    let reads = 0;
    // the first piece arrives, then the connection is gone
    const stream = new Readable({
      read() {
        if (reads++ === 0) this.push(Buffer.alloc(1000, 1));
        else this.destroy(new Error('aborted'));
      },
    });
    await expect(files.receiveUpload(stream, { maxBytes: 1_000_000 })).rejects.toThrow('aborted');
    expect(incoming()).toEqual([]);
  });

  it('refuses a stream that failed before it was read', async () => {
    const stream = new Readable({ read() {} });
    const received = files.receiveUpload(stream, { maxBytes: 1_000_000 });
    stream.destroy(new Error('aborted'));
    await expect(received).rejects.toThrow('aborted');
    expect(incoming()).toEqual([]);
  });

  it('refuses a decoy upload as not an image, and dispose still removes it', async () => {
    const upload = await files.receiveUpload(arriving(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n')), {
      maxBytes: 1_000_000,
    });
    await expect(files.prepareImage(upload, {})).rejects.toBeInstanceOf(NotAnImageError);
    await upload.dispose();
    expect(incoming()).toEqual([]);
  });
});
