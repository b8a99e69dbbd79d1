/**
 * The customer's private quote page (issue 28) on a 390 px phone: every state (the request before
 * a quote, an open quote, accepted, declined, expired, replaced) is complete in the server's HTML
 * and axe finds nothing on any of them; the customer answers by plain form posts, proven in a
 * browser with JavaScript off (axe itself needs JavaScript, so it scans the same pages in a normal
 * tab: the page ships no script of its own). A server of its own, so the test can let 48 hours
 * pass by moving a quote's expiry into the past in its database (a running server's clock cannot
 * be moved).
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagPhoto } from './fixtures/images.ts';
import { axeViolations, launchBrowser, reportCspViolations, watchProblems } from './support/browser.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';

const PASSWORD = 'e2e-quote-page-admin-password';
let server: SpawnedServer;
let browser: Browser;
let context: BrowserContext;
let noScript: BrowserContext;
let cookie = '';
let csrf = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    spawnServer({ name: 'quote-page', adminPassword: PASSWORD }),
    launchBrowser(),
  ]);
  const login = await api('/api/admin/login', { username: 'admin', password: PASSWORD });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  csrf = ((await login.json()) as { token: string }).token;
  const phone = {
    baseURL: server.origin,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-CA',
    timezoneId: 'America/Winnipeg',
  };
  context = await browser.newContext(phone);
  // a phone with JavaScript off: the answers must work as plain HTML forms
  noScript = await browser.newContext({ ...phone, javaScriptEnabled: false });
  for (const c of [context, noScript]) {
    c.setDefaultTimeout(10_000);
    await reportCspViolations(c);
  }
});
afterAll(async () => {
  await noScript?.close();
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

function api(pathname: string, body?: unknown, init: RequestInit = {}) {
  return fetch(`${server.origin}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Origin: server.origin,
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { Cookie: cookie, 'X-CSRF-Token': csrf } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    ...init,
  });
}

/** A web request with one photo; returns the lead's id. */
async function newLead(name: string): Promise<number> {
  const form = new FormData();
  const fields = {
    equipment: 'ag',
    make: 'John Deere',
    model: '6120',
    year: '2015',
    description: 'Hydraulic pump leaks at the shaft seal. Tractor is down in the yard.',
    urgency: '48h',
    name,
    phone: '(204) 555-0177',
    consent: 'true',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    'photos',
    new Blob([new Uint8Array(await tagPhoto({ width: 800, height: 600 }))], { type: 'image/jpeg' }),
    'pump.jpg',
  );
  const res = await api('/api/leads', form);
  expect(res.status).toBe(201);
  const { caseNumber } = (await res.json()) as { caseNumber: string };
  return Number(caseNumber.slice(2)) - 10_000;
}

type Lead = { conversation: { channel: string; body: string }[]; status: string };
const leadOf = async (id: number) => (await (await api(`/api/leads/${id}`)).json()) as Lead;

/** The path of the link in the newest text to the customer. */
async function lastLink(id: number): Promise<string> {
  const texts = (await leadOf(id)).conversation.filter((m) => m.channel === 'sms');
  const url = /https?:\/\/\S+\/q\/[A-Za-z0-9_-]{24}/.exec(texts.at(-1)!.body)?.[0];
  expect(url).toBeDefined();
  return new URL(url!).pathname;
}

async function quote(id: number): Promise<string> {
  const res = await api(`/api/leads/${id}/quote`, {
    options: [
      {
        label: 'New OEM',
        cost: 41_000,
        etaDays: 3,
        warranty: '1 year',
        brand: 'John Deere',
        partNumber: 'AH169478',
      },
      {
        label: 'Rebuilt',
        cost: 18_000,
        etaDays: 2,
        warranty: '90 days',
        note: 'Rebuilt in Brandon, core charge included.',
      },
    ],
    notes: 'Supplier: Green Acres (internal)',
  });
  expect(res.status).toBe(200);
  return lastLink(id);
}

/** Opens a path; checks the page is whole, private and clean; axe too, unless JavaScript is off. */
async function open(pathname: string, browsing = context): Promise<Page> {
  const page = await browsing.newPage();
  const problems = watchProblems(page);
  const response = await page.goto(pathname);
  expect(response!.status()).toBe(200);
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  expect(response!.headers()['x-robots-tag']).toContain('noindex');
  await page.getByRole('heading', { level: 1, name: /^Your request Q-\d+$/ }).waitFor();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  if (browsing === context) await expectAccessible(page);
  expect(problems.errors).toEqual([]);
  return page;
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
}

/** The page a JavaScript-less tab shows now, scanned by axe in a normal tab. */
async function scanAsShown(page: Page) {
  const scanned = await open(new URL(page.url()).pathname + new URL(page.url()).search);
  await scanned.close();
}

