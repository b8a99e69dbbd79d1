/**
 * Uploads while they are being checked: each arriving file is streamed to a private temporary file
 * on this machine's disk (mode 600), whatever backend keeps the finished files. The image pipeline
 * decodes from that file, so memory holds only small pieces of an upload however large it is; a
 * bucket would only add a round trip for bytes that are thrown away a second later (decision 0070).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The upload went past `maxBytes`; the rest of it was read and thrown away. */
export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
}

/** An upload on local disk. Give it to `storeImage`/`prepareImage`, then `dispose()` it. */
export type ReceivedUpload = {
  /** Bytes received. */
  readonly size: number;
  /**
   * SHA-256 of the bytes as sent (hex): what the sender sent, before the pipeline re-encodes it,
   * for telling a retry of the same request from another (decision 0207).
   */
  readonly sha256: string;
  /** Removes the temporary file; safe to call twice. */
  dispose(): Promise<void>;
};

// the file behind an upload stays inside storage/: callers hold the handle, never the path
const files = new WeakMap<ReceivedUpload, string>();

/** The temporary file of an upload (storage-internal). */
export function uploadFile(upload: ReceivedUpload): string {
  const file = files.get(upload);
  if (!file) throw new Error('Not an upload received by this storage');
  return file;
}

export function temporaryUploads(dir: string) {
  return {
    /**
     * Streams `stream` to a new temporary file. Past `maxBytes` the rest is only drained (the
     * sender is answered once it has finished) and UploadTooLargeError is thrown. On any failure
     * the temporary file is gone before this returns.
     */
    async receive(stream: Readable, { maxBytes }: { maxBytes: number }): Promise<ReceivedUpload> {
      // heard from the start: an upload dropped while the folder is made must not go unnoticed
      let early: Error | undefined;
      const onEarlyError = (err: Error) => (early = err);
      stream.once('error', onEarlyError);
      await fs.mkdir(dir, { recursive: true });
      stream.off('error', onEarlyError);
      if (early || stream.destroyed) throw early ?? new Error('The upload ended before it was read');
      const file = path.join(dir, `${randomBytes(16).toString('hex')}.upload`);
      let size = 0;
      const digest = createHash('sha256');
      try {
        await new Promise<void>((resolve, reject) => {
          const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
          out.once('error', reject);
          stream.once('error', (err) => {
            // closed before it is removed: an open still in flight would otherwise recreate the file
            out.once('close', () => reject(err));
            out.destroy();
          });
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // past the limit the rest is only drained: the sender is refused once it has finished
            if (size > maxBytes) return;
            digest.update(chunk);
            if (!out.write(chunk)) {
              stream.pause();
              out.once('drain', () => stream.resume());
            }
          });
          stream.once('end', () => out.end(() => resolve()));
        });
        if (size > maxBytes) throw new UploadTooLargeError(`upload over ${maxBytes} bytes`);
      } catch (err) {
        await fs.rm(file, { force: true });
        throw err;
      }
      const upload: ReceivedUpload = {
        size,
        sha256: digest.digest('hex'),
        dispose: () => fs.rm(file, { force: true }),
      };
      files.set(upload, file);
      return upload;
    },

    /**
     * Removes temporary files last written before `cutoff` (milliseconds since the epoch): uploads
     * a crash interrupted. The caller reads its clock once, when its sweep starts, so an upload
     * that arrives while the sweep runs is never older than the cutoff. Returns how many.
     */
    async sweep(cutoff: number): Promise<number> {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat?.isFile() || stat.mtimeMs >= cutoff) continue;
        await fs.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
