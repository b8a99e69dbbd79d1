/**
 * Compression of a whole answer at once (docs/performance.md). A page rendered per request is already one
 * buffer (app/entry.server.tsx waits for all its content), so it is compressed in one call with its
 * size known, instead of through the compression middleware's stream: same encodings and settings
 * as the middleware (brotli quality 1 with a 256 KB window; gzip's default level),
 * so the same bytes, for about a quarter of the CPU time. The middleware still compresses what is
 * written as a stream (API answers, files); it leaves an answer that carries Content-Encoding alone.
 */
import zlib from 'node:zlib';

/**
 * The brotli settings of every answer compressed as it is sent: a 256 KB window (decision 0050),
 * quality 1. Quality 4's 4 MB hash table was a fresh mapping per answer under `npm start`'s malloc
 * settings, and quality 2 cut that; quality 1, brotli’s fast two-pass mode, halves
 * what is left: 0.11 instead of 0.23 ms for `/catalog`'s 62 KB in a loop, and about 10% more
 * pages per second rendered per request, for 7% more bytes (7.5 instead of 7.0 KB, still within a
 * new connection's first round trip; docs/performance.md). Pages kept by the page cache get quality 11,
 * once.
 */
export const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
} as const;

/** Smaller answers are sent as they are (the compression middleware's threshold). */
export const COMPRESS_THRESHOLD = 1024;

/** br, then gzip, then none: what the client accepts (q=0 refuses). */
export function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** `body` compressed in one call (synchronous: a page of ~60 KB takes well under a millisecond). */
export function compressWhole(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body);
}

/**
 * A buffer that holds only its own bytes, for an answer kept in memory (the page cache, the
 * catalog API's memo). zlib hands its output out as a slice of a 64 KiB chunk: a 2 KB brotli copy
 * of a page kept 64 KiB alive, so a page cache counted at 32 MiB held some 100 MiB
 * (docs/performance.md, "Memory").
 */
export function ownBytes(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}