describe('the quote page on a phone', () => {
  it('before a quote: the request, its photo and "We\'re on it"; nothing personal beyond the first name', async () => {
    const id = await newLead('Dana Friesen');
    const page = await open(await lastLink(id));
    await page.getByRole('heading', { name: "We're on it" }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('For Dana, phone ending in 0177');
    expect(text).not.toContain('Friesen');
    expect(text).not.toContain('555-0177');
    const photo = page.getByRole('img', { name: 'Your photo 1' });
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.close();
  });

  it('an open quote: the photo beside the options; choose the second, sign and accept', async () => {
    const id = await newLead('Marc Sabourin');
    const link = await quote(id);
    const page = await open(link);
    await page.getByRole('heading', { name: 'Is this your part?' }).waitFor();
    await page.getByText(/left to accept$/).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('New OEM');
    expect(text).toContain('Rebuilt in Brandon, core charge included.');
    expect(text).not.toContain('Supplier: Green Acres');
    // pressing Accept with nothing filled in: the server's messages, the form kept
    await page.getByRole('button', { name: 'Accept quote' }).click();
    await page.getByText('Choose an option').first().waitFor();
    await page.getByText('Type your full name').waitFor();
    await expectAccessible(page);
    await page.close();

    // the customer's own phone, JavaScript off
    const plain = await open(link, noScript);
    await plain.getByRole('radio', { name: /Rebuilt/ }).check();
    await plain.getByLabel('Your full name').fill('Marc Sabourin');
    await plain.getByLabel('PO number (optional)').fill('PO-4471');
    await plain.getByRole('checkbox', { name: /I agree to the terms/ }).check();
    await plain.getByRole('button', { name: 'Accept quote' }).click();
    await plain.getByRole('heading', { name: 'Quote accepted' }).waitFor();
    // the signer's first name only: links get forwarded
    const accepted = await plain.locator('main').innerText();
    expect(accepted).toMatch(/Rebuilt.*by Marc \(PO PO-4471\)/);
    expect(accepted).not.toContain('Sabourin');
    expect((await leadOf(id)).status).toBe('ordered');
    await scanAsShown(plain);
    await plain.close();
  });

  it('declined: a reason, then a thank-you', async () => {
    const id = await newLead('Lena Harder');
    const page = await open(await quote(id), noScript);
    await page.getByText('Not for you? Decline').click();
    await page.getByRole('radio', { name: 'Price too high' }).check();
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await page.getByRole('heading', { name: 'Quote declined' }).waitFor();
    await scanAsShown(page);
    expect((await leadOf(id)).status).toBe('lost');
    await page.close();
  });

  it('replaced: the old link says so and leads to the current quote', async () => {
    const id = await newLead('Owen Penner');
    const first = await quote(id);
    await quote(id);
    const page = await open(first);
    await page.getByRole('heading', { name: 'This quote was replaced' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept quote' }).count()).toBe(0);
    await page.getByRole('link', { name: 'See the current quote' }).click();
    await page.getByRole('button', { name: 'Accept quote' }).waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('expired after 48 hours: no Accept, and "Ask for a new quote" sends it back to staff', async () => {
    const id = await newLead('Ruth Wiebe');
    const link = await quote(id);
    // 48 hours pass
    const db = new DatabaseSync(path.join(server.dataDir, 'app.db'));
    try {
      const past = new Date(Date.now() - 60_000).toISOString();
      db.prepare('update quote_versions set expires_at = ? where lead_id = ?').run(past, id);
      db.prepare('update leads set quote_expires_at = ? where id = ?').run(past, id);
    } finally {
      db.close();
    }
    const page = await open(link);
    await page.getByRole('heading', { name: 'This quote has expired' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept quote' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ask for a new quote' }).click();
    await page.getByText('We are preparing a new quote for you.').waitFor();
    await expectAccessible(page);
    expect((await leadOf(id)).status).toBe('qualified');
    await page.close();
  });

  it('a question lands with staff and shows as sent', async () => {
    const id = await newLead('Ivan Dueck');
    const page = await open(await quote(id));
    await page.getByLabel('Your question').fill('Does the rebuilt one come with the seal kit?');
    await page.getByRole('button', { name: 'Send question' }).click();
    await page.getByRole('status').getByText('Question sent').waitFor();
    await page
      .getByRole('list', { name: 'Your questions' })
      .getByText('Does the rebuilt one come with the seal kit?')
      .waitFor();
    const conversation = (await leadOf(id)).conversation;
    expect(conversation).toContainEqual(
      expect.objectContaining({ channel: 'web', body: 'Does the rebuilt one come with the seal kit?' }),
    );
    await page.close();
  });

  it('a wrong link answers 404 with words for a person', async () => {
    const page = await context.newPage();
    const response = await page.goto('/q/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Link not found' }).waitFor();
    await expectAccessible(page);
    await page.close();
  });
});
