/**
 * Catalog Management (product.md §2, §5, §7, §8; decisions 0020, 0124) in Chromium: five skeleton rows
 * while the table loads for new filters; 'Add New Item' with the spec's fields, defaults, slug rule and messages; a picture
 * uploaded; the new item is a draft (not public); edit it (the screen's action, price recomputed), publish it
 * and find it on /catalog; view opens the public page; CSV export and an import that refuses a bad
 * sheet; axe with the dialogs open. The item is archived again at the end, so the shared demo
 * catalog looks as before to the other browser tests.
 */
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DEVICES, launchBrowser, openPage, visit } from './support/browser.ts';
import { fetchPage } from './support/html.ts';
import { urlOf } from './support/server.ts';
import { signIn, toastRegion } from './support/admin.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';

const ITEM = {
  title: 'E2E Ratchet Strap 4 in x 40 ft, Flat Hook',
  slug: 'e2e-ratchet-strap-4-in-x-40-ft-flat-hook',
  sku: 'E2E-CRG-9001',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await archiveTestItems();
  await browser?.close();
});

/** Safety net: whatever happened above, the test's items are not left public. */
async function archiveTestItems() {
  const login = await fetch(urlOf('/api/admin/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  const { token } = (await login.json()) as { token: string };
  const headers = { Cookie: cookie, 'X-CSRF-Token': token, 'Content-Type': 'application/json' };
  const list = await fetch(urlOf('/api/admin/catalog?search=E2E'), { headers });
  const { items } = (await list.json()) as { items: { id: number; status: string }[] };
  for (const item of items.filter((i) => i.status === 'active')) {
    await fetch(urlOf(`/api/catalog/${item.id}`), {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'archived' }),
    });
  }
}

const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

