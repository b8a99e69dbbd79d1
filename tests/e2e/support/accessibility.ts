/**
 * Every screen once per viewport (issue 27 item 6): each route of app/routes.ts, public and back
 * office, and each state of a public page that shows other content (a filter that finds nothing,
 * a catalog item or post that does not exist, a city page with a local guide, an unknown city, an
 * unknown page), on a laptop and on a phone, in Chromium: no axe violations, no console or page
 * errors; a public page has one h1 and the site chrome; a back-office screen comes laid out in the
 * server's HTML (layout shift ≤ 0.1) and, on a phone with each dialog and menu it opens, fits the
 * screen's width (issue 31 items 1 and 8). The other browser files scan only states
 * of their own (an open dialog, a menu, a step of the request form, the 503 page), each once.
 * The scans are split over four files (tests/e2e/accessibility-*.e2e.test.ts: public pages and the
 * back office, each on a laptop and on a phone), so the suite's two workers share them and neither
 * is left with a long file at the end of the run.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './admin.ts';
import {
  axeViolations,
  launchBrowser,
  type Device,
  newContext,
  openPage,
  sharedTabs,
  keepRendererWarm,
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

/**
 * The back office's screens (app/routes.ts), each with the heading it shows and what it draws last.
 * A screen of one record (`{id}` in its path) finds a record to show through the API (`at`).
 */
const ADMIN_SCREENS: {
  path: string;
  heading: string | RegExp;
  ready?: (page: Page) => Promise<void>;
  at?: (page: Page) => Promise<string>;
}[] = [
  { path: '/admin/inbox', heading: 'Inbox' },
  // the open conversation beside the list (one at a time on a phone)
  {
    path: '/admin/inbox/{id}',
    heading: 'Inbox',
    at: async (page) =>
      `/admin/inbox/${(await firstOf(page, '/api/inbox?filter=all', 'conversations')).customerId}`,
    ready: (page) => page.getByLabel('Reply by text').waitFor(),
  },
  { path: '/admin/leads', heading: 'Lead Management' },
  { path: '/admin/customers', heading: 'Customers' },
  // a customer's page: the heading is their name
  {
    path: '/admin/customers/{id}',
    heading: /\S/,
    // a customer with a conversation (the customers' list is the screen's alone, decision 0182)
    at: async (page) =>
      `/admin/customers/${(await firstOf(page, '/api/inbox?filter=all', 'conversations')).customerId}`,
    ready: (page) => page.getByRole('button', { name: 'Edit customer' }).waitFor(),
  },
  { path: '/admin/orders', heading: 'Orders' },
  { path: '/admin/suppliers', heading: 'Suppliers' },
  { path: '/admin/insights', heading: 'Insights' },
  { path: '/admin/catalog', heading: 'Catalog Management' },
  { path: '/admin/blog', heading: 'Blog Management' },
  // the owner's (the e2e admin is the owner; decision 0160)
  { path: '/admin/team', heading: 'Team' },
  { path: '/admin/audit', heading: 'Audit log' },
  { path: '/admin/settings', heading: 'Settings' },
  // everyone's own (decision 0201)
  { path: '/admin/account', heading: 'Your account' },
];

/** The first record of a list the API gives (the signed-in page's session asks). */
async function firstOf(page: Page, path: string, key: string): Promise<{ id: number; customerId: number }> {
  const res = await page.request.get(path);
  const list = ((await res.json()) as Record<string, { id: number; customerId: number }[]>)[key];
  if (!list?.length) throw new Error(`${path} gave no ${key}`);
  return list[0]!;
}

/** What each screen opens over itself: checked on a phone, one after the other, then closed. */
const OPENED: Record<
  string,
  { role: 'dialog' | 'menu'; name: string; open: (page: Page) => Promise<unknown> }[]
