/** product.md §8: broken images fall back to the default placeholder, also on pages that ship no React. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('a city page whose item pictures fail to load shows the placeholder instead', async () => {
  const { context, page } = await openPage(browser, 'phone');
  try {
    await page.route('**/uploads/catalog/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/mb/winnipeg/trailer-parts', { waitUntil: 'load' });
    const pictures = page.locator(
      'main img[src*="/uploads/catalog/"], main img[src$="/catalog-placeholder.svg"]',
    );
    await expect.poll(() => pictures.count()).toBeGreaterThan(0);
    // lazy pictures are only requested once near the viewport
    for (let i = 0; i < (await pictures.count()); i++) await pictures.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        pictures.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src'))),
      )
      .toEqual(Array(await pictures.count()).fill('/catalog-placeholder.svg'));
  } finally {
    await context.close();
  }
});
