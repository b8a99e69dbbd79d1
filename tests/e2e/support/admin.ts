/** Signing in to the back office the way staff do: through the login form. */
import type { Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';
import { E2E_ADMIN_PASSWORD } from './site.ts';

/** Fills and submits the sign-in form (does not wait for the outcome). */
export async function submitSignIn(page: Page, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and waits until the landing page (/admin/blog) has hydrated. */
export async function signIn(page: Page): Promise<void> {
  await submitSignIn(page);
  await page.waitForURL('**/admin/blog');
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

/** Opens Lead Management and waits until it has hydrated. */
export async function openLeadsBoard(page: Page): Promise<void> {
  await page.goto('/admin/leads');
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Lead Management', level: 1 }).waitFor();
}
