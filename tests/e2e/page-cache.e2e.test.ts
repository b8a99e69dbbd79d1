/**
 * The page cache on the production server (issue 15 items 1–2; decision 0114): a visitor's second
 * view of a public page is the same bytes with an ETag (304 when the browser has it) and a
 * Cache-Control a CDN may use; its Content-Security-Policy allows exactly its inline scripts by
 * hash (no nonce), so a hydrated page from the cache runs in Chromium without one CSP violation;
 * staff (a session cookie) get a page rendered for them, an unknown parameter the cached page; and
 * a catalog change made by staff is on the cached page at the next view.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';
import { launchBrowser, openPage, visit, waitForIsland } from './support/browser.ts';
import { urlOf } from './support/server.ts';

const CDN = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const ITEM = '/catalog/buyers-30-ton-swivel-pintle-hook';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(urlOf(path), { headers });

async function staffSession() {
  const res = await fetch(urlOf('/api/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urlOf('/').replace(/\/$/, '') },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, token: ((await res.json()) as { token: string }).token };
}

describe('page cache', () => {
  it('serves a public page again as the same bytes, with an ETag, 304 and CDN caching', async () => {
    const first = await get('/privacy-policy');
    const second = await get('/privacy-policy');
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers.get('etag')).toBe(etag);
    expect(second.headers.get('cache-control')).toBe(CDN);
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const again = await get('/privacy-policy', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    // API answers and the back office never get the public page caching
    expect((await get('/api/health')).headers.get('cache-control')).not.toBe(CDN);
    expect((await get('/admin/login')).headers.get('cache-control')).not.toBe(CDN);
  });

  it('a page from the cache carries no nonce, and its scripts run without a CSP violation', async () => {
    await get('/find-my-part'); // kept now, if it was not already
    const cached = await get('/find-my-part');
    expect(cached.headers.get('etag')).toBeTruthy();
    const policy = cached.headers.get('content-security-policy')!;
    expect(policy).not.toContain("'nonce-");
    // our own files, plus the hash of each inline script the page has (the form's island has none)
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+={0,2}')*;/);
    const html = await cached.text();
    expect(html).not.toMatch(/\bnonce=/);

    const { context, page, problems } = await openPage(browser, 'phone');
    try {
      await visit(page, '/find-my-part'); // waits for the form's island entry
      // the form becomes React's at the first touch (decision 0116): choosing equipment and typing
      // work, and its scripts, loaded from the cached page's URLs, run without a CSP violation
      await page.getByLabel('Equipment Type').selectOption('ag');
      const make = page.getByLabel('Make');
      await make.fill('John Deere');
      await waitForIsland(page);
      expect(await make.inputValue()).toBe('John Deere');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a public page the cache does not keep (a 404) carries no nonce it lacks, and runs clean', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      const response = await page.goto(urlOf('/catalog/no-such-part-at-all'), { waitUntil: 'load' });
      expect(response?.status()).toBe(404);
      const policy = (await response!.allHeaders())['content-security-policy']!;
      expect(policy).not.toContain("'nonce-");
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(problems.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('renders for staff, without a nonce like every public page, and keeps none of it; an unknown parameter gets the cached page', async () => {
    const { cookie } = await staffSession();
    const res = await get('/catalog', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toBe(CDN);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('content-security-policy')).not.toContain("'nonce-");
    expect(await res.text()).not.toMatch(/\bnonce=/);
    // a parameter no page reads is no other page (decision 0180): the catalog from the cache
    await get('/catalog');
    const tagged = await get('/catalog?utm_source=newsletter');
    expect(tagged.status).toBe(200);
    expect(tagged.headers.get('cache-control')).toBe(CDN);
    expect(tagged.headers.get('etag')).toBe((await get('/catalog')).headers.get('etag'));
    // a back-office screen is rendered for its request: its own nonce
    const login = await get('/admin/login');
    const nonce = /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(
      login.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(await login.text()).toContain(`nonce="${nonce}"`);
  });

  it('a catalog change by staff is on the cached item page at the next view', async () => {
    const { cookie, token } = await staffSession();
    const before = await (await get(ITEM)).text();
    expect((await get(ITEM)).headers.get('etag')).toBeTruthy();
    const list = await (
      await fetch(urlOf('/api/admin/catalog?search=pintle'), { headers: { cookie } })
    ).json();
    const item = (list as { items: { id: number; slug: string; title: string }[] }).items.find(
      (i) => `/catalog/${i.slug}` === ITEM,
    )!;
    const title = `${item.title} (Reman)`;
    const patch = await fetch(urlOf(`/api/catalog/${item.id}`), {
      method: 'PATCH',
      headers: {
        cookie,
        'x-csrf-token': token,
        'content-type': 'application/json',
        origin: urlOf('/').replace(/\/$/, ''),
      },
      body: JSON.stringify({ title }),
    });
    expect(patch.status).toBe(200);
    const after = await (await get(ITEM)).text();
    expect(before).not.toContain(title);
    expect(after).toContain(title);
    // put it back for the other files
    await fetch(urlOf(`/api/catalog/${item.id}`), {
      method: 'PATCH',
      headers: {
        cookie,
        'x-csrf-token': token,
        'content-type': 'application/json',
        origin: urlOf('/').replace(/\/$/, ''),
      },
      body: JSON.stringify({ title: item.title }),
    });
  });
});
