/**
 * A request that survives no signal (issue 51 items 1 to 3, decision 0208), in real Chromium on a
 * phone, with the network cut (`context.setOffline`, which Chromium applies to the service worker's
 * own requests too): once /find-my-part has been opened, the form works with no signal, photos
 * included; a request submitted then is kept on the phone with its photos and sent by itself when
 * the signal returns (the page open, after a reload, or at a visit to another page), once; and a
 * deploy's new files replace the old ones on the phone. A server of its own, whose database the
 * test reads, and which is restarted on a new build in the last test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagPhoto } from './fixtures/images.ts';
import { axeViolations, launchBrowser } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/site.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';

type FileSpec = { name: string; mimeType: string; buffer: Buffer };

let browser: Browser;
let server: SpawnedServer;
const contexts: BrowserContext[] = [];
const photos: FileSpec[] = [];
const built = path.resolve(process.env.BUILD_DIR ?? 'build');
// inside the project: the next build's server finds the project's packages from there
const cacheDir = path.resolve('node_modules/.cache');
fs.mkdirSync(cacheDir, { recursive: true });
const scratch = fs.mkdtempSync(path.join(cacheDir, 'no-signal-'));

beforeAll(async () => {
  browser = await launchBrowser();
  server = await spawnServer({ name: 'no-signal', adminPassword: E2E_ADMIN_PASSWORD });
  for (let i = 0; i < 2; i++) {
    photos.push({
      name: `pump-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await tagPhoto({ width: 1600, height: 1200, hue: 40 + i * 100, label: `PN AH2120${i}` }),
    });
  }
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.dispose();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The leads the server holds with this description, with how many photos each has. */
function leadsWith(description: string): { caseNumber: string; photos: number }[] {
  const db = new DatabaseSync(path.join(server.dataDir, 'app.db'), { readOnly: true });
  try {
    return db
      .prepare(
        `select l.case_number as caseNumber,
                (select count(*) from lead_photos p where p.lead_id = l.id) as photos
           from leads l where l.description = ? order by l.id`,
      )
      .all(description) as { caseNumber: string; photos: number }[];
  } finally {
    db.close();
  }
}

