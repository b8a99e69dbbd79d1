/**
 * The team and the audit log in Chromium (issue 30 item 5, decision 0160), as one story: the owner
 * (the shared server's 'admin') adds a staff member on /admin/team and reads the generated password
 * in the dialog, once; the new member signs in with it, has no Team or Audit log in the menu, and
 * opening /admin/team answers 403 'Only the owner can do this.'; the owner then finds the addition
 * and the member's sign-in on /admin/audit, and filtering by action narrows the list. Loaders and
 * actions in detail: tests/api/team-screens.test.ts; each screen's axe scan and fit on a phone:
 * tests/e2e/accessibility-admin-*.e2e.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in through the form, straight to `screen` (`?redirectTo=`), and waits for it. */
async function signInTo(page: Page, username: string, password: string, screen: string, heading: string) {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(screen)}`);
  await waitForHydration(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname + url.search === screen);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await waitForHydration(page);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL('**/admin/login');
}

/** The text of each cell of each audit entry shown (a card's column names are not in it). */
const entryCells = (page: Page) =>
  page
    .getByTestId('audit-entry')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('[role="cell"]')].map((c) => c.textContent!.trim())),
    );

const menuLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allTextContents();

it('the owner adds a staff member who signs in with the one-time password, is kept off the owner screens, and shows in the audit log', async () => {
  // unique on the shared server, whichever files ran before on it
  const username = `casey-${Date.now().toString(36)}`;
  const name = 'Casey Counter';
  const { context, page, problems } = await openPage(browser, 'desktop');
  try {
    // the owner adds them and reads the password in the dialog, this once
    await signInTo(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/team', 'Team');
    expect(await menuLinks(page)).toEqual(expect.arrayContaining(['Team', 'Audit log']));
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add staff member' });
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Add staff member' }).click();
    await dialog.getByText(`Give this password to ${name}: it is shown only now.`).waitFor();
    const password = await dialog.getByLabel('Password').inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('team-member').filter({ hasText: username });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      name,
      username,
      'Staff',
      'Active',
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      'DisableRenameReset password',
    ]);
    // the owner's own row offers neither
    const own = page.getByTestId('team-member').filter({ has: page.getByText('You', { exact: true }) });
    expect(await own.getByRole('cell').nth(2).textContent()).toBe('Owner');
    expect(await own.getByRole('button').count()).toBe(0);
    await signOut(page);

    // the new member signs in with it and chooses their own password first (decision 0201:
    // tests/e2e/accounts.e2e.test.ts); then no owner links, and the owner's screens answer 403
    await signInTo(page, username, password, '/admin/account', 'Choose your own password');
    const chosen = `${password}-own`;
    await page.locator('#password-newPassword').fill(chosen);
    await page.locator('#password-confirmPassword').fill(chosen);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/admin/leads');
    await page.goto('/admin/suppliers');
    await page.getByRole('heading', { name: 'Suppliers', level: 1 }).waitFor();
    await waitForHydration(page);
    expect(await menuLinks(page)).toEqual([
      // with the unread count when there is one
      expect.stringMatching(/^Inbox( \d+ unread)?$/),
      'Leads',
      'Customers',
      'Orders',
      'Suppliers',
      'Insights',
      'Catalog',
      'Blog',
      'Your account',
    ]);
    for (const path of ['/admin/team', '/admin/audit', '/admin/settings']) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 403 });
      await page.getByRole('heading', { name: 'Only the owner can do this.', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Add staff member' }).count()).toBe(0);
      expect(await page.getByRole('table').count()).toBe(0);
    }
    await waitForHydration(page);
    await signOut(page);

    // the owner reads both in the audit log, newest first, and narrows it to one action
    await signInTo(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/audit', 'Audit log');
    const all = await entryCells(page);
    // who, by display name (decision 0201): the owner's is still their username
    const signedIn = all.findIndex(([, who, what]) => who === name && what === 'Signed in');
    const added = all.findIndex(
      ([, who, what, subject]) =>
        who === 'admin' && what === 'Staff member added' && subject === `${name} (${username})`,
    );
    expect({ signedIn: signedIn >= 0, added: added >= 0 }).toEqual({ signedIn: true, added: true });
    expect(signedIn, 'the sign-in came after the addition: above it').toBeLessThan(added);
    expect(all[added]![4]).toBe(`${name} (${username}), Staff`);
    // the sign-in says where and on what in words; the raw address and browser behind a closed
    // disclosure (issue 48 item 7, decision 0195)
    const signInRow = page.getByTestId('audit-entry').nth(signedIn);
    const words = await signInRow.innerText();
    expect(words).toMatch(/From Chrome on \w+ on this computer/);
    expect(words).not.toMatch(/Mozilla|::1|127\.0\.0\.1/);
    await signInRow.getByText('Address and browser as recorded').click();
    const raw = await signInRow.locator('details').innerText();
    expect(raw).toMatch(/Address\s+\S*(::1|127\.0\.0\.1)/);
    expect(raw).toMatch(/Browser\s+Mozilla\/5\.0/);

    await page.getByLabel('Action').selectOption({ label: 'Staff member added' });
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.waitForURL((url) => url.search === '?action=user_added');
    await page.getByTestId('audit-entry').first().waitFor();
    const narrowed = await entryCells(page);
    expect(narrowed.map(([, , what]) => what)).toEqual(narrowed.map(() => 'Staff member added'));
    expect(narrowed.some(([, , , subject]) => subject === `${name} (${username})`)).toBe(true);
    expect(narrowed.length).toBeLessThan(all.length);

    // a staff member's pages answered 403 on purpose; nothing else went wrong
    expect(problems.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  } finally {
    await context.close();
  }
});
