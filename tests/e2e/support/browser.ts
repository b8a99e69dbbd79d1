/**
 * Real Chromium for the browser suite (playwright-core driving the system browser, decision 0001):
 * one browser per worker (./browser-setup.ts) and a connection to it per test file, one fresh
 * context per test, desktop and phone viewports, a collector of console and page errors, and an
 * axe scan with readable failures.
 */
import { AxeBuilder } from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Response,
} from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { baseUrl } from './server.ts';

export type Device = 'desktop' | 'phone';
export const DEVICES: readonly Device[] = ['desktop', 'phone'];

/** How the system Chromium runs (CHROME_PATH or /usr/bin/chromium; see scripts/ensure-chromium.ts): headless. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // one renderer process for all the pages of the worker's browser, instead of a new one for each
    // page of each test's context: a tenth of the suite's processor time (the suite is bound by it)
    '--renderer-process-limit=1',
  ],
};

/**
 * The browser of this file's worker (./browser-setup.ts launched one per worker for the run), as a
 * connection of the file's own: closing it closes the contexts the file opened and leaves the
 * browser to the worker's next file.
 */
export function launchBrowser(): Promise<Browser> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const endpoints = inject('browserEndpoints') ?? [];
  const endpoint = endpoints[worker - 1];
  if (!endpoint) throw new Error(`No shared browser for worker ${worker} (${endpoints.length} launched)`);
  return chromium.connect(endpoint);
}

/** A fresh context (own cookies and storage) sized like a laptop or a phone, with relative URLs on the server. */
export function newContext(browser: Browser, device: Device, viewport?: { width: number; height: number }) {
  // the site's service worker (decision 0208) is its own tests' (no-signal.e2e): elsewhere each page
  // comes from the server as a first visit's would, and a test's page.route sees every request
  const common = {
    baseURL: baseUrl(),
    locale: 'en-CA',
    timezoneId: 'America/Winnipeg',
    serviceWorkers: 'block' as const,
  };
  if (device === 'phone') {
    return browser.newContext({
      ...common,
      viewport: viewport ?? { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
  }
  return browser.newContext({ ...common, viewport: viewport ?? { width: 1280, height: 800 } });
}

/**
 * Keeps the context's page process running while its tests open and close pages one after another:
 * a page on a script-free document of the site (robots.txt) that stays open until the context
 * closes. Chromium ends a context's renderer when its last page closes, and the next page then
 * starts a new one and compiles the site's scripts again; with this page open the renderer and its
 * compiled code stay. An admin screen then costs about a third less processor time (1.2–1.4 s
 * instead of 2.0–2.1 s, machine-wide, measured for decision 0185). `origin` for a context without a baseURL.
 */
export async function keepRendererWarm(context: BrowserContext, origin = baseUrl()): Promise<void> {
  const keeper = await context.newPage();
  await keeper.goto(new URL('/robots.txt', origin).href);
}

/** A page in a fresh context; close the context (returned too) when the test is done. */
export async function openPage(
  browser: Browser,
  device: Device,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await newContext(browser, device, viewport);
  // Fail a wait with Playwright's own message well before the test's 30 s limit
  context.setDefaultTimeout(10_000);
  await reportCspViolations(context);
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

/**
 * One tab per viewport for a file's tests that only read pages, as a visitor going from page to
 * page: each test loads a new document in it, and gets it with its problems cleared (a new context
 * and page per test cost more than the page's own load). Closed after the file (or describe block).
 */
export function sharedTabs(browser: () => Browser): (device: Device) => ReturnType<typeof openPage> {
  const tabs = new Map<Device, Awaited<ReturnType<typeof openPage>>>();
  afterAll(async () => {
    for (const tab of tabs.values()) await tab.context.close();
  });
  return async (device) => {
    let tab = tabs.get(device);
    if (!tab) tabs.set(device, (tab = await openPage(browser(), device)));
    tab.problems.errors.length = 0;
    tab.problems.warnings.length = 0;
    return tab;
  };
}

/**
 * Makes every Content-Security-Policy violation a console error. Chromium reports them (a blocked
 * script, an eval that was refused even inside a try) outside the console API, so without this a
 * page could break the policy unseen by `problems.errors`, while Lighthouse counts it.
 */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

export type PageProblems = {
  /** console.error messages (CSP violations and failed loads show up here) and uncaught page errors */
  readonly errors: string[];
  readonly warnings: string[];
};

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return url ? `${message.text()} (at ${url}:${lineNumber})` : message.text();
}

/** Starts collecting what went wrong on a page; call before the first navigation. */
export function watchProblems(page: Page): PageProblems {
  const problems = { errors: [] as string[], warnings: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(`console.error: ${describeConsole(message)}`);
    else if (message.type() === 'warning') problems.warnings.push(describeConsole(message));
  });
  page.on('pageerror', (error) => problems.errors.push(`page error: ${error.stack ?? error.message}`));
  return problems;
}

/**
 * Waits until React has hydrated the document: the page has loaded, React has claimed the last
 * element it renders in <body> (the bottom bar) and <main>, and the browser painted a frame after that.
 * Errors raised while hydrating (mismatches, CSP-blocked scripts) have been reported by then.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Content pages ship no React (decision 0013): without React Router's context script there is
  // nothing to hydrate, and the loaded page is ready as it is, except an island (/find-my-part's
  // form, decisions 0112 and 0116): ready once its entry has run and holds whatever is done in the
  // form before React runs it. React hydrates it when a person starts on it (waitForIsland).
  if (await page.evaluate(() => !('__reactRouterContext' in window))) {
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-request-form]')].every(
        (el) => el.getAttribute('data-request-form') !== '',
      ),
    );
    return;
  }
  await page.waitForFunction(() => {
    const claimed = (el: Element | null) =>
      !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    // the back office has no footer: its <main> is the last thing React renders there
    const last = document.querySelector('footer') ?? document.querySelector('main');
    return claimed(document.querySelector('main')) && claimed(last);
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Waits until React runs /find-my-part's form (an island hydrated at the first touch of the form,
 * decision 0116), its effects included: what was done before has been handed to it, and errors
 * raised while hydrating (mismatches, CSP-blocked scripts) have been reported.
 */
export async function waitForIsland(page: Page): Promise<void> {
  await page.locator('[data-request-form="hydrated"]').waitFor({ state: 'attached' });
}

/** Opens a path (relative to the server), waits for hydration, and returns the document's response. */
export async function visit(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path, { waitUntil: 'load' });
  if (!response) throw new Error(`No response for ${path}`);
  await waitForHydration(page);
  return response;
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe over the page; returns one readable line per violating node (empty when all is well).
 * Legacy mode runs axe in the page itself: the default mode also opens a blank page and loads axe a
 * second time to merge the results of frames from other sites, which the site's pages cannot hold
 * (its Content-Security-Policy is default-src 'self'); that cost about a third of each scan's time. Only
 * violations are gathered (axe then skips collecting the nodes that pass).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} — ${node.target.join(' ')}` +
        (node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ').trim()})` : ''),
    ),
  );
}
