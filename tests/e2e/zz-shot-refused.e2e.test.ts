// temporary: screenshots of a refused form (not committed)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { signIn } from './support/admin.ts';
import { launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const viewport of ['desktop', 'phone'] as const) {
  it(`refused supplier form (${viewport})`, async () => {
    const { context, page } = await openPage(browser, viewport);
    try {
      await signIn(page, '/admin/suppliers');
      await page.getByRole('button', { name: /Add supplier/i }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /Save/ }).click();
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
      await page.waitForTimeout(400);
      console.log('focused', await page.evaluate(() => document.activeElement?.id));
      await page.screenshot({ path: `/tmp/refused-supplier-${viewport}.png` });
    } finally {
      await context.close();
    }
  });
}
