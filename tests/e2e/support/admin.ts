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
