/**
 * Every route of product.md §2: complete server-rendered HTML with the page's head (product.md §2 'Site chrome':
 * title, description, social preview tags, canonical link) and the chrome. The same routes in
 * Chromium (no console or page errors, no axe violations, on a laptop and on a phone):
 * tests/e2e/support/accessibility.ts.
 */
import { describe, expect, it } from 'vitest';
import { countElements, fetchPage, linkHrefs, metaContents, titleOf } from '../e2e/support/html.ts';
import { specRoutes } from '../e2e/support/routes.ts';
import { baseUrl } from '../e2e/support/server.ts';
import { SITE_NAME } from '../e2e/support/site.ts';

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
