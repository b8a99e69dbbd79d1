/**
 * The Privacy Policy and Terms of Service (issue 17 item 9; decision 0080): real pages the footer
 * links to from every page, server-rendered without React, in the sitemap; the privacy page says
 * what is collected, why, how long it is kept, who sees it and how to ask for access or deletion,
 * with the configured contact details; the request form's consent box links to it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, launchBrowser, openPage, visit } from './support/browser.ts';
import { fetchPage, tagsOf, textOf, titleOf } from './support/html.ts';
import { specRoutes } from './support/routes.ts';
import { urlOf } from './support/server.ts';
import { SITE_NAME } from './support/site.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = [
  { path: '/privacy-policy', link: 'Privacy Policy' },
  { path: '/terms-of-service', link: 'Terms of Service' },
] as const;

describe('policy pages', () => {
  it('every public page links to both from its footer; no link points at a missing anchor', async () => {
    for (const { path } of await specRoutes()) {
      const { html } = await fetchPage(path);
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
      const hrefs = tagsOf(footer, 'a').map((a) => a.href);
      expect({ path, hrefs }).toEqual({ path, hrefs: expect.arrayContaining(PAGES.map((p) => p.path)) });
      expect(hrefs.filter((h) => h?.startsWith('#'))).toEqual([]);
    }
  });

  it('are complete HTML without React, and in the sitemap', async () => {
    const sitemap = await (await fetch(urlOf('/sitemap.xml'))).text();
    for (const { path, link } of PAGES) {
      const { status, html } = await fetchPage(path);
      expect(status).toBe(200);
      expect(titleOf(html)).toBe(`${link} | ${SITE_NAME}`);
      expect(html).toContain(`<h1`);
      expect(html).not.toContain('__reactRouterContext');
      expect(html).not.toContain('modulepreload');
      expect(sitemap).toContain(`<loc>${urlOf(path)}</loc>`);
    }
  });

  it('the privacy page says what, why, how long, who sees it and how to see or delete it', async () => {
    const text = textOf((await fetchPage('/privacy-policy')).html);
    for (const heading of [
      'What we collect',
      'Why we collect it',
      'How long we keep it',
      'Who sees it',
      'Seeing, correcting or deleting your information',
      'Questions and complaints',
    ]) {
      expect(text).toContain(heading);
    }
    for (const fact of [
      'PIPEDA',
      'your name, phone number, e-mail address',
      'photos',
      '2 years after our last contact',
      '6 years after the end of the tax year',
      'Server logs',
      '30 days',
      'Our staff',
      'Our text-message provider',
      'Our e-mail provider',
      'outside Canada',
      'give you a copy',
      'delete it',
      'We answer within 30 days',
      'Office of the Privacy Commissioner of Canada',
      'quotes@example.com',
      '(204) 555-0147',
    ]) {
      expect(text).toContain(fact);
    }
  });

  for (const device of DEVICES) {
    for (const { path, link } of PAGES) {
      // axe on these pages: tests/e2e/support/accessibility.ts
      it(`${path} reads well on a ${device}: the footer link opens it, nothing scrolls sideways`, async () => {
        const { context, page, problems } = await openPage(
          browser,
          device,
          device === 'phone' ? { width: 360, height: 780 } : undefined,
        );
        try {
          await visit(page, '/');
          await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
          await page.waitForURL((url) => url.pathname === path);
          await page.getByRole('heading', { level: 1, name: link }).waitFor();
          // the contents list jumps to its sections
          const first = page.getByRole('navigation', { name: 'On this page' }).getByRole('link').first();
          const target = (await first.getAttribute('href'))!;
          await first.click();
          await page.waitForURL((url) => url.hash === target);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
          expect(problems.errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  it("the request form's consent box links to the privacy page in a new tab", async () => {
    const { context, page } = await openPage(browser, 'phone');
    try {
      await visit(page, '/find-my-part');
      await page.getByLabel('Equipment Type').selectOption('truck');
      await page.getByLabel('Part Description').fill('Mirror arm snapped');
      await page.getByRole('button', { name: 'Continue' }).click();
      const consent = page.getByRole('checkbox', {
        name: 'I agree to be contacted by phone, email, or SMS regarding my parts request.',
      });
      await consent.waitFor();
      const link = page.getByRole('main').getByRole('link', { name: /^Privacy Policy/ });
      expect(await link.getAttribute('href')).toBe('/privacy-policy');
      expect(await link.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe('/privacy-policy');
      await tab.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      // the form is still there, as it was
      expect(await page.getByLabel('Full Name').isVisible()).toBe(true);
      expect(await consent.isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
