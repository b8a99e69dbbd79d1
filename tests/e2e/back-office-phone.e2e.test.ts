/**
 * The back office on a phone (issue 48 item 10, decision 0191), on the worker's shared server with
 * its demo leads and conversations, at 390 × 844 and at 1280 × 800: below `md` the menu is a bar
 * of one row at the bottom (Inbox, Leads, Customers, Orders and 'More' for the rest) that works
 * with the keyboard and hides nothing of the page; the leads board shows its first card in the
 * first screenful, the summary and tools folded behind one button; every status tab reads whole;
 * an open conversation's messages take most of the screen with the reply box reachable below them.
 * On a desk the top menu, the summary and the tools stay as they were. axe on each, both sizes.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/admin.ts';
import { axeViolations, launchBrowser, openPage, waitForHydration } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
const FOUR = ['Inbox', 'Leads', 'Customers', 'Orders'];
const REST = ['Suppliers', 'Insights', 'Catalog', 'Blog', 'Team', 'Audit log', 'Settings', 'Your account'];
/** A menu link's name: Inbox may carry its unread count ('Inbox 3 unread'). */
const named = (name: string) => new RegExp(`^${name}( \\d+ unread)?$`);

/** A conversation the demo data has (the inbox's first, all filters). */
async function someConversation(page: Page): Promise<string> {
  const res = await page.request.get('/api/inbox?filter=all');
  const { conversations } = (await res.json()) as { conversations: { customerId: number }[] };
  expect(conversations.length).toBeGreaterThan(0);
  return `/admin/inbox/${conversations[0]!.customerId}`;
}

/** Whether the element, scrolled into view at the bottom of the screen, is on screen and under nothing. */
const uncoveredAtBottom = (locator: Locator) =>
  locator.evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
    return r.top >= 0 && r.bottom <= window.innerHeight && hit !== null && (hit === el || el.contains(hit));
  });

describe('on a phone (390 × 844)', () => {
  it('the menu is one row at the bottom: four screens and More, with the keyboard; the page is not under it', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    try {
      await signIn(page, '/admin/leads');
      const nav = menu(page);
      const box = (await nav.boundingBox())!;
      expect(box.height).toBeLessThan(72);
      expect(Math.round(box.y + box.height)).toBe(844);
      for (const name of FOUR) await nav.getByRole('link', { name: named(name) }).waitFor();
      expect(await nav.getByRole('link', { name: 'Leads', exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
      // the top menu of the desk is not shown: the rest is behind More
      for (const name of REST) expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);

      // More opens with the keyboard, names what it holds, and Escape closes it back on its button
      const more = nav.getByRole('button', { name: 'More' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.focus();
      await page.keyboard.press('Enter');
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      for (const name of REST) await nav.getByRole('link', { name, exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await nav.getByRole('link', { name: 'Catalog', exact: true }).count()).toBe(0);

      // opened again, Tab goes into it; Enter on a screen there opens it, marked as the current one
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Suppliers');
      await nav.getByRole('link', { name: 'Catalog', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Catalog Management', level: 1 }).waitFor();
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.click();
      expect(await nav.getByRole('link', { name: 'Catalog', exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
      await page.keyboard.press('Escape');

      // one of the four with the keyboard
      await nav.getByRole('link', { name: 'Orders', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      expect(await nav.getByRole('link', { name: 'Orders', exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );

      // the end of the page scrolls clear of the bar
      const main = page.locator('main');
      const bottomPad = await main.evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom));
      expect(bottomPad).toBeGreaterThanOrEqual(box.height);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the leads board shows its first card in the first screenful; the summary and tools fold; every status tab reads whole', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    try {
      await signIn(page, '/admin/leads');
      const bar = (await menu(page).boundingBox())!;
      const card = page.locator('[data-lead-card]').first();
      const top = (await card.boundingBox())!.y;
      expect(top).toBeLessThan(bar.y);

      // the summary cards and the tools are behind one button, closed
      const fold = page.getByRole('button', { name: 'Summary and tools' });
      expect(await fold.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('heading', { name: 'Quote Button Clicks' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Export Report' }).isVisible()).toBe(false);
      // 'New lead' and the search stay in reach
      await page.getByRole('button', { name: 'New lead' }).waitFor();
      await page.getByLabel('Search leads').waitFor();
      await fold.click();
      expect(await fold.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('heading', { name: 'Quote Button Clicks' }).waitFor();
      await page.getByRole('button', { name: 'Export Report' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // each status's name whole, none cut
      const labels = await page
        .getByRole('navigation', { name: 'Lead status' })
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((link) => {
            const label = link.querySelector('[data-status-label]') as HTMLElement | null;
            return {
              text: label?.textContent,
              cut: !label || label.scrollWidth > label.clientWidth || link.scrollWidth > link.clientWidth,
            };
          }),
        );
      expect(labels).toEqual(
        ['New', 'Qualified', 'Quoted', 'Ordered', 'Fulfilled', 'Lost'].map((text) => ({ text, cut: false })),
      );
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an open conversation takes the screen: its messages most of it, the reply box reachable at the bottom', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    try {
      await signIn(page, '/admin/inbox');
      await page.goto(await someConversation(page));
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Back to the inbox' }).waitFor();
      const messages = page.getByRole('list', { name: 'Conversation', exact: true });
      const box = (await messages.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(0.7 * 844);
      expect(await uncoveredAtBottom(page.getByLabel('Reply by text'))).toBe(true);
      expect(await uncoveredAtBottom(page.getByRole('button', { name: 'Send' }))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('on a desk (1280 × 800)', () => {
  it('keeps the top menu, the summary and the tools open; the conversation beside the list', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/leads');
      const nav = menu(page);
      const box = (await nav.boundingBox())!;
      expect(box.y).toBeLessThan(100);
      for (const name of [...FOUR, ...REST]) await nav.getByRole('link', { name: named(name) }).waitFor();
      expect(await nav.getByRole('button', { name: 'More' }).count()).toBe(0);
      await page.getByRole('heading', { name: 'Quote Button Clicks' }).waitFor();
      await page.getByRole('button', { name: 'Export Report' }).waitFor();
      expect(await page.getByRole('button', { name: 'Summary and tools' }).isVisible()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(await someConversation(page));
      await waitForHydration(page);
      await page.getByRole('list', { name: 'Conversations' }).waitFor();
      await page.getByRole('list', { name: 'Conversation', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to the inbox' }).isVisible()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
