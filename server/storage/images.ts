/**
 * The one pipeline every uploaded image goes through (lead photos, catalog and blog images; the
 * services reach it through the FileStore of index.ts): prove it is a raster image or reject it, auto-orient it, shrink it to a maximum edge,
 * re-encode it and drop every byte of metadata (EXIF, GPS, XMP, ICC, comments). What is stored is
 * freshly encoded pixels, never the bytes that were sent, so a payload hidden in an upload cannot
 * reach the disk. See docs/decisions/0040-lead-intake.md.
 *
 * Memory: at most DECODE_SLOTS images are decoded at a time in the whole process, inputs can be
 * read from a file rather than held in memory, JPEG and WebP inputs are shrunk while they are
 * decoded, JPEGs are written in one pass (no whole-image buffer of the encoder), libvips' operation
 * cache is off (uploads are never processed twice), and the polyglot scan reads small pieces that
 * leave no garbage behind for long. The process settings that go with it (glibc malloc and V8
 * young generation, in `npm start`) are in decision 0040; the two decodes at a time and the
 * one-pass JPEG in decision 0170.
 */
import { open as openFile } from 'node:fs/promises';
import type { default as SharpModule, Metadata } from 'sharp';

export type ImageFormat = 'webp' | 'jpeg';

export type ImageOptions = {
  /** Longest edge of the result in pixels; smaller images are never enlarged. */
  maxEdge?: number;
  format?: ImageFormat;
  /** Encoder quality, 1-100. */
  quality?: number;
  /** Inputs with more pixels than this are refused (decompression bombs). */
  maxInputPixels?: number;
  /**
   * The image's turn in its request's pixel budget (PixelBudget.turn, taken as it arrives): it
   * counts its pixels after the request's earlier images, and shares their place in the decode
   * queue. None: no budget.
   */
  turn?: PixelTurn;
};

export type ProcessedImage = {
  data: Buffer;
  width: number;
  height: number;
  format: ImageFormat;
  contentType: 'image/webp' | 'image/jpeg';
};

export const IMAGE_DEFAULTS = {
  maxEdge: 2560,
  // JPEG: three times faster to encode than WebP at this size, and every supplier's mail client opens it
  format: 'jpeg',
  quality: 82,
  // 120 MP: above every phone camera's normal mode; a bigger picture is not a photo of a part
  maxInputPixels: 120_000_000,
} as const satisfies Required<Omit<ImageOptions, 'turn'>>;

/** Raster formats a person's camera or screenshot tool produces. SVG (script-capable), PDF and the rest are refused. */
const ACCEPTED_INPUT_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif']);

/**
 * Markup and script that have no business inside a photo: the payloads of image/HTML and
 * image/script polyglots. Patterns are long enough that random compressed bytes practically
 * never match them (odds of about one in a million per 10 MB photo).
 */
const ACTIVE_CONTENT =
  /<(?:script|iframe|object|embed)[\s>/]|<(?:html|body)[\s>]|<svg\s[^<>]{0,400}xmlns|<\?php\s|<!doctype\s+html|javascript:|\bon(?:error|load)\s*=/i;

/** The upload is not an image this pipeline accepts; the message is for the log, not the user. */
export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
}

type Sharp = typeof SharpModule;
let sharpLoaded: Promise<Sharp> | undefined;

/**
 * sharp, loaded when the process handles its first image rather than at start: libvips costs a
 * process about 19 MiB (its library mapped, GLib's types and threads), which a process serving only
 * pages never needs (decision 0172).
 */
export function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import('sharp').then(
    ({ default: sharp }) => {
      // every upload is new: caching libvips operations would only hold on to memory
      sharp.cache(false);
      return sharp;
    },
    (err: unknown) => {
      sharpLoaded = undefined; // the next image tries again
      throw err;
    },
  );
  return sharpLoaded;
}

/**
 * The pixels one request may have decoded, all its images together (decision 0096): six photos of
 * a 24-megapixel phone camera pass; six 120-megapixel pixel bombs do not get past the second.
 * Also the request's place in the decode queue: images wait their turn per request, round robin.
 */
