/**
 * The inbox and the customers screens in Chromium (issue 30 items 1 and 2, decision 0161), against
 * a server of its own that texts through a local stand-in of Twilio's Messages API (as
 * tests/e2e/quote-link-staff.e2e): a customer's question asked on the quote page (from the link in
 * their quote text) appears in the open /admin/inbox within 5 s without a reload, and the menu's
 * unread count rises; staff open it (the count falls), reply by text (the stand-in receives it),
 * assign it and mark it done. Staff find the customer on /admin/customers, make them a fleet
 * account (their quote page then asks for a PO number), and merge a second customer of theirs into
 * them from the second one's page: the kept customer's page then lists both requests. axe on the
 * open conversation at both sizes and on each dialog. Loaders and actions in detail:
 * tests/api/customers-screens.test.ts; each screen's scan and fit on a phone:
 * tests/e2e/accessibility-admin-*.e2e.test.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, toastRegion } from './support/admin.ts';
import {
  axeViolations,
  launchBrowser,
  keepRendererWarm,
  reportCspViolations,
  waitForHydration,
  watchProblems,
} from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';
import { twilioStandIn } from './support/twilio-stand-in.ts';

const ACCOUNT_SID = `AC${'1b'.repeat(16)}`;
const AUTH_TOKEN = 'e2e-inbox-auth-token';
const TWILIO_FROM = '+12045550100';
const CUSTOMER = '+12045550166';
const QUESTION = 'Does the pump come with the gasket?';
const REPLY = 'Yes, the gasket is included. Ready Thursday.';

/** Twilio's Messages API, as far as sending goes (tests/e2e/support/twilio-stand-in.ts). */
const twilio = twilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: TWILIO_FROM });

let server: SpawnedServer;
let browser: Browser;
let staff: BrowserContext;
let customer: BrowserContext;
let cookie = '';
let csrf = '';

const viewport = { locale: 'en-CA', timezoneId: 'America/Winnipeg' };

async function prepare(context: BrowserContext): Promise<BrowserContext> {
  context.setDefaultTimeout(10_000);
  await reportCspViolations(context);
  await keepRendererWarm(context, server.origin);
  return context;
}

beforeAll(async () => {
  await twilio.start();
  [server, browser] = await Promise.all([
    spawnServer({
      name: 'inbox',
      adminPassword: E2E_ADMIN_PASSWORD,
      env: { ...twilio.env(), TEXT_QUIET_HOURS: 'off' },
    }),
    launchBrowser(),
  ]);
  const login = await api('/api/admin/login', { username: 'admin', password: E2E_ADMIN_PASSWORD });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  csrf = ((await login.json()) as { token: string }).token;
  staff = await prepare(
    await browser.newContext({ ...viewport, baseURL: server.origin, viewport: { width: 1280, height: 800 } }),
  );
  customer = await prepare(
    await browser.newContext({
      ...viewport,
      baseURL: server.origin,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    }),
  );
});

afterAll(async () => {
  await staff?.close();
  await customer?.close();
  await browser?.close();
  await server?.dispose();
  await twilio.stop();
});

