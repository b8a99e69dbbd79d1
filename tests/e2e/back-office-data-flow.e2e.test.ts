/**
 * The back office's data flow (decision 0124) in Chromium: a change on Catalog or Blog Management
 * goes to the screen's own route action, and the table shows it without a reload of the page and
 * without any request to /api (no second fetch of the list); the action answers a refusal in the
 * one error shape with its status. Each change is undone before the test ends, so the shared demo
 * data look as before to the other browser tests.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { isApiCall, signIn, toastRegion } from './support/admin.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every request the page makes from now on, and how often its document is loaded. */
function watch(page: Page) {
  const requests: Request[] = [];
  let documents = 0;
  page.on('request', (req) => {
    requests.push(req);
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) documents += 1;
  });
  return {
    api: () => requests.map((r) => new URL(r.url()).pathname).filter(isApiCall),
    posts: () => requests.filter((r) => r.method() === 'POST').map((r) => new URL(r.url()).pathname),
    documents: () => documents,
  };
}

const SPINNER = 'Buyers SaltDogg Poly Spinner Disc';

describe('back office data flow', () => {
  it('Catalog: an edit goes to the route action and the table changes without a reload or /api', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/catalog');
      const row = page.getByRole('row').filter({ hasText: SPINNER });
      const stock = row.getByRole('cell').nth(4);
      const before = await stock.textContent();
      const seen = watch(page);

      const setStock = async (qty: string) => {
        await row.getByRole('button', { name: `Edit ${SPINNER}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Item' });
        await dialog.getByLabel('Stock Quantity').fill(qty);
        await dialog.getByRole('button', { name: 'Save Changes' }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await setStock('37');
      await toastRegion(page).getByText('Catalog item updated successfully').first().waitFor();
      // the toast comes after the reload of the loader's data: the row already shows the change
      expect(await stock.textContent()).toBe('37 units');
      expect(seen.posts()).toEqual(['/admin/catalog.data']);
      expect(seen.api()).toEqual([]);
      expect(seen.documents()).toBe(0);

      const qty = /^(\d+) units?$/.exec(before ?? '')?.[1] ?? '0';
      await setStock(qty);
      await expect.poll(() => stock.textContent()).toBe(before);
      expect(seen.api()).toEqual([]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Catalog: search and filters live in the address, so a reload or Back shows the same list', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/catalog');
      const box = page.getByRole('searchbox', { name: 'Search' });
      const titles = () => page.getByRole('row').filter({ has: page.getByRole('cell') });
      await box.fill('saltdogg');
      await page.waitForURL('**/admin/catalog?search=saltdogg');
      await expect.poll(() => titles().count()).toBe(1);
      await titles().filter({ hasText: SPINNER }).waitFor();

      await page.reload();
      await waitForHydration(page);
      expect(await box.inputValue()).toBe('saltdogg');
      expect(await titles().count()).toBe(1);

      // a draft: not among the active items
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Active' });
      await page.getByText('No items match these filters.').waitFor();
      expect(new URL(page.url()).search).toBe('?search=saltdogg&status=active');
      expect(await box.inputValue()).toBe('saltdogg');

      await page.goBack();
      await titles().filter({ hasText: SPINNER }).waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('all');
      expect(await box.inputValue()).toBe('saltdogg');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("Catalog: the action refuses bad input with the service's status, message and field errors", async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/catalog');
      // React Router's own request for a fetcher's post (single fetch: `<path>.data`)
      // the item dialog's fields, as a form (decision 0183)
      const res = await page.request.post('/admin/catalog.data', {
        headers: { Origin: new URL(page.url()).origin },
        form: { intent: 'update', id: '1', markupPct: '7' },
      });
      expect(res.status()).toBe(400);
      const body = await res.text();
      for (const part of ['"ok"', '"message"', '"fieldErrors"', '"markupPct"']) expect(body).toContain(part);
      expect(body).toContain('Markup must be a number from 0 to 1');

      // a form from another site is refused before it reaches the action
      const foreign = await page.request.post('/admin/catalog.data', {
        headers: { Origin: 'https://elsewhere.example' },
        form: { intent: 'update', id: '1', stockQty: '0' },
      });
      expect(foreign.status()).toBe(403);
    } finally {
      await context.close();
    }
  });

  it('Blog: archive and restore go to the route action and the table follows without /api', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page);
      const row = page
        .getByRole('row')
        .filter({ hasText: '/blog/hydraulic-hose-failures-spotting-trouble-before-it-blows' });
      await row.getByText('draft').waitFor();
      const seen = watch(page);
      const title = (await row.getByRole('cell').first().locator('p').first().textContent())!;

      await row.getByRole('button', { name: `More actions for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await toastRegion(page).getByText('Blog post archived').first().waitFor();
      expect(await row.getByText('archived').count()).toBe(1);

      await row.getByRole('button', { name: `More actions for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Restore as draft' }).click();
      await row.getByText('draft').waitFor();

      expect(seen.posts()).toEqual(['/admin/blog.data', '/admin/blog.data']);
      expect(seen.api()).toEqual([]);
      expect(seen.documents()).toBe(0);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
