/**
 * Every route of SPEC §2: complete server-rendered HTML with the page's head (SPEC §2 'Site chrome':
 * title, description, social preview tags, canonical link) and the chrome; in Chromium no console or
 * page errors (so the CSP lets everything the page needs run) and no axe violations, on a laptop
 * and on a phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DEVICES, launchBrowser, openPage, visit } from './support/browser.ts';
import { countElements, fetchPage, linkHrefs, metaContents, titleOf } from './support/html.ts';
import { specRoutes } from './support/routes.ts';
import { baseUrl } from './support/server.ts';
import { SITE_NAME } from './support/site.ts';

const routes = await specRoutes();

describe('server-rendered HTML of every route', () => {
  for (const r of routes) {
    it(`${r.path} (${r.route}) has the page head, one h1 and the chrome`, async () => {
      const { status, contentType, html } = await fetchPage(r.path);
      if (r.exists) expect(status).toBe(200);
      else expect([200, 404]).toContain(status);
      expect(contentType).toMatch(/^text\/html/);

      const title = titleOf(html);
      expect(title?.trim()).toBeTruthy();
      const [description, ...moreDescriptions] = metaContents(html, 'description');
      expect(description?.trim()).toBeTruthy();
      expect(moreDescriptions).toEqual([]);
      expect(linkHrefs(html, 'canonical')).toEqual([baseUrl() + r.path]);
      expect(metaContents(html, 'og:title')).toEqual([title]);
      expect(metaContents(html, 'og:description')).toEqual([description]);
      expect(metaContents(html, 'og:type')).toEqual(
        r.exists ? [r.ogType] : [expect.stringMatching(/^(website|article)$/)],
      );
      expect(metaContents(html, 'og:site_name')).toEqual([SITE_NAME]);
      expect(metaContents(html, 'twitter:card')).toEqual(['summary_large_image']);

      const [image] = metaContents(html, 'og:image');
      expect(image).toMatch(/^https?:\/\//);
      const imageRes = await fetch(image!);
      expect(imageRes.status, `og:image ${image}`).toBe(200);
      expect(imageRes.headers.get('content-type')).toMatch(/^image\//);

      expect(countElements(html, 'h1')).toBe(1);
      expect(countElements(html, 'header')).toBe(1);
      expect(countElements(html, 'footer')).toBe(1);
      expect(html).toContain(`>${SITE_NAME}</span></a>`);
    });
  }
});

describe('every route in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const device of DEVICES) {
    for (const r of routes) {
      it(`${r.path} on a ${device}: no console or page errors, no axe violations`, async () => {
        const { context, page, problems } = await openPage(browser, device);
        try {
          const response = await visit(page, r.path);
          if (r.exists) expect(response.status()).toBe(200);
          await page.getByRole('banner').getByRole('link', { name: SITE_NAME }).waitFor();
          await page.getByRole('contentinfo').waitFor();
          expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
          expect(await axeViolations(page)).toEqual([]);
          expect(
            problems.errors.filter((e) => r.exists || !/status of 404/.test(e)),
            'console and page errors',
          ).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
