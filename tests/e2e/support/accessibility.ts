/**
 * Every screen once per viewport (issue 27 item 6): each route of app/routes.ts, public and back
 * office, and each state of a public page that shows other content (a filter that finds nothing,
 * a catalog item or post that does not exist, a city page with a local guide, an unknown city, an
 * unknown page), on a laptop and on a phone, in Chromium: no axe violations, no console or page
 * errors; a public page has one h1 and the site chrome. The other browser files scan only states
 * of their own (an open dialog, a menu, a step of the request form, the 503 page), each once.
 * The scans are split over three files (tests/e2e/accessibility-*.e2e.test.ts: public pages on a
 * laptop, on a phone, the back office) so the suite's two workers share them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './admin.ts';
import {
  axeViolations,
  DEVICES,
  launchBrowser,
  type Device,
  newContext,
  openPage,
  sharedTabs,
  reportCspViolations,
  visit,
  waitForHydration,
  watchProblems,
} from './browser.ts';
import { specRoutes } from './routes.ts';
import { SITE_NAME } from './site.ts';

/** States of public pages beyond the route table's one path each (the screen's route in brackets). */
const PUBLIC_STATES = [
  { path: '/catalog?city=winnipeg', route: '/catalog', exists: true },
  { path: '/catalog?category=no-such-category', route: '/catalog (nothing found)', exists: true },
  // a demo item with several pictures (the gallery)
  { path: '/catalog/dexter-7000-lb-electric-brake-trailer-axle', route: '/catalog/{slug}', exists: true },
  { path: '/catalog/no-such-part', route: '/catalog/{slug} (not found)', exists: false },
  { path: '/blog/how-to-identify-a-trailer-axle-by-its-tag', route: '/blog/{slug}', exists: true },
  { path: '/blog/no-such-post', route: '/blog/{slug} (not found)', exists: false },
  // a city page with a local guide
  { path: '/mb/gimli/safety-compliance', route: '/mb/{city}/{category}', exists: true },
  { path: '/mb/atlantis/trailer-parts', route: '/mb/{city}/{category} (not found)', exists: false },
  { path: '/some/unknown/path', route: '* (not found)', exists: false },
];

/** The back office's screens (app/routes.ts), each with the heading it shows and what it draws last. */
const ADMIN_SCREENS: { path: string; heading: string; ready?: (page: Page) => Promise<void> }[] = [
  { path: '/admin/leads', heading: 'Lead Management' },
  { path: '/admin/orders', heading: 'Orders' },
  { path: '/admin/suppliers', heading: 'Suppliers' },
  { path: '/admin/insights', heading: 'Insights' },
  { path: '/admin/catalog', heading: 'Catalog Management' },
  { path: '/admin/blog', heading: 'Blog Management' },
];

/** One Chromium for the file's tests. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** Every public page (the route table and PUBLIC_STATES) on a `device`. */
export async function describePublicPages(device: Device): Promise<void> {
  const routes = await specRoutes();
  const seen = new Set(routes.map((r) => r.path));
  const publicPages = [...routes, ...PUBLIC_STATES.filter((s) => !seen.has(s.path))];
  const browser = sharedBrowser();
  describe(`every public page in Chromium on a ${device}`, () => {
    const tab = sharedTabs(browser);
    for (const r of publicPages) {
      it(`${r.path} (${r.route}) on a ${device}: one h1, the chrome, no axe violations, no console or page errors`, async () => {
        const { page, problems } = await tab(device);
        const response = await visit(page, r.path);
        if (r.exists) expect(response.status()).toBe(200);
        await page.getByRole('banner').getByRole('link', { name: SITE_NAME }).waitFor();
        await page.getByRole('contentinfo').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        expect({ path: r.path, violations: await axeViolations(page) }).toEqual({
          path: r.path,
          violations: [],
        });
        expect(
          problems.errors.filter((e) => r.exists || !/status of 404/.test(e)),
          'console and page errors',
        ).toEqual([]);
      });
    }
  });
}

/** Every back-office screen, and the sign-in form, on a laptop and on a phone. */
export function describeBackOffice(): void {
  const browser = sharedBrowser();
  for (const device of DEVICES) {
    describe(`on a ${device}`, () => {
      // signed in once for the screens of this viewport (a fresh page per screen)
      let context: BrowserContext;
      beforeAll(async () => {
        context = await newContext(browser(), device);
        context.setDefaultTimeout(10_000);
        await reportCspViolations(context);
        const page = await context.newPage();
        await signIn(page);
        await page.close();
      });
      afterAll(async () => {
        await context?.close();
      });

      it('/admin/login: no axe violations, no console or page errors', async () => {
        const { context: visitor, page, problems } = await openPage(browser(), device);
        try {
          await page.goto('/admin/login');
          await waitForHydration(page);
          await page.getByRole('button', { name: 'Sign In' }).waitFor();
          expect(await axeViolations(page)).toEqual([]);
          expect(problems.errors).toEqual([]);
        } finally {
          await visitor.close();
        }
      });

      // one test per screen: each has its own time budget (the board with a year of demo leads is
      // the heaviest page axe reads)
      for (const { path, heading, ready } of ADMIN_SCREENS) {
        it(`${path}: no axe violations, no console or page errors`, async () => {
          const page = await context.newPage();
          const problems = watchProblems(page);
          try {
            await page.goto(path);
            await waitForHydration(page);
            await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
            await ready?.(page);
            expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
            expect(problems.errors).toEqual([]);
          } finally {
            await page.close();
          }
        });
      }
    });
  }
}