export class PixelBudget {
  remaining: number;
  /** Settles once the image given the last turn has counted its pixels, or dropped out. */
  #last: Promise<void> = Promise.resolve();
  constructor(pixels: number) {
    this.remaining = pixels;
  }
  /**
   * An image's place in line, taken the moment it arrives: the request's images count their
   * pixels in the order they arrived, however long each takes to upload and scan, so the one
   * refused is the one that goes past the budget. `done` (idempotent) must be called once the
   * image has counted its pixels or will not.
   */
  turn(): PixelTurn {
    const before = this.#last;
    let done!: () => void;
    const counted = new Promise<void>((resolve) => (done = resolve));
    // an image that drops out early still lets the next one go only after all before it
    this.#last = Promise.all([before, counted]).then(() => undefined);
    return { budget: this, before, done };
  }
  /** Takes `pixels` from the budget; false (and nothing taken) when they do not fit. */
  take(pixels: number): boolean {
    if (pixels > this.remaining) return false;
    this.remaining -= pixels;
    return true;
  }
}
export const REQUEST_PIXEL_BUDGET = 150_000_000;

export type PixelTurn = { budget: PixelBudget; before: Promise<void>; done: () => void };

/** The image would take the request past its pixel budget; the message is for the log. */
export class PixelBudgetExceeded extends Error {
  override name = 'PixelBudgetExceeded';
}

/**
 * Decodes at once in the process: two, one per core of a small machine (decision 0170). Each holds
 * about 40 MiB at its peak for a 24-megapixel photo (its decoder, its file, its one-pass encoder).
 */
export const DECODE_SLOTS = 2;
/**
 * At most `size` works at once; the waiting ones are taken one owner at a time, the owner served
 * longest ago first (one that never was, first), so one owner's many works never hold back
 * another's single one for more than the works in progress (decision 0096).
 */
export class FairSlots {
  #free: number;
  /** Waiting works per owner, owners in the order they began to wait. */
  readonly #waiting = new Map<object, (() => void)[]>();
  /** When each owner last got a slot (a counter). */
  readonly #lastServed = new WeakMap<object, number>();
  #served = 0;

  constructor(size: number) {
    this.#free = size;
  }

  async run<T>(owner: object, work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) {
      this.#free--;
      this.#lastServed.set(owner, this.#served++);
    } else {
      await new Promise<void>((resolve) => {
        const queue = this.#waiting.get(owner);
        if (queue) queue.push(resolve);
        else this.#waiting.set(owner, [resolve]);
      });
    }
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  /** Hands the slot straight to the next waiting work, so no newcomer slips in between. */
  #release() {
    let chosen: object | undefined;
    for (const owner of this.#waiting.keys()) {
      if (chosen === undefined || this.#servedAt(owner) < this.#servedAt(chosen)) chosen = owner;
    }
    if (chosen === undefined) {
      this.#free++;
      return;
    }
    const queue = this.#waiting.get(chosen)!;
    const start = queue.shift()!;
    if (!queue.length) this.#waiting.delete(chosen);
    this.#lastServed.set(chosen, this.#served++);
    start();
  }

  #servedAt(owner: object): number {
    return this.#lastServed.get(owner) ?? -1;
  }
}

/** The decodes of the whole process, each request's images one owner (its PixelBudget). */
const decodeSlots = new FairSlots(DECODE_SLOTS);

/**
 * Scanning window. Kept well under 1 MB: Node turns a larger Buffer into an *external* string,
 * which V8 frees only at a full garbage collection, so six 10 MB uploads scanned in 1 MB pieces
 * left ~60 MB of dead strings behind (plus as much again of flattened copies). 64 KB pieces are
 * ordinary young-generation strings that the next scavenge removes.
 */
const SCAN_CHUNK = 64 * 1024;
/** More than the longest text ACTIVE_CONTENT can match, so a match split across two pieces is still seen. */
const SCAN_OVERLAP = 1024;

/** Feeds pieces of a file or buffer through ACTIVE_CONTENT, carrying an overlap between pieces. */
function activeContentScanner() {
  let tail = '';
  return (chunk: Buffer): boolean => {
    const text = tail + chunk.toString('latin1');
    if (ACTIVE_CONTENT.test(text)) return true;
    tail = text.slice(-SCAN_OVERLAP);
    return false;
  };
}

