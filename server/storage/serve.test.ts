import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from './index.ts';

/** The app's error handler answers with the error's status; a stand-in, so storage imports nothing above it. */
const answerStatus: ErrorRequestHandler = (err: { status?: number; message: string }, _req, res, _next) => {
  res.status(err.status ?? 500).json({ message: err.message });
};

describe('serving the public area', () => {
  let dataDir: string;
  let app: express.Express;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-serve-'));
    const files = createFileStore({ dataDir });
    await files.put('public', 'catalog/axle-1.webp', Buffer.from('webp bytes'));
    await files.put('public', 'blog/cover.jpg', Buffer.from('jpeg bytes'));
    await files.put('private', 'leads/secret.jpg', Buffer.from('customer photo'));
    app = express();
    app.use('/uploads', files.publicHandler({ maxAgeSeconds: 604800 }));
    app.use(answerStatus);
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a stored file with its type, length, validators and cache lifetime', async () => {
    const res = await request(app).get('/uploads/catalog/axle-1.webp').expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(res.headers['last-modified'] ?? '')).not.toBeNaN();
    expect(res.body).toEqual(Buffer.from('webp bytes'));
    const jpeg = await request(app).get('/uploads/blog/cover.jpg').expect(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 304 to a browser that already has the file, and HEAD without a body', async () => {
    const first = await request(app).get('/uploads/catalog/axle-1.webp').expect(200);
    await request(app)
      .get('/uploads/catalog/axle-1.webp')
      .set('If-None-Match', first.headers.etag ?? '')
      .expect(304);
    const head = await request(app).head('/uploads/catalog/axle-1.webp').expect(200);
    expect(head.headers['content-length']).toBe('10');
    expect(head.text ?? '').toBe('');
  });

  it('answers 404 for missing files, folders, dot files and paths that try to climb out', async () => {
    for (const url of [
      '/uploads/catalog/missing.webp',
      '/uploads/catalog',
      '/uploads/',
      '/uploads/catalog/.hidden',
      '/uploads/%2e%2e/private/leads/secret.jpg',
      '/uploads/..%2fprivate%2fleads%2fsecret.jpg',
      '/uploads/%E0%A4%A',
    ]) {
      const res = await request(app).get(url);
      expect([400, 404], url).toContain(res.status);
      expect(res.text, url).not.toContain('customer photo');
    }
  });

  it('never serves the private area', async () => {
    await request(app).get('/uploads/leads/secret.jpg').expect(404);
    await request(app).get('/uploads/private/leads/secret.jpg').expect(404);
  });

  it('refuses to change anything', async () => {
    const res = await request(app).post('/uploads/catalog/axle-1.webp').expect(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});
