/**
 * The quote link from the staff side (issue 28), on a 390 px phone in Chromium, against a server
 * of its own that texts through a local stand-in of Twilio's Messages API (as tests/e2e/sms.e2e):
 * staff open a new lead and send a quote of two options (the form checked in the browser first,
 * axe on the dialog with the options form open); the customer opens the link from the text the
 * stand-in received, and staff see the card marked 'Viewed'; the customer accepts the second
 * option on /q/<token>; staff find the lead under Ordered at the accepted option's price, the
 * version locked with who accepted it, and the acceptance on record in the history. Then the order
 * (issue 29): staff add a supplier, pick it for the part with a carrier and tracking number, and move
 * the part step by step to ready; the customer's link follows it (Purolator's page while it travels,
 * the pickup address once it is ready, from the link of the ready text the stand-in received); the
 * orders screen lists it. axe on the suppliers screen, the tracker in both states and the orders screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCard, signIn } from './support/admin.ts';
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
import { PHONE_USER_AGENT } from '../support/phone.ts';

const ACCOUNT_SID = `AC${'5a'.repeat(16)}`;
const AUTH_TOKEN = 'e2e-quote-link-auth-token';
const TWILIO_FROM = '+12045550100';
const CUSTOMER = '+12045550188';

/** Twilio's Messages API, as far as sending goes (tests/e2e/support/twilio-stand-in.ts). */
const twilio = twilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: TWILIO_FROM });

let server: SpawnedServer;
let browser: Browser;
let staff: BrowserContext;
let customer: BrowserContext;

/** A context sized like a 390 px phone on the server, with a phone's browser (not HeadlessChrome's). */
async function phone(): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.origin,
    userAgent: PHONE_USER_AGENT,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'en-CA',
    timezoneId: 'America/Winnipeg',
  });
  context.setDefaultTimeout(10_000);
  await reportCspViolations(context);
  await keepRendererWarm(context, server.origin);
  return context;
}

beforeAll(async () => {
  await twilio.start();
  [server, browser] = await Promise.all([
    spawnServer({
      name: 'quote-link-staff',
      adminPassword: E2E_ADMIN_PASSWORD,
      // the order's texts go out whatever the hour the test runs at (quiet hours: unit and API tests)
      env: { ...twilio.env(), TEXT_QUIET_HOURS: 'off', PICKUP_ADDRESS: '1450 Inkster Blvd, Winnipeg' },
    }),
    launchBrowser(),
  ]);
  [staff, customer] = await Promise.all([phone(), phone()]);
});

afterAll(async () => {
  await staff?.close();
  await customer?.close();
  await browser?.close();
  await server?.dispose();
  await twilio.stop();
});

/** A request from the web form, as the customer's phone sends it; answers its case number. */
async function request(): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    equipment: 'truck',
    make: 'Freightliner',
    model: 'Cascadia',
    year: '2019',
    description: 'Driver side mirror glass, heated, cracked.',
    urgency: 'flexible',
    name: 'Dana Friesen',
    phone: CUSTOMER,
    consent: 'true',
  }))
    form.append(name, value);
  const res = await fetch(`${server.origin}/api/leads`, {
    method: 'POST',
    headers: { Origin: server.origin },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { caseNumber: string }).caseNumber;
}

/** The Lead Details dialog of the customer's lead, opened from `column` of the board. */
async function openLead(page: Page, column: string) {
  await leadCard(page, column, 'Dana Friesen').click();
  const dialog = page.getByRole('dialog', { name: 'Lead Details' });
  await dialog.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
  return dialog;
}

