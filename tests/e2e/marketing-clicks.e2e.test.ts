/**
 * Quote-button click tracking on the marketing pages (product.md §7, §8): a click on the home hero's
 * 'Get Quote' or the parts-sourcing hero's text button records a click (seen in the staff's click
 * stats) and opens the SMS link; when recording fails the link still opens and the visitor sees
 * nothing but a console warning. The pages ship no React: app/chrome.js does all of it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickStats } from '#app/modules/site/click.schema.ts';
import { launchBrowser, openPage, visit, type PageProblems } from './support/browser.ts';
import { urlOf } from './support/server.ts';
import { E2E_ADMIN_PASSWORD, SMS_HREF } from './support/site.ts';

let browser: Browser;
let context: BrowserContext | undefined;
let staffCookie: string;

/** Signs in as the e2e admin through the real endpoint and keeps the session cookie. */
async function signIn(): Promise<string> {
  const res = await fetch(urlOf('/api/admin/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function clickStats(): Promise<ClickStats> {
  const res = await fetch(urlOf('/api/clicks/stats'), { headers: { Cookie: staffCookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as ClickStats;
}

beforeAll(async () => {
  browser = await launchBrowser();
  staffCookie = await signIn();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function open(device: 'desktop' | 'phone' = 'desktop') {
  await context?.close();
  const opened = await openPage(browser, device);
  context = opened.context;
  return opened;
}

const unexpectedErrors = (problems: PageProblems) =>
  problems.errors.filter((e) => !/^console\.error: Failed to load resource: .*\/api\/clicks/.test(e));

/** Clicks a text link and waits for the browser to hand its sms: URL over (headless Chromium requests it). */
async function clickAndOpenSms(page: Page, name: string) {
  const smsOpened = page.waitForRequest((req) => req.url() === SMS_HREF);
  await page.getByRole('main').getByRole('link', { name, exact: true }).click();
  await smsOpened;
}

describe('quote-button clicks', () => {
  it('GET /api/clicks/stats is for staff only', async () => {
    const res = await fetch(urlOf('/api/clicks/stats'));
    expect(res.status).toBe(401);
  });

  it.each([
    ['/', 'Get Quote', 'home-hero', 'desktop'],
    ['/', 'Get Quote', 'home-hero', 'phone'],
    ['/parts-sourcing', 'Text Us Your Part', 'parts-sourcing-hero', 'phone'],
  ] as const)(
    '%s: %s records a click at %s (%s) and opens the text message',
    async (path, text, location, device) => {
      const before = await clickStats();
      const { page, problems } = await open(device);
      await visit(page, path);
      const recorded = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/clicks' && res.request().method() === 'POST',
      );
      await clickAndOpenSms(page, text);
      const response = await recorded;
      expect(response.request().postDataJSON()).toEqual({
        buttonType: 'quote',
        buttonLocation: location,
        buttonText: text,
      });
      expect(response.status()).toBe(201);

      // the click is stored: the staff's stats count it
      const after = await clickStats();
      expect(after.totalClicks).toBe(before.totalClicks + 1);
      expect(after.todayClicks).toBeGreaterThanOrEqual(1);
      expect(after.buttonBreakdown[location]).toBe((before.buttonBreakdown[location] ?? 0) + 1);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(problems.errors).toEqual([]);
    },
  );

  it.each(['Submit Request via Text', 'Get a Quote Anyway'])(
    "home page '%s' opens the SMS link without recording a click",
    async (name) => {
      const before = await clickStats();
      const { page } = await open();
      await visit(page, '/');
      let posted = 0;
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/clicks') posted++;
      });
      await clickAndOpenSms(page, name);
      expect(posted).toBe(0);
      expect((await clickStats()).totalClicks).toBe(before.totalClicks);
    },
  );

  it('when /api/clicks answers 500, the SMS link still opens and the visitor only gets a console warning', async () => {
    const { page, problems } = await open('phone');
    await page.route('**/api/clicks', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await visit(page, '/');
    const warned = page.waitForEvent(
      'console',
      (m) => m.type() === 'warning' && m.text().includes('Click tracking failed'),
    );
    await clickAndOpenSms(page, 'Get Quote');
    await warned;
    expect(new URL(page.url()).pathname).toBe('/');
    expect(unexpectedErrors(problems)).toEqual([]);
  });

  it('when /api/clicks cannot be reached at all, the SMS link still opens', async () => {
    const { page, problems } = await open();
    await page.route('**/api/clicks', (route) => route.abort('internetdisconnected'));
    await visit(page, '/parts-sourcing');
    const warned = page.waitForEvent(
      'console',
      (m) => m.type() === 'warning' && m.text().includes('Click tracking failed'),
    );
    await clickAndOpenSms(page, 'Text Us Your Part');
    await warned;
    expect(new URL(page.url()).pathname).toBe('/parts-sourcing');
    expect(unexpectedErrors(problems)).toEqual([]);
  });
});
