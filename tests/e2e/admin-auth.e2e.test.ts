/**
 * The back office door (product.md §2 'Admin login', §4 'Admin auth', §8): direct visits while signed
 * out end on /admin/login (the server redirects) and come back after signing in, sign-in messages
 * and toasts, landing on /admin/leads by default (issue 31 item 3, decision 0126; the spec said
 * /admin/blog), /admin as the front door, the form's own post without scripts, the admin shell,
 * signing out. Each screen's axe scan, its fit on a phone and its layout shift:
 * tests/e2e/accessibility-admin-*.e2e.test.ts (tests/e2e/support/accessibility.ts).
 */
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { fetchPage, metaContents, titleOf } from './support/html.ts';
import { urlOf } from './support/server.ts';
import { submitSignIn } from './support/admin.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';

const ADMIN_PAGES = [
  { path: '/admin/inbox', heading: 'Inbox', nav: 'Inbox' },
  { path: '/admin/leads', heading: 'Lead Management', nav: 'Leads' },
  { path: '/admin/customers', heading: 'Customers', nav: 'Customers' },
  { path: '/admin/orders', heading: 'Orders', nav: 'Orders' },
  { path: '/admin/suppliers', heading: 'Suppliers', nav: 'Suppliers' },
  { path: '/admin/insights', heading: 'Insights', nav: 'Insights' },
  { path: '/admin/catalog', heading: 'Catalog Management', nav: 'Catalog' },
  { path: '/admin/blog', heading: 'Blog Management', nav: 'Blog' },
  // the owner's: the e2e admin is the owner (staff: tests/e2e/team.e2e.test.ts)
  { path: '/admin/team', heading: 'Team', nav: 'Team' },
  { path: '/admin/audit', heading: 'Audit log', nav: 'Audit log' },
  { path: '/admin/settings', heading: 'Settings', nav: 'Settings' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signed out', () => {
  it('the server redirects admin pages to /admin/login, never caches them and keeps them out of search', async () => {
    for (const { path } of ADMIN_PAGES) {
      const res = await fetch(urlOf(path), { redirect: 'manual' });
      expect({ path, status: res.status }).toEqual({ path, status: 302 });
      const location = new URL(res.headers.get('location')!, urlOf('/'));
      expect(location.pathname).toBe('/admin/login');
      expect(location.searchParams.get('redirectTo')).toBe(path);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const login = await fetchPage('/admin/login');
    expect(login.status).toBe(200);
    expect(titleOf(login.html)).toBe('Admin Login | Parts Hunters MB');
    expect(metaContents(login.html, 'robots')).toEqual(['noindex, nofollow']);
    const res = await fetch(urlOf('/admin/login'));
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('/admin is the front door: the leads board, through the sign-in form', async () => {
    const res = await fetch(urlOf('/admin'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!, urlOf('/')).pathname).toBe('/admin/leads');
  });

  it('a direct visit in the browser ends on the sign-in form', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      for (const { path } of ADMIN_PAGES) {
        await page.goto(path);
        expect(new URL(page.url()).pathname).toBe('/admin/login');
        await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('shows the required messages, "Login failed" for a wrong password and "Unable to connect to server" offline', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await page.goto('/admin/login');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Username is required').waitFor();
      await page.getByText('Password is required').waitFor();

      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const failed = page.getByRole('region', { name: /Notifications/ });
      await failed.getByText('Login failed').waitFor();
      await failed.getByText('Invalid username or password').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/login');

      await page.route('**/api/admin/login', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await failed.getByText('Unable to connect to server').waitFor();
      await failed.getByText('Error', { exact: true }).waitFor();
      expect(
        problems.errors.filter((e) => !/401|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('signing in and working', () => {
  it('reads "Signing in..." while busy, welcomes, stores the token and lands on /admin/leads', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/admin/login', async (route) => {
        await held;
        await route.continue();
      });
      await submitSignIn(page);
      const busy = page.getByRole('button', { name: 'Signing in...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();

      const toast = page.getByRole('region', { name: /Notifications/ });
      // "Welcome" on the account's first sign-in, "Welcome back!" after (decision 0201)
      await toast.getByText(/^Welcome( back!)?$/).waitFor();
      await toast.getByText('You have been successfully logged in.').waitFor();
      await page.waitForURL('**/admin/leads');
      await page.getByRole('heading', { name: 'Lead Management', level: 1 }).waitFor();
      const stored = await page.evaluate(() => [
        localStorage.getItem('adminToken'),
        localStorage.getItem('adminAuthenticated'),
      ]);
      expect(stored[0]).toMatch(/^[\w-]{40,}$/);
      expect(stored[1]).toBe('true');
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'phmb_session')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('comes back to the screen the visitor was going to', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await page.goto('/admin/catalog?status=draft');
      await page.waitForURL('**/admin/login?redirectTo=*');
      await waitForHydration(page);
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/catalog' && url.search === '?status=draft');
      await page.getByRole('heading', { name: 'Catalog Management', level: 1 }).waitFor();
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('without scripts the form posts itself: it signs in or says why not, never with the password in a URL', async () => {
    const context = await browser.newContext({ baseURL: urlOf('/'), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const urls: string[] = [];
      page.on('request', (r) => urls.push(r.url()));
      await page.goto('/admin/login?redirectTo=%2Fadmin%2Fcatalog');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('alert').getByText('Invalid username or password').waitFor();

      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/catalog');
      expect((await context.cookies()).find((c) => c.name === 'phmb_session')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(urls.filter((u) => /password|not-the-password|username=/.test(u))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signing out while the inbox pulse is on its way: the poll is dropped, no 401 in the console', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await submitSignIn(page);
      await page.waitForURL('**/admin/leads');
      await waitForHydration(page);
      // the shell's next poll (every 3 s) is held in the browser until the session is gone
      const polls: Route[] = [];
      const polled = new Promise<void>(
        (resolve) =>
          void page.route('**/api/inbox/pulse', (route) => {
            polls.push(route);
            resolve();
          }),
      );
      await polled;
      // the sign-out reaches the server and ends the session; before its answer lets the page go,
      // the held poll is sent: without the pause, the server answers it 401 in a live page
      await page.route('**/api/admin/logout', async (route) => {
        const answer = await route.fetch();
        for (const poll of polls.splice(0)) await poll.continue().catch(() => {});
        await page.waitForTimeout(300);
        await route.fulfill({ response: answer });
      });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/admin/login');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('moves around the admin shell, shows who is signed in, and signs out for good', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await submitSignIn(page);
      await page.waitForURL('**/admin/leads');
      await page.getByText('Signed in as').waitFor();
      expect(await page.getByText('Signed in as').textContent()).toContain('admin');
      const nav = page.getByRole('navigation', { name: 'Back office' });
      for (const { heading, nav: label, path } of ADMIN_PAGES) {
        await nav.getByRole('link', { name: label }).click();
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await nav.getByRole('link', { name: label }).getAttribute('aria-current')).toBe('page');
      }
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/admin/login');
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
      await page.goto('/admin/leads');
      expect(new URL(page.url()).pathname).toBe('/admin/login');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Blog Management is checked by the server like every screen: shown at once, no client gate; no session → /admin/login', async () => {
    const { context, page } = await openPage(browser, 'desktop');
    try {
      await submitSignIn(page);
      await page.waitForURL('**/admin/leads');
      const html = await (await context.request.get('/admin/blog')).text();
      expect(html).toContain('Blog Management');
      expect(html).not.toContain('Checking authentication...');
      // the browser's storage is no gate: the session is (decision 0183)
      await page.evaluate(() => localStorage.clear());
      await page.goto('/admin/blog');
      await page.getByRole('heading', { name: 'Blog Management', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
    const visitor = await openPage(browser, 'desktop');
    try {
      await visitor.page.goto('/admin/blog');
      await visitor.page.waitForURL('**/admin/login?redirectTo=%2Fadmin%2Fblog');
    } finally {
      await visitor.context.close();
    }
  });
});
