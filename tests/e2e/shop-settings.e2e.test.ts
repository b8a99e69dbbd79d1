/**
 * The shop's own numbers on Settings in Chromium (issue 49 item 1, decision 0204), on a server of
 * its own (its hours change what every public page says). On a laptop the owner finds the pickup
 * address missing (on Settings and on the leads board), opens Saturdays, and the home page's
 * footer says so at once (the page cache dropped it); a markup range upside down is refused with
 * the message under the field, focused, and nothing saved; setting a pickup address takes the
 * notices away. On a phone the sections fit without sideways scrolling. axe finds nothing on
 * either. Server side in detail: tests/api/shop-settings.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PICKUP_MISSING, SHOP_MESSAGES, SHOP_TEXT } from '#app/modules/site/shop-settings.ts';
import { toastRegion } from './support/admin.ts';
import { axeViolations, launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';

const password = 'e2e-shop-settings-password';
let browser: Browser;
let server: SpawnedServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    spawnServer({ name: 'shop-settings', adminPassword: password }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

async function signIn(page: Page) {
  await page.goto(`${server.origin}/admin/login`);
  await waitForHydration(page);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/admin/leads');
  await waitForHydration(page);
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

it('the owner opens Saturdays and the footer says so; a bad markup is refused; a pickup address ends the notices', async () => {
  const { context, page, problems } = await openPage(browser, 'desktop');
  try {
    await page.goto(`${server.origin}/`);
    expect(await page.locator('footer').innerText()).not.toContain('Sat 8AM-4PM CT');

    await signIn(page);
    // no pickup place yet: the board says so, with the way to Settings
    await page.getByRole('status').filter({ hasText: PICKUP_MISSING.board }).waitFor();
    await page.getByRole('link', { name: PICKUP_MISSING.settingsLink }).click();
    await page.waitForURL('**/admin/settings**');
    await waitForHydration(page);
    const pickup = section(page, SHOP_TEXT.pickup.title);
    await pickup.getByRole('status').getByText(SHOP_TEXT.pickup.missing).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Saturdays 8 to 4
    const hours = section(page, SHOP_TEXT.hours.title);
    await hours.getByLabel('Open on Saturday').check();
    await hours.getByLabel('Opens on Saturday').fill('08:00');
    await hours.getByLabel('Closes on Saturday').fill('16:00');
    await hours.getByRole('button', { name: SHOP_TEXT.hours.save }).click();
    await toastRegion(page).getByText(SHOP_TEXT.saved).waitFor();

    // a markup range upside down: the message under the field, which has the focus
    const markup = section(page, SHOP_TEXT.markup.title);
    const easyHighest = markup.getByLabel(`${SHOP_TEXT.markup.highest} for Easy`);
    await markup.getByLabel(`${SHOP_TEXT.markup.lowest} for Easy`).fill('40');
    await easyHighest.fill('30');
    await markup.getByRole('button', { name: SHOP_TEXT.markup.save }).click();
    await markup.getByText(SHOP_MESSAGES.lowAboveHigh).waitFor();
    expect(await easyHighest.getAttribute('aria-invalid')).toBe('true');
    expect(await easyHighest.evaluate((el) => el === document.activeElement)).toBe(true);

    // a pickup address: the notice goes, here and on the board
    await pickup.getByLabel(SHOP_TEXT.pickup.address).fill('1450 Sargent Ave, Winnipeg');
    await pickup.getByRole('button', { name: SHOP_TEXT.pickup.save }).click();
    await toastRegion(page).getByText(SHOP_TEXT.saved).last().waitFor();
    await expect.poll(() => pickup.getByText(SHOP_TEXT.pickup.missing).count()).toBe(0);
    // the refused markup's answer is a 400, which the browser reports; nothing else went wrong
    expect(problems.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);

    await page.goto(`${server.origin}/admin/leads`);
    await waitForHydration(page);
    expect(await page.getByText(PICKUP_MISSING.board).count()).toBe(0);

    // a visitor's home page (no session: from the page cache) states the new hours at once
    const visitor = await browser.newContext();
    try {
      const home = await visitor.newPage();
      await home.goto(`${server.origin}/`);
      const footer = await home.locator('footer').innerText();
      expect(footer).toContain('Mon-Fri 7AM-6PM CT');
      expect(footer).toContain('Sat 8AM-4PM CT');
    } finally {
      await visitor.close();
    }
  } finally {
    await context.close();
  }
});

it('fits a 390 px phone: every section reads without sideways scrolling, and axe finds nothing', async () => {
  const { context, page, problems } = await openPage(browser, 'phone');
  try {
    await signIn(page);
    await page.goto(`${server.origin}/admin/settings`);
    await waitForHydration(page);
    for (const title of [
      SHOP_TEXT.hours.title,
      SHOP_TEXT.markup.title,
      SHOP_TEXT.pickup.title,
      SHOP_TEXT.quietHours.title,
      SHOP_TEXT.staff.title,
    ]) {
      await section(page, title).waitFor();
    }
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  } finally {
    await context.close();
  }
});