/** The staff API with the test's own session (for what these tests do not look at: a quote). */
function api(pathname: string, body?: unknown) {
  return fetch(`${server.origin}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Origin: server.origin,
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { Cookie: cookie, 'X-CSRF-Token': csrf } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
}

/** A request from the web form, as the customer's phone sends it; answers the lead's id and case number. */
async function request(fields: { name: string; phone: string; email?: string; description: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    equipment: 'ag',
    make: 'John Deere',
    model: '6120',
    year: '2015',
    urgency: 'flexible',
    consent: 'true',
    ...fields,
  }))
    form.append(name, value);
  const res = await api('/api/leads', form);
  expect(res.status).toBe(201);
  const { caseNumber } = (await res.json()) as { caseNumber: string };
  return { id: Number(caseNumber.slice(2)) - 10_000, caseNumber };
}

/**
 * The customer a lead belongs to, as the customers screen finds them by phone (its loader's data,
 * React Router's single-fetch `.data` request: the list has no /api of its own, decision 0182).
 */
async function customerId(phone: string): Promise<number> {
  const res = await api(
    `/admin/customers.data?search=${encodeURIComponent(phone)}&_routes=routes/admin-customers`,
  );
  expect(res.status).toBe(200);
  const decoded = await decodeTurboStream(res.body!, globalThis as unknown as Window);
  const { customers } = (decoded.value as Record<string, { data: { customers: { id: number }[] } }>)[
    'routes/admin-customers'
  ]!.data;
  expect(customers).toHaveLength(1);
  return customers[0]!.id;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
/** The conversations in the inbox's list. */
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });

let quoteLink = '';
let first: { id: number; caseNumber: string };

describe('one inbox', () => {
  it('shows a question from the quote page within 5 s without a reload; staff open it and reply by text', async () => {
    first = await request({
      name: 'Dana Friesen',
      phone: '(204) 555-0166',
      description: 'Hydraulic pump leaks at the shaft seal.',
    });
    expect((await api(`/api/leads/${first.id}/quote`, { cost: 41_000, etaDays: 3 })).status).toBe(200);
    const quoteText = await twilio.textMatching(new RegExp(`quote ${first.caseNumber} `));
    quoteLink = new URL(new RegExp(`${server.origin}/q/[A-Za-z0-9_-]{24}`).exec(quoteText)![0]).pathname;

    // staff have the inbox open: the conversation is there (the texts out), nothing unread
    const page = await staff.newPage();
    const problems = watchProblems(page);
    await signIn(page, '/admin/inbox');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    const item = conversations(page).getByRole('link', { name: /Dana Friesen/ });
    await item.waitFor();
    await menu(page).getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    // marks this document: a reload would lose it
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // the customer asks on their quote page
    const quotePage = await customer.newPage();
    await quotePage.goto(quoteLink);
    await quotePage.getByLabel('Your question').fill(QUESTION);
    await quotePage.getByRole('button', { name: 'Send question' }).click();
    await quotePage.getByRole('status').getByText('Question sent').waitFor();
    const asked = Date.now();

    // within 5 s, in the same document: first in the list, unread, and counted in the menu
    const top = conversations(page).getByRole('link').first();
    await top.getByText(QUESTION).waitFor({ timeout: 5_000 });
    await top.getByText('1 unread message').waitFor({ timeout: 5_000 });
    await menu(page).getByRole('link', { name: 'Inbox 1 unread' }).waitFor({ timeout: 5_000 });
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(await top.textContent()).toMatch(/^Dana Friesen/);

    // opened: the thread with the question, their request beside it; read, so the menu counts none
    await top.click();
    const id = await customerId('2045550166');
    await page.waitForURL(`**/admin/inbox/${id}`);
    const pane = page.getByRole('region', { name: 'Dana Friesen' });
    const thread = pane.getByRole('list', { name: 'Conversation' });
    await thread.getByRole('listitem').filter({ hasText: QUESTION }).waitFor();
    expect(await thread.getByRole('listitem').filter({ hasText: QUESTION }).innerText()).toMatch(
      /^Customer\W+Quote page\W/,
    );
    await pane.getByRole('link', { name: first.caseNumber }).waitFor();
    expect(await pane.getByRole('link', { name: 'Customer page' }).getAttribute('href')).toBe(
      `/admin/customers/${id}`,
    );
    await menu(page).getByRole('link', { name: 'Inbox', exact: true }).waitFor({ timeout: 5_000 });
    expect(await top.getByText('1 unread message').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // a reply by text: queued, in the thread, and at the stand-in, to the customer's number
    await pane.getByLabel('Reply by text').fill(REPLY);
    // the reply begins with the business's name unless staff untick the box for it
    const withName = pane.getByRole('checkbox', { name: 'Start with our name' });
    expect(await withName.isChecked()).toBe(true);
    await pane.getByRole('button', { name: 'Send text' }).click();
    await pane.getByRole('status').getByText('Text queued').waitFor();
    await thread.getByRole('listitem').filter({ hasText: REPLY }).waitFor();
    await twilio.textMatching(/the gasket is included/);
    const sent = twilio.received.find((t) => t.form.get('Body')?.includes(REPLY));
    expect(sent?.form.get('To')).toBe(CUSTOMER);
    expect(sent?.form.get('Body')).toBe(`Parts Hunters MB: ${REPLY}`);
    expect(await top.textContent()).toContain(`You: Parts Hunters MB: ${REPLY}`);

    // an empty text is refused in the field's words
    await pane.getByRole('button', { name: 'Send text' }).click();
    await pane.getByText('Type a message first').waitFor();

    // assigned to me, then done: out of Open, in Done, and back
    await pane.getByLabel('Assign to').selectOption({ label: 'admin' });
    await pane.getByRole('button', { name: 'Assign' }).click();
    await top.getByText('Assigned to admin').waitFor();
    await page
      .getByRole('navigation', { name: 'Which conversations' })
      .getByRole('link', { name: 'Assigned to me' })
      .click();
    await page.waitForURL((url) => url.pathname === `/admin/inbox/${id}` && url.search === '?filter=mine');
    await conversations(page)
      .getByRole('link', { name: /Dana Friesen/ })
      .waitFor();
    await pane.getByRole('button', { name: 'Mark done' }).click();
    await pane.getByRole('button', { name: 'Move back to open' }).waitFor();
    await page.getByText('No conversations here.').waitFor();
    await page
      .getByRole('navigation', { name: 'Which conversations' })
      .getByRole('link', { name: 'Done' })
      .click();
    await conversations(page)
      .getByRole('link', { name: /Dana Friesen/ })
      .waitFor();
    await pane.getByRole('button', { name: 'Move back to open' }).click();
    await pane.getByRole('button', { name: 'Mark done' }).waitFor();
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('shows one conversation at a time on a phone, with the way back to the list', async () => {
    const id = await customerId('2045550166');
    const phone = await prepare(
      await browser.newContext({
        ...viewport,
        baseURL: server.origin,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      }),
    );
    const page = await phone.newPage();
    const problems = watchProblems(page);
    try {
      await signIn(page, `/admin/inbox/${id}`);
      const pane = page.getByRole('region', { name: 'Dana Friesen' });
      await pane.getByRole('list', { name: 'Conversation' }).getByText(REPLY).waitFor();
      // the list is not shown beside it
      expect(await conversations(page).isVisible()).toBe(false);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await pane.getByRole('link', { name: 'Back to the inbox' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/inbox');
      await conversations(page)
        .getByRole('link', { name: /Dana Friesen/ })
        .waitFor();
      expect(problems.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('customers', () => {
  it('staff find a customer and make them a fleet account: their quote page then asks for a PO number', async () => {
    const page = await staff.newPage();
    const problems = watchProblems(page);
    await signIn(page, '/admin/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('(204) 555-0166');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === '(204) 555-0166');
    const rows = page.getByTestId('customer-row');
    await rows.first().getByRole('link', { name: 'Dana Friesen' }).waitFor();
    // the list may still be swapped for its loading rows and back (a slow machine saw 0 here
    // between the two): the one matching customer once it settles
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('(204) 555-0166');
    await rows.first().getByRole('link', { name: 'Dana Friesen' }).click();
    await page.getByRole('heading', { name: 'Dana Friesen', level: 1 }).waitFor();
    const requests = page.getByRole('region', { name: 'Requests', exact: true });
    await requests.getByRole('link', { name: first.caseNumber }).waitFor();
    await page.getByRole('region', { name: 'Messages' }).getByText(QUESTION).waitFor();
    await page.getByRole('link', { name: 'Call (204) 555-0166' }).waitFor();

    await page.getByRole('button', { name: 'Edit customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit customer' });
    await dialog.getByLabel('Company').fill('Friesen Farms');
    await dialog.getByLabel('Notes').fill('Pays on pickup.');
    await dialog.getByRole('checkbox', { name: 'Fleet account' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toastRegion(page).getByText('Customer saved').waitFor();
    await page.getByText('Friesen Farms', { exact: true }).waitFor();
    await page.getByText('Fleet account', { exact: true }).waitFor();
    await page.getByText('Pays on pickup.').waitFor();

    // the customer's quote page: a PO number on every order
    const quotePage = await customer.newPage();
    await quotePage.goto(quoteLink);
    await quotePage.getByLabel('PO number', { exact: true }).waitFor();
    expect(await quotePage.getByLabel('PO number', { exact: true }).getAttribute('required')).not.toBeNull();
    await quotePage.close();
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it("merges a second customer of theirs into them from the second one's page", async () => {
    const second = await request({
      name: 'D. Friesen',
      phone: '(204) 555-0167',
      email: 'dana@friesenfarms.ca',
      description: 'Seat switch for the cab.',
    });
    const keptId = await customerId('2045550166');
    const mergedId = await customerId('2045550167');
    expect(mergedId).not.toBe(keptId);

    const page = await staff.newPage();
    const problems = watchProblems(page);
    await signIn(page, `/admin/customers/${mergedId}`);
    await page.getByRole('heading', { name: 'D. Friesen', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Merge with another customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge with another customer' });
    await dialog.getByLabel('Find the customer to keep').fill('Friesen Farms');
    const keep = dialog.getByRole('radio', { name: /Dana Friesen \(Friesen Farms\)/ });
    await keep.waitFor();
    // this customer is not offered as the one to keep
    expect(await dialog.getByRole('radio', { name: /D\. Friesen/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await keep.check();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

    // the kept customer's page, with both requests
    await page.waitForURL(`**/admin/customers/${keptId}`);
    await page.getByRole('heading', { name: 'Dana Friesen', level: 1 }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await toastRegion(page).getByText('Customers merged').waitFor();
    const requests = page.getByRole('region', { name: 'Requests', exact: true });
    await requests.getByRole('link', { name: second.caseNumber }).waitFor();
    await requests.getByRole('link', { name: first.caseNumber }).waitFor();

    // the merged one's page says where they went
    await page.goto(`/admin/customers/${mergedId}`);
    await waitForHydration(page);
    await page.getByText('This customer was merged into another one.').waitFor();
    await page.getByRole('link', { name: 'Open the customer it was merged into' }).click();
    await page.waitForURL(`**/admin/customers/${keptId}`);
    expect(problems.errors).toEqual([]);
    await page.close();
  });
});
