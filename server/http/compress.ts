/**
 * Compression of a whole answer at once (docs/performance.md, decision 0167). An answer that ends in
 * one piece (`res.json`, `res.send`, a CSV export, a page rendered per request, which
 * app/entry.server.tsx renders whole) is compressed in one call on the spot with its size known,
 * by `compressWholeAnswers`, instead of through the compression middleware's stream: same
 * encodings and settings as the middleware (brotli quality 1 with a 256 KB window; gzip's default
 * level), so the same bytes, for a quarter to a half of the CPU time. A stream's encoder sizes its
 * buffers for the largest write it may get: some 1.2 MB per answer of 116 KB, which `npm start`'s
 * malloc settings (decision 0166) map from the system and fault in afresh for every answer. The
 * middleware still compresses what is written in parts (files) and what is too large to compress
 * on the event loop; it leaves an answer that carries Content-Encoding alone. The page cache keeps
 * its own compressed copies (server/http/page-cache.ts).
 */
import zlib from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

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

/**
 * Larger answers are left to the middleware's stream, compressed off the event loop: 256 KiB take
 * about 2 ms with brotli, several with gzip, on the event loop.
 */
const WHOLE_AT_MOST = 256 * 1024;

/**
 * Compresses an answer that ends in one piece (no `write` or `writeHead` before `end`) in one
 * call, where the compression middleware (registered before this) would have streamed it: what
 * the middleware would compress (its filter: a compressible Content-Type; no `Cache-Control:
 * no-transform`; not HEAD; not already encoded), from COMPRESS_THRESHOLD up to WHOLE_AT_MOST bytes,
 * for a client still there, in br or gzip. The middleware then sees Content-Encoding and passes
 * the bytes through. Routes know nothing of it.
 */
export const compressWholeAnswers: RequestHandler = (req, res, next) => {
  const end = res.end as (...args: unknown[]) => typeof res;
  res.end = function endWhole(this: typeof res, ...args: unknown[]) {
    const [chunk, encodingArg] = args;
    if (res.headersSent || res.destroyed || !(typeof chunk === 'string' || Buffer.isBuffer(chunk)))
      return end.apply(this, args);
    const text = typeof encodingArg === 'string' ? (encodingArg as BufferEncoding) : 'utf8';
    const length = typeof chunk === 'string' ? Buffer.byteLength(chunk, text) : chunk.length;
    const encoding = wholeEncoding(req, res, length);
    if (!encoding) return end.apply(this, args);
    const sent = compressWhole(typeof chunk === 'string' ? Buffer.from(chunk, text) : chunk, encoding);
    res.vary('Accept-Encoding');
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', sent.length);
    const callback = args.find((arg) => typeof arg === 'function');
    return end.call(this, sent, ...(callback ? [callback] : []));
  } as typeof res.end;
  next();
};

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The encoding of an answer of `length` bytes compressed whole, or undefined: sent as it is. */
function wholeEncoding(req: Request, res: Response, length: number): 'br' | 'gzip' | undefined {
  if (length < COMPRESS_THRESHOLD || length > WHOLE_AT_MOST) return undefined;
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return undefined;
  if (res.getHeader('Content-Encoding') || NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? '')))
    return undefined;
  return compression.filter(req, res) ? encodingFor(req.headers['accept-encoding']) : undefined;
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
