/** Signing in to the back office the way staff do: through the login form. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';
import { E2E_ADMIN_PASSWORD } from './site.ts';

/** Fills and submits the sign-in form (does not wait for the outcome). */
export async function submitSignIn(page: Page, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** The session each browser (one per test file) signed in with, cookies and local storage. */
const sessions = new WeakMap<Browser, StorageState>();

/**
 * Signs in and opens `screen` (by default /admin/blog; signing in lands on /admin/leads), waiting
 * until it has hydrated. The first time in a browser (a test file) through the form; later contexts of that
 * browser take the same session, as one person with several tabs would, and open the screen
 * directly (the form and its refusals are tests/e2e/admin-auth's).
 */
export async function signIn(page: Page, screen = '/admin/blog'): Promise<void> {
  const browser = page.context().browser();
  const session = browser && sessions.get(browser);
  if (session) {
    await page.context().setStorageState(session);
  } else {
    await submitSignIn(page);
    await page.waitForURL('**/admin/leads');
    await waitForHydration(page);
    if (browser) sessions.set(browser, await page.context().storageState());
    if (screen === '/admin/leads') return;
  }
  await page.goto(screen);
  await waitForHydration(page);
}

/** The notifications region (Radix Toast) where toasts appear. */
export const toastRegion = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** A column of the leads board (a region named by its status, e.g. 'New' or 'Quoted'). */
export const boardColumn = (page: Page, status: string) =>
  page.getByRole('region', { name: new RegExp(`^${status}`) });

/** A lead's card in a column of the board, found by text on the card (a name, a case number). */
export const leadCard = (page: Page, status: string, text: string | RegExp) =>
  boardColumn(page, status).getByRole('button', { name: typeof text === 'string' ? new RegExp(text) : text });

/**
 * Whether a request path is one of the back office's own /api calls, not counting the poll of the
 * navigation's unread count (GET /api/inbox/pulse every few seconds, issue 30): it runs on its own
 * clock on every screen, so any window of a test may hold one.
 */
export const isApiCall = (path: string) => path.startsWith('/api/') && path !== '/api/inbox/pulse';
