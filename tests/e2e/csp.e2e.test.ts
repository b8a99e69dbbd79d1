/**
 * A strict Content-Security-Policy with a clean console (issue 17 item 11; decision 0083): the
 * pages that validate with zod (/find-my-part, the sign-in form and the back office with its
 * dialogs) run their schemas without zod generating code at runtime, so the browser reports no
 * CSP violation (support/browser.ts turns each one into a console error).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/admin.ts';
import { launchBrowser, openPage, visit } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('no CSP violations where forms validate', () => {
  it('/find-my-part: both steps validated in the browser', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    try {
      await visit(page, '/find-my-part');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Equipment type is required').waitFor();
      await page.getByLabel('Equipment Type').selectOption('truck');
      await page.getByLabel('Part Description').fill('Mirror arm snapped');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await page.getByText('Name is required').first().waitFor();
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the sign-in form and every back-office page with its dialog', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await visit(page, '/admin/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Username is required').waitFor();
      await signIn(page, '/admin/leads');
      // any lead will do (other files move the demo leads around)
      await page.locator('[data-lead-card]').first().click();
      const lead = page.getByRole('dialog', { name: 'Lead Details' });
      await lead.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
      await page.keyboard.press('Escape');

      await visit(page, '/admin/catalog');
      await page.getByRole('button', { name: 'Add New Item' }).click();
      const item = page.getByRole('dialog', { name: 'Add New Item' });
      await item.getByRole('button', { name: 'Create Item' }).click();
      await item.getByText('Title is required').waitFor();
      await page.keyboard.press('Escape');

      await visit(page, '/admin/blog');
      await page.getByRole('button', { name: 'New Post' }).click();
      const post = page.getByRole('dialog', { name: 'Create New Blog Post' });
      await post.getByRole('button', { name: 'Save Draft' }).click();
      await post.getByText('Title is required').waitFor();
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
