/**
 * The one door for files (decision 0070). Services and the seed store, read and remove files only
 * through the FileStore built here; nothing outside server/storage knows a path or touches the
 * file system for uploads.
 *
 * Two areas: `public` (catalog and blog images, served at /uploads/<key>) and `private` (lead
 * photos, read only through staff routes). Every image is stored through the one pipeline of
 * images.ts (decoded or refused, re-encoded without metadata) under a fresh random key. Uploads
 * are received into temporary files first (uploads.ts). Where files live is the backend's
 * business (backend.ts); today a local folder, DATA_DIR/uploads.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import type { StorageConfig } from '../config.ts';
import { isSafeKey, type Area, type StorageBackend, type StoredObject } from './backend.ts';
import {
  NotAnImageError,
  PixelBudget,
  processImage,
  type ImageFormat,
  type ImageOptions,
  type ProcessedImage,
} from './images.ts';
import { localFolderBackend } from './local-folder.ts';
import { serveArea, type ServeOptions } from './serve.ts';
import { temporaryUploads, uploadFile, type ReceivedUpload } from './uploads.ts';

export type { Area, StorageBackend, StoredObject } from './backend.ts';
export {
  loadSharp,
  NotAnImageError,
  PixelBudget,
  PixelBudgetExceeded,
  type PixelTurn,
  REQUEST_PIXEL_BUDGET,
  type ImageOptions,
} from './images.ts';
export { UploadTooLargeError, type ReceivedUpload } from './uploads.ts';

/** What an image can be stored from: bytes in memory, or an upload received to a temporary file. */
export type ImageInput = Buffer | ReceivedUpload;

/** An image that passed the pipeline (decoded, re-encoded, metadata gone), not stored yet. */
export type PreparedImage = ProcessedImage;

/** A stored image. Public images have their URL; private ones are reached by key through staff routes. */
export type StoredImage<A extends Area = Area> = {
  key: string;
  width: number;
  height: number;
  contentType: ProcessedImage['contentType'];
  sizeBytes: number;
} & (A extends 'public' ? { url: string } : { url?: undefined });

export type SweepOptions = {
  area: Area;
  /** Only keys under `<dir>/` are considered. */
  dir: string;
  /** Files younger than this may belong to a write still in progress and are kept. */
  olderThanMs: number;
  /** Of the given keys, those a row still names. */
  owned: (keys: string[]) => Promise<Set<string>>;
};

const PUBLIC_URL_PREFIX = '/uploads/';
const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', webp: 'webp' };

export type FileStoreOptions = {
  /** DATA_DIR: files go under DATA_DIR/uploads. */
  dataDir: string;
  /** The clock the sweep measures ages with (tests fix it). */
  now?: () => Date;
  /**
   * Where the files live: the local folder DATA_DIR/uploads by default, or a bucket
   * (`storageBackend` below picks from the configuration). Temporary uploads stay on local disk.
   */
  backend?: StorageBackend;
};

/**
 * The backend the configuration asks for (STORAGE_URL; decision 0094). The S3 client is loaded
 * only when a bucket is used, so a single machine on the folder never pays its memory.
 */
export async function storageBackend(config: {
  dataDir: string;
  storage: StorageConfig;
}): Promise<StorageBackend> {
  if (config.storage.kind === 'folder') return localFolderBackend(path.join(config.dataDir, 'uploads'));
  const { s3Backend } = await import('./s3.ts');
  return s3Backend(config.storage);
}

/** The long side of a preview: a tile of up to 320 CSS pixels on a screen of two device pixels each. */
export const PREVIEW_EDGE = 640;
const PREVIEW_QUALITY = 75;
/** Previews made at once; more than that at the same moment get the photo as stored. */
export const PREVIEWS_AT_ONCE = 4;
/** Recent previews kept: about 130 of 15 KB, a day's quote pages of a small business. */
const PREVIEW_MEMORY_BYTES = 2 * 1024 * 1024;

/** The content type of a stored image, from its key's extension. */
export function imageContentType(key: string): 'image/webp' | 'image/jpeg' {
  return key.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
}

