/**
 * Lead Management in Chromium (product.md §2 'Lead Management', §7, §8; decision 0050): sign in, the
 * cards and the board, open a lead, see its photo full size, price it with each difficulty (and
 * how the markup is made), send the quote, then ordered, fulfilled and lost with a reason, the
 * dialog staying open on the lead after each change; the lost lead in the lost leads with its
 * reason, and Reopen back to fulfilled (issue 31); lost without a reason, and the warning before
 * an ordered lead is lost; axe on the page and the open dialog; on a 390 px phone one status at a
 * time, nothing sideways and every action of the dialog reachable; cards of a measured height;
 * toasts clear of the dialog's buttons. Issue 31 item 13, at 1280 and 390 px: axe on the price set
 * by hand (its fields and Send Quote on a phone's screen), on the confirmation before a fulfilled
 * lead is lost (the focus in the dialog, on its reason) and on the photo viewer; the e-mail is a
 * mailto: link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser.ts';

/** A toast shown while a dialog is open (which hides the notifications region from assistive tech). */
const dialogToast = (page: Page, text: string) =>
  page.locator('li[data-swipe-direction]').filter({ hasText: text });
import { boardColumn, leadCard, signIn } from './support/admin.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Lead Management', () => {
  it("shows the cards and the five-column board, and 'New lead' puts a call on it", async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/leads');
      for (const title of [
        'Quote Button Clicks',
        "Today's Leads",
        'Pending Quotes',
        'Monthly Revenue',
        'Avg Response',
      ])
        await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText('Need pricing').waitFor();
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      for (const name of ['New', 'Qualified', 'Quoted', 'Ordered', 'Fulfilled'])
        expect(headings.some((h) => h.startsWith(name))).toBe(true);
      const darren = leadCard(page, 'New', 'Darren Klassen');
      await darren.waitFor();
      expect(await darren.textContent()).toMatch(/Q-\d+.*Emergency repair.*Truck.*Darren Klassen/);
      // lost leads have no column
      expect(await page.getByRole('button', { name: /Raymond Bouchard/ }).count()).toBe(0);
      // axe on the board: tests/e2e/support/accessibility.ts

      // 'New lead': a request taken by phone, with the request form's rules and words (issue 31)
      await page.getByRole('button', { name: 'New lead' }).click();
      const form = page.getByRole('dialog', { name: 'New lead' });
      await form.getByRole('button', { name: 'Create Lead' }).click();
      const equipment = form.getByLabel(/^Equipment Type/);
      await form.getByText('Equipment type is required').waitFor();
      for (const message of ['Part description is required', 'Name is required', 'Phone number is required'])
        await form.getByText(message).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'new-lead-equipment');
      expect(await equipment.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await equipment.selectOption('trailer');
      await form.getByLabel(/^Part Description/).fill('Landing gear crank handle, bent');
      await form.getByLabel(/^Full Name/).fill('Walter Enns');
      await form.getByLabel(/^Phone Number/).fill('204-555-0142');
      await form.getByRole('checkbox', { name: /The customer agrees to be contacted/ }).check();
      await form.getByRole('button', { name: 'Create Lead' }).click();
      // it opens, ready to be priced, its phone shown the one way and as call and text links
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      await dialog.getByText('Request received by phone, entered by admin').waitFor();
      const call = dialog.getByRole('link', { name: 'Call (204) 555-0142' });
      expect(await call.getAttribute('href')).toBe('tel:+12045550142');
      expect(await dialog.getByRole('link', { name: 'Text (204) 555-0142' }).getAttribute('href')).toBe(
        'sms:+12045550142',
      );
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(await leadCard(page, 'New', 'Walter Enns').textContent()).toMatch(/Q-\d+.*Trailer.*Walter Enns/);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('prices a lead with each difficulty, sends the quote, then ordered, fulfilled and lost with a reason', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/leads');
      await leadCard(page, 'New', 'Darren Klassen').click();
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      await dialog.getByRole('heading', { name: 'Contact Information' }).waitFor();
      await dialog.getByText('darren.klassen@example.com').waitFor();
      // the e-mail is a link that writes to it, as the phone's are links that call and text
      expect(
        await dialog.getByRole('link', { name: 'darren.klassen@example.com' }).getAttribute('href'),
      ).toBe('mailto:darren.klassen@example.com');
      for (const block of ['Equipment Details', 'Description', 'Photos (1)', 'Pricing Calculator', 'History'])
        await dialog.getByRole('heading', { name: block }).waitFor();
      // only the actions the state machine allows for a new lead
      await dialog.getByRole('button', { name: 'Mark as Qualified' }).waitFor();
      await dialog.getByRole('button', { name: 'Mark as Lost' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Mark as Ordered' }).count()).toBe(0);

      // the photo is there and opens full size
      const thumb = dialog.getByRole('img', { name: /Photo 1 of/ });
      await thumb.waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('img[alt^="Photo 1 of"]')].every(
          (i) => i.complete && i.naturalWidth > 0,
        ),
      );
      // the tile is the 640 px copy, the viewer the photo as stored
      const tile = await thumb.getAttribute('src');
      expect(tile).toMatch(/^\/api\/leads\/photos\/leads\/[0-9a-f]{32}\.(?:jpg|webp)\?preview$/);
      await dialog.getByRole('button', { name: /Photo 1 of/ }).click();
      const full = page.getByRole('dialog', { name: 'Photo, full size' });
      const fullImage = full.getByRole('img', { name: 'Customer photo, full size' });
      await fullImage.waitFor();
      expect(await fullImage.getAttribute('src')).toBe(tile!.replace('?preview', ''));
      expect(await axeViolations(page)).toEqual([]);
      // the viewer covers the dialog: its actions neither show through nor take a click (issue 31)
      const through = await page.locator('button', { hasText: 'Mark as Qualified' }).evaluate((button) => {
        const r = button.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        // what lies between the eye and the button: something with a background of full alpha
        const alpha = (color: string) => {
          if (color === 'transparent') return 0;
          const m = /\/\s*([\d.]+%?)\s*\)$|^rgba\(.*,\s*([\d.]+)\)$/.exec(color);
          const a = m?.[1] ?? m?.[2];
          return a === undefined ? 1 : a.endsWith('%') ? parseFloat(a) / 100 : Number(a);
        };
        let opaque = false;
        for (let e = hit; e && !opaque && !e.contains(button); e = e.parentElement)
          opaque = alpha(getComputedStyle(e).backgroundColor) === 1;
        return { onTheButton: hit !== null && button.contains(hit), opaque };
      });
      expect(through).toEqual({ onTheButton: false, opaque: true });
      // the focus stays in the viewer, and Escape closes the viewer only
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        expect(await full.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await full.waitFor({ state: 'detached' });
      await dialog.getByRole('heading', { name: 'Contact Information' }).waitFor();
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: /Photo 1 of/ }).click();
      await full.getByRole('button', { name: 'Close photo' }).click();
      await full.waitFor({ state: 'detached' });

      // 'today' urgency: +20 %; without a cost, no calculated pricing and Send Quote is disabled
      await dialog.getByText('+20%').waitFor();
      // how the markup is made, so the chip's range never contradicts the result (issue 31)
      const made = dialog.getByRole('definition').filter({ hasText: /^\+20\.0%$/ });
      await made.waitFor();
      await dialog.getByText('Moderate: middle of 35%–50%').waitFor();
      await dialog.getByText('Urgency uplift (Emergency repair)').waitFor();
      expect(await dialog.getByRole('button', { name: 'Send Quote' }).isDisabled()).toBe(true);
      expect(await dialog.getByText('Calculated Pricing').count()).toBe(0);
      expect(await dialog.getByLabel(/ETA \(business days\)/).inputValue()).toBe('3');
      await dialog.getByLabel(/Cost \(\$\)/).fill('100');
      const pricing = dialog
        .locator('div', { has: page.getByRole('heading', { name: 'Calculated Pricing' }) })
        .last();
      for (const [difficulty, markup, price] of [
        ['Moderate', '62.5%', '$162.50'],
        ['Easy', '50.0%', '$150.00'],
        ['Hard', '85.0%', '$185.00'],
      ] as const) {
        await dialog.getByText(difficulty, { exact: true }).click();
        await pricing.getByText(markup).waitFor();
        await pricing.getByText(price).waitFor();
      }
      // staff's own notes, said to be internal; the customer's words are each option's note
      const notes = dialog.getByLabel('Internal notes');
      await notes.fill('OEM lamp, fits 2019 Cascadia');
      expect(await notes.getAttribute('aria-describedby')).toBeTruthy();
      await dialog.getByText('Never shown to the customer').waitFor();
      // the price set by hand: its price and reason asked for, the calculator showing it (issue 31)
      const byHand = dialog.getByRole('checkbox', { name: 'Set the price by hand' });
      await byHand.check();
      await dialog.getByLabel(/^Your price/).fill('170');
      await dialog.getByLabel(/^Reason for this price/).fill('Matched the dealer');
      await pricing.getByText('Sell Price (set by hand)').waitFor();
      await pricing.getByText('$170.00').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // unticked, the engine's price again, and what was typed for the price by hand gone
      await byHand.uncheck();
      await pricing.getByText('$185.00').waitFor();
      expect(await dialog.getByLabel(/^Your price/).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Send Quote' }).click();
      await dialogToast(page, 'Quote Sent').waitFor();
      await dialogToast(page, 'Quote has been sent to the customer').waitFor();
      // the dialog stays on the lead, now quoted (issue 31), what was sent at its top taking the
      // focus, and the form behind 'Send a new version' (issue 48 item 8)
      await dialog.getByText('Status: Quoted').waitFor();
      await dialog.getByRole('heading', { name: 'Sent: version 1' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Sent: version 1'));
      await dialog.getByRole('button', { name: 'Send a new version' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Send Quote' }).count()).toBe(0);
      // the current quote shows what was stored, the conversation the text that was sent
      // (recorded only: the e2e server runs with SMS_PROVIDER=log)
      await dialog.getByText('Current Quote').waitFor();
      const conversation = dialog.getByRole('region', { name: 'Conversation' });
      const quoteText = conversation.getByRole('listitem').filter({
        hasText:
          /\$185\.00 CAD, ETA 3 business days\. Valid 48 hours\. See it: \S+\/q\/[A-Za-z0-9_-]{24} Reply YES to order or NO to pass\./,
      });
      await quoteText.waitFor();
      expect(await quoteText.textContent()).toContain('Status: Logged');
      // each change leaves the dialog open on the lead as it is now
      await dialog.getByRole('button', { name: 'Mark as Ordered' }).click();
      await dialog.getByText('Status: Ordered').waitFor();
      await dialogToast(page, 'Lead updated successfully').waitFor();
      await dialog.getByRole('button', { name: 'Mark as Fulfilled' }).click();
      await dialog.getByText('Status: Fulfilled').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      const quotedCard = leadCard(page, 'Fulfilled', 'Darren Klassen');
      expect(await quotedCard.textContent()).toContain('$185.00');
      await quotedCard.click();

      // a fulfilled lead: Mark as Lost says what it undoes before it is confirmed
      await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
      const reason = dialog.getByLabel(/Reason for losing this lead/);
      expect(
        await page.locator(`[id="${await reason.getAttribute('aria-describedby')}"]`).textContent(),
      ).toMatch(/This lead is fulfilled: the customer accepted the quote\..*takes it out of the orders/);
      await reason.fill('Customer found it at a local dealer');
      await dialog.getByRole('button', { name: 'Confirm Lost' }).click();
      await dialog.getByText('Status: Lost').waitFor();
      const lostBlock = dialog.getByRole('heading', { name: 'Lost Reason' }).locator('..');
      await lostBlock.getByText('Customer found it at a local dealer').waitFor();
      expect(await lostBlock.textContent()).toMatch(/Lost .* by admin · was Fulfilled/);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /Darren Klassen/ }).waitFor({ state: 'detached' });

      // the lost leads: its reason and date, and Reopen puts it back where it was (issue 31)
      await page.getByRole('link', { name: /^Lost leads \(\d+\)$/ }).click();
      await page.getByRole('link', { name: 'Back to the board' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const lostCard = page
        .getByRole('region', { name: /^Lost leads/ })
        .getByRole('button', { name: /Darren Klassen/ });
      expect(await lostCard.textContent()).toMatch(
        /Reason: Customer found it at a local dealer.*Lost .* by admin · was Fulfilled/,
      );
      await lostCard.click();
      await dialog.getByRole('button', { name: 'Reopen' }).click();
      await dialog.getByText('Status: Fulfilled').waitFor();
      await dialog.getByText('Reopened: Lost → Fulfilled by admin').waitFor();
      expect(await dialog.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Back to the board' }).click();
      await leadCard(page, 'Fulfilled', 'Darren Klassen').waitFor();
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Mark as Lost asks for a reason but goes through without one', async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    try {
      await signIn(page, '/admin/leads');
      await leadCard(page, 'Ordered', 'Tyler Wiebe').click();
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
      const reason = dialog.getByLabel(/Reason for losing this lead/);
      expect(await reason.getAttribute('aria-required')).toBeNull();
      // an ordered lead: the confirmation says the customer said yes (issue 31)
      await dialog.getByText('This lead is ordered: the customer accepted the quote.').waitFor();
      await dialog.getByRole('button', { name: 'Confirm Lost' }).click();
      await dialogToast(page, 'Lead updated successfully').waitFor();
      await dialog.getByText('Status: Lost').waitFor();
      await dialog.getByText('No reason given').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /Tyler Wiebe/ }).waitFor({ state: 'detached' });
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a card shows equipment and name in full and at most two lines of description', async () => {
    const { context, page } = await openPage(browser, 'desktop', { width: 1366, height: 900 });
    try {
      await signIn(page, '/admin/leads');
      const card = leadCard(page, 'Fulfilled', 'Jenna Kowalchuk');
      await card.waitFor();
      const measured = await card.evaluate((el) => {
        const find = (text: string) =>
          [...el.querySelectorAll('span')].find((s) => s.textContent?.trim().startsWith(text))!;
        const equipment = find('Agricultural Equipment');
        const name = find('Jenna Kowalchuk');
        const description = find('PTO shaft guard');
        const lineHeight = parseFloat(getComputedStyle(description).lineHeight);
        const cut = (e: Element) =>
          e.scrollWidth > e.clientWidth + 0.5 || e.scrollHeight > e.clientHeight + 0.5;
        return {
          equipmentCut: cut(equipment),
          nameCut: cut(name),
          nameShown: name.getBoundingClientRect().height > 0,
          descriptionLines: Math.round(description.getBoundingClientRect().height / lineHeight),
          descriptionClamped: description.scrollHeight > description.clientHeight,
          cardHeight: el.getBoundingClientRect().height,
        };
      });
      expect(measured).toMatchObject({
        equipmentCut: false,
        nameCut: false,
        nameShown: true,
        descriptionLines: 2,
        descriptionClamped: true,
      });
      // case number and badge, equipment, name, two lines, age and price: no taller than that
      expect(measured.cardHeight).toBeLessThanOrEqual(180);
    } finally {
      await context.close();
    }
  });

  for (const device of ['desktop', 'phone'] as const) {
    it(`on a ${device}, a toast never covers the dialog's buttons`, async () => {
      const viewport = device === 'desktop' ? { width: 1280, height: 720 } : undefined;
      const { context, page } = await openPage(browser, device, viewport);
      try {
        // a phone shows one status at a time
        await signIn(page, device === 'phone' ? '/admin/leads?show=fulfilled' : '/admin/leads');
        await leadCard(page, 'Fulfilled', 'Jenna Kowalchuk').click();
        const dialog = page.getByRole('dialog', { name: 'Lead Details' });
        await dialog.getByRole('heading', { name: 'Contact Information' }).waitFor();
        // the change fails: the dialog stays open under the error toast, its buttons still needed
        // (the dialog posts its changes to the action of admin/leads/:id: `<path>.data`)
        await page.route('**/admin/leads/*.data*', (route) =>
          route.request().method() === 'POST'
            ? route.fulfill({
                status: 503,
                contentType: 'application/json',
                body: JSON.stringify({ message: 'The database is busy, please try again.' }),
              })
            : route.fallback(),
        );
        await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
        // the confirmation of a fulfilled lead's loss, in the modal dialog (the page behind hidden
        // from assistive tech): the focus on its reason, which reads the warning as its
        // description, and kept inside the dialog; axe finds nothing (issue 31)
        const reason = dialog.getByLabel(/Reason for losing this lead/);
        await page.waitForFunction(() => document.activeElement?.id === 'lost-reason');
        expect(
          await page.locator('main').evaluate((main) => main.closest('[aria-hidden="true"]') !== null),
        ).toBe(true);
        expect(
          await page.locator(`[id="${await reason.getAttribute('aria-describedby')}"]`).textContent(),
        ).toMatch(/^This lead is fulfilled: the customer accepted the quote\./);
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press('Tab');
          expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        }
        expect(await axeViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'Confirm Lost' }).click();
        // (the open dialog hides the rest of the page from assistive tech, so not by role here)
        const toast = page.locator('li[data-swipe-direction]').filter({ hasText: 'The database is busy' });
        await toast.waitFor();
        // the toast has settled where it stays
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const t = (await toast.boundingBox())!;
        for (const name of ['Cancel', 'Confirm Lost']) {
          const b = (await dialog.getByRole('button', { name }).boundingBox())!;
          const overlap =
            Math.min(t.x + t.width, b.x + b.width) > Math.max(t.x, b.x) &&
            Math.min(t.y + t.height, b.y + b.height) > Math.max(t.y, b.y);
          expect({ name, overlap }).toEqual({ name, overlap: false });
        }
        // and the buttons take the tap themselves
        await dialog.getByRole('button', { name: 'Cancel' }).click({ trial: true });
      } finally {
        await context.close();
      }
    });
  }

  it('on a 390 px phone: one status at a time with its count, cards that wrap, a dialog whose price and actions are never off screen', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    try {
      await signIn(page, '/admin/leads');
      expect(page.viewportSize()?.width).toBe(390);
      /** What sticks out sideways: the page, or any element wider than the screen or scrolling sideways. */
      const sideways = (root: string) =>
        page.evaluate((selector) => {
          const width = document.documentElement.clientWidth;
          const scope = document.querySelector(selector)!;
          return {
            page: document.scrollingElement!.scrollWidth - width,
            wider: [scope, ...scope.querySelectorAll('*')]
              .filter((e) => e.getClientRects().length > 0)
              .filter((e) => {
                const r = e.getBoundingClientRect();
                const scrolls =
                  e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'hidden';
                return r.right > width + 0.5 || r.left < -0.5 || scrolls;
              })
              // text for screen readers only is clipped on purpose
              .filter((e) => !e.classList.contains('sr-only'))
              .map((e) => e.outerHTML.slice(0, 100)),
          };
        }, root);
      /**
       * The element is on screen once scrolled to, whole, and nothing covers its middle, whether it
       * is brought to the top, the middle or the bottom of the screen (where a fixed bar would be).
       */
      const reachable = (locator: ReturnType<typeof page.locator>) =>
        locator.evaluate((el) =>
          (['start', 'center', 'end'] as const).map((block) => {
            el.scrollIntoView({ block });
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            const inside =
              r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
            return `${block}: ${inside ? 'on screen' : 'off screen'}, ${hit !== null && (hit === el || el.contains(hit)) ? 'uncovered' : 'covered'}`;
          }),
        );

      // one status at a time: the switcher with the counts, New shown, the other columns not
      const switcher = page.getByRole('navigation', { name: 'Lead status' });
      for (const name of ['New', 'Qualified', 'Quoted', 'Ordered', 'Fulfilled', 'Lost'])
        await switcher.getByRole('link', { name: new RegExp(`^${name}\\W+count \\d+$`) }).waitFor();
      expect(await switcher.getByRole('link', { name: /^New/ }).getAttribute('aria-current')).toBe('true');
      await boardColumn(page, 'New').waitFor();
      expect(await page.getByRole('region', { name: /^(Qualified|Quoted|Ordered|Fulfilled)/ }).count()).toBe(
        0,
      );
      expect(await sideways('main')).toEqual({ page: 0, wider: [] });
      // a card's text wraps within the screen (its description is two lines at most)
      const card = page.locator('[data-lead-card]').first();
      expect((await card.boundingBox())!.width).toBeLessThanOrEqual(390);

      // another status through the switcher; the search finds a lead in it
      await switcher.getByRole('link', { name: /^Qualified/ }).click();
      await page.waitForURL('**/admin/leads?show=qualified');
      await page.getByLabel('Search leads').fill('Kyle');
      await page.waitForURL('**/admin/leads?q=Kyle&show=qualified');
      await leadCard(page, 'Qualified', 'Kyle Friesen').waitFor();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-lead-card]')].filter((c) => c.getClientRects().length)
            .length === 1,
      );
      expect(await switcher.getByRole('link', { name: /^Qualified\W+count 1$/ }).count()).toBe(1);
      expect(await sideways('main')).toEqual({ page: 0, wider: [] });

      // the lead's dialog: nothing sideways; every action, and the price once a cost is typed,
      // on screen when scrolled to and under nothing (no fixed footer over them)
      await leadCard(page, 'Qualified', 'Kyle Friesen').click();
      const dialog = page.getByRole('dialog', { name: 'Lead Details' });
      await dialog.getByRole('heading', { name: 'Pricing Calculator' }).waitFor();
      await dialog.getByLabel(/Cost \(\$\)/).fill('250');
      const price = dialog
        .getByRole('heading', { name: 'Calculated Pricing' })
        .locator('..')
        .getByText('Sell Price');
      await price.waitFor();
      // with the price set by hand, its price and reason too (issue 31)
      await dialog.getByRole('checkbox', { name: 'Set the price by hand' }).check();
      const ownPrice = dialog.getByLabel(/^Your price/);
      const priceReason = dialog.getByLabel(/^Reason for this price/);
      await ownPrice.fill('360');
      await priceReason.fill('Matched the dealer');
      await dialog.getByText('Sell Price (set by hand)').waitFor();
      expect(await sideways('[role="dialog"]')).toEqual({ page: 0, wider: [] });
      for (const target of [
        price,
        ownPrice,
        priceReason,
        dialog.getByRole('button', { name: 'Send Quote' }),
        dialog.getByRole('button', { name: 'Mark as Lost' }),
        dialog.getByRole('link', { name: /^Call / }),
        dialog.getByRole('link', { name: /^Text / }),
        dialog.getByRole('button', { name: 'Close' }),
      ])
        expect({ target: await target.textContent(), at: await reachable(target) }).toEqual({
          target: await target.textContent(),
          at: ['start: on screen, uncovered', 'center: on screen, uncovered', 'end: on screen, uncovered'],
        });
      expect(await axeViolations(page)).toEqual([]);
      // the photo full size, over the dialog
      await dialog.getByRole('button', { name: /Photo 1 of/ }).click();
      const full = page.getByRole('dialog', { name: 'Photo, full size' });
      await full.getByRole('img', { name: 'Customer photo, full size' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await full.getByRole('button', { name: 'Close photo' }).click();
      await full.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // the lost leads are a status of the switcher too
      await page.getByLabel('Search leads').fill('');
      await page.waitForURL('**/admin/leads?show=qualified');
      await switcher.getByRole('link', { name: /^Lost/ }).click();
      await page.waitForURL('**/admin/leads?show=lost');
      await page
        .getByRole('region', { name: /^Lost leads/ })
        .getByText(/^Reason: /)
        .first()
        .waitFor();
      expect(await sideways('main')).toEqual({ page: 0, wider: [] });
      expect(await axeViolations(page)).toEqual([]);

      // 'New lead' on a phone: its form fits the screen, axe finds nothing, Escape closes it
      await page.getByRole('button', { name: 'New lead' }).click();
      const form = page.getByRole('dialog', { name: 'New lead' });
      await form.getByLabel(/^Equipment Type/).waitFor();
      expect(await sideways('[role="dialog"]')).toEqual({ page: 0, wider: [] });
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
