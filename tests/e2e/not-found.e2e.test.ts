/**
 * What lies outside the route table (product.md §2): the not-found page inside the chrome with HTTP 404,
 * JSON 404 for unknown API paths, and the robots.txt and sitemap.xml that crawlers read.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, visit } from './support/browser.ts';
import { countElements, fetchPage, metaContents, textOf, titleOf } from './support/html.ts';
import { baseUrl, urlOf } from './support/server.ts';
import { SITE_NAME } from './support/site.ts';

const UNKNOWN_PATH = '/some/unknown/path';
// the owner's decision: help for a customer instead of product.md §2's developer placeholder (issue 31 item 4)
const NOT_FOUND_TEXT = 'We could not find that page. It may have moved, or the address may have a typo.';

describe('an unknown page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers HTTP 404 with the not-found page inside the site chrome', async () => {
    const { status, contentType, html } = await fetchPage(UNKNOWN_PATH);
    expect(status).toBe(404);
    expect(contentType).toMatch(/^text\/html/);
    expect(titleOf(html)).toBe('404 Page Not Found');
    expect(metaContents(html, 'robots')).toEqual([expect.stringContaining('noindex')]);
    expect(textOf(html)).toContain(NOT_FOUND_TEXT);
    expect(countElements(html, 'h1')).toBe(1);
    expect(countElements(html, 'header')).toBe(1);
    expect(countElements(html, 'footer')).toBe(1);
  });

  it('shows the not-found message in Chromium, with the header and footer around it', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      const response = await visit(page, UNKNOWN_PATH);
      expect(response.status()).toBe(404);
      expect(await page.title()).toBe('404 Page Not Found');
      const main = page.getByRole('main');
      expect(await main.getByRole('heading', { level: 1, name: '404 Page Not Found' }).isVisible()).toBe(
        true,
      );
      expect(await main.getByText(NOT_FOUND_TEXT).isVisible()).toBe(true);
      // where a customer can go next: home, the catalog, the request form, or a text to the business
      const next = main.getByRole('navigation', { name: 'Where to go next' }).getByRole('link');
      expect(await next.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/',
        '/catalog',
        '/find-my-part',
      ]);
      expect(await main.getByRole('link', { name: '(204) 555-0147' }).getAttribute('href')).toMatch(/^sms:/);
      expect(await page.getByRole('banner').getByRole('link', { name: SITE_NAME }).isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').getByText('© 2024').isVisible()).toBe(true);
      // axe on this page: tests/e2e/support/accessibility.ts

      // A visitor finds the way back home from it
      await main.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The browser notes the document's own 404 status; nothing else may go wrong
      const documentStatus = new RegExp(`status of 404 .*\\(at ${urlOf(UNKNOWN_PATH)}:`);
      expect(problems.errors.filter((e) => !documentStatus.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('outside the pages', () => {
  it('an unknown API path answers JSON 404, not the HTML page', async () => {
    const res = await fetch(urlOf('/api/unknown'));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  it('robots.txt keeps crawlers out of /admin and /api/ and names the sitemap', async () => {
    const res = await fetch(urlOf('/robots.txt'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });

  it('sitemap.xml lists the home page and the city pages on the configured origin', async () => {
    const res = await fetch(urlOf('/sitemap.xml'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain(`${baseUrl()}/`);
    expect(locs).toContain(`${baseUrl()}/mb/winnipeg/trailer-parts`);
    expect(locs.filter((loc) => !loc.startsWith(`${baseUrl()}/`))).toEqual([]);
    // No admin screen is offered to crawlers
    expect(locs.filter((loc) => new URL(loc).pathname.startsWith('/admin'))).toEqual([]);
  });
});
