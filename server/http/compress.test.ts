import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_PARAMS, compressWholeAnswers } from './compress.ts';

/** The raw bytes and headers of an answer, not decoded (fetch would decode them). */
function get(
  url: string,
  options: { method?: string; acceptEncoding?: string; ifNoneMatch?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.acceptEncoding === undefined ? {} : { 'accept-encoding': options.acceptEncoding }),
          ...(options.ifNoneMatch === undefined ? {} : { 'if-none-match': options.ifNoneMatch }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

// a board-like JSON answer: well over the 1 KB threshold, well under 256 KiB
const cards = Array.from({ length: 200 }, (_, i) => ({
  caseNumber: `PH-${1000 + i}`,
  name: `Customer ${i}`,
}));
const big = 'x'.repeat(256 * 1024 + 10);

describe('compressWholeAnswers', () => {
  let server: http.Server;
  let base: string;
  let callbackCalled = false;
  beforeAll(async () => {
    const app = express();
    app.use(compression({ brotli: { params: BROTLI_PARAMS } }));
    app.use(compressWholeAnswers);
    app.get('/json', (_req, res) => res.json(cards));
    app.get('/small', (_req, res) => res.json({ ok: true }));
    app.get('/streamed', (_req, res) => {
      res.type('text/plain');
      res.write('first part '.repeat(100));
      res.end('last part '.repeat(100));
    });
    app.get('/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').json(cards));
    app.get('/image', (_req, res) => res.type('image/png').send(Buffer.alloc(4096, 1)));
    app.get('/huge', (_req, res) => res.type('text/plain').send(big));
    app.get('/head-written', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(cards));
    });
    app.get('/callback', (_req, res) => {
      res.type('text/plain');
      res.end('with a callback '.repeat(100), () => (callbackCalled = true));
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('compresses an answer sent in one piece in one call: its exact length, no chunks', async () => {
    const br = await get(`${base}/json`, { acceptEncoding: 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    // the middleware's stream would send it chunked, without a length
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(cards);
    // the same bytes as the middleware's settings give
    expect(br.body.length).toBe(
      zlib.brotliCompressSync(Buffer.from(JSON.stringify(cards)), { params: BROTLI_PARAMS }).length,
    );

    const gzip = await get(`${base}/json`, { acceptEncoding: 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(cards);
  });

  it('leaves to the middleware what it would not compress in one call', async () => {
    const plain = await get(`${base}/json`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(cards);

    const small = await get(`${base}/small`, { acceptEncoding: 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');

    const noTransform = await get(`${base}/no-transform`, { acceptEncoding: 'br' });
    expect(noTransform.headers['content-encoding']).toBeUndefined();

    const image = await get(`${base}/image`, { acceptEncoding: 'br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body).toEqual(Buffer.alloc(4096, 1));

    const head = await get(`${base}/json`, { method: 'HEAD', acceptEncoding: 'br' });
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);

    // a conditional request Express answers 304 from its ETag of the plain body
    const notModified = await get(`${base}/json`, {
      acceptEncoding: 'br',
      ifNoneMatch: (await get(`${base}/json`, { acceptEncoding: 'br' })).headers.etag!,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.body.length).toBe(0);

    // deflate only: the middleware's own stream
    const deflate = await get(`${base}/json`, { acceptEncoding: 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(zlib.inflateSync(deflate.body).toString())).toEqual(cards);
  });

  it('leaves what is written in parts, or too large for the event loop, to the middleware’s stream', async () => {
    const streamed = await get(`${base}/streamed`, { acceptEncoding: 'br' });
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.brotliDecompressSync(streamed.body).toString()).toBe(
      'first part '.repeat(100) + 'last part '.repeat(100),
    );

    const headWritten = await get(`${base}/head-written`, { acceptEncoding: 'br' });
    expect(headWritten.headers['content-encoding']).toBe('br');
    expect(headWritten.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(zlib.brotliDecompressSync(headWritten.body).toString())).toEqual(cards);

    const huge = await get(`${base}/huge`, { acceptEncoding: 'br' });
    expect(huge.headers['content-encoding']).toBe('br');
    expect(huge.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.brotliDecompressSync(huge.body).toString()).toBe(big);
  });

  it('calls the callback given to end', async () => {
    const res = await get(`${base}/callback`, { acceptEncoding: 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe('with a callback '.repeat(100));
    await expect.poll(() => callbackCalled).toBe(true);
  });
});
