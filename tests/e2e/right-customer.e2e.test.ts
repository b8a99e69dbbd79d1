/**
 * The right customer on the screens (issue 48 item 2, decision 0193), on the worker's shared
 * server: Bernie Toews asks for a part from the number Lorne Harder asked from before. The lead
 * dialog, the inbox's conversation and Lorne's page each show "Request from Bernie Toews · on
 * file as Lorne Harder" with 'Same person' and 'Different person', at 1280 and at 390 px, and axe
 * finds nothing. 'Same person' (pressed on the customer's page) clears the flag everywhere and keeps
 * the request with Lorne; 'Different person' (pressed in the lead dialog, on a phone) makes Bernie a
 * customer of his own with the request, and Lorne's page no longer lists it. The rules, the audit
 * rows and search by a request's name: tests/api/right-customer.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/admin.ts';
import { axeViolations, launchBrowser, openPage, type Device } from './support/browser.ts';
import { webRequest } from './support/requests.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Two requests from one new number under two names: the second is flagged. */
async function twoNames() {
  const suffix = Math.random().toString(36).slice(2, 7);
  const phone = `+1204555${String(Math.floor(1000 + Math.random() * 8999))}`;
  const lorne = `Lorne Harder ${suffix}`;
  const bernie = `Bernie Toews ${suffix}`;
  const request = (name: string) =>
    webRequest({ equipment: 'truck', description: 'Driver-side headlight assembly cracked', name, phone });
  await request(lorne);
  const lead = await request(bernie);
  return { lorne, bernie, lead };
}

const flagOf = (page: Page, caseNumber: string) =>
  page.getByRole('region', { name: new RegExp(`^Request from .* \\(${caseNumber}\\)$`) });

/** The flag's words and its two answers, and nothing for axe to find. */
async function expectFlag(page: Page, names: { lorne: string; bernie: string }, caseNumber: string) {
  const flag = flagOf(page, caseNumber);
  await flag.waitFor();
  expect(await flag.getByRole('paragraph').first().innerText()).toBe(
    `Request from ${names.bernie} · on file as ${names.lorne} (${caseNumber})`,
  );
  await flag.getByRole('button', { name: 'Same person' }).waitFor();
  await flag.getByRole('button', { name: 'Different person' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  return flag;
}

/** The answer's outcome in the flag's place, with the focus (the pressed button is gone). */
async function expectOutcome(page: Page, words: string) {
  const outcome = page.getByRole('status').filter({ hasText: words });
  await outcome.waitFor();
  await expect.poll(() => outcome.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
}

/** The customer's page the flag links to (the lead dialog's and the inbox's flag name them as a link). */
async function lornesPage(page: Page, caseNumber: string, lorne: string): Promise<string> {
  const link = flagOf(page, caseNumber).getByRole('link', { name: lorne });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/admin\/customers\/\d+$/);
  return href!;
}

describe.each([
  ['desktop', 'Same person'],
  ['phone', 'Different person'],
] as const satisfies readonly (readonly [Device, string])[])('at %s size', (device, choice) => {
  it(`shows the request's name beside the customer's on the lead, the inbox and the customer's page; '${choice}' settles it`, async () => {
    const names = await twoNames();
    const { lead } = names;
    const { context, page, problems } = await openPage(browser, device);
    try {
      await signIn(page, `/admin/leads/${lead.id}`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectFlag(page, names, lead.caseNumber);
      const customerPath = await lornesPage(page, lead.caseNumber, names.lorne);
      const customerId = customerPath.split('/').pop()!;

      await page.goto(`/admin/inbox/${customerId}`);
      await expectFlag(page, names, lead.caseNumber);

      await page.goto(customerPath);
      await page.getByRole('heading', { level: 1, name: names.lorne }).waitFor();
      const onPage = await expectFlag(page, names, lead.caseNumber);
      // on the customer's own page their name is not a link to itself
      expect(await onPage.getByRole('link').count()).toBe(0);

      if (choice === 'Same person') {
        await onPage.getByRole('button', { name: 'Same person' }).click();
        await expectOutcome(page, `${names.bernie} is kept as another name of ${names.lorne}.`);
        await onPage.waitFor({ state: 'detached' });
        // the request stays Lorne's, and the lead dialog shows no flag any more
        await page.getByRole('cell', { name: lead.caseNumber }).first().waitFor();
        await page.goto(`/admin/leads/${lead.id}`);
        await dialog.waitFor();
        await dialog.getByText(lead.caseNumber).first().waitFor();
        expect(await flagOf(page, lead.caseNumber).count()).toBe(0);
      } else {
        await page.goto(`/admin/leads/${lead.id}`);
        const flag = flagOf(page, lead.caseNumber);
        await flag.getByRole('button', { name: 'Different person' }).click();
        await expectOutcome(page, `${names.bernie} is a new customer now, with ${lead.caseNumber}.`);
        await flag.waitFor({ state: 'detached' });
        // Lorne's page no longer lists the request, nor flags it
        await page.goto(customerPath);
        await page.getByRole('heading', { level: 1, name: names.lorne }).waitFor();
        expect(await flagOf(page, lead.caseNumber).count()).toBe(0);
        expect(await page.getByRole('cell', { name: lead.caseNumber }).count()).toBe(0);
      }
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
