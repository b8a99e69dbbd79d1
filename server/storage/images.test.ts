import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readExif, tagPhoto, withGpsExif } from '../../tests/e2e/fixtures/images.ts';
import {
  carriesActiveContent,
  FairSlots,
  fileCarriesActiveContent,
  NotAnImageError,
  PixelBudget,
  PixelBudgetExceeded,
  processImage,
} from './images.ts';

describe('image pipeline', () => {
  it('re-encodes a phone photo upright, without EXIF or GPS, at most 2560 px on its long edge', async () => {
    // a 4000 x 3000 sensor image the camera marked "rotate 90° clockwise to view" (orientation 6)
    const upload = withGpsExif(await tagPhoto({ width: 4000, height: 3000 }), {
      orientation: 6,
      latitude: 49.8951,
      longitude: -97.1384,
    });
    expect(readExif(upload)).toMatchObject({ exif: true, gps: true, orientation: 6 });
    expect(readExif(upload).latitude).toBeCloseTo(49.8951, 3);

    const result = await processImage(upload);
    expect(result).toMatchObject({ width: 1920, height: 2560, format: 'jpeg', contentType: 'image/jpeg' });
    expect(readExif(result.data)).toEqual({ exif: false, gps: false });
    expect(result.data.includes(Buffer.from('FieldCam'))).toBe(false);
    const stored = await sharp(result.data).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // written in one pass as the pixels come, with no whole-image buffer (decision 0170)
    expect(stored.isProgressive).toBe(false);
  });

  it('never enlarges a small image and can write WebP for other uses', async () => {
    const small = await tagPhoto({ width: 640, height: 480 });
    expect(await processImage(small)).toMatchObject({ width: 640, height: 480 });
    const webp = await processImage(small, { format: 'webp', maxEdge: 320 });
    expect(webp).toMatchObject({ width: 320, height: 240, contentType: 'image/webp' });
    expect((await sharp(webp.data).metadata()).format).toBe('webp');
  });

  it('accepts PNG screenshots and paints their transparent background white', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(png);
    const { data } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });

  const rejects = async (input: Buffer) => {
    await expect(processImage(input)).rejects.toBeInstanceOf(NotAnImageError);
  };

  it('rejects a text file renamed to .jpg and an empty file', async () => {
    await rejects(Buffer.from('Just some notes about the part, saved as photo.jpg\n'.repeat(20)));
    await rejects(Buffer.alloc(0));
  });

  it('rejects a file that starts like a JPEG but is not one, and a truncated photo', async () => {
    await rejects(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]));
    const photo = await tagPhoto({ width: 800, height: 600 });
    await rejects(photo.subarray(0, Math.floor(photo.length / 2)));
  });

  it('rejects SVG (it can carry script), even though it draws a picture', async () => {
    await rejects(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    );
  });

  it('rejects image polyglots that carry markup or script', async () => {
    const photo = await tagPhoto({ width: 400, height: 300 });
    // a valid JPEG with an HTML page appended after its end marker (opens as a page if sniffed as HTML)
    const htmlTail = Buffer.concat([
      photo,
      Buffer.from('<html><body><script>alert(document.cookie)</script>'),
    ]);
    expect((await sharp(htmlTail).metadata()).format).toBe('jpeg');
    await rejects(htmlTail);
    // a JPEG comment segment carrying script
    const comment = Buffer.from('<script src=//evil.example/x.js></script>');
    const com = Buffer.alloc(4);
    com.writeUInt16BE(0xfffe, 0);
    com.writeUInt16BE(comment.length + 2, 2);
    const withComment = Buffer.concat([photo.subarray(0, 2), com, comment, photo.subarray(2)]);
    expect((await sharp(withComment).metadata()).format).toBe('jpeg');
    await rejects(withComment);
    // an HTML page with a JPEG inside it
    await rejects(Buffer.concat([Buffer.from('<!DOCTYPE html><img src=x onerror=alert(1)>'), photo]));
    // a GIF header followed by JavaScript (GIF/JS polyglot)
    await rejects(Buffer.from('GIF89a/*\x00\x00*/=1;javascript:alert(1)//'));
  });

  it('finds markup split across the pieces the scan reads, in memory and in a file', async () => {
    const photo = await tagPhoto({ width: 400, height: 300 });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'images-test-'));
    try {
      // the scan reads 64 KB at a time: put the payload across the first and the third boundary
      for (const [at, payload] of [
        [64 * 1024 - 3, '<script>alert(1)</script>'],
        [3 * 64 * 1024 - 200, `<svg ${'x'.repeat(300)} xmlns="http://www.w3.org/2000/svg">`],
      ] as const) {
        const padding = Buffer.alloc(at - photo.length, 0x20);
        const polyglot = Buffer.concat([photo, padding, Buffer.from(payload)]);
        const clean = Buffer.concat([photo, padding, Buffer.from('x'.repeat(payload.length))]);
        expect(polyglot.subarray(at, at + payload.length).toString('latin1')).toBe(payload);
        expect(carriesActiveContent(polyglot)).toBe(true);
        expect(carriesActiveContent(clean)).toBe(false);
        const file = path.join(dir, `${at}.jpg`);
        await fs.writeFile(file, polyglot);
        expect(await fileCarriesActiveContent(file)).toBe(true);
        await expect(processImage(file)).rejects.toBeInstanceOf(NotAnImageError);
        await fs.writeFile(file, clean);
        expect(await fileCarriesActiveContent(file)).toBe(false);
        expect(await processImage(file)).toMatchObject({ width: 400, height: 300 });
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses pictures with absurd pixel counts before decoding them (decompression bombs)', async () => {
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await rejects(bomb);
  });

  it('does not mistake ordinary photo bytes for markup', async () => {
    for (let hue = 0; hue < 360; hue += 60) {
      const photo = await tagPhoto({ width: 1600, height: 1200, hue, quality: 95 });
      expect(carriesActiveContent(photo)).toBe(false);
    }
    expect(
      carriesActiveContent(Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')),
    ).toBe(false);
  });
});

