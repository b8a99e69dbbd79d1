/**
 * The owner's settings screen in Chromium (issue 30 items 3 and 4, decision 0161): the owner (the
 * shared server's 'admin') edits a follow-up's wording and sees its preview and SMS segment count
 * change as they type (a special character turns the count to UCS-2 and says why), saves, reloads
 * and finds it kept; turning review requests on (by keyboard) without a review page is refused
 * with the message under the field, focused, and nothing saved. axe finds nothing on a laptop and
 * on a phone, where the screen does not scroll sideways; a staff member opening /admin/settings
 * gets 'Only the owner can do this.'. Backups (decision 0197): the owner is warned there is none
 * yet; on a server of its own, after `npm run backup`, the last one's time and size show without a
 * warning; both at both widths. Loaders and actions in detail:
 * tests/api/settings-screen.test.ts.
 */
import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  fillText,
  FOLLOW_UP_KINDS,
  SAMPLE_VALUES,
  SETTINGS_MESSAGES,
  SETTINGS_TEXT,
  smsSegments,
  type Settings,
} from '#app/modules/customers/follow-ups.ts';
import { BACKUP_TEXT } from '#app/modules/shared/backups.ts';
import { signIn, toastRegion } from './support/admin.ts';
import { axeViolations, launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { baseUrl } from './support/server.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A text's card: a group named by its title. */
const card = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

/** The preview and segment line a wording should show. */
function expected(wording: string) {
  const preview = fillText(wording, SAMPLE_VALUES);
  return { preview, segments: SETTINGS_TEXT.segments(smsSegments(preview)) };
}

async function shown(page: Page, title: string) {
  const c = card(page, title);
  return {
    preview: await c.getByTestId('preview').textContent(),
    segments: await c.getByTestId('segments').textContent(),
  };
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/**
 * Puts the shared server's settings back to the defaults, as the screen's form would post them,
 * so the files after this one on the same server find them as they were.
 */
async function restoreDefaults(page: Page) {
  const s: Settings = DEFAULT_SETTINGS;
  const form: Record<string, string> = { intent: 'save' };
  for (const kind of FOLLOW_UP_KINDS) {
    if (s.followUps[kind].on) form[`followUps.${kind}.on`] = 'on';
    form[`followUps.${kind}.text`] = s.followUps[kind].text;
  }
  form['reviews.url'] = s.reviews.url;
  form['reviews.text'] = s.reviews.text;
  const answer = await page.request.post('/admin/settings.data', { form, headers: { Origin: baseUrl() } });
  expect(answer.status()).toBe(200);
}

it('the owner edits a wording with a live preview and segment count, saves it and finds it kept', async () => {
  const { context, page, problems } = await openPage(browser, 'desktop');
  try {
    await signIn(page, '/admin/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      // the shop's own numbers (decision 0204), then the texts, the city pages, the backups
      'Opening hours',
      'Markup',
      'Pickup',
      'Quiet hours for texts',
      'What staff may see and do',
      'Follow-up texts',
      'Review requests',
      'City pages in search results',
      'Backups',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    const title = 'Quote opened, no answer';
    const wording = card(page, title).getByRole('textbox', { name: 'Wording' });
    expect(await wording.inputValue()).toBe(DEFAULT_SETTINGS.followUps.viewed.text);
    expect(await shown(page, title)).toEqual(expected(DEFAULT_SETTINGS.followUps.viewed.text));
    expect(await card(page, title).getByRole('checkbox', { name: 'Send this text' }).isChecked()).toBe(true);

    // typed a key at a time: the preview and the count follow each key
    const mine = 'Hi {name}, any questions about {case}? Ask on your quote: {link}';
    await wording.fill('Hi {name}, any questions about {case}?');
    await wording.press('End');
    await wording.pressSequentially(' Ask on your quote: {link}');
    expect(await shown(page, title)).toEqual(expected(mine));
    expect(expected(mine).segments).toMatch(/^1 segment · \d+ of 160 characters \(GSM-7\)$/);

    // a curly apostrophe is not GSM-7: every segment then holds 70 characters, and the screen says why
    await wording.pressSequentially(' We’re here.');
    const curly = `${mine} We’re here.`;
    expect(await shown(page, title)).toEqual(expected(curly));
    expect(expected(curly).segments).toMatch(/^2 segments · \d+ of 134 characters \(UCS-2\)$/);
    await card(page, title)
      .getByText(SETTINGS_TEXT.special(['’']))
      .waitFor();

    // a long text takes more segments
    const long =
      `${mine} ${'We find parts for farms, fleets and shops all over Manitoba. '.repeat(2)}`.trim();
    await wording.fill(long);
    expect(await shown(page, title)).toEqual(expected(long));
    expect(expected(long).segments).toMatch(/^2 segments · \d+ of 306 characters \(GSM-7\)$/);

    await wording.fill(mine);
    await page.getByText(SETTINGS_TEXT.unsaved).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastRegion(page).getByText('Settings saved').waitFor();
    expect(await page.getByText(SETTINGS_TEXT.unsaved).count()).toBe(0);

    await page.reload();
    await waitForHydration(page);
    expect(await wording.inputValue()).toBe(mine);
    expect(await shown(page, title)).toEqual(expected(mine));
    expect(problems.errors).toEqual([]);
  } finally {
    await restoreDefaults(page).finally(() => context.close());
  }
});

it('refuses review requests turned on without a review page, with the message under the field', async () => {
  const { context, page, problems } = await openPage(browser, 'desktop');
  try {
    await signIn(page, '/admin/settings');
    const reviews = card(page, 'Review request');
    const on = reviews.getByRole('checkbox', { name: 'Send review requests' });
    expect(await on.isChecked()).toBe(false);
    // by keyboard: the switch takes Space
    await on.focus();
    await page.keyboard.press('Space');
    expect(await on.isChecked()).toBe(true);
    // the preview shows the sample's review page until one is typed
    expect(await reviews.getByTestId('preview').textContent()).toBe(
      fillText(DEFAULT_SETTINGS.reviews.text, SAMPLE_VALUES),
    );

    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastRegion(page).getByText('Settings not saved').waitFor();
    const url = reviews.getByRole('textbox', { name: 'Review page' });
    await reviews.getByText(SETTINGS_MESSAGES.reviewUrlNeeded).waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await url.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(SETTINGS_TEXT.checkFields).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // the page typed goes into the preview; typing clears the field's message
    await url.fill('https://g.page/r/e2e/review');
    expect(await reviews.getByTestId('preview').textContent()).toContain('https://g.page/r/e2e/review');
    expect(await reviews.getByText(SETTINGS_MESSAGES.reviewUrlNeeded).count()).toBe(0);

    // nothing was saved
    await page.reload();
    await waitForHydration(page);
    expect(await on.isChecked()).toBe(false);
    expect(await url.inputValue()).toBe('');
    expect(problems.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  } finally {
    await context.close();
  }
});

it('fits a 390 px phone with nothing for axe to find', async () => {
  const { context, page, problems } = await openPage(browser, 'phone');
  try {
    await signIn(page, '/admin/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // a long unbroken word in the wording wraps in the preview, not the page
    const wording = card(page, 'Quote not opened').getByRole('textbox', { name: 'Wording' });
    await wording.fill(`{link} ${'x'.repeat(200)}`);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(problems.errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it.each(['desktop', 'phone'] as const)(
  "shows the owner on a %s how many city pages are in search results (the leads board's 'Generate SEO Pages' no more)",
  async (device) => {
    const { context, page, problems } = await openPage(browser, device);
    try {
      await signIn(page, '/admin/leads');
      expect(await page.getByRole('button', { name: /SEO/ }).count()).toBe(0);
      await page.goto('/admin/settings');
      await waitForHydration(page);
      const section = page.getByRole('region', { name: 'City pages in search results' });
      await section
        .getByRole('button', { name: 'Show city pages for the places we have served in search results' })
        .click();
      await section
        .getByRole('status')
        .getByText(/^\d+ city pages? (is|are) in search results now\.$/)
        .waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

it.each(['desktop', 'phone'] as const)(
  'warns the owner on a %s that there is no backup yet (issue 49 item 5, decision 0197)',
  async (device) => {
    const { context, page, problems } = await openPage(browser, device);
    try {
      await signIn(page, '/admin/settings');
      const section = page.getByRole('region', { name: 'Backups' });
      await section.getByRole('alert').getByText(BACKUP_TEXT.noneWarning).waitFor();
      await section.getByText(BACKUP_TEXT.none).waitFor();
      await section.getByText(/^Kept in the folder .+backups\.$/).waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

describe('Settings after a backup (issue 49 item 5, decision 0197)', () => {
  const password = 'e2e-backups-admin-password';
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer({ name: 'settings-backup', adminPassword: password });
    // `npm run backup` beside the running server
    const made = spawnSync(process.execPath, ['server/cli/backup.ts'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(made.stdout).toMatch(/^Backup backup-\S+ made/);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it.each(['desktop', 'phone'] as const)(
    'shows the owner on a %s when the last backup was made and its size, without a warning',
    async (device) => {
      const { context, page, problems } = await openPage(browser, device);
      try {
        await page.goto(`${server.origin}/admin/login`);
        await waitForHydration(page);
        await page.getByLabel('Username').fill('admin');
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.waitForURL('**/admin/leads');
        await page.goto(`${server.origin}/admin/settings`);
        await waitForHydration(page);
        const section = page.getByRole('region', { name: 'Backups' });
        await section.getByText(BACKUP_TEXT.last).waitFor();
        expect(await section.locator('time').textContent()).toMatch(
          /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\.$/,
        );
        expect(await section.getByText(/^\d+(\.\d)? (KB|MB)$/).count()).toBe(1);
        expect(await section.getByRole('alert').count()).toBe(0);
        expect(await sidewaysScroll(page)).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems.errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

it('answers a staff member who opens /admin/settings with "Only the owner can do this."', async () => {
  const username = `sky-${Date.now().toString(36)}`;
  const name = 'Sky Settings';
  const { context, page, problems } = await openPage(browser, 'desktop');
  try {
    // the owner adds them on the team screen, the password shown once
    await signIn(page, '/admin/team');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add staff member' });
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Add staff member' }).click();
    const password = dialog.getByLabel('Password');
    await password.waitFor();
    const secret = await password.inputValue();
    await context.clearCookies();

    // they sign in, then open the owner's screen
    await page.goto('/admin/login');
    await waitForHydration(page);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(secret);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // a handed-out password is changed first (decision 0203)
    await page.waitForURL('**/admin/account');
    await waitForHydration(page);
    await page.locator('#password-newPassword').fill(`${secret}-own`);
    await page.locator('#password-confirmPassword').fill(`${secret}-own`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/admin/leads');
    const response = await page.goto('/admin/settings');
    expect(response?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Only the owner can do this.', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await waitForHydration(page);
    expect(problems.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  } finally {
    await context.close();
  }
});
