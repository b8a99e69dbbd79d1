/**
 * Notifications and the installable back office in Chromium (issue 51 items 4, 5 and 7; decisions
 * 0205 and 0206). 'Your account' shows the Notifications section at 1280 and 390 px, axe-clean: the
 * button that turns them on here, and the four choices, all ticked at first, saved and shown again
 * after a reload. Headless Chromium reaches no real push service, so delivery is tested against a
 * stand-in (tests/api/push.test.ts); here a refused permission is said in words. The web app
 * manifest: its fields and its three icons (PNG, their sizes), linked from the back office's pages
 * and not from public ones.
 */
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_TEXT, PUSH_KIND_LABELS } from '#app/modules/team/notifications.ts';
import { signIn } from './support/admin.ts';
import { axeViolations, launchBrowser, openPage, type Device } from './support/browser.ts';
import { SITE_NAME } from './support/site.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const section = (page: Page) =>
  page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: NOTIFICATIONS_TEXT.heading, exact: true }) })
    .last();

describe('Notifications on Your account', () => {
  for (const device of ['desktop', 'phone'] as Device[]) {
    it(`shows the button and the four choices, axe-clean (${device === 'phone' ? 390 : 1280} px)`, async () => {
      const { context, page, problems } = await openPage(browser, device);
      try {
        await signIn(page, '/admin/account');
        const card = section(page);
        await expect.poll(() => card.getByText(NOTIFICATIONS_TEXT.off).isVisible()).toBe(true);
        await expect
          .poll(() => card.getByRole('button', { name: NOTIFICATIONS_TEXT.turnOn }).isVisible())
          .toBe(true);
        const group = card.getByRole('group', { name: NOTIFICATIONS_TEXT.choicesHeading });
        for (const label of Object.values(PUSH_KIND_LABELS))
          expect(await group.getByRole('checkbox', { name: label }).isChecked()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems.errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('saves the choices for the next visit, by keyboard', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/account');
      const group = section(page).getByRole('group', { name: NOTIFICATIONS_TEXT.choicesHeading });
      const requests = group.getByRole('checkbox', { name: PUSH_KIND_LABELS.requests });
      await requests.focus();
      await page.keyboard.press('Space');
      expect(await requests.isChecked()).toBe(false);
      await section(page).getByRole('button', { name: NOTIFICATIONS_TEXT.save }).click();
      await page.getByText(NOTIFICATIONS_TEXT.saved).first().waitFor();
      await page.reload();
      const again = section(page).getByRole('group', { name: NOTIFICATIONS_TEXT.choicesHeading });
      await expect
        .poll(() => again.getByRole('checkbox', { name: PUSH_KIND_LABELS.requests }).isChecked())
        .toBe(false);
      expect(await again.getByRole('checkbox', { name: PUSH_KIND_LABELS.failures }).isChecked()).toBe(true);
      // as it was, for the other files on this server
      await again.getByRole('checkbox', { name: PUSH_KIND_LABELS.requests }).check();
      await section(page).getByRole('button', { name: NOTIFICATIONS_TEXT.save }).click();
      await page.getByText(NOTIFICATIONS_TEXT.saved).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('says so when the browser refuses to show notifications', async () => {
    const { context, page } = await openPage(browser, 'phone');
    try {
      await signIn(page, '/admin/account');
      await section(page).getByRole('button', { name: NOTIFICATIONS_TEXT.turnOn }).click();
      // headless Chromium answers the permission 'denied' (or, without a worker or push service,
      // the subscription fails): either is said, and nothing is kept on the server
      await page
        .getByRole('alert')
        .filter({ hasText: /blocked|could not be turned on/ })
        .waitFor();
      expect(await section(page).getByText(NOTIFICATIONS_TEXT.off).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('The installable back office', () => {
  it('serves its manifest: the name, full-screen at the inbox, scoped to the back office, three PNG icons', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      const answer = await page.request.get('/manifest.webmanifest');
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = (await answer.json()) as Record<string, unknown> & {
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: `${SITE_NAME} back office`,
        short_name: SITE_NAME,
        start_url: '/admin/inbox',
        scope: '/admin/',
        display: 'standalone',
        theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });
      expect(manifest.icons.map((i) => [i.sizes, i.purpose])).toEqual([
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ]);
      for (const icon of manifest.icons) {
        const file = await page.request.get(icon.src);
        expect({ src: icon.src, status: file.status(), type: file.headers()['content-type'] }).toEqual({
          src: icon.src,
          status: 200,
          type: 'image/png',
        });
        const { width, height, format } = await sharp(await file.body()).metadata();
        expect(`${width}x${height}`).toBe(icon.sizes);
        expect(format).toBe('png');
      }
    } finally {
      await context.close();
    }
  });

  it("is linked from the back office's pages, the sign-in too, and not from public pages", async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      const manifestLinks = () =>
        page
          .locator('head link[rel="manifest"]')
          .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      await page.goto('/admin/login');
      expect(await manifestLinks()).toEqual(['/manifest.webmanifest']);
      await signIn(page, '/admin/inbox');
      expect(await manifestLinks()).toEqual(['/manifest.webmanifest']);
      expect(await page.locator('head meta[name="theme-color"]').count()).toBe(1);
      for (const path of ['/', '/catalog']) {
        await page.goto(path);
        expect(await manifestLinks()).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
