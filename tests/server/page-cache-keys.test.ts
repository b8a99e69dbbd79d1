/**
 * The page cache's key on the production server (issue 47 item 9, decision 0180): a parameter no
 * page reads (an ad click's `gclid`, `utm_source`) is answered from the cache with the page itself,
 * a parameter the page declares still makes another page, canonical links stay the page's own, and
 * a client that takes no compression is answered from the cache too. A hit is told from a render by
 * its missing X-Request-Id: the cache answers before Express, which sets it, runs.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkHrefs } from '../e2e/support/html.ts';
import { baseUrl, urlOf } from '../e2e/support/server.ts';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** node:http, so no Accept-Encoding is sent unless given (fetch always sends one). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(urlOf(path), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const click = () => randomBytes(24).toString('base64url');
const fromCache = (answer: Answer) => answer.headers['x-request-id'] === undefined;

describe('the page cache key', () => {
  it('answers /blog with a new gclid each time from the cache, with /blog itself', async () => {
    const first = await get(`/blog?gclid=${click()}`);
    const second = await get(`/blog?gclid=${click()}`);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(fromCache(second)).toBe(true);
    const page = await get('/blog');
    expect(fromCache(page)).toBe(true);
    expect(second.body).toBe(page.body);
    expect(first.body).toBe(page.body);
    expect(second.headers.etag).toBe(page.headers.etag);
  });

  it('renders a page asked for with utm_source as the page itself: the same bytes, its own canonical link', async () => {
    // a page not asked for yet in this server: its first render is the one with the parameter
    const item = await get(`/catalog?category=trailer-parts&utm_source=newsletter&fbclid=${click()}`);
    expect(item.status).toBe(200);
    const plain = await get('/catalog?category=trailer-parts');
    expect(fromCache(plain)).toBe(true);
    expect(plain.body).toBe(item.body);
    expect(linkHrefs(item.body, 'canonical')).toEqual([`${baseUrl()}/catalog?category=trailer-parts`]);
    expect(item.body).not.toContain('utm_source');
    expect(item.body).not.toContain('newsletter');
  });

  it('still makes another page of a parameter the page declares (the catalog page)', async () => {
    await get('/catalog');
    const first = await get('/catalog');
    await get(`/catalog?page=2&utm_campaign=${click()}`);
    const second = await get(`/catalog?utm_source=x&page=2`);
    expect(fromCache(first)).toBe(true);
    expect(fromCache(second)).toBe(true);
    expect(second.body).not.toBe(first.body);
    expect(linkHrefs(first.body, 'canonical')).toEqual([`${baseUrl()}/catalog`]);
    expect(linkHrefs(second.body, 'canonical')).toEqual([`${baseUrl()}/catalog?page=2`]);
  });

  it('answers a client that sends no Accept-Encoding from the cache, uncompressed', async () => {
    await get('/privacy-policy');
    const plain = await get('/privacy-policy');
    expect(plain.status).toBe(200);
    expect(fromCache(plain)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^<!DOCTYPE html>/i);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.body));
  });
});