/** A phone's browser (or a laptop's) that opened /find-my-part with signal, the service worker now running it. */
async function phoneOnTheRequestPage(
  device: 'phone' | 'laptop' = 'phone',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.origin,
    ...(device === 'phone'
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
    locale: 'en-CA',
    timezoneId: 'America/Winnipeg',
    serviceWorkers: 'allow',
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto('/find-my-part');
  await workerInCharge(page);
  return { context, page };
}

const workerInCharge = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

/** The part of a request the customer fills in; `description` finds its lead afterwards. */
async function fillRequest(page: Page, description: string, files: FileSpec[]) {
  await page.getByLabel('Equipment Type').selectOption('ag');
  await page.getByLabel('Part Description').fill(description);
  if (files.length) {
    await page.locator('#request-photos').setInputFiles(files);
    await page.getByText(`${files.length} of 6 photos added`).waitFor();
    // each photo's preview is drawn, and its upload version made, with no signal
    await expect.poll(() => page.locator('img[src^="blob:"]').count()).toBe(files.length);
    await page.waitForFunction(
      () => !document.querySelector('ul[aria-labelledby$="-chosen"]')?.textContent?.includes('Optimizing'),
      undefined,
      { timeout: 40_000 },
    );
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full Name').fill('Dale Fieldman');
  await page.getByLabel('Phone Number').fill('(204) 555-0177');
  await page.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
  await page.getByRole('button', { name: 'Submit Request' }).click();
}

const keptHeading = (page: Page) => page.getByRole('heading', { name: 'Your request is kept on this phone' });
const sentNotice = (page: Page) => page.getByText('Your kept request was sent');
const shownCase = async (page: Page) =>
  (await page.getByText(/^Your case number is /).innerText()).match(/Your case number is (\S+)\./)?.[1];

describe('a request made with no signal', () => {
  it('is kept on the phone with its two photos, nothing reaches the server, and it goes once when the signal returns', async () => {
    const { context, page } = await phoneOnTheRequestPage();
    const posted: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/leads')) posted.push(request.url());
    });
    await context.setOffline(true);
    const description = 'Hydraulic pump on the loader quit, kept while offline';
    await fillRequest(page, description, photos);

    await keptHeading(page).waitFor();
    expect(await keptHeading(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('2 photos · Not sent yet').waitFor();
    // the form is empty again, ready for another request
    expect(await page.getByLabel('Part Description').inputValue()).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    expect(posted).toEqual([]);
    expect(leadsWith(description)).toEqual([]);

    await context.setOffline(false);
    await sentNotice(page).waitFor({ timeout: 30_000 });
    const caseNumber = await shownCase(page);
    expect(leadsWith(description)).toEqual([{ caseNumber, photos: 2 }]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => sentNotice(page).count()).toBe(0);
    expect(leadsWith(description)).toHaveLength(1);
  });

  it('opens with no signal, still holds the kept request after a reload, and sends it later', async () => {
    const { context, page } = await phoneOnTheRequestPage();
    await context.setOffline(true);
    await page.reload();
    // the page and its form, from the phone
    await page.getByRole('heading', { name: 'Find My Part', level: 1 }).waitFor();
    const description = 'Seed drill coupler, reloaded with no signal';
    await fillRequest(page, description, photos.slice(0, 1));
    await keptHeading(page).waitFor();

    await page.reload();
    await page.getByText('1 photo · Not sent yet').waitFor();
    expect(leadsWith(description)).toEqual([]);

    await context.setOffline(false);
    await sentNotice(page).waitFor({ timeout: 30_000 });
    expect(leadsWith(description)).toEqual([{ caseNumber: await shownCase(page), photos: 1 }]);
  });

  it('goes out at the next visit to any page of the site, and the request page then shows its case number', async () => {
    const { context, page } = await phoneOnTheRequestPage();
    await context.setOffline(true);
    const description = 'Grain auger gearbox, sent at the next visit';
    await fillRequest(page, description, photos.slice(0, 1));
    await keptHeading(page).waitFor();
    await page.close();

    await context.setOffline(false);
    const later = await context.newPage();
    await later.goto('/');
    await expect.poll(() => leadsWith(description).length, { timeout: 20_000 }).toBe(1);
    await later.goto('/find-my-part');
    await sentNotice(later).waitFor();
    expect(await shownCase(later)).toBe(leadsWith(description)[0]?.caseNumber);
  });

  it('can be deleted from the request page (on a laptop)', async () => {
    const { context, page } = await phoneOnTheRequestPage('laptop');
    await context.setOffline(true);
    const description = 'Baler knotter, deleted before it was sent';
    await fillRequest(page, description, []);
    await keptHeading(page).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    // the question takes the button's place, the safe answer focused
    await page.getByText('Delete this request? It has not been sent.').waitFor();
    expect(
      await page.getByRole('button', { name: 'Keep it' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete it' }).click();
    await expect.poll(() => keptHeading(page).count()).toBe(0);

    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Find My Part', level: 1 }).waitFor();
    expect(leadsWith(description)).toEqual([]);
  });

  it('sent by two open tabs at once makes one lead', async () => {
    const { context, page } = await phoneOnTheRequestPage();
    await context.setOffline(true);
    const description = 'Combine header drive belt, two tabs open';
    await fillRequest(page, description, photos.slice(0, 1));
    await keptHeading(page).waitFor();
    const second = await context.newPage();
    await second.goto('/find-my-part');
    await second.getByText('1 photo · Not sent yet').waitFor();

    await context.setOffline(false);
    await sentNotice(page).waitFor({ timeout: 30_000 });
    await sentNotice(second).waitFor({ timeout: 30_000 });
    const [lead] = leadsWith(description);
    expect(leadsWith(description)).toHaveLength(1);
    expect(await shownCase(page)).toBe(lead?.caseNumber);
    expect(await shownCase(second)).toBe(lead?.caseNumber);
  });
  it("goes by the browser's background sync with no page of the site open", async () => {
    const { context, page } = await phoneOnTheRequestPage();
    // the test's view of the browser's service workers, from a tab that never opens the site
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await context.setOffline(true);
    const description = 'Grain auger gearbox, sent by background sync';
    await fillRequest(page, description, photos.slice(0, 1));
    await keptHeading(page).waitFor();
    // the customer closes the page: no page of the site is open to send it, and no visit comes
    await page.close();
    expect(leadsWith(description)).toEqual([]);

    // signal again: Chromium gives the worker its 'sync' event (it may have already: a worker
    // woken for it can start before the test's network cut reaches it); the test also dispatches
    // one, as the browser would at its next chance
    await context.setOffline(false);
    const scope = `${server.origin}/`;
    const registration = registrations.find((r) => r.scopeURL === scope);
    expect(registration).toBeDefined();
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.origin,
      registrationId: registration!.registrationId,
      tag: 'send-saved-requests',
      lastChance: false,
    });
    await expect
      .poll(() => leadsWith(description), { timeout: 30_000 })
      .toEqual([{ caseNumber: expect.stringMatching(/^Q-\d+$/), photos: 1 }]);
    // the next look at the request page shows it sent, with its case number
    await blank.goto('/find-my-part');
    await sentNotice(blank).waitFor();
    expect(await shownCase(blank)).toBe(leadsWith(description)[0]?.caseNumber);
  });

  it('is kept from before its upload: a page closed in the middle of sending it loses nothing', async () => {
    const { context, page } = await phoneOnTheRequestPage();
    const description = 'Swather knife drive gearbox, page closed mid-upload';
    // the upload starts and never ends (a phone between two towers), then the page is closed
    let uploading!: () => void;
    const started = new Promise<void>((resolve) => (uploading = resolve));
    await page.route('**/api/leads', () => uploading());
    await fillRequest(page, description, photos);
    await started;
    // while it is being sent, the form shows its progress, not the list of kept requests
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    expect(await keptHeading(page).count()).toBe(0);
    await page.close();
    expect(leadsWith(description)).toEqual([]);

    // the next visit finds it waiting and sends it, once, with both photos
    const next = await context.newPage();
    await next.goto('/find-my-part');
    await sentNotice(next).waitFor({ timeout: 30_000 });
    const leads = leadsWith(description);
    expect(leads).toEqual([{ caseNumber: expect.stringMatching(/^Q-\d+$/), photos: 2 }]);
    expect(await shownCase(next)).toBe(leads[0]?.caseNumber);
  });
});

describe('a phone without the kept page', () => {
  it('says why a photo picked with no signal was not added', async () => {
    // as a browser with no service worker (or a visit cut before it was ready)
    const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'block' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/find-my-part');
    await context.setOffline(true);
    const said = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.locator('#request-photos').setInputFiles(photos.slice(0, 1));
    expect(await said).toBe(
      'Your photos could not be added: this phone has no signal right now. Please add them again when you have signal.',
    );
    expect(await page.getByText('0 of 6 photos added').isVisible()).toBe(true);
  });
});

describe('a deploy', () => {
  it("replaces the phone's copies: after a reload the new build's files are used, and kept for no signal", async () => {
    const { context, page } = await phoneOnTheRequestPage();
    const entry = await page.locator('script[data-hydrate]').getAttribute('src');
    expect(entry).toMatch(/^\/assets\/requestForm-island-.+\.js$/);
    // every file the page names is among the worker's (else it would not open with no signal)
    const named = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('script[src], link[rel="stylesheet"]')].map(
        (el) => el.getAttribute('src') ?? el.getAttribute('href'),
      ),
    );
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names[0]!);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    for (const file of named) expect(kept).toContain(file);

    // the next build: the island's entry under a new name, marking the page it runs in
    const next = path.join(scratch, 'build');
    fs.cpSync(built, next, { recursive: true });
    const newEntry = '/assets/requestForm-island-NextBuild.js';
    fs.writeFileSync(
      path.join(next, 'client', newEntry),
      `${fs.readFileSync(path.join(next, 'client', entry!))}\ndocument.documentElement.dataset.build = 'next';\n`,
    );
    fs.rmSync(path.join(next, 'client', entry!));
    for (const file of [path.join(next, 'server/index.js'), path.join(next, 'client/sw.js')]) {
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll(entry!, newEntry));
    }
    const port = Number(new URL(server.origin).port);
    await server.dispose();
    server = await spawnServer({
      name: 'no-signal-next',
      adminPassword: E2E_ADMIN_PASSWORD,
      port,
      env: { BUILD_DIR: next },
    });

    await page.reload();
    expect(await page.locator('script[data-hydrate]').getAttribute('src')).toBe(newEntry);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build)).toBe('next');
    // the new worker takes over and drops the old build's copies
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const names = await caches.keys();
            if (names.length !== 1) return `${names.length} caches`;
            const cache = await caches.open(names[0]!);
            return (await cache.keys()).map((request) => new URL(request.url).pathname);
          }),
        { timeout: 20_000 },
      )
      .toContain(newEntry);

    await context.setOffline(true);
    await page.reload();
    expect(await page.locator('script[data-hydrate]').getAttribute('src')).toBe(newEntry);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build)).toBe('next');
  });
});
