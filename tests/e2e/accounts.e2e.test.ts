/**
 * Accounts people manage and passkeys in Chromium (issue 49 items 2 and 3, decisions 0201 and
 * 0202), on a server of this file's own at http://localhost (a passkey's relying party is a host
 * name, never an IP address): 'Your account' on a laptop and on a phone, axe-clean, the first
 * sign-in saying "Welcome" and the next "Welcome back!", the owner's own name changed and shown; a
 * password the owner handed out sending the new member to 'Choose your own password' (axe-clean at
 * 390 and 1280 px, the board redirecting there) until they have; and a passkey added with Chromium's
 * virtual authenticator, signed in with after signing out, removed, and the removal in the audit log.
 * Loaders, actions and the checks that refuse: tests/api/accounts.test.ts, tests/api/passkeys.test.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  reportCspViolations,
  waitForHydration,
  watchProblems,
  type Device,
} from './support/browser.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';

const ADMIN_PASSWORD = 'accounts e2e password';

let server: SpawnedServer;
let browser: Browser;
beforeAll(async () => {
  server = await spawnServer({ name: 'accounts', adminPassword: ADMIN_PASSWORD, host: 'localhost' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A fresh context on this file's server, sized like a laptop or a phone. */
async function open(device: Device): Promise<{ context: BrowserContext; page: Page }> {
  const common = { baseURL: server.origin, locale: 'en-CA', timezoneId: 'America/Winnipeg' };
  const context = await browser.newContext(
    device === 'phone'
      ? {
          ...common,
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 3,
          isMobile: true,
          hasTouch: true,
        }
      : { ...common, viewport: { width: 1280, height: 800 } },
  );
  context.setDefaultTimeout(10_000);
  await reportCspViolations(context);
  return { context, page: await context.newPage() };
}

