/**
 * The Lead Details dialog's conversation (issue 8) and the board's focus after a change, in
 * Chromium: staff text a customer from the dialog (recorded as 'Logged': the e2e server runs with
 * SMS_PROVIDER=log), the text box is checked and keyboard-usable, axe finds nothing; after a
 * status change the focus is on the lead's new status in the dialog, and once the dialog is closed
 * on the lead's card in its new column, not on the page body.
 * Uses demo leads no other browser test changes or creates (Gord Thiessen, Priya Sandhu).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser.ts';

/** A toast shown while a dialog is open (which hides the notifications region from assistive tech). */
const dialogToast = (page: Page, text: string) =>
  page.locator('li[data-swipe-direction]').filter({ hasText: text });
import { leadCard, signIn } from './support/admin.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Lead Details conversation', () => {
  it('texts the customer from the dialog and shows the message with its status', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/leads');
      await leadCard(page, 'Quoted', 'Priya Sandhu').click();
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      const conversation = dialog.getByRole('region', { name: 'Conversation' });
      await conversation.getByText('No messages yet').waitFor();

      const box = conversation.getByLabel('Text the customer');
      const send = conversation.getByRole('button', { name: 'Send Text' });
      expect(await send.isDisabled()).toBe(true);
      await box.fill('   ');
      expect(await send.isDisabled()).toBe(true);

      const text = 'Hi Priya, the quick coupler is in Winnipeg today and on the Brandon truck tomorrow.';
      await box.fill(text);
      // the text begins with the business's name unless staff untick the box for this one
      const withName = conversation.getByRole('checkbox', { name: 'Start with our name' });
      expect(await withName.isChecked()).toBe(true);
      await conversation.getByText(`${text.length} / 1000 characters`).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // keyboard: from the box, Tab reaches 'Start with our name', then the button, and Enter sends
      await box.focus();
      await page.keyboard.press('Tab');
      expect(await withName.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Tab');
      expect(await send.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');

      // said in the form's live region (the dialog hides the toast region from assistive tech) and in a toast
      await conversation
        .getByRole('status')
        .getByText('Your message is on its way to the customer')
        .waitFor();
      await page.getByText('Text Sent', { exact: true }).waitFor();
      const bubble = conversation.getByRole('listitem').filter({ hasText: text });
      await bubble.waitFor();
      expect(await bubble.textContent()).toContain('Status: Logged');
      // the dialog stays open on the lead, the box is empty again and keeps the focus
      expect(await box.inputValue()).toBe('');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

      // the text is stored: it is still there when the lead is opened again
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await leadCard(page, 'Quoted', 'Priya Sandhu').click();
      await conversation.getByRole('listitem').filter({ hasText: text }).waitFor();

      // the short part name the texts and the customer's page use: a labelled field of the dialog
      await dialog.getByLabel('Short part name').fill('Quick coupler');
      await dialog.getByRole('button', { name: 'Save name' }).click();
      await dialog.getByRole('status').getByText('Part name saved').waitFor();
      expect(await dialog.getByLabel('Short part name').inputValue()).toBe('Quick coupler');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives the focus back to the card in its new column after a status change', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/leads');
      await leadCard(page, 'New', 'Gord Thiessen').click();
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      // his request came by text: the conversation starts with it and the automatic reply
      const bubbles = dialog.getByRole('region', { name: 'Conversation' }).getByRole('listitem');
      await bubbles.nth(1).waitFor();
      expect(await bubbles.nth(0).textContent()).toMatch(/Customer.*7 way plug.*Status: Received/);
      expect(await bubbles.nth(1).textContent()).toMatch(/Us.*Your case number is Q-\d+\..*Status: Logged/);
      await dialog.getByRole('button', { name: 'Mark as Qualified' }).click();
      await dialogToast(page, 'Lead updated successfully').waitFor();
      // the dialog stays on the lead (issue 31): its status has the focus; closing it goes back to the card
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('Status: Qualified'));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      const moved = leadCard(page, 'Qualified', 'Gord Thiessen');
      await moved.waitFor();
      await page.waitForFunction(
        () => document.activeElement?.closest('[data-lead-card]')?.textContent?.includes('Gord Thiessen'),
        undefined,
        { timeout: 5_000 },
      );
      expect(await moved.evaluate((el) => el === document.activeElement)).toBe(true);
      // and the keyboard carries on from there: Enter opens the same lead again
      await page.keyboard.press('Enter');
      await dialog.getByText('Gord Thiessen').first().waitFor();
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
