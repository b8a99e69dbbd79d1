/**
 * The small interface every place files can live in implements: keys in, bytes out, no paths.
 * Today one implementation, a local folder (`local-folder.ts`); the production issue (#14) adds an
 * S3-compatible bucket as a second file beside it (decision 0070). Everything above this interface
 * (image intake, temporary uploads, the orphan sweep, serving) is written once in `index.ts`.
 */
import type { Readable } from 'node:stream';

/**
 * `public`: catalog and blog images, served at /uploads/<key>. `private`: lead photos, staff only.
 * `backups`: the nightly backups when they are kept in the bucket (server/storage/backups.ts).
 */
export type Area = 'public' | 'private' | 'backups';

/** What a backend knows about a stored file. */
export type StoredObject = { key: string; size: number; lastModified: Date };

export type StorageBackend = {
  /** Writes the whole file under `key`: readers see the old file or the new one, never half of it. */
  put(area: Area, key: string, data: Buffer): Promise<void>;
  /**
   * Writes a local file under `key` as a stream (a bucket's backups, decision 0197); a backend
   * without it is given the file's bytes through `put`.
   */
  putFile?(area: Area, key: string, file: string): Promise<void>;
  /** The file's bytes, or undefined when nothing is stored under `key`. */
  get(area: Area, key: string): Promise<Buffer | undefined>;
  /** The file as a stream with its facts (for serving), or undefined when there is none. */
  open(area: Area, key: string): Promise<{ info: StoredObject; stream: Readable } | undefined>;
  /** The file's facts without its bytes, or undefined. */
  stat(area: Area, key: string): Promise<StoredObject | undefined>;
  /** Removes the file; removing a missing file is not an error. */
  delete(area: Area, key: string): Promise<void>;
  /**
   * Every file whose key starts with `prefix/`, at any depth (a bucket lists by prefix, not by
   * folder); the whole area for ''.
   */
  list(area: Area, prefix: string): AsyncIterable<StoredObject>;
};

/**
 * Keys are made by our own code, never taken from a request as they are; still, every backend
 * checks them: '/'-separated segments that start with a letter or digit (no '..', no dot files,
 * no empty segment), short enough for any file system or bucket.
 */
const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(?:\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 200 && SAFE_KEY.test(key) && !key.includes('..');
}

/** Throws for a key no backend may touch (a bug in the caller, not bad user input). */
export function checkKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}
