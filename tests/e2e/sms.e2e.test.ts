/**
 * Texting end to end (issue 8 item 5), in Chromium against its own server started with
 * SMS_PROVIDER=twilio and TWILIO_API_BASE pointing at a local stand-in of Twilio's Messages API:
 * a signed text from a new number becomes a lead on the board; staff open it and send a quote
 * with the pricing calculator; the stand-in receives the quote text (form fields, Basic auth); a
 * signed status callback marks it delivered; the customer's signed 'yes' moves the lead, after a
 * reload, to the Ordered column, where the dialog shows the whole conversation.
 */
import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCard, signIn } from './support/admin.ts';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';
import { twilioStandIn } from './support/twilio-stand-in.ts';

const ACCOUNT_SID = `AC${'e2'.repeat(16)}`;
const AUTH_TOKEN = 'e2e-twilio-auth-token';
const TWILIO_FROM = '+12045550100';
const CUSTOMER = '+12045550142';

/** Twilio's Messages API, as far as sending goes (tests/e2e/support/twilio-stand-in.ts). */
const twilio = twilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: TWILIO_FROM });
const { received, textsReceived } = twilio;

let server: SpawnedServer;
let origin: string;
let browser: Browser;

/** A webhook signed the way Twilio signs: HMAC-SHA1 of the URL and the sorted parameters, base64. */
function postSigned(pathname: '/api/sms/inbound' | '/api/sms/status', params: Record<string, string>) {
  const url = `${origin}${pathname}`;
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  const signature = createHmac('sha1', AUTH_TOKEN).update(data, 'utf8').digest('base64');
  return fetch(url, {
    method: 'POST',
    headers: { 'X-Twilio-Signature': signature },
    body: new URLSearchParams(params),
  });
}

let sidCounter = 0;
const text = (body: string) =>
  postSigned('/api/sms/inbound', {
    MessageSid: `SM${String(++sidCounter).padStart(32, 'f')}`,
    AccountSid: ACCOUNT_SID,
    From: CUSTOMER,
    To: TWILIO_FROM,
    Body: body,
    NumMedia: '0',
  });

beforeAll(async () => {
  await twilio.start();
  server = await spawnServer({ name: 'sms', adminPassword: E2E_ADMIN_PASSWORD, env: twilio.env() });
  origin = server.origin;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await twilio.stop();
});

const customerCard = (page: Page, status: string) => leadCard(page, status, /\(204\) 555-0142/);

describe('a lead that starts as a text', () => {
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
  });

  it('appears on the board, is quoted by text, and moves to Ordered when the customer answers yes', async () => {
    const first = await text('Need a starter for a 2014 Kenworth T800, part 10461751');
    expect(first.status).toBe(200);
    const reply = await first.text();
    const caseNumber = /Your case number is (Q-\d+)\./.exec(reply)?.[1];
    expect(caseNumber).toMatch(/^Q-\d+$/);

    context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1280, height: 800 },
      locale: 'en-CA',
      timezoneId: 'America/Winnipeg',
    });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, '/admin/leads');
    const card = customerCard(page, 'New');
    await card.waitFor();
    expect(await card.textContent()).toContain(caseNumber!);

    // the pricing calculator sends the quote
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Lead Details' });
    await dialog.getByText('Need a starter for a 2014 Kenworth T800, part 10461751').first().waitFor();
    await dialog.getByLabel(/Cost \(\$\)/).fill('200');
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    // the dialog stays open on the quoted lead (issue 31), hiding the toasts from assistive tech
    await page.getByText('Quote Sent', { exact: true }).waitFor();
    await dialog.getByText('Status: Quoted').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await customerCard(page, 'Quoted').waitFor();

    // the stand-in received it as Twilio would: form fields and the account's Basic auth
    await textsReceived(1);
    const sent = received[0]!;
    expect(sent.auth).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(sent.form.get('To')).toBe(CUSTOMER);
    expect(sent.form.get('From')).toBe(TWILIO_FROM);
    expect(sent.form.get('StatusCallback')).toBe(`${origin}/api/sms/status`);
    // flexible urgency, moderate difficulty: 42.5 % on $200.00
    expect(sent.form.get('Body')).toMatch(
      new RegExp(
        `^Parts Hunters MB quote ${caseNumber} for .*: \\$285\\.00 CAD, ETA 3 business days\\. Valid 48 hours\\. See it: ${origin}/q/[A-Za-z0-9_-]{24} Reply YES to order or NO to pass\\.$`,
      ),
    );
    const delivered = await postSigned('/api/sms/status', {
      MessageSid: `SM${'1'.padStart(32, '0')}`,
      MessageStatus: 'delivered',
      AccountSid: ACCOUNT_SID,
    });
    expect(delivered.status).toBe(204);

    // the customer answers yes
    const yes = await text('yes');
    expect(await yes.text()).toContain(`Quote ${caseNumber} is accepted`);

    await page.reload();
    await waitForHydration(page);
    const ordered = customerCard(page, 'Ordered');
    await ordered.waitFor();
    expect(await customerCard(page, 'Quoted').count()).toBe(0);

    // the conversation tells the whole story, with statuses
    await ordered.click();
    const conversation = dialog.getByRole('region', { name: 'Conversation' });
    const items = conversation.getByRole('listitem');
    await items.nth(4).waitFor();
    const bubbles = await items.allTextContents();
    expect(bubbles).toHaveLength(5);
    expect(bubbles[0]).toContain('Need a starter for a 2014 Kenworth T800');
    expect(bubbles[0]).toContain('Status: Received');
    expect(bubbles[1]).toContain(`Your case number is ${caseNumber}`);
    expect(bubbles[2]).toContain('$285.00 CAD');
    expect(bubbles[2]).toContain('Status: Delivered');
    expect(bubbles[3]).toContain('yes');
    expect(bubbles[4]).toContain(`Quote ${caseNumber} is accepted`);
    expect(errors).toEqual([]);
  });

  it('texts the customer from the dialog; after STOP the box gives way to the opt-out notice until START', async () => {
    const page = context!.pages()[0]!;
    const dialog = page.getByRole('dialog', { name: 'Lead Details' });
    const conversation = dialog.getByRole('region', { name: 'Conversation' });
    const reopen = async () => {
      if (await dialog.count()) {
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await customerCard(page, 'Ordered').click();
      await conversation.waitFor();
    };
    await reopen();

    const before = received.length;
    await conversation.getByLabel('Text the customer').fill('Your starter ships from Winnipeg today.');
    await conversation.getByRole('button', { name: 'Send Text' }).click();
    await conversation.getByRole('status').getByText('Your message is on its way to the customer').waitFor();
    await textsReceived(before + 1);
    expect(received[before]!.form.get('To')).toBe(CUSTOMER);
    // beginning with the business's name, as every text does ('Start with our name', ticked)
    expect(received[before]!.form.get('Body')).toBe(
      'Parts Hunters MB: Your starter ships from Winnipeg today.',
    );

    // STOP: recorded, and the dialog no longer offers to text
    expect((await text('STOP')).status).toBe(200);
    await reopen();
    await conversation.getByText(/has opted out of texts/).waitFor();
    expect(await conversation.getByLabel('Text the customer').count()).toBe(0);

    // START: the customer opted back in
    expect((await text('start')).status).toBe(200);
    await reopen();
    await conversation.getByLabel('Text the customer').waitFor();
    expect(await conversation.getByText(/has opted out of texts/).count()).toBe(0);
  });
});
