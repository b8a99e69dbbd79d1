/**
 * After 'Send Quote' (issue 48 item 8, decision 0192), on the worker's shared server at 1280 and
 * at 390 px: the dialog shows what was sent at its top (the version, when and by whom, each option
 * and its price), in view and focused; the form is gone behind 'Send a new version', so a second
 * press cannot send version 2. 'Send a new version' opens the form from the version sent; sending
 * it asks first ("The customer's link shows version 1 now…"): 'Keep version 1' sends nothing,
 * 'Send version 2' sends it, and the top then says version 2. axe at each step.
 */
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceQuote } from '#app/modules/pricing/pricing.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { signIn } from './support/admin.ts';
import { axeViolations, launchBrowser, openPage, DEVICES } from './support/browser.ts';
import { webRequest } from './support/requests.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The lead's quote versions, as the dialog's loader reads them (its /api mirror). */
async function versionsOf(page: Page, id: number): Promise<number[]> {
  const res = await page.request.get(`/api/leads/${id}`);
  const lead = (await res.json()) as { quoteVersions: { version: number }[] };
  return lead.quoteVersions.map((v) => v.version);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** Whether the element is within the screen (not scrolled away). */
const inView = (page: Page, name: string) =>
  page.getByRole('heading', { name }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

describe.each(DEVICES)('on a %s', (device) => {
  it('shows what was sent at the top; a new version is asked for, and replacing the quote asks first', async () => {
    const { id } = await webRequest();
    const { context, page, problems } = await openPage(browser, device);
    try {
      await signIn(page, `/admin/leads/${id}`);
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      await dialog.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
      await dialog.getByLabel(/Cost \(\$\)/).fill('100');
      await dialog.getByRole('button', { name: 'Send Quote' }).click();

      // what was sent, at the top, in view and focused: version, time, who, the option and price
      const sent = dialog.getByRole('region', { name: 'Sent: version 1' });
      await sent.waitFor();
      await expect.poll(() => focusedText(page)).toMatch(/^Sent: version 1/);
      expect(await inView(page, 'Sent: version 1')).toBe(true);
      const words = await sent.innerText();
      expect(words).toMatch(/Version 1 · sent \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [ap]\.m\. by \S+/);
      expect(words).toContain(
        formatMoney(priceQuote({ costCents: 10_000, urgency: 'flexible', rules: DEFAULT_MARKUP }).sellPrice),
      );
      expect(await axeViolations(page)).toEqual([]);

      // the form waits behind 'Send a new version': a second press of Send Quote is impossible
      expect(await dialog.getByRole('button', { name: 'Send Quote' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Send a new version' }).click();
      const cost = dialog.getByLabel(/Cost \(\$\)/);
      await expect.poll(() => cost.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await cost.inputValue()).toBe('100.00');
      await cost.fill('120');

      // replacing a quote the customer may be reading asks first; keeping it sends nothing
      await dialog.getByRole('button', { name: 'Send version 2' }).click();
      const question = dialog.getByText(/^The customer's link shows version 1 now/);
      await question.waitFor();
      await expect.poll(() => focusedText(page)).toMatch(/^The customer's link shows version 1 now/);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep version 1' }).click();
      await question.waitFor({ state: 'detached' });
      expect(await versionsOf(page, id)).toEqual([1]);

      // asked again and confirmed: version 2, said at the top
      await dialog.getByRole('button', { name: 'Send version 2' }).click();
      await question.waitFor();
      await dialog.getByRole('button', { name: 'Send version 2' }).click();
      await dialog.getByRole('region', { name: 'Sent: version 2' }).waitFor();
      await expect.poll(() => focusedText(page)).toMatch(/^Sent: version 2/);
      expect(await dialog.getByRole('region', { name: 'Sent: version 2' }).innerText()).toContain(
        formatMoney(priceQuote({ costCents: 12_000, urgency: 'flexible', rules: DEFAULT_MARKUP }).sellPrice),
      );
      expect(await versionsOf(page, id)).toEqual([1, 2]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