describe('Catalog Management', () => {
  it('loads with five skeleton rows, then the table with the spec columns and formats', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page);
      // the first page is in the server's HTML, laid out, before any script runs (issue 31 item 8:
      // nothing arrives after the page has loaded to push the layout around)
      const noScripts = await browser.newContext({
        baseURL: urlOf('/'),
        javaScriptEnabled: false,
        storageState: await context.storageState(),
      });
      try {
        const plain = await noScripts.newPage();
        await plain.goto('/admin/catalog');
        expect(await plain.getByTestId('catalog-skeleton-row').count()).toBe(0);
        const plainRow = plain
          .getByRole('row')
          .filter({ hasText: 'Dexter 7,000 lb Electric Brake Trailer Axle' });
        expect((await plainRow.getByRole('cell').allTextContents()).slice(1, 4)).toEqual([
          'Trailer Parts',
          'PH-TRL-1001',
          '$930.15',
        ]);
        expect(
          await plain
            .getByRole('row')
            .filter({ hasText: 'SMV Slow-Moving' })
            .getByRole('cell')
            .nth(1)
            .textContent(),
        ).toBe('Safety & Compliance');
        expect(await plain.getByRole('row').count()).toBeGreaterThan(20);
      } finally {
        await noScripts.close();
      }
      // the page comes with its table (the loader's data); the list loads again for new filters
      await visit(page, '/admin/catalog');
      await page.getByRole('heading', { name: 'Catalog Management', level: 1 }).waitFor();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/admin/catalog.data*', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Draft' });
      await page.getByTestId('catalog-skeleton-row').first().waitFor();
      expect(await page.getByTestId('catalog-skeleton-row').count()).toBe(5);
      release();
      await page.getByTestId('catalog-skeleton-row').first().waitFor({ state: 'detached' });
      await page.unroute('**/admin/catalog.data*');
      expect(new URL(page.url()).search).toBe('?status=draft');
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
      await row(page, 'Dexter 7,000 lb Electric Brake Trailer Axle, 8-Lug').waitFor();

      expect(await page.getByRole('columnheader').allTextContents()).toEqual([
        'Item',
        'Category',
        'SKU',
        'Price',
        'Stock',
        'Status',
        'Actions',
      ]);
      const axle = row(page, 'Dexter 7,000 lb Electric Brake Trailer Axle, 8-Lug');
      const cells = await axle.getByRole('cell').allTextContents();
      expect(cells.slice(0, 6)).toEqual([
        'Dexter 7,000 lb Electric Brake Trailer Axle, 8-LugDexter',
        // the category's name, not its slug (issue 31 item 8)
        'Trailer Parts',
        'PH-TRL-1001',
        '$930.15',
        '2 units',
        'active',
      ]);
      expect(
        await row(page, 'Prince 2-Spool Monoblock Control Valve').getByRole('cell').nth(4).textContent(),
      ).toBe('1 unit');
      expect(
        await row(page, 'Dexter 10,000 lb Oil-Bath Trailer Axle').getByRole('cell').nth(3).textContent(),
      ).toBe('N/A');
      expect(await row(page, 'Buyers SaltDogg Poly Spinner Disc').getByText('draft').count()).toBe(1);
      await axle.getByRole('button', { name: /^Edit Dexter 7,000/ }).waitFor();
      expect(await axle.getByRole('link', { name: /^View Dexter 7,000/ }).getAttribute('href')).toBe(
        '/catalog/dexter-7000-lb-electric-brake-trailer-axle',
      );
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds an item with the dialog, edits it, publishes it, and it appears on /catalog', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/catalog');
      await row(page, 'Dexter 7,000 lb').first().waitFor();

      // --- add: the empty form says what is missing, in the spec's words
      await page.getByRole('button', { name: 'Add New Item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Item' });
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('catalog-title');
      expect(await dialog.getByLabel('Markup %').inputValue()).toBe('0.35');
      expect(await dialog.getByLabel('Stock Quantity').inputValue()).toBe('0');
      expect(await dialog.getByLabel('Status').inputValue()).toBe('draft');
      await dialog.getByRole('button', { name: 'Create Item' }).click();
      for (const message of ['Title is required', 'Slug is required', 'Category is required']) {
        await dialog.getByText(message).waitFor();
      }

      // typing the title fills the slug by the product.md §5 rule
      await dialog.getByLabel('Title').fill(ITEM.title);
      expect(await dialog.getByLabel('Slug').inputValue()).toBe(ITEM.slug);
      await dialog.getByLabel('SKU', { exact: true }).fill(ITEM.sku);
      await dialog.getByLabel('Supplier SKU').fill('ANC-49471-10');
      await dialog.getByLabel('Brand').fill('Ancra');
      await dialog
        .getByRole('combobox', { name: 'Category', exact: true })
        .selectOption({ label: 'Cargo Control' });
      await dialog.getByLabel('Subcategory').fill('Straps');
      await dialog
        .getByLabel('Description')
        .fill('Heavy 4 in strap with a wide-handle ratchet for flatbed loads.');
      await dialog.getByLabel('Cost ($)').fill('40');
      await dialog.getByLabel('Stock Quantity').fill('12');
      await dialog.getByLabel('Specifications').fill('Working load limit: 5,400 lb\nLength: 40 ft');
      await dialog.getByText('Price: $54.00 CAD (cost plus 35.0% markup)').waitFor();

      // three pictures uploaded through the pipeline; reorder and remove before saving
      const picture = (background: string) =>
        sharp({ create: { width: 800, height: 600, channels: 3, background } })
          .png()
          .toBuffer();
      const uploaded = page.waitForResponse((res) => res.url().endsWith('/api/admin/catalog/images'));
      await dialog.getByLabel('Upload pictures').setInputFiles([
        { name: 'strap-side.png', mimeType: 'image/png', buffer: await picture('#ca8a04') },
        { name: 'strap-hook.png', mimeType: 'image/png', buffer: await picture('#1d4ed8') },
        { name: 'strap-label.png', mimeType: 'image/png', buffer: await picture('#15803d') },
      ]);
      const urls = ((await (await uploaded).json()) as { url: string }[]).map((i) => i.url);
      await dialog.getByText('3 of 10').waitFor();
      const shownOrder = () =>
        dialog
          .getByRole('img', { name: /picture \d$/ })
          .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
      expect(await shownOrder()).toEqual(urls);
      await dialog.getByRole('button', { name: 'Move picture 2 earlier' }).click();
      expect(await shownOrder()).toEqual([urls[1], urls[0], urls[2]]);
      await dialog.getByRole('button', { name: 'Remove picture 3' }).click();
      expect(await shownOrder()).toEqual([urls[1], urls[0]]);
      await dialog.getByText('2 of 10').waitFor();

      await dialog.getByRole('button', { name: 'Create Item' }).click();
      await toastRegion(page).getByText('Catalog item created successfully').waitFor();
      expect(await toastRegion(page).getByText('Success', { exact: true }).count()).toBeGreaterThan(0);
      await dialog.waitFor({ state: 'detached' });
      const created = row(page, ITEM.title);
      await created.waitFor();
      expect((await created.getByRole('cell').allTextContents()).slice(1, 6)).toEqual([
        'Cargo Control',
        ITEM.sku,
        '$54.00',
        '12 units',
        'draft',
      ]);
      // a draft is not public
      expect((await fetchPage(`/catalog/${ITEM.slug}`)).status).toBe(404);

      // --- the same slug again: refused by the server
      await page.getByRole('button', { name: 'Add New Item' }).click();
      const again = page.getByRole('dialog', { name: 'Add New Item' });
      expect(await again.getByLabel('Title').inputValue()).toBe('');
      await again.getByLabel('Title').fill(ITEM.title);
      await again
        .getByRole('combobox', { name: 'Category', exact: true })
        .selectOption({ label: 'Cargo Control' });
      await again.getByRole('button', { name: 'Create Item' }).click();
      // the toast shows while the dialog is open (a modal hides the rest of the page from
      // assistive technology; the field's own alert inside the dialog says it there)
      await page
        .getByRole('region', { name: /Notifications/, includeHidden: true })
        .getByText('Slug already exists')
        .first()
        .waitFor();
      await again.getByRole('alert').filter({ hasText: 'Slug already exists' }).waitFor();
      await again.getByRole('button', { name: 'Cancel' }).click();
      await again.waitFor({ state: 'detached' });

      // --- edit: the dialog comes prefilled; a new cost reprices on the server (PATCH)
      await created.getByRole('button', { name: `Edit ${ITEM.title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Item' });
      await edit.waitFor();
      expect(await edit.getByLabel('Title').inputValue()).toBe(ITEM.title);
      expect(await edit.getByLabel('Cost ($)').inputValue()).toBe('40.00');
      expect(await edit.getByLabel('Specifications').inputValue()).toBe(
        'Working load limit: 5,400 lb\nLength: 40 ft',
      );
      const patch = page.waitForRequest(
        (req) => req.method() === 'POST' && new URL(req.url()).pathname === '/admin/catalog.data',
      );
      await edit.getByLabel('Cost ($)').fill('50');
      await edit.getByLabel('Markup %').fill('0.4');
      await edit.getByText('Price: $70.00 CAD (cost plus 40.0% markup)').waitFor();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      // the dialog's fields as a form (decision 0183): the action prices them
      expect(Object.fromEntries(new URLSearchParams((await patch).postData() ?? ''))).toMatchObject({
        intent: 'update',
        cost: '50',
        markupPct: '0.4',
      });
      await toastRegion(page).getByText('Catalog item updated successfully').waitFor();
      await expect.poll(() => created.getByRole('cell').nth(3).textContent()).toBe('$70.00');

      // --- publish: one click; the item is then on the public catalog
      await created.getByRole('button', { name: `Publish ${ITEM.title}` }).click();
      await expect.poll(() => created.getByRole('cell').nth(5).textContent()).toBe('active');

      const [view] = await Promise.all([
        context.waitForEvent('page'),
        created.getByRole('link', { name: `View ${ITEM.title}` }).click(),
      ]);
      await view.waitForLoadState();
      await view.getByRole('heading', { name: ITEM.title, level: 1 }).waitFor();
      await view.getByText('$70.00 CAD').waitFor();
      expect(
        await view.getByRole('group', { name: 'Pictures of this part' }).getByRole('button').count(),
      ).toBe(2);
      await view.close();

      await visit(page, '/catalog?category=cargo-control');
      const card = page.locator('article', { hasText: ITEM.title });
      await card.waitFor();
      expect(await card.getByText('In Stock').count()).toBe(1);
      // the main picture is the one moved to the front
      expect(urls[1]).toMatch(/^\/uploads\/catalog\/[0-9a-f]{32}\.webp$/);
      expect(await card.getByRole('img').getAttribute('src')).toBe(urls[1]);
      // the browser's own line about the refused duplicate (409) is the only one
      expect(problems.errors.filter((e) => !/status of 409 \(Conflict\)/.test(e))).toEqual([]);

      // --- status can go to archived: gone from the public catalog again
      await visit(page, '/admin/catalog');
      await row(page, ITEM.title)
        .getByRole('button', { name: `Edit ${ITEM.title}` })
        .click();
      const archive = page.getByRole('dialog', { name: 'Edit Item' });
      await archive.getByLabel('Status').selectOption('archived');
      await archive.getByRole('button', { name: 'Save Changes' }).click();
      await toastRegion(page).getByText('Catalog item updated successfully').waitFor();
      expect((await fetchPage(`/catalog/${ITEM.slug}`)).status).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('exports the catalog as CSV and imports a sheet, refusing one with a bad row', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/catalog');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.csv$/);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const csv = Buffer.concat(chunks).toString('utf8');
      expect(csv).toContain('sku,slug,title,brand,category');
      expect(csv).toContain('PH-TRL-1001,dexter-7000-lb-electric-brake-trailer-axle,');

      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import CSV' });
      await dialog.waitFor();
      const bad = 'sku,title,category,cost\nE2E-IMP-1,Import One,snow-ice,12.50\nE2E-IMP-2,,snow-ice,ten\n';
      await dialog
        .getByLabel('Choose CSV file')
        .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await dialog.getByText('1 row has problems; nothing was imported.').waitFor();
      const problems = dialog.getByRole('region', { name: 'Problems found' });
      expect(await problems.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
        '3',
        'cost',
        'Cost must be an amount in dollars, 0 or more',
      ]);
      expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      const good = 'sku,title,category,cost\nE2E-IMP-1,E2E Import One,snow-ice,12.50\n';
      await dialog
        .getByLabel('Choose another file')
        .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await dialog.getByText('Ready to import').waitFor();
      await dialog.getByText('1 new item, 0 items to update').waitFor();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await toastRegion(page).getByText('Catalog imported: 1 new item, 0 items updated.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const imported = row(page, 'E2E Import One');
      await imported.waitFor();
      expect((await imported.getByRole('cell').allTextContents()).slice(2, 6)).toEqual([
        'E2E-IMP-1',
        '$16.88',
        '0 units',
        'draft',
      ]);
    } finally {
      await context.close();
    }
  });

  for (const device of DEVICES) {
    it(`axe finds nothing with the item dialog open (${device}), and nothing scrolls sideways`, async () => {
      const { context, page, problems } = await openPage(browser, device);
      try {
        await signIn(page, '/admin/catalog');
        await row(page, 'Dexter 7,000 lb').first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: /^Edit Dexter 7,000/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Item' });
        await dialog.getByRole('img', { name: /picture 1$/ }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // focus returns to the button that opened the dialog: Radix moves it there in a timer
        // after the dialog is gone, so it may land a moment after the detach
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
          .toMatch(/^Edit Dexter 7,000/);
        const width = await page.evaluate(
          () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
        );
        expect(width).toBe(0);
        expect(problems.errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
