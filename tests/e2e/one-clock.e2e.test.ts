/**
 * One clock (issue 48 item 3): every date and time staff see reads the same whatever time zone the
 * browser is set to, because the business's zone (America/Winnipeg) decides it, never the
 * browser's. The back office is opened twice side by side, in a browser set to Winnipeg and in one
 * set to Tokyo (fifteen hours ahead, another day for most of the day), and each screen that shows
 * times (the lead dialog with its timeline, the inbox with a conversation, a customer's page, the
 * orders, the audit log) must read the same, word for word, once its scripts have run, and each
 * `<time>` must say what the server says of its instant (businessTime or businessDay).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, businessTime } from '#app/modules/team/team.ts';
import { signIn } from './support/admin.ts';
import { keepRendererWarm, launchBrowser, waitForHydration, watchProblems } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';

const ZONES = ['America/Winnipeg', 'Asia/Tokyo'] as const;

let browser: Browser;
let server: SpawnedServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // a server of its own with the demo data as seeded (the worker's shared one is what the files
  // before this one left: its orders may all be done), so every screen has dates to show
  [server, browser] = await Promise.all([
    spawnServer({ name: 'one-clock', adminPassword: E2E_ADMIN_PASSWORD, env: { SEED_DEMO: 'true' } }),
    launchBrowser(),
  ]);
  for (const timezoneId of ZONES) {
    const context = await browser.newContext({
      baseURL: server.origin,
      locale: 'en-CA',
      timezoneId,
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(10_000);
    await keepRendererWarm(context, server.origin);
    const page = await context.newPage();
    await signIn(page, '/admin/leads');
    await page.close();
    contexts.push(context);
  }
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.dispose();
});

/** The screen's words once hydrated (the document and what its scripts drew). */
async function wordsOf(
  context: BrowserContext,
  path: string,
): Promise<{ text: string; times: [string, string][]; errors: string[] }> {
  const page: Page = await context.newPage();
  const problems = watchProblems(page);
  try {
    await page.goto(path);
    await waitForHydration(page);
    // a screen's heading, or the dialog over the board (which hides the rest from the accessibility tree)
    await page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first().waitFor();
    await page.waitForLoadState('networkidle');
    const times = await page
      .locator('time[datetime]')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('datetime')!, el.textContent!] as [string, string]),
      );
    return { text: await page.locator('body').innerText(), times, errors: problems.errors };
  } finally {
    await page.close();
  }
}

/**
 * What the server may write of an instant: its day and time, its day (with or without the year, as
 * the inbox's list writes this year's days), or its time alone (the inbox's list, today).
 */
function serverWords(at: string): string[] {
  const [month, year, time] = businessTime(at).split(', ');
  return [businessTime(at), businessDay(at), month!, `${month}, ${year}`, time!];
}

/** Both zones' words for a screen, loaded at the same moment (a relative time must not tick between). */
async function bothZones(path: string) {
  const read = () => Promise.all(contexts.map((context) => wordsOf(context, path)));
  let [winnipeg, tokyo] = await read();
  // "3 min ago" turning into "4 min ago" between the two loads is the clock, not the zone: once more
  if (winnipeg!.text !== tokyo!.text) [winnipeg, tokyo] = await read();
  return { winnipeg: winnipeg!, tokyo: tokyo! };
}

describe('one clock: the back office in Winnipeg and in Tokyo', () => {
  // `days`: the screen writes days in its words, not in <time> elements (the orders' promised days)
  const screens: { name: string; path: (page: Page) => Promise<string>; days?: 'in words' }[] = [
    {
      name: 'the lead dialog with its timeline',
      path: async (page) => {
        const [lead] = (await (await page.request.get('/api/leads?limit=1')).json()) as { id: number }[];
        return `/admin/leads/${lead!.id}`;
      },
    },
    {
      name: 'the inbox with a conversation open',
      path: async (page) => {
        const { conversations } = (await (await page.request.get('/api/inbox?filter=all')).json()) as {
          conversations: { customerId: number }[];
        };
        return `/admin/inbox/${conversations[0]!.customerId}`;
      },
    },
    {
      name: "a customer's page",
      path: async (page) => {
        const { conversations } = (await (await page.request.get('/api/inbox?filter=all')).json()) as {
          conversations: { customerId: number }[];
        };
        return `/admin/customers/${conversations[0]!.customerId}`;
      },
    },
    { name: 'the orders', path: async () => '/admin/orders', days: 'in words' },
    { name: 'the audit log', path: async () => '/admin/audit' },
  ];

  for (const screen of screens) {
    it(`${screen.name} reads the same, dates and times included`, async () => {
      const probe = await contexts[0]!.newPage();
      const path = await screen.path(probe).finally(() => probe.close());
      const { winnipeg, tokyo } = await bothZones(path);
      // the screen shows times at all (a clock face, 'AM'/'PM', or a month's name with a day)
      expect(winnipeg.text).toMatch(
        /\d:\d\d|[AP]M\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d/,
      );
      expect(tokyo.text).toBe(winnipeg.text);
      // and each time is the server's words for its instant (Chromium's own time-zone data puts
      // Winnipeg an hour off in late 2026)
      if (!screen.days) expect(winnipeg.times.length).toBeGreaterThan(0);
      for (const [at, words] of winnipeg.times) expect(serverWords(at)).toContain(words);
      expect([...winnipeg.errors, ...tokyo.errors]).toEqual([]);
    });
  }
});
