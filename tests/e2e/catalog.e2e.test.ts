/**
 * The public catalog (product.md §2 'Catalog', 'Catalog item'; decision 0005) in Chromium and as a crawler
 * sees it: filters in a shareable URL rendered by the server (also without JavaScript), six
 * placeholders while a filter change loads, 'No parts found', the item page with its gallery,
 * text buttons, Product JSON-LD and broken-image fallback, 'Item Not Found' with HTTP 404; axe on
 * every state, no sideways scrolling on a 360 px phone. Both pages ship no React (decision 0112):
 * at most 10 KB of script, and the filters and the gallery work with JavaScript off.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, visit } from './support/browser.ts';
import { countElements, fetchPage, linkHrefs, tagsOf, textOf, titleOf } from './support/html.ts';
import { baseUrl, urlOf } from './support/server.ts';
import { SMS_HREF } from './support/site.ts';

/** The demo catalog's active trailer parts, in title order. */
const TRAILER_PARTS = [
  'Dexter 10,000 lb Oil-Bath Trailer Axle, Built to Order',
  'Dexter 12 x 2 in Hub & Drum Assembly, 6 on 5.5 in',
  'Dexter 4-Leaf Double-Eye Trailer Spring, 1,750 lb',
  'Dexter 7,000 lb Electric Brake Trailer Axle, 8-Lug',
];
const AXLE = {
  path: '/catalog/dexter-7000-lb-electric-brake-trailer-axle',
  title: 'Dexter 7,000 lb Electric Brake Trailer Axle, 8-Lug',
  sku: 'PH-TRL-1001',
};
const PLACEHOLDER = '/catalog-placeholder.svg';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cardTitles = (page: Page) => page.locator('main ul li article h2').allTextContents();

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

const overflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