export function createFileStore({ dataDir, now = () => new Date(), backend: chosen }: FileStoreOptions) {
  const root = path.join(dataDir, 'uploads');
  const backend: StorageBackend = chosen ?? localFolderBackend(root);
  // where earlier versions put uploads being checked; always local disk (uploads.ts says why)
  const uploads = temporaryUploads(path.join(root, 'private', 'incoming'));

  const publicUrl = (key: string) => `${PUBLIC_URL_PREFIX}${key}`;
  // the previews' one owner in the decode queue; stored photos are at most 2,560 px, so no limit
  const previews = new PixelBudget(Number.POSITIVE_INFINITY);
  let previewsInProgress = 0;
  const previewMemory = new LRUCache<string, { data: Buffer; contentType: string }>({
    maxSize: PREVIEW_MEMORY_BYTES,
    sizeCalculation: (preview) => preview.data.length,
  });

  const store = {
    /**
     * Streams an upload to a private temporary file, never keeping more than `maxBytes` of it
     * (UploadTooLargeError beyond). The caller passes the result to prepareImage/storeImage and
     * must `dispose()` it afterwards.
     */
    receiveUpload(stream: Readable, options: { maxBytes: number }): Promise<ReceivedUpload> {
      return uploads.receive(stream, options);
    },

    /**
     * Runs an image through the pipeline without storing it: NotAnImageError for anything that
     * is not a photo this project accepts. For callers that check a whole batch before writing.
     */
    prepareImage(input: ImageInput, options: ImageOptions): Promise<PreparedImage> {
      return processImage(Buffer.isBuffer(input) ? input : uploadFile(input), options);
    },

    /** Writes a prepared image under `<dir>/<128 random bits>.<jpg|webp>`. */
    async saveImage<A extends Area>(area: A, image: PreparedImage, dir: string): Promise<StoredImage<A>> {
      const key = `${dir}/${randomBytes(16).toString('hex')}.${EXTENSIONS[image.format]}`;
      await backend.put(area, key, image.data);
      return {
        key,
        width: image.width,
        height: image.height,
        contentType: image.contentType,
        sizeBytes: image.data.length,
        url: area === 'public' ? publicUrl(key) : undefined,
      } as StoredImage<A>;
    },

    /** prepareImage then saveImage: one image checked, re-encoded and stored under a fresh key. */
    async storeImage<A extends Area>(
      area: A,
      input: ImageInput,
      options: { dir: string; image: ImageOptions },
    ): Promise<StoredImage<A>> {
      return store.saveImage(area, await store.prepareImage(input, options.image), options.dir);
    },

    /** Writes bytes as they are under a key of the caller's (seed content; uploads go through storeImage). */
    put(area: Area, key: string, data: Buffer): Promise<void> {
      return backend.put(area, key, data);
    },

    read(area: Area, key: string): Promise<Buffer | undefined> {
      return backend.get(area, key);
    },

    /**
     * A small copy of a stored photo, at most PREVIEW_EDGE pixels on its long side, for a page
     * that shows photos as tiles (decision 0171). Made as it is asked for and kept in a small
     * memory of recent ones, so a page opened again costs nothing. Through the one pipeline and
     * its decode queue, all previews as one request; while PREVIEWS_AT_ONCE are being made, or
     * when the stored file will not decode, the answer is the photo as stored: a burst of
     * previews costs file reads, never a queue of decodes. Undefined when nothing is stored.
     */
    async readPreview(area: Area, key: string): Promise<{ data: Buffer; contentType: string } | undefined> {
      const kept = previewMemory.get(`${area}/${key}`);
      if (kept) return kept;
      const data = await backend.get(area, key);
      if (!data) return undefined;
      const asStored = { data, contentType: imageContentType(key) };
      if (previewsInProgress >= PREVIEWS_AT_ONCE) return asStored;
      previewsInProgress++;
      try {
        const small = await processImage(data, {
          maxEdge: PREVIEW_EDGE,
          quality: PREVIEW_QUALITY,
          turn: previews.turn(),
        });
        const preview = { data: small.data, contentType: small.contentType };
        previewMemory.set(`${area}/${key}`, preview);
        return preview;
      } catch (err) {
        if (err instanceof NotAnImageError) return asStored;
        throw err;
      } finally {
        previewsInProgress--;
      }
    },

    async exists(area: Area, key: string): Promise<boolean> {
      return (await backend.stat(area, key)) !== undefined;
    },

    /**
     * The stored file's length in bytes (a folder's stat, a bucket's HEAD), or undefined when
     * nothing is stored under `key` or the key is not one of ours (the RSS feed's enclosures).
     */
    async size(area: Area, key: string): Promise<number | undefined> {
      if (!isSafeKey(key)) return undefined;
      return (await backend.stat(area, key))?.size;
    },

    /** Removes a file; a missing one is fine. */
    remove(area: Area, key: string): Promise<void> {
      return backend.delete(area, key);
    },

    /**
     * Every file kept in an area, for a backup (server/storage/backups.ts): not the uploads still
     * being received (`incoming/`), nor a file still being written (`….tmp`).
     */
    async *stored(area: 'public' | 'private'): AsyncIterable<StoredObject> {
      for await (const file of backend.list(area, '')) {
        if (file.key.startsWith('incoming/') || file.key.endsWith('.tmp')) continue;
        yield file;
      }
    },

    /** A stored file as a stream, or undefined when there is none. */
    async openStored(area: Area, key: string) {
      return (await backend.open(area, key))?.stream;
    },

    /** The public URL of a key in the public area. */
    publicUrl,

    /** The key behind a public URL of ours, or undefined for any other URL. */
    publicKeyOf(url: string): string | undefined {
      return url.startsWith(PUBLIC_URL_PREFIX) ? url.slice(PUBLIC_URL_PREFIX.length) : undefined;
    },

    /**
     * Removes the files under `dir` that are older than `olderThanMs` and that `owned` does not
     * claim: what a crash between writing files and committing their row leaves behind (including
     * half-written files). Temporary uploads older than that are removed too. Every age is measured
     * from the clock as the sweep starts: an upload that arrives while it waits on `owned` is young.
     * Returns how many files were removed.
     */
    async sweepOrphans({ area, dir, olderThanMs, owned }: SweepOptions): Promise<number> {
      const cutoff = now().getTime() - olderThanMs;
      const old: string[] = [];
      for await (const file of backend.list(area, dir)) {
        if (file.lastModified.getTime() < cutoff) old.push(file.key);
      }
      const keep = old.length ? await owned(old) : new Set<string>();
      let removed = await uploads.sweep(cutoff);
      for (const key of old) {
        if (keep.has(key)) continue;
        await backend.delete(area, key);
        removed++;
      }
      return removed;
    },

    /** An Express handler serving the public area (mounted at /uploads). */
    publicHandler(options: ServeOptions): RequestHandler {
      return serveArea(backend, 'public', options);
    },
  };
  return store;
}

export type FileStore = ReturnType<typeof createFileStore>;
