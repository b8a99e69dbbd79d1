/**
 * The site chrome (product.md §2 'Site chrome') as a visitor uses it: header, Services dropdown, the
 * tracked 'Get a Quote' text link, the footer; on a phone the short label, the hamburger menu,
 * the fixed bottom bar, and no sideways scrolling.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, visit, type PageProblems } from './support/browser.ts';
import { specRoutes } from './support/routes.ts';
import { baseUrl } from './support/server.ts';
import { SITE_NAME, SMS_HREF } from './support/site.ts';

let browser: Browser;
let context: BrowserContext | undefined;
const routes = await specRoutes();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh page per test; its context is closed after the test. */
async function open(device: 'desktop' | 'phone', viewport?: { width: number; height: number }) {
  await context?.close();
  const opened = await openPage(browser, device, viewport);
  context = opened.context;
  return opened;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const hrefs = (page: Page, links: ReturnType<Page['getByRole']>) =>
  links.evaluateAll((els) => els.map((el) => [el.textContent?.trim(), el.getAttribute('href')]));
/** Page errors, and console errors other than the browser's own line about a failed /api/clicks response. */
const unexpectedErrors = (problems: PageProblems) =>
  problems.errors.filter((e) => !/^console\.error: Failed to load resource: .*\/api\/clicks/.test(e));

describe('site chrome on a desktop', () => {
  afterAll(async () => {
    await context?.close();
    context = undefined;
  });

  it('the logo link in the header takes the visitor home', async () => {
    const { page, problems } = await open('desktop');
    await visit(page, '/blog');
    await page.getByRole('banner').getByRole('link', { name: SITE_NAME }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('the main navigation shows Home, Services, Blog and Service Areas', async () => {
    const { page } = await open('desktop');
    await visit(page, '/logistics');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(true);
    expect(await hrefs(page, nav.getByRole('link'))).toEqual([
      ['Home', '/'],
      ['Blog', '/blog'],
      ['Service Areas', '/#service-areas'],
    ]);
    expect(await nav.getByText('Services', { exact: true }).isVisible()).toBe(true);
    // The hamburger and the phone's bottom bar are not shown on a wide screen
    expect(await page.getByLabel('Menu', { exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Quick actions' }).isVisible()).toBe(false);
  });

  it('the Services dropdown opens on click, lists the three services, and choosing one goes there', async () => {
    const { page, problems } = await open('desktop');
    await visit(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const quoteService = nav.getByRole('link', { name: 'Quote Service' });
    expect(await quoteService.isVisible()).toBe(false);

    await nav.getByText('Services', { exact: true }).click();
    await quoteService.waitFor({ state: 'visible' });
    const dropdown = nav.getByRole('group');
    expect(await hrefs(page, dropdown.getByRole('link'))).toEqual([
      ['Parts Sourcing', '/parts-sourcing'],
      ['Quote Service', '/quote-service'],
      ['Logistics', '/logistics'],
    ]);

    await quoteService.click();
    await page.waitForURL((url) => url.pathname === '/quote-service');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The dropdown closed behind the visitor
    await quoteService.waitFor({ state: 'hidden' });
    expect(await dropdown.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(problems.errors).toEqual([]);
  });

  it('the Services dropdown closes on Escape and on a click elsewhere', async () => {
    const { page } = await open('desktop');
    await visit(page, '/blog');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByText('Services', { exact: true });
    const logistics = nav.getByRole('link', { name: 'Logistics' });

    await services.click();
    await logistics.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await logistics.waitFor({ state: 'hidden' });

    await services.click();
    await logistics.waitFor({ state: 'visible' });
    // A click on empty space to the right of the page's content column
    await page.mouse.click(1270, 700);
    await logistics.waitFor({ state: 'hidden' });
  });

  it('Service Areas leads to the service areas section of the home page', async () => {
    const { page, problems } = await open('desktop');
    await visit(page, '/blog');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Service Areas' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#service-areas');
    const section = page.locator('#service-areas');
    await section.waitFor({ state: 'visible' });
    // The browser brought the section into view
    await expect
      .poll(() =>
        section.evaluate((el) => {
          const { top } = el.getBoundingClientRect();
          return top >= 0 && top < window.innerHeight;
        }),
      )
      .toBe(true);
    expect(problems.errors).toEqual([]);
  });

  it("'Get a Quote' is a text-message link to the business phone, and a click is recorded", async () => {
    const { page, problems } = await open('desktop');
    await visit(page, '/');
    const quote = page.getByRole('banner').getByRole('link', { name: 'Get a Quote' });
    expect(await quote.getAttribute('href')).toBe(SMS_HREF);

    const recorded = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/clicks' && res.request().method() === 'POST',
    );
    // The browser hands sms: links to the phone's messaging app; headless Chromium just requests it.
    const smsOpened = page.waitForRequest((req) => req.url() === SMS_HREF);
    await quote.click();
    const response = await recorded;
    expect(response.request().postDataJSON()).toEqual({
      buttonType: 'quote',
      buttonLocation: 'header',
      buttonText: 'Get a Quote',
    });
    expect(response.status()).toBe(201);
    await smsOpened;
    expect(pathOf(page)).toBe('/');
    expect(problems.errors).toEqual([]);
  });

  it("on a desk without a touch screen, the number to text from a phone and the request form sit beside 'Get a Quote'", async () => {
    const { page, problems } = await open('desktop');
    await visit(page, '/');
    // the header: a short line beside the button, which keeps its text link and its tracking
    const header = page.getByRole('banner');
    const hint = header.locator('[data-desk-hint]');
    expect(await hint.innerText()).toBe('Text (204) 555-0147 or use the form');
    expect(await hint.getByRole('link', { name: 'use the form' }).getAttribute('href')).toBe('/find-my-part');
    expect(await header.getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe(SMS_HREF);
    const [hintBox, buttonBox] = await Promise.all([
      hint.boundingBox(),
      header.getByRole('link', { name: 'Get a Quote' }).boundingBox(),
    ]);
    expect(hintBox!.x + hintBox!.width).toBeLessThanOrEqual(buttonBox!.x);
    // the home hero: under its two buttons, in a sentence
    const hero = page.locator('main section').first();
    expect(await hero.locator('[data-desk-hint]').innerText()).toBe(
      'On a computer? Text (204) 555-0147 from your phone, or use the request form.',
    );
    await hero.locator('[data-desk-hint]').getByRole('link', { name: 'use the request form' }).click();
    await page.waitForURL((url) => url.pathname === '/find-my-part');
    expect(problems.errors).toEqual([]);
  });

  it('a laptop with a touch screen, and a desk narrower than 1280 px in the header, do without it', async () => {
    const touch = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'en-CA',
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
    });
    try {
      const page = await touch.newPage();
      await visit(page, '/');
      expect(
        await page.locator('[data-desk-hint]').evaluateAll((els) => els.map((el) => el.checkVisibility())),
      ).toEqual([false, false]);
    } finally {
      await touch.close();
    }
    const { page } = await open('desktop', { width: 1100, height: 800 });
    await visit(page, '/');
    expect(await page.getByRole('banner').locator('[data-desk-hint]').isVisible()).toBe(false);
    expect(await page.locator('main [data-desk-hint]').isVisible()).toBe(true);
  });

  it('when recording the click fails, the visitor only gets a console warning and the link still works', async () => {
    const { page, problems } = await open('desktop');
    await page.route('**/api/clicks', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await visit(page, '/');
    const quote = page.getByRole('banner').getByRole('link', { name: 'Get a Quote' });
    const warned = page.waitForEvent(
      'console',
      (m) => m.type() === 'warning' && m.text().includes('Click tracking failed'),
    );
    const smsOpened = page.waitForRequest((req) => req.url() === SMS_HREF);
    await quote.click();
    await warned;
    await smsOpened;
    expect(await quote.getAttribute('href')).toBe(SMS_HREF);
    expect(pathOf(page)).toBe('/');
    expect(unexpectedErrors(problems)).toEqual([]);
  });

  it('the footer has the about column, Services, Coverage Areas and Contact side by side', async () => {
    const { page } = await open('desktop');
    await visit(page, '/parts-sourcing');
    const footer = page.getByRole('contentinfo');
    const headings = footer.getByRole('heading');
    expect(await headings.allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^services$/i),
        expect.stringMatching(/^coverage areas$/i),
        expect.stringMatching(/^contact$/i),
      ]),
    );
    const about = footer.getByText(SITE_NAME, { exact: true });
    const columns = [
      about,
      footer.getByRole('heading', { name: 'Services' }),
      footer.getByRole('heading', { name: 'Coverage Areas' }),
      footer.getByRole('heading', { name: 'Contact' }),
    ];
    const boxes = await Promise.all(columns.map(async (c) => (await c.boundingBox())!));
    // Four columns: left to right, starting on the same line
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.x).toBeGreaterThan(boxes[i - 1]!.x + boxes[i - 1]!.width);
      expect(Math.abs(boxes[i]!.y - boxes[0]!.y)).toBeLessThan(24);
    }
  });

  it('the footer lists services, coverage areas, contact hours, policies and the copyright from 2024 to this year', async () => {
    const { page, problems } = await open('desktop');
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Parts Sourcing', 'Quote Service', 'Logistics']) {
      expect(await footer.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await footer.getByText('Mon-Fri 7AM-6PM CT').isVisible()).toBe(true);
    for (const [name, slug] of [
      ['Winnipeg', 'winnipeg'],
      ['Steinbach', 'steinbach'],
      ['Brandon', 'brandon'],
    ] as const) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(
        `/mb/${slug}/trailer-parts`,
      );
    }
    for (const name of ['All Manitoba Cities', 'Privacy Policy', 'Terms of Service']) {
      expect(await footer.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Winnipeg', year: 'numeric' }).format(new Date()),
    );
    expect(await footer.getByText(`© 2024–${year} Parts Hunters MB. All rights reserved.`).isVisible()).toBe(
      true,
    );

    await footer.getByRole('link', { name: 'Steinbach', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/mb/steinbach/trailer-parts');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problems.errors).toEqual([]);
  });
});

describe('site chrome on a phone', () => {
  afterAll(async () => {
    await context?.close();
    context = undefined;
  });

  it('shows no desk hint beside the quote buttons: the phone texts', async () => {
    const { page } = await open('phone');
    await visit(page, '/');
    expect(
      await page.locator('[data-desk-hint]').evaluateAll((els) => els.map((el) => el.checkVisibility())),
    ).toEqual([false, false]);
  });

  it("the header shows the short 'Quote' label and hides the desktop navigation", async () => {
    const { page } = await open('phone');
    await visit(page, '/');
    const banner = page.getByRole('banner');
    const quote = banner.getByRole('link', { name: 'Quote', exact: true });
    expect(await quote.isVisible()).toBe(true);
    expect(await quote.getAttribute('href')).toBe(SMS_HREF);
    expect(await banner.getByText('Get a Quote', { exact: true }).count()).toBe(1);
    expect(await banner.getByText('Get a Quote', { exact: true }).isVisible()).toBe(false);
    const mainNav = page.getByRole('navigation', { name: 'Main', includeHidden: true });
    expect(await mainNav.count()).toBe(1);
    expect(await mainNav.isVisible()).toBe(false);
    expect(await banner.getByRole('link', { name: SITE_NAME }).isVisible()).toBe(true);
  });

  it('the hamburger menu lists the pages and a Get Quote text link, and closes when a link is chosen', async () => {
    const { page, problems } = await open('phone');
    await visit(page, '/');
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    expect(await menu.isVisible()).toBe(false);

    await page.getByLabel('Menu', { exact: true }).click();
    await menu.waitFor({ state: 'visible' });
    expect(await hrefs(page, menu.getByRole('link'))).toEqual([
      ['Home', '/'],
      ['Parts Sourcing', '/parts-sourcing'],
      ['Quote Service', '/quote-service'],
      ['Logistics', '/logistics'],
      ['Blog', '/blog'],
      ['Get Quote', SMS_HREF],
    ]);

    await menu.getByRole('link', { name: 'Logistics' }).click();
    await page.waitForURL((url) => url.pathname === '/logistics');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await menu.waitFor({ state: 'hidden' });

    // It opens again on the next page, and Escape closes it
    await page.getByLabel('Menu', { exact: true }).click();
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(problems.errors).toEqual([]);
  });

  for (const width of [360, 375, 390]) {
    it(`at ${width} px the logo shows the whole name beside 'Quote' and the menu button`, async () => {
      const { page } = await open('phone', { width, height: 780 });
      await visit(page, '/');
      const banner = page.getByRole('banner');
      const logo = banner.getByRole('link', { name: SITE_NAME });
      const shown = await logo.locator('span').evaluate((el) => ({
        text: el.textContent,
        cut: el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5,
        lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      }));
      expect(shown).toEqual({ text: SITE_NAME, cut: false, lines: 1 });
      const logoRight = (await logo.boundingBox())!;
      const quoteLeft = (await banner.getByRole('link', { name: 'Quote', exact: true }).boundingBox())!;
      expect(logoRight.x + logoRight.width).toBeLessThanOrEqual(quoteLeft.x);
    });
  }

  it('the open menu is set apart from the page under it, and a tap beside it closes it', async () => {
    const { page, problems } = await open('phone', { width: 375, height: 812 });
    await visit(page, '/');
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await page.getByLabel('Menu', { exact: true }).click();
    await menu.waitFor({ state: 'visible' });
    const panel = (await menu.boundingBox())!;
    const hero = page.getByRole('main').getByRole('link', { name: 'Get Quote', exact: true });
    const heroBox = (await hero.boundingBox())!;
    // the page below the panel is covered by a dimmed backdrop: its own 'Get Quote' cannot be
    // mistaken for (or tapped instead of) the menu's
    const x = heroBox.x + heroBox.width / 2;
    const y = Math.max(heroBox.y + heroBox.height / 2, panel.y + panel.height + 8);
    const covered = await page.evaluate(
      ([px, py]) => document.elementFromPoint(px!, py!)?.hasAttribute('data-menu-backdrop') ?? false,
      [x, y],
    );
    expect(covered).toBe(true);
    // the panel itself stands out from the dark hero: a lighter surface and an accent edge
    const [panelBg, heroBg] = await Promise.all([
      menu.evaluate((el) => getComputedStyle(el).backgroundColor),
      page
        .getByRole('main')
        .locator('section')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ]);
    expect(panelBg).not.toBe(heroBg);
    await page.mouse.click(x, Math.min(y + 40, 700));
    await menu.waitFor({ state: 'hidden' });
    expect(problems.errors).toEqual([]);
  });

  it('the fixed bottom bar offers Home, Services and Text, and stays at the bottom of the screen', async () => {
    const { page, problems } = await open('phone');
    await visit(page, '/');
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    expect(await bar.isVisible()).toBe(true);
    expect(await hrefs(page, bar.getByRole('link'))).toEqual([
      ['Home', '/'],
      ['Services', '/parts-sourcing'],
      ['Text', SMS_HREF],
    ]);
    const atBottom = () =>
      bar.evaluate((el) => Math.abs(el.getBoundingClientRect().bottom - window.innerHeight) < 1);
    expect(await atBottom()).toBe(true);
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => window.scrollY > 0);
    expect(await atBottom()).toBe(true);

    await bar.getByRole('link', { name: 'Services' }).click();
    await page.waitForURL((url) => url.pathname === '/parts-sourcing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problems.errors).toEqual([]);
  });

  // one test per page (each visit takes its own share of the time limit), all in one 360 px tab:
  // they only read the pages
  let narrow: Promise<Page> | undefined;
  for (const { path } of routes) {
    it(`${path} does not scroll sideways on a 360 px wide phone`, async () => {
      narrow ??= open('phone', { width: 360, height: 740 }).then((opened) => opened.page);
      const page = await narrow;
      await visit(page, path);
      const overflow = await page.evaluate(() => {
        const root = document.scrollingElement!;
        if (root.scrollWidth <= root.clientWidth) return null;
        // Name the outermost elements that stick out, so a failure says what to fix
        const wide = [...document.body.querySelectorAll('*')].filter(
          (el) =>
            el.getBoundingClientRect().right > root.clientWidth + 0.5 &&
            !(el.parentElement && el.parentElement.getBoundingClientRect().right > root.clientWidth + 0.5),
        );
        const describe = (el: Element) =>
          `<${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? ` aria-label="${el.getAttribute('aria-label')}"` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}" (right edge ${Math.round(el.getBoundingClientRect().right)}px)`;
        return `${root.scrollWidth}px of content in ${root.clientWidth}px: ${wide.slice(0, 3).map(describe).join('; ')}`;
      });
      expect(overflow).toBeNull();
    });
  }
});