describe('the catalog list', () => {
  it('filters by category and city in the URL; the shared link renders the same list on the server', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await visit(page, '/catalog');
      await page.getByRole('heading', { name: 'Parts Catalog', level: 1 }).waitFor();
      expect((await cardTitles(page)).length).toBe(24);
      await page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('link', { name: 'Next' })
        .waitFor();

      await page.getByLabel('Category').selectOption({ label: 'Trailer Parts' });
      await page.waitForURL((url) => url.search === '?category=trailer-parts');
      await page.getByText('Showing 1–4 of 4 parts').waitFor();
      expect(await cardTitles(page)).toEqual(TRAILER_PARTS);

      await page.getByLabel('Delivery city').selectOption({ label: 'Brandon' });
      await page.waitForURL((url) => url.search === '?category=trailer-parts&city=brandon');
      await page.getByText('Showing 1–4 of 4 parts, delivery times to Brandon').waitFor();
      // Brandon is a day further than Winnipeg: in stock 2-5 days, to be ordered 3-6 days
      const axleCard = page.locator('article', { hasText: AXLE.title });
      expect(await axleCard.getByText(/Ships in/).textContent()).toBe('Ships in 2-5 business days');
      const builtToOrder = page.locator('article', { hasText: TRAILER_PARTS[0]! });
      expect(await builtToOrder.getByText(/Ships in/).textContent()).toBe('Ships in 3-6 business days');
      expect(await builtToOrder.getByText('Contact for ETA').count()).toBe(1);
      expect(await builtToOrder.getByText('Contact for price').count()).toBe(1);
      expect(problems.errors).toEqual([]);

      // share the link: another visitor (fresh browser context) gets the same filtered page
      const shared = page.url();
      const other = await openPage(browser, 'phone');
      try {
        await visit(other.page, shared);
        expect(await other.page.getByLabel('Category').inputValue()).toBe('trailer-parts');
        expect(await other.page.getByLabel('Delivery city').inputValue()).toBe('brandon');
        expect(await cardTitles(other.page)).toEqual(TRAILER_PARTS);
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('the server renders the filtered list (no JavaScript needed), with a GET form to change it', async () => {
    const { status, html } = await fetchPage('/catalog?category=trailer-parts&city=winnipeg');
    expect(status).toBe(200);
    const text = textOf(html);
    for (const title of TRAILER_PARTS) expect(text).toContain(title);
    expect(text).not.toContain('Kramp 12 in Heavy-Duty Cultivator Sweep');
    expect(text).toContain('Showing 1–4 of 4 parts, delivery times to Winnipeg');
    expect(text).toContain('Ships in 2-4 business days');
    const [form] = tagsOf(html, 'form');
    expect(form).toMatchObject({ method: 'get', action: '/catalog' });
    expect(html).toContain('>Show parts</button>');
    // the chosen option, with the address a change to it goes to (built by catalogSearch)
    const [chosen] = tagsOf(html, 'option').filter((o) => o.value === 'trailer-parts');
    expect(chosen).toMatchObject({
      selected: '',
      'data-href': '/catalog?category=trailer-parts&city=winnipeg',
    });
    expect(html).toMatch(/<option value="trailer-parts"[^>]*>Trailer Parts<\/option>/);
    const [all] = tagsOf(html, 'option').filter((o) => o.value === 'all');
    expect(all).toMatchObject({ 'data-href': '/catalog?city=winnipeg' });
    // 'all' means no filter, as the GET form sends it
    const unfiltered = textOf((await fetchPage('/catalog?category=all&city=all')).html);
    expect(unfiltered).toContain('Showing 1–24 of 29 parts');
    // the canonical link is this list: its category (and page), not the city, which only changes
    // the delivery estimates (decision 0127); the page stays small (24 items per page)
    expect(linkHrefs(html, 'canonical')).toEqual([`${baseUrl()}/catalog?category=trailer-parts`]);
    expect(titleOf(html)).toBe('Trailer Parts | Parts Catalog | Parts Hunters MB');
    const page2 = await fetchPage('/catalog?page=2');
    expect(countElements(page2.html, 'article')).toBe(5);
    expect(Buffer.byteLength((await fetchPage('/catalog')).html)).toBeLessThan(200_000);
  });

  it('shows six placeholders while a filter change loads, then the list', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      // the next page is a document load (no React, decision 0112): it is held back, and while it
      // is, Playwright cannot query the page, so the page reports what it shows through a binding
      let report!: (shown: unknown) => void;
      const reported = new Promise((resolve) => (report = resolve));
      await page.exposeFunction('reportLoading', (shown: unknown) => report(shown));
      await visit(page, '/catalog');
      await page.evaluate(() => {
        new MutationObserver(() => {
          const loading = document.querySelector('[data-testid="catalog-loading"]');
          const status = document.querySelector('[aria-live="polite"]')?.textContent;
          if (loading)
            (window as unknown as { reportLoading(s: unknown): void }).reportLoading({
              placeholders: loading.children.length,
              status,
            });
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/catalog' && url.search.includes('category='),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.getByLabel('Category').selectOption({ label: 'Snow & Ice' });
      expect(await reported).toEqual({ placeholders: 6, status: 'Loading parts…' });
      const loading = page.getByTestId('catalog-loading');
      release();
      await page.waitForURL((url) => url.search.startsWith('?category='));
      await loading.waitFor({ state: 'detached' });
      expect(await cardTitles(page)).toEqual([
        'Meyer 8 ft Steel Plow Cutting Edge, 6 x 1/2 in',
        'Meyer Plow Angle Cylinder, 1-1/2 x 10 in',
      ]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says 'No parts found' with a way to /find-my-part when nothing matches", async () => {
    const { context, page } = await openPage(browser, 'phone');
    try {
      await visit(page, '/catalog?category=no-such-category');
      await page.getByRole('heading', { name: 'No parts found' }).waitFor();
      const main = page.getByRole('main');
      expect(await main.getByRole('link', { name: 'Find My Part' }).getAttribute('href')).toBe(
        '/find-my-part',
      );
      // axe on this state: tests/e2e/support/accessibility.ts
    } finally {
      await context.close();
    }
  });
});

describe('without React', () => {
  /** The scripts a page loads (script src and module preloads) and their size gzipped. */
  async function scriptsOf(path: string) {
    const { html } = await fetchPage(path);
    const srcs = [
      ...tagsOf(html, 'script').flatMap((s) => (s.src ? [s.src] : [])),
      ...tagsOf(html, 'link').flatMap((l) => (l.rel === 'modulepreload' && l.href ? [l.href] : [])),
    ];
    let gzipBytes = 0;
    for (const src of srcs)
      gzipBytes += gzipSync(Buffer.from(await (await fetch(urlOf(src))).arrayBuffer())).length;
    return { html, srcs, gzipBytes };
  }

  it.each(['/catalog?category=trailer-parts', AXLE.path])(
    '%s loads no React runtime and at most 10 KB of script (gzip)',
    async (path) => {
      const { html, srcs, gzipBytes } = await scriptsOf(path);
      expect(html).not.toContain('__reactRouterContext');
      expect(html).not.toContain('modulepreload');
      expect(srcs.length).toBeGreaterThan(1); // chrome.js and the page's own script
      expect(gzipBytes).toBeLessThanOrEqual(10 * 1024);
    },
  );

  describe('with JavaScript off', () => {
    let noJs: BrowserContext;
    beforeAll(async () => {
      noJs = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    });
    afterAll(async () => {
      await noJs?.close();
    });

    it('the filters are a form: choose, press Show parts, get the filtered list', async () => {
      const page = await noJs.newPage();
      await page.goto('/catalog');
      await page.getByLabel('Category').selectOption({ label: 'Trailer Parts' });
      await page.getByLabel('Delivery city').selectOption({ label: 'Brandon' });
      await page.getByRole('button', { name: 'Show parts' }).click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'trailer-parts');
      expect(new URL(page.url()).searchParams.get('city')).toBe('brandon');
      await page.getByText('Showing 1–4 of 4 parts, delivery times to Brandon').waitFor();
      expect(await cardTitles(page)).toEqual(TRAILER_PARTS);
      expect(await page.getByLabel('Category').inputValue()).toBe('trailer-parts');
      await page.close();
    });

    it('the gallery shows the first picture and every thumbnail, each a link to its picture', async () => {
      const page = await noJs.newPage();
      await page.goto(AXLE.path);
      const main = page.getByRole('img', { name: `${AXLE.title}, picture 1 of 3` });
      expect(await main.isVisible()).toBe(true);
      const thumbs = page.getByRole('group', { name: 'Pictures of this part' }).getByRole('link');
      expect(await thumbs.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        expect(await thumbs.nth(i).isVisible()).toBe(true);
        expect(await thumbs.nth(i).getAttribute('aria-label')).toBe(`Show picture ${i + 1} of 3`);
        expect(await thumbs.nth(i).getAttribute('href')).toBe(
          `/uploads/catalog/dexter-7000-lb-electric-brake-trailer-axle-${i + 1}.webp`,
        );
      }
      await page.close();
    });
  });
});

describe('the item page', () => {
  it('shows everything product.md §2 lists, with text buttons naming the item', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await visit(page, `${AXLE.path}?city=brandon`);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Home', 'Catalog', 'Trailer Parts']);
      await page.getByRole('heading', { name: AXLE.title, level: 1 }).waitFor();
      const main = page.getByRole('main');
      for (const text of [
        'Trailer Parts',
        '2 Available',
        'Brand: Dexter',
        '$930.15 CAD',
        'Ships in 2-5 business days to Brandon',
        AXLE.sku,
        'DEX-7E84S65-8L',
        'Not sure it fits?',
      ]) {
        await main.getByText(text, { exact: true }).first().waitFor();
      }
      await main.getByRole('heading', { name: 'Description' }).waitFor();
      await main.getByRole('heading', { name: 'Specifications' }).waitFor();
      expect(await main.getByRole('term').allTextContents()).toEqual(
        expect.arrayContaining(['SKU', 'Supplier SKU', 'Capacity', 'Bolt pattern']),
      );

      const quote = await main.getByRole('link', { name: 'Request Quote' }).getAttribute('href');
      const fit = await main.getByRole('link', { name: 'Request Fit Check' }).getAttribute('href');
      for (const href of [quote!, fit!]) {
        expect(href.startsWith(`${SMS_HREF}?&body=`)).toBe(true);
        const body = decodeURIComponent(href.split('body=')[1]!);
        expect(body).toContain(AXLE.title);
        expect(body).toContain(AXLE.sku);
      }
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the gallery shows the main picture and thumbnails that work with the keyboard', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await visit(page, AXLE.path);
      const thumbs = page.getByRole('group', { name: 'Pictures of this part' }).getByRole('button');
      expect(await thumbs.count()).toBe(3);
      const main = page.getByRole('img', { name: `${AXLE.title}, picture 1 of 3` });
      await main.waitFor();
      expect(await main.getAttribute('width')).toBe('800');
      expect(await main.getAttribute('height')).toBe('600');

      await thumbs.nth(0).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('img', { name: `${AXLE.title}, picture 2 of 3` }).waitFor();
      expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Show picture 2 of 3',
      );
      await page.keyboard.press('End');
      await page.getByRole('img', { name: `${AXLE.title}, picture 3 of 3` }).waitFor();
      await page.keyboard.press('Home');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('img', { name: `${AXLE.title}, picture 2 of 3` }).waitFor();
      await thumbs.nth(2).click();
      await page.getByRole('img', { name: `${AXLE.title}, picture 3 of 3` }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('emits Product JSON-LD: offer in CAD with price and availability; none for an item without a price', async () => {
    const { html } = await fetchPage(AXLE.path);
    const product = jsonLdOf(html).find((d) => d['@type'] === 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: AXLE.title,
      sku: AXLE.sku,
      mpn: 'DEX-7E84S65-8L',
      brand: { '@type': 'Brand', name: 'Dexter' },
      category: 'Trailer Parts',
      url: `${baseUrl()}${AXLE.path}`,
      image: [1, 2, 3].map(
        (n) => `${baseUrl()}/uploads/catalog/dexter-7000-lb-electric-brake-trailer-axle-${n}.webp`,
      ),
      offers: {
        '@type': 'Offer',
        priceCurrency: 'CAD',
        price: '930.15',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(jsonLdOf(html).some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);

    // no price: no Offer without a price (an error under Google's Product rules), so no Product;
    // the page still has its breadcrumbs (decision 0081)
    const builtToOrder = await fetchPage('/catalog/dexter-10000-lb-trailer-axle-built-to-order');
    expect(textOf(builtToOrder.html)).toContain('Contact for price');
    expect(jsonLdOf(builtToOrder.html).map((d) => d['@type'])).toEqual(['BreadcrumbList']);

    // the Product JSON-LD in a real browser, as a crawler that runs scripts sees it
    const { context, page } = await openPage(browser, 'phone');
    try {
      await visit(page, AXLE.path);
      const data = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(data.map((d) => (JSON.parse(d) as { '@type': string })['@type'])).toContain('Product');
    } finally {
      await context.close();
    }
  });

  it('a picture that does not load falls back to the placeholder', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await page.route('**/uploads/catalog/**', (route) => route.abort('failed'));
      await visit(page, AXLE.path);
      const main = page.getByRole('img', { name: `${AXLE.title}, picture 1 of 3` });
      await expect.poll(() => main.getAttribute('src')).toBe(PLACEHOLDER);
      const loaded = await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
      expect(loaded).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("answers 404 'Item Not Found' for unknown, draft and archived items", async () => {
    for (const slug of [
      'no-such-part',
      'saltdogg-poly-spinner-disc-18-in',
      'buyers-36-in-aluminum-underbody-box',
    ]) {
      const { status, html } = await fetchPage(`/catalog/${slug}`);
      expect({ slug, status }).toEqual({ slug, status: 404 });
      const text = textOf(html);
      expect(text).toContain('Item Not Found');
      expect(text).toContain('The requested catalog item could not be found.');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    const { context, page } = await openPage(browser, 'phone');
    try {
      await page.goto('/catalog/no-such-part');
      await page.getByRole('heading', { name: 'Item Not Found', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Browse Catalog' }).click();
      await page.waitForURL((url) => url.pathname === '/catalog');
    } finally {
      await context.close();
    }
  });
});

describe('small screens', () => {
  // axe (and no console errors) on the list, an item and the not-found state, on a laptop and a
  // phone: tests/e2e/support/accessibility.ts
  it('no sideways scrolling on a 360 px phone, and tap targets of at least 44 px', async () => {
    const { context, page } = await openPage(browser, 'phone', { width: 360, height: 740 });
    try {
      for (const path of ['/catalog', AXLE.path]) {
        await visit(page, path);
        expect({ path, overflow: await overflow(page) }).toEqual({ path, overflow: 0 });
      }
      const small = await page.locator('main a, main button, main select').evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => ({
            name: el.textContent?.trim() || el.getAttribute('aria-label'),
            h: el.getBoundingClientRect().height,
          }))
          .filter((e) => e.h < 44),
      );
      expect(small).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