/** True when the bytes carry markup or script (an image/HTML or image/script polyglot). */
export function carriesActiveContent(input: Buffer): boolean {
  const scan = activeContentScanner();
  for (let start = 0; start < input.length; start += SCAN_CHUNK) {
    if (scan(input.subarray(start, start + SCAN_CHUNK))) return true;
  }
  return false;
}

/**
 * The same check over a file, read in SCAN_CHUNK pieces into one buffer: a new buffer for each
 * piece would be a block glibc maps and unmaps every time (decision 0170).
 */
export async function fileCarriesActiveContent(file: string): Promise<boolean> {
  const scan = activeContentScanner();
  const piece = Buffer.allocUnsafe(SCAN_CHUNK);
  const handle = await openFile(file, 'r');
  try {
    for (;;) {
      const { bytesRead } = await handle.read(piece, 0, SCAN_CHUNK, null);
      if (bytesRead === 0) return false;
      if (scan(piece.subarray(0, bytesRead))) return true;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Decodes `input` (the bytes, or the path of a file holding them) or throws NotAnImageError;
 * returns it auto-oriented, at most `maxEdge` pixels on its longest side, re-encoded without
 * metadata. Never throws anything else for bad input.
 */
export async function processImage(
  input: Buffer | string,
  options: ImageOptions = {},
): Promise<ProcessedImage> {
  const { maxEdge, format, quality, maxInputPixels, turn } = { ...IMAGE_DEFAULTS, ...options };
  let sharp: Sharp;
  try {
    // here, where a failure still gives the turn back: the request's later images never wait on it
    sharp = await loadSharp();
    if (typeof input !== 'string' && input.length === 0) throw new NotAnImageError('empty file');
    const active =
      typeof input === 'string' ? await fileCarriesActiveContent(input) : carriesActiveContent(input);
    if (active) throw new NotAnImageError('markup or script inside the file');
    // the request's earlier images first (they never wait for a later one: no deadlock on the slot)
    if (turn) await turn.before;
  } catch (err) {
    turn?.done();
    throw err;
  }

  return decodeSlots.run(turn?.budget ?? {}, async () => {
    const open = () => sharp(input, { failOn: 'error', limitInputPixels: maxInputPixels, pages: 1 });
    try {
      let metadata: Metadata;
      try {
        metadata = await open().metadata();
      } catch (err) {
        throw new NotAnImageError(`not decodable: ${(err as Error).message}`);
      }
      if (!ACCEPTED_INPUT_FORMATS.has(metadata.format ?? '')) {
        throw new NotAnImageError(`format ${metadata.format ?? 'unknown'} is not accepted`);
      }
      // read from the header: a request's pixels are counted before any of them is decoded
      const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
      if (turn && !turn.budget.take(pixels)) {
        throw new PixelBudgetExceeded(`${pixels} pixels exceed what is left of the request's budget`);
      }
    } finally {
      turn?.done();
    }
    const pipeline = open()
      .rotate() // apply the EXIF orientation to the pixels, since the EXIF itself is dropped
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const encoded =
      format === 'webp'
        ? pipeline.webp({ quality, effort: 2, smartSubsample: true })
        : // JPEG has no transparency: a screenshot's clear background becomes white, not black.
          // Baseline with the standard Huffman tables: written in one pass as the pixels come, where
          // a progressive or optimised file holds all its coefficients (13 MB at 2560 px) and costs
          // a second pass; the same pixels, ~17% more bytes (decision 0170)
          pipeline
            .flatten({ background: '#ffffff' })
            .jpeg({ quality, progressive: false, optimiseCoding: false, mozjpeg: false });
    try {
      // sharp writes no metadata unless asked (keepMetadata/withMetadata): EXIF, GPS, XMP and ICC are gone
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return {
        data,
        width: info.width,
        height: info.height,
        format,
        contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
      };
    } catch (err) {
      throw new NotAnImageError(`could not be decoded: ${(err as Error).message}`);
    }
  });
}