describe('a quote of two options, from the staff dialog to the customer and back', () => {
  it('staff send two options; the customer opens the link and accepts the second; staff see it', async () => {
    const caseNumber = await request();
    const page = await staff.newPage();
    const problems = watchProblems(page);
    await signIn(page, '/admin/leads');
    const dialog = await openLead(page, 'New');

    // one option is the spec's form; 'Add option' makes a second, each a group of its own
    await dialog.getByLabel(/Cost \(\$\)/).fill('200');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    const first = dialog.getByRole('group', { name: /^Option 1/ });
    const second = dialog.getByRole('group', { name: /^Option 2/ });
    // the new option is named first
    expect(await second.getByLabel(/Option name/).evaluate((el) => el === document.activeElement)).toBe(true);
    await second.getByLabel(/Option name/).fill('Aftermarket');
    await first.getByLabel(/Option name/).fill('New OEM');
    await first.getByLabel(/ETA \(business days\)/).fill('3');
    await second.getByLabel(/ETA \(business days\)/).fill('5');

    // Send Quote without the second option's cost: refused in the browser, the field says why
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    const cost = second.getByLabel(/Cost \(\$\)/);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await cost.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = (await cost.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Cost must be greater than 0');
    await cost.fill('100');
    // typing again takes the message away (it is checked again at the next Send Quote)
    expect(await cost.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator(`[id="${describedBy}"]`).count()).toBe(0);

    // each option has its own price from the pricing engine (flexible, moderate: 42.5 %)
    await first.getByText('$285.00').waitFor();
    await second.getByText('$142.50').waitFor();
    await second.getByText('Warranty, brand, part number, note').click();
    await second.getByLabel('Warranty').fill('90 days');
    await second.getByLabel('Note to the customer (shown on the quote page)').fill('Core charge included.');
    const notes = dialog.getByLabel('Internal notes');
    await notes.fill('Supplier: Prairie Truck, cost confirmed');
    const hint = await notes.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hint}"]`).textContent()).toBe('Never shown to the customer');

    // the options form open on a phone: nothing wider than the screen, axe finds nothing
    const overflow = await dialog.evaluate((el) => {
      const width = document.documentElement.clientWidth;
      return {
        page: document.documentElement.scrollWidth - width,
        // nothing sticks out, and nothing scrolls sideways
        wider: [el, ...el.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > width + 0.5 || e.scrollWidth > e.clientWidth + 1)
          .filter(
            (e) =>
              getComputedStyle(e).overflowX !== 'hidden' || e.getBoundingClientRect().right > width + 0.5,
          )
          .map((e) => e.outerHTML.slice(0, 120)),
      };
    });
    expect(overflow).toEqual({ page: 0, wider: [] });
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    // the dialog stays open on the quoted lead (issue 31), hiding the toasts from assistive tech
    await page.getByText('Quote Sent', { exact: true }).waitFor();
    await dialog.getByText('Status: Quoted').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await leadCard(page, 'Quoted', 'Dana Friesen').waitFor();

    // the customer's text: each option by the number that orders it and its price, and the link
    const quoteText = await twilio.textMatching(new RegExp(`quote ${caseNumber} .*Valid 48 hours`));
    expect(quoteText).toContain(
      '2 options. Valid 48 hours. Reply 1 for New OEM $285.00 CAD, 2 for Aftermarket $142.50 CAD, or open the link:',
    );
    const link = new RegExp(`${server.origin}/q/[A-Za-z0-9_-]{24}`).exec(quoteText)?.[0];
    expect(link).toBeDefined();

    // the customer opens it; staff see the card marked Viewed
    const quotePage = await customer.newPage();
    const customerProblems = watchProblems(quotePage);
    await quotePage.goto(new URL(link!).pathname);
    await quotePage.getByText('Core charge included.').waitFor();
    expect(await quotePage.locator('main').innerText()).not.toContain('Prairie Truck');
    // a question first, from the page
    await quotePage.getByLabel('Your question').fill('Is the aftermarket glass heated too?');
    await quotePage.getByRole('button', { name: 'Send question' }).click();
    await quotePage.getByRole('status').getByText('Question sent').waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(await leadCard(page, 'Quoted', 'Dana Friesen').textContent()).toContain('Viewed');
    expect(await axeViolations(page)).toEqual([]);

    // the second option, signed, with a PO number
    const options = quotePage.locator('input[type="radio"][name="option"]');
    expect(await options.count()).toBe(2);
    await options.nth(1).check();
    await quotePage.getByLabel('Your full name').fill('Dana Friesen');
    await quotePage.getByLabel('PO number (optional)').fill('4471');
    await quotePage.getByRole('checkbox', { name: /I agree to the terms/ }).check();
    await quotePage.getByRole('button', { name: 'Accept quote' }).click();
    await quotePage.getByRole('heading', { name: 'Quote accepted' }).waitFor();
    expect(customerProblems.errors).toEqual([]);

    // staff: under Ordered at the accepted option's price (a phone shows one status at a time)
    await page.goto('/admin/leads?show=ordered');
    await waitForHydration(page);
    const ordered = leadCard(page, 'Ordered', 'Dana Friesen');
    await ordered.waitFor();
    expect(await ordered.textContent()).toContain('$142.50');
    const quotedCards = page.locator('section[aria-labelledby="board-quoted"] [data-lead-card]');
    expect(await quotedCards.filter({ hasText: 'Dana Friesen' }).count()).toBe(0);

    // the version is locked, with the option, who accepted it and the PO; no form to change it
    const accepted = await openLead(page, 'Ordered');
    await accepted
      .getByText(/^Accepted on the quote page: Aftermarket, by Dana Friesen, PO 4471 · /)
      .waitFor();
    await accepted.getByText('Locked: this version can no longer be changed.').waitFor();
    await accepted.getByText('The quote can no longer be changed.').waitFor();
    expect(await accepted.getByRole('button', { name: 'Send Quote' }).count()).toBe(0);

    // the history: sent, viewed, accepted with the address, the browser and the hash of what was accepted
    const history = accepted.locator('section', { has: page.getByRole('heading', { name: 'History' }) });
    await history.getByText('Quote sent (version 1: New OEM $285.00, Aftermarket $142.50)').waitFor();
    await history.getByText('Viewed by the customer', { exact: true }).waitFor();
    const acceptance = history
      .getByRole('listitem')
      .filter({ hasText: 'Accepted on the quote page: Aftermarket, by Dana Friesen, PO 4471' });
    await history.getByText('Question from the quote page').waitFor();
    // where and on what in words (the customer's phone, on this machine's loopback); the raw
    // address, browser string and hash one press away (issue 48 item 7, decision 0195)
    const facts = await acceptance.innerText();
    expect(facts).toMatch(/Where\s+Safari on iPhone on this computer/);
    expect(facts).not.toMatch(/Mozilla|[0-9a-f]{64}/);
    await acceptance.getByText('Address, browser and content hash as recorded').click();
    const raw = await acceptance.locator('details').innerText();
    expect(raw).toMatch(/Address\s+\S*127\.0\.0\.1/);
    expect(raw).toMatch(/Browser\s+Mozilla\/5\.0/);
    expect(raw).toMatch(/Content hash \(SHA-256\)\s+[0-9a-f]{64}/);

    // the question is in the conversation too, marked as from the quote page
    const conversation = accepted.getByRole('region', { name: 'Conversation' });
    const question = conversation
      .getByRole('listitem')
      .filter({ hasText: 'Is the aftermarket glass heated too?' });
    expect(await question.innerText()).toMatch(/^Customer\W+Quote page\W/);
    expect(problems.errors).toEqual([]);
  });

  it("staff order the part, mark it arrived and ready; the customer's link shows 'Ready for pickup' with the address", async () => {
    const page = await staff.newPage();
    const problems = watchProblems(page);
    // a supplier first, on the suppliers screen
    await page.goto('/admin/suppliers');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add supplier' }).click();
    const add = page.getByRole('dialog', { name: 'Add supplier' });
    await add.getByLabel('Name').fill('Prairie Truck Glass');
    await add.getByLabel('Usual lead time (days)').fill('2');
    await add.getByRole('button', { name: 'Save supplier' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Prairie Truck Glass' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // the ordered lead's dialog: the accepted option's part, to order
    await page.goto('/admin/leads?show=ordered');
    await waitForHydration(page);
    const dialog = await openLead(page, 'Ordered');
    const order = dialog.getByRole('region', { name: 'Order', exact: true });
    const part = order.getByRole('listitem').filter({ hasText: 'Aftermarket' });
    await part.getByText('Accepted, to order', { exact: true }).waitFor();
    await part.getByRole('button', { name: 'Edit details' }).click();
    await part.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Prairie Truck Glass' });
    await part.getByLabel('Carrier').selectOption({ label: 'Purolator' });
    await part.getByLabel('Tracking number').fill('329000000123');
    await part.getByRole('button', { name: 'Save part' }).click();
    // saved: the details close, and the part names its supplier
    await part.getByRole('button', { name: 'Edit details' }).waitFor();
    await part.getByText('Prairie Truck Glass', { exact: true }).waitFor();
    // 'Mark ordered' asks for the supplier (the part's own, chosen) and the date they promised
    // (issue 48 item 7): the focus in the form, a missing date said under it, axe on the form
    await part.getByRole('button', { name: 'Mark ordered' }).click();
    const orderedFrom = part.getByLabel('Supplier it was ordered from');
    await orderedFrom.waitFor();
    expect(await orderedFrom.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await orderedFrom.locator('option:checked').textContent()).toBe('Prairie Truck Glass');
    const markForm = part.locator('form').filter({ has: page.getByLabel('Supplier it was ordered from') });
    await markForm.getByRole('button', { name: 'Mark ordered' }).click();
    await markForm.getByText('Enter the date the supplier promised, as YYYY-MM-DD.').waitFor();
    expect(await part.getByText('Accepted, to order', { exact: true }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // by keyboard: the date typed, the form's button pressed with Enter
    const promised = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await markForm.getByLabel('Date the supplier promised').fill(promised);
    await markForm.getByRole('button', { name: 'Mark ordered' }).focus();
    await page.keyboard.press('Enter');
    await part.getByText('Ordered from supplier', { exact: true }).waitFor();
    await markForm.waitFor({ state: 'detached' });
    // then one press a step, the part's place said after
    await part.getByRole('button', { name: 'Mark shipped' }).click();
    await part.getByText('Shipped to us', { exact: true }).waitFor();

    // the customer follows it on the link of their confirmation: on its way, with Purolator's page
    const acceptedText = await twilio.textMatching(/is accepted and your part is being ordered, expected/);
    const link = new RegExp(`${server.origin}/q/[A-Za-z0-9_-]{24}`).exec(acceptedText)![0];
    const customerPage = await customer.newPage();
    const customerProblems = watchProblems(customerPage);
    await customerPage.goto(new URL(link).pathname);
    const tracker = customerPage.getByRole('region', { name: 'Your order' });
    await tracker.getByText('Your part is on its way').waitFor();
    expect(await tracker.getByRole('link', { name: /Track it with Purolator/ }).getAttribute('href')).toBe(
      'https://www.purolator.com/en/shipping/tracker?pin=329000000123',
    );
    expect(await tracker.innerText()).not.toContain('Prairie Truck Glass');
    expect(await axeViolations(customerPage)).toEqual([]);

    // arrived, then ready: the customer's text says so and carries a link of its own
    for (const [press, now] of [
      ['Mark arrived', 'Arrived'],
      ['Mark ready for pickup', 'Ready for pickup'],
    ] as const) {
      await part.getByRole('button', { name: press }).click();
      await part.getByText(now, { exact: true }).waitFor();
    }
    const readyText = await twilio.textMatching(/is ready for pickup\. Address and hours:/);
    const readyLink = new RegExp(`${server.origin}/q/[A-Za-z0-9_-]{24}`).exec(readyText)![0];
    expect(readyLink).not.toBe(link);
    await customerPage.goto(new URL(readyLink).pathname);
    await tracker.getByText('Your part is ready').waitFor();
    await tracker.getByText('Pick up at 1450 Inkster Blvd, Winnipeg').waitFor();
    expect(await tracker.locator('[aria-current="step"]').innerText()).toMatch(/^Ready for pickup/);
    expect(await axeViolations(customerPage)).toEqual([]);
    expect(customerProblems.errors).toEqual([]);

    // a second part on the order, to be ordered from the orders screen
    await order.getByLabel('Another part').fill('Wiper blades');
    await order.getByRole('button', { name: 'Add a part' }).click();
    await order.getByRole('listitem').filter({ hasText: 'Wiper blades' }).waitFor();

    // the orders screen on the phone: the part under its step, nothing off screen, axe clean
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.goto('/admin/orders');
    await waitForHydration(page);
    const readyGroup = page.getByRole('region', { name: /^Ready for pickup or out for delivery/ });
    await readyGroup.getByRole('button', { name: 'Mark picked up' }).waitFor();

    // 'Mark ordered' on the orders screen asks too (issue 48 item 7): Escape closes it and gives
    // the focus back; the supplier chosen and the date typed, axe on the open form, then ordered
    const wipers = page
      .getByRole('region', { name: /^Accepted, to order/ })
      .getByRole('listitem')
      .filter({ hasText: 'Wiper blades' });
    const markOrdered = wipers.getByRole('button', { name: 'Mark ordered' });
    await markOrdered.click();
    const supplierField = wipers.getByLabel('Supplier it was ordered from');
    await supplierField.waitFor();
    expect(await supplierField.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await supplierField.waitFor({ state: 'detached' });
    expect(await markOrdered.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await markOrdered.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await supplierField.selectOption({ label: 'Prairie Truck Glass' });
    await wipers.getByLabel('Date the supplier promised').fill(promised);
    expect(await axeViolations(page)).toEqual([]);
    await wipers.locator('form').getByRole('button', { name: 'Mark ordered' }).click();
    await page
      .getByRole('region', { name: /^Ordered from supplier/ })
      .getByRole('listitem')
      .filter({ hasText: 'Wiper blades' })
      .getByText(/Prairie Truck Glass · Promised/)
      .waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