/** Signs in through the form; answers the greeting the toast said. */
async function signIn(page: Page, username: string, password: string): Promise<string> {
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const greeting = page.getByRole('region', { name: /Notifications/ }).getByText(/^Welcome( back!)?$/);
  await greeting.waitFor();
  return (await greeting.textContent())!;
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

describe('Your account', () => {
  let ownersPhone: Awaited<ReturnType<typeof open>> | undefined;
  afterAll(async () => {
    await ownersPhone?.context.close();
  });

  it('says Welcome, then Welcome back!; is axe-clean at 1280 and 390 px; the owner changes their name', async () => {
    const desk = await open('desktop');
    const phone = (ownersPhone = await open('phone'));
    try {
      const problems = watchProblems(desk.page);
      expect(await signIn(desk.page, 'admin', ADMIN_PASSWORD)).toBe('Welcome');
      await desk.page.waitForURL('**/admin/leads');
      await desk.page.goto('/admin/account');
      await waitForHydration(desk.page);
      await desk.page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      expect(await desk.page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        'Your name',
        'Password',
        'Where you are signed in',
        'Notifications',
        'Passkeys',
      ]);
      expect(await axeViolations(desk.page)).toEqual([]);

      await desk.page.getByLabel('Your name').fill('Olive Owner');
      await desk.page.getByRole('button', { name: 'Save name' }).click();
      await desk.page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Your name is saved.')
        .waitFor();
      await desk.page.getByText('Signed in as').getByText('Olive Owner').waitFor();
      // a wrong current password is said under its field
      await desk.page.locator('#password-currentPassword').fill('not my password');
      await desk.page.locator('#password-newPassword').fill('a brand new password');
      await desk.page.locator('#password-confirmPassword').fill('a brand new password');
      await desk.page.getByRole('button', { name: 'Change password' }).click();
      await desk.page.getByText('That is not your current password.').first().waitFor();
      expect(await desk.page.locator('#password-currentPassword').getAttribute('aria-invalid')).toBe('true');
      // the refusal's 400 on purpose; nothing else went wrong
      expect(problems.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);

      expect(await signIn(phone.page, 'admin', ADMIN_PASSWORD)).toBe('Welcome back!');
      await phone.page.waitForURL('**/admin/leads');
      await phone.page.goto('/admin/account');
      await waitForHydration(phone.page);
      await phone.page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      expect(await axeViolations(phone.page)).toEqual([]);
      expect(await sidewaysScroll(phone.page)).toBe(0);
      // 'Sign out everywhere else' from the phone ends the laptop's session
      await phone.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await phone.page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Signed out of 1 other session.')
        .waitFor();
      await desk.page.goto('/admin/account');
      await desk.page.waitForURL('**/admin/login**');
    } finally {
      await desk.context.close();
    }
  });

  it('a password the owner handed out is changed first: the board sends them back; axe-clean at 1280 and 390 px', async () => {
    // the owner: still signed in on the phone of the test before
    const owner = ownersPhone!;
    const desk = await open('desktop');
    const phone = await open('phone');
    try {
      await owner.page.goto('/admin/team');
      await waitForHydration(owner.page);
      await owner.page.getByRole('button', { name: 'Add staff member' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Add staff member' });
      await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill('pat');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Pat Parts');
      await dialog.getByRole('button', { name: 'Add staff member' }).click();
      const password = await dialog.getByLabel('Password').inputValue();

      // the shell asks nothing of the inbox meanwhile: no redirected poll, no error
      const problems = watchProblems(desk.page);
      for (const { page } of [desk, phone]) {
        expect(await signIn(page, 'pat', password)).toMatch(/^Welcome/);
        await page.waitForURL('**/admin/account');
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Choose your own password', level: 1 }).waitFor();
        expect(await page.locator('#password-currentPassword').count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
      }
      expect(await sidewaysScroll(phone.page)).toBe(0);
      // the board is not theirs yet
      await desk.page.goto('/admin/leads');
      await desk.page.waitForURL('**/admin/account');
      await waitForHydration(desk.page);
      await desk.page.locator('#password-newPassword').fill('pats own password');
      await desk.page.locator('#password-confirmPassword').fill('pats other password');
      await desk.page.getByRole('button', { name: 'Change password' }).click();
      await desk.page.getByText('The two new passwords are not the same.').waitFor();
      await desk.page.locator('#password-confirmPassword').fill('pats own password');
      await desk.page.getByRole('button', { name: 'Change password' }).click();
      await desk.page.waitForURL('**/admin/leads');
      await desk.page.getByRole('heading', { name: 'Lead Management', level: 1 }).waitFor();
      expect(problems.errors).toEqual([]);
    } finally {
      await desk.context.close();
      await phone.context.close();
    }
  });
});

describe('passkeys', () => {
  it("adds one with Chromium's virtual authenticator, signs in with it, removes it, and finds the removal in the audit log", async () => {
    const { context, page } = await open('desktop');
    try {
      const problems = watchProblems(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });
      await signIn(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL('**/admin/leads');
      await page.goto('/admin/account');
      await waitForHydration(page);
      await page.getByText('You have no passkey yet.').waitFor();
      await page.getByLabel('Name of this passkey').fill('Work laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Added Work laptop.')
        .waitFor();
      const list = page.getByRole('list', { name: 'Passkeys' });
      await list.getByText('Work laptop').waitFor();
      expect(await list.innerText()).toMatch(/Added [A-Z][a-z]{2} \d{1,2}, \d{4}, not used yet/);

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.waitForURL('**/admin/login');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL('**/admin/leads');
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Welcome back!')
        .waitFor();

      await page.goto('/admin/account');
      await waitForHydration(page);
      expect(await list.innerText()).toMatch(/last used [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
      await page.getByText('You have no passkey yet.').waitFor();

      await page.goto('/admin/audit?action=passkey_removed');
      await waitForHydration(page);
      const entry = page.getByTestId('audit-entry').first();
      await entry.waitFor();
      expect(await entry.innerText()).toMatch(/Passkey removed[\s\S]*Work laptop/);
      const signIns = await page.request.get('/admin/audit?action=sign_in');
      expect(await signIns.text()).toContain('With a passkey');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