> = {
  '/admin/leads': [
    {
      role: 'dialog',
      name: 'Lead Details',
      // the dialog has its own address (decision 0124): a lead's, whatever the board looks like
      open: async (page) => {
        const [lead] = (await (await page.request.get('/api/leads?limit=1')).json()) as { id: number }[];
        await page.goto(`/admin/leads/${lead!.id}`);
        await waitForHydration(page);
      },
    },
  ],
  '/admin/customers/{id}': [
    {
      role: 'dialog',
      name: 'Edit customer',
      open: (page) => page.getByRole('button', { name: 'Edit customer' }).click(),
    },
    {
      role: 'dialog',
      name: 'Merge with another customer',
      // with the customers to choose from listed
      open: async (page) => {
        await page.getByRole('button', { name: 'Merge with another customer' }).click();
        await page.getByRole('dialog').getByRole('radio').first().waitFor();
      },
    },
  ],
  '/admin/suppliers': [
    {
      role: 'dialog',
      name: 'Add supplier',
      open: (page) => page.getByRole('button', { name: 'Add supplier' }).click(),
    },
  ],
  '/admin/team': [
    {
      role: 'dialog',
      name: 'Add staff member',
      open: (page) => page.getByRole('button', { name: 'Add staff member' }).click(),
    },
  ],
  '/admin/insights': [
    {
      role: 'menu',
      name: 'Export Report',
      open: (page) => page.getByRole('button', { name: 'Export Report' }).click(),
    },
  ],
  '/admin/catalog': [
    {
      role: 'dialog',
      name: 'Add New Item',
      open: (page) => page.getByRole('button', { name: 'Add New Item' }).click(),
    },
    {
      role: 'dialog',
      name: 'Edit Item',
      open: (page) =>
        page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click(),
    },
    {
      role: 'dialog',
      name: 'Import CSV',
      open: (page) => page.getByRole('button', { name: 'Import CSV' }).click(),
    },
  ],
  '/admin/blog': [
    {
      role: 'dialog',
      name: 'Create New Blog Post',
      open: (page) => page.getByRole('button', { name: 'New Post' }).click(),
    },
    {
      role: 'dialog',
      name: 'Edit Blog Post',
      open: (page) =>
        page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click(),
    },
  ],
};

/** Sums the layout shifts of each document of the context (run before its scripts). */
function watchLayoutShifts() {
  const w = window as unknown as { layoutShift: number };
  w.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) w.layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The page's cumulative layout shift so far, once the browser has drawn two more frames. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { layoutShift: number }).layoutShift)),
        ),
      ),
  );
}

/**
 * What does not fit the screen's width: the page scrolling sideways, and each button or link (by
 * its name) lying left or right of the viewport, where only a sideways scroll of the page or of a
 * box within it would reach it. Elements not drawn (or drawn 1 px, visually hidden) do not count.
 */
function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const found: string[] = [];
    const overflow = root.scrollWidth - root.clientWidth;
    if (overflow > 0) found.push(`the page scrolls sideways by ${overflow} px`);
    const actions = document.querySelectorAll<HTMLElement>(
      'a[href], button, summary, [role="button"], [role="menuitem"], [role="link"]',
    );
    for (const el of actions) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)
          .replace(/\s+/g, ' ')
          .trim();
        found.push(
          `'${name.slice(0, 60)}' spans ${Math.round(box.left)} to ${Math.round(box.right)} px of ${width}`,
        );
      }
    }
    return found;
  });
}

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

/** Every back-office screen, and the sign-in form, on a `device`. */
export function describeBackOffice(device: Device): void {
  const browser = sharedBrowser();
  describe(`on a ${device}`, () => {
    // signed in once for the screens of this viewport (a fresh page per screen)
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newContext(browser(), device);
      context.setDefaultTimeout(10_000);
      await reportCspViolations(context);
      await context.addInitScript(watchLayoutShifts);
      // a fresh page per screen, in one page process kept running between them
      await keepRendererWarm(context);
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
        await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        expect(problems.errors).toEqual([]);
      } finally {
        await visitor.close();
      }
    });

    // one test per screen: each has its own time budget (the board with a year of demo leads is
    // the heaviest page axe reads)
    for (const { path, heading, ready, at } of ADMIN_SCREENS) {
      const opened = device === 'phone' ? (OPENED[path] ?? []) : [];
      const what = opened.length ? `, nor do ${opened.map((o) => o.name).join(', ')}` : '';
      it(`${path}: no axe violations, no console or page errors, nothing off screen${what}`, async () => {
        const page = await context.newPage();
        const problems = watchProblems(page);
        try {
          await page.goto(at ? await at(page) : path);
          await waitForHydration(page);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await ready?.(page);
          // the screen comes laid out in the server's HTML: nothing moves as scripts arrive
          // (issue 31 item 8: Lighthouse's 'good' is a cumulative layout shift of 0.1 at most)
          expect(await layoutShift(page), `${path}: cumulative layout shift`).toBeLessThanOrEqual(0.1);
          // the page never scrolls sideways and every button and link is within its width
          // (issue 31 item 1; scrolling down is fine), and on a phone each dialog and menu it opens
          expect({ path, offScreen: await offScreen(page) }).toEqual({ path, offScreen: [] });
          expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
          for (const { role, name, open } of opened) {
            await open(page);
            const layer = page.getByRole(role, { name });
            await layer.waitFor();
            // the post dialog's editor draws its toolbar once it has loaded
            if (name.endsWith('Blog Post')) await layer.getByRole('toolbar').waitFor();
            expect({ path, [name]: await offScreen(page) }).toEqual({ path, [name]: [] });
            await page.keyboard.press('Escape');
            await layer.waitFor({ state: 'detached' });
          }
          expect(problems.errors).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  });
}
