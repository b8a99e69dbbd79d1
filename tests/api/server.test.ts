/** Server basics through the real Express app: health, headers, compression, caching, robots, sitemap, errors. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '#server/app.ts';
import { UNAVAILABLE_TEXT } from '#app/modules/site/unavailable.ts';
import { AppError } from '#server/errors.ts';
import { seedReference } from '#server/seed/index.ts';
import { SERVER_FAILED } from '#app/modules/site/answers.ts';
import { errorHandler } from '#server/http/errors.ts';
import { createServices } from '#server/services/index.ts';
import { createTestDatabase, eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

eachEngine('server basics', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    await seedReference(ctx().deps);
    app = createTestApp(ctx().deps, ctx().services);
  });

  it('GET /api/health checks the database', async () => {
    const res = await request(app).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', texts: 'ok', oldestDueTextSeconds: 0 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers with a nonce-based Content-Security-Policy', async () => {
    const res = await request(app).get('/api/health');
    const csp = res.headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const second = await request(app).get('/api/health');
    expect(second.headers['content-security-policy']).not.toBe(csp);
  });

  it('compresses with brotli or gzip as the client asks', async () => {
    // the city list is well over compression's 1 KB threshold (the sitemap of an empty site is not)
    const br = await request(app).get('/api/cities').set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await request(app).get('/api/cities').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toHaveLength(36);
  });

  it('robots.txt keeps crawlers out of admin and API and names the sitemap', async () => {
    const res = await request(app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('Disallow: /admin');
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toContain(`Sitemap: ${ctx().deps.config.baseUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists public routes, and city × category pages only when they have content (decision 0012)', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const base = ctx().deps.config.baseUrl;
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of [
      '/',
      '/find-my-part',
      '/parts-sourcing',
      '/quote-service',
      '/logistics',
      '/catalog',
      '/blog',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      expect(locs).toContain(`${base}${p}`);
    }
    // no catalog items here: no city page has content of its own (tests/api/pages.test.ts has the rest)
    expect(locs.filter((l) => l?.includes('/mb/'))).toEqual([]);
    expect(locs.some((l) => l?.includes('/admin'))).toBe(false);
  });

  it('POST /api/clicks stores a valid click and rejects bad input with field errors', async () => {
    await request(app)
      .post('/api/clicks')
      .send({ buttonType: 'quote', buttonLocation: 'header', buttonText: 'Get a Quote' })
      .expect(201);
    const rows = await ctx().deps.db.selectFrom('click_events').selectAll().execute();
    expect(rows.map((r) => [r.button_type, r.button_location, r.button_text])).toEqual([
      ['quote', 'header', 'Get a Quote'],
    ]);

    const bad = await request(app)
      .post('/api/clicks')
      .send({ buttonType: '', buttonLocation: 'x'.repeat(500) })
      .expect(400);
    expect(bad.body.message).toEqual(expect.any(String));
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['buttonLocation', 'buttonText', 'buttonType']);

    const malformed = await request(app)
      .post('/api/clicks')
      .set('Content-Type', 'application/json')
      .send('{oops')
      .expect(400);
    expect(malformed.body).toEqual({ message: 'The request body is not valid JSON.' });

    const huge = await request(app)
      .post('/api/clicks')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ buttonType: 'x'.repeat(40_000) }))
      .expect(413);
    expect(huge.body).toEqual({ message: 'The request is too large.' });
  });
});

describe('static files and errors', () => {
  it('serves hashed assets for a year and other public files for an hour', async () => {
    const t = await createTestDatabase('sqlite');
    const deps = testDeps(t);
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'root-AbC123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
    await deps.files.put('public', 'catalog/x.webp', Buffer.from('img'));
    const app = createApp({
      config: deps.config,
      services: createServices(deps),
      logger: deps.logger,
      files: deps.files,
      clientDir,
    });

    const asset = await request(app).get('/assets/root-AbC123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await request(app).get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const upload = await request(app).get('/uploads/catalog/x.webp').expect(200);
    expect(upload.headers['cache-control']).toBe('public, max-age=604800');
    await request(app).get('/assets/missing-123.js').expect(404);
    const escape = await request(app).get('/uploads/%2e%2e/test.db');
    expect([403, 404]).toContain(escape.status);
    expect(escape.text).not.toContain('SQLite');
    await t.drop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers 503 from /api/health when the database is gone', async () => {
    const t = await createTestDatabase('sqlite');
    const deps = testDeps(t);
    const app = createApp({
      config: deps.config,
      services: createServices(deps),
      logger: deps.logger,
      files: deps.files,
    });
    await t.database.close();
    const res = await request(app).get('/api/health').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      status: 'error',
      database: 'unreachable',
      message: UNAVAILABLE_TEXT.message,
    });
  });

  it('turns errors into { message } JSON without stack traces', async () => {
    const app = express();
    app.get('/zod', () => {
      z.object({ name: z.string().min(1, 'Name is required') }).parse({ name: '' });
    });
    app.get('/app', () => {
      throw new AppError(409, 'Slug already exists');
    });
    app.get('/boom', () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    app.use(errorHandler);
    const zod = await request(app).get('/zod').expect(400);
    expect(zod.body).toEqual({
      message: 'Name is required',
      fieldErrors: { name: ['Name is required'] },
    });
    expect((await request(app).get('/app').expect(409)).body).toEqual({ message: 'Slug already exists' });
    const boom = await request(app).get('/boom').expect(500);
    expect(boom.body).toEqual({ message: SERVER_FAILED });
    expect(boom.text).not.toContain('secret');
  });
});
