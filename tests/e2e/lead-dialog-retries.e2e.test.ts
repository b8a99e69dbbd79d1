/**
 * A double press in the Lead Details dialog sends once (issue 47 item 7, decision 0179), in
 * Chromium on the shared server: Send Quote pressed twice in one tick (before React can disable
 * it) makes one version and one text; so does the conversation's Send pressed twice. The server's
 * side, with keys sent twice and at once on both engines: tests/api/idempotency.test.ts.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { leadCard, signIn } from './support/admin.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { webRequest } from './support/requests.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Presses `name` twice in one task, as a double click on a slow machine does: the second press
 * comes before React has re-rendered the button as busy. Answers when every post the two presses
 * made has been answered by the server.
 */
async function pressTwice(page: Page, button: ReturnType<Page['getByRole']>) {
  const posts: Promise<unknown>[] = [];
  const onRequest = (req: Request) => {
    if (req.method() === 'POST') posts.push(req.response().catch(() => null));
  };
  page.on('request', onRequest);
  await button.evaluate((el: HTMLButtonElement) => {
    el.click();
    el.click();
  });
  await expect.poll(() => posts.length).toBeGreaterThan(0);
  await Promise.all(posts);
  page.off('request', onRequest);
  return posts.length;
}

/** The lead as the server has it now, through the staff API with the page's session. */
async function leadOf(page: Page, id: number): Promise<LeadDetails> {
  const res = await page.request.get(`/api/leads/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as LeadDetails;
}

describe('the Lead Details dialog sends once', () => {
  it('Send Quote pressed twice in one tick: one version, one text; Send Text twice: one text', async () => {
    const { name } = await webRequest({
      equipment: 'trailer',
      description: 'Hub seal leaking on the left side',
      name: `Retry Tester ${Math.random().toString(36).slice(2, 8)}`,
    });
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/leads');
      await leadCard(page, 'New', name).click();
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      await dialog.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await dialog.getByLabel(/Cost \(\$\)/).fill('100');
      await dialog.getByLabel(/ETA \(business days\)/).fill('4');

      expect(await pressTwice(page, dialog.getByRole('button', { name: 'Send Quote' }))).toBe(2);
      await dialog.getByText('Status: Quoted').waitFor();
      const lead = await leadOf(page, id);
      expect(lead.quoteVersions.map((v) => v.version)).toEqual([1]);
      expect(lead.events.filter((e) => e.type === 'quote')).toHaveLength(1);
      expect(lead.messages.filter((m) => m.channel === 'sms' && /Valid 48 hours/.test(m.body))).toHaveLength(
        1,
      );

      // a text pressed twice is one text
      await dialog.getByLabel('Text the customer').fill('The seal kit is on its way.');
      expect(await pressTwice(page, dialog.getByRole('button', { name: 'Send Text' }))).toBe(2);
      const after = await leadOf(page, id);
      expect(
        after.messages.filter((m) => m.body === 'Parts Hunters MB: The seal kit is on its way.'),
      ).toHaveLength(1);
      // and the next quote, a change of its own, is a new version (asked for, then confirmed)
      await dialog.getByRole('button', { name: 'Send a new version' }).click();
      await dialog.getByLabel(/Cost \(\$\)/).fill('120');
      await dialog.getByRole('button', { name: 'Send version 2' }).click();
      await dialog.getByRole('button', { name: 'Send version 2' }).click();
      await expect
        .poll(async () => (await leadOf(page, id)).quoteVersions.map((v) => v.version))
        .toEqual([1, 2]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