describe('one request of large images beside another request (decision 0096)', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#4b5563' } })
      .png({ compressionLevel: 9 })
      .toBuffer();

  it('takes the waiting decodes one request at a time, so a single photo does not wait for all of them', async () => {
    const slots = new FairSlots(2);
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const held = new Map<string, { done: Promise<void>; release: () => void }>();
    const hold = (name: string) => {
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      held.set(name, { done, release });
      return done;
    };
    const run = (owner: object, name: string) => {
      const done = hold(name);
      return slots.run(owner, async () => {
        started.push(name);
        most = Math.max(most, ++running);
        await done;
        running--;
      });
    };
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    const bombs = {};
    const customer = {};
    const all = ['large 1', 'large 2', 'large 3', 'large 4'].map((name) => run(bombs, name));
    await flush();
    // the customer's photo arrives while both slots are taken and two large ones wait
    all.push(run(customer, 'customer'));
    await flush();
    expect(started).toEqual(['large 1', 'large 2']);
    held.get('large 1')!.release();
    await flush();
    // first come first served would start large 3
    expect(started).toEqual(['large 1', 'large 2', 'customer']);
    // another request arriving while the slots are taken also goes before large 3
    all.push(run({}, 'newcomer'));
    await flush();
    held.get('large 2')!.release();
    await flush();
    expect(started).toEqual(['large 1', 'large 2', 'customer', 'newcomer']);
    held.get('customer')!.release();
    await flush();
    expect(started).toEqual(['large 1', 'large 2', 'customer', 'newcomer', 'large 3']);
    for (const name of ['newcomer', 'large 3']) held.get(name)!.release();
    await flush();
    held.get('large 4')!.release();
    await Promise.all(all);
    expect(started).toHaveLength(6);
    expect(most).toBe(2);
  });

  it('counts the images of a request in the order they arrived, whichever is ready first', async () => {
    const image = await png(4000, 3000); // 12 MP
    const budget = new PixelBudget(20_000_000);
    const first = budget.turn();
    const dropped = budget.turn(); // an upload that failed before it was decoded
    const third = budget.turn();
    // the third is ready at once; the first only after its (slow) upload
    // its refusal may come while the first is still decoding in the other slot: listen from the start
    const late = expect(processImage(image, { turn: third })).rejects.toBeInstanceOf(PixelBudgetExceeded);
    dropped.done();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(processImage(image, { turn: first })).resolves.toMatchObject({ width: 2560 });
    await late;
    expect(budget.remaining).toBe(8_000_000);
  });

  it('refuses the image that takes a request past its pixel budget, read from the header', async () => {
    const image = await png(4000, 3000); // 12 MP
    const budget = new PixelBudget(30_000_000);
    await processImage(image, { turn: budget.turn() });
    await processImage(image, { turn: budget.turn() });
    expect(budget.remaining).toBe(6_000_000);
    const refused = processImage(image, { turn: budget.turn() });
    await expect(refused).rejects.toBeInstanceOf(PixelBudgetExceeded);
    await expect(refused).rejects.not.toBeInstanceOf(NotAnImageError);
    expect(budget.remaining).toBe(6_000_000);
    // another request has its own budget
    await expect(processImage(image, { turn: new PixelBudget(30_000_000).turn() })).resolves.toMatchObject({
      width: expect.any(Number),
    });
  });
});

describe('loading sharp', () => {
  it.skipIf(process.platform !== 'linux')(
    'waits for the first image: the app, its services and the demo seed map no libvips (decision 0172)',
    async () => {
      // a process of its own: this one has long loaded sharp (the tests above)
      const script = `
      import fs from 'node:fs';
      const mapped = () => fs.readFileSync('/proc/self/maps', 'utf8').includes('libvips');
      const storage = await import('#server/storage/index.ts');
      await import('#server/app.ts');
      await import('#server/services/index.ts');
      await import('#server/seed/demo.ts');
      const atStart = mapped();
      const sharp = await storage.loadSharp();
      const info = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
      console.log(JSON.stringify({ atStart, afterFirstImage: mapped(), bytes: info.length > 0 }));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: path.resolve(import.meta.dirname, '../..'),
      });
      expect(JSON.parse(stdout)).toEqual({ atStart: false, afterFirstImage: true, bytes: true });
    },
  );
});
