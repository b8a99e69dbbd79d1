/**
 * /find-my-part before and while React runs its form (decision 0116): the server's HTML paints the
 * heading and the first step's fields with no script at all; a visitor who only reads loads no
 * React; React is fetched at the first touch of the form, and everything done before it runs
 * (text typed, choices made, photos picked or dropped, Continue or Enter pressed) is kept and
 * finished; step 2, the validation rules, the photo handling and the notifications each load when
 * they are needed. Real Chromium on a laptop and a phone; the React part is held at the network
 * edge to make sure the customer is faster than it.
 */
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  openPage,
  visit,
  waitForIsland,
  type Device,
} from './support/browser.ts';
import { tagPhoto } from './fixtures/images.ts';
import { fetchPage, textOf } from './support/html.ts';
import { baseUrl } from './support/server.ts';

type FileSpec = { name: string; mimeType: string; buffer: Buffer };

let browser: Browser;
let context: BrowserContext | undefined;
const photos: FileSpec[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  for (let i = 0; i < 2; i++) {
    photos.push({
      name: `coupler-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await tagPhoto({ width: 1200, height: 900, hue: 30 + i * 90, label: `PN RE1234${i}` }),
    });
  }
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The island's state: '' (server HTML), 'armed' (its entry ran), 'hydrated' (React runs the form). */
const islandState = (page: Page) => page.locator('[data-request-form]').getAttribute('data-request-form');
/** The photo area's button: 'Drag photos here or click to choose', 'Tap to add photos' on a touch screen. */
const dropZone = (page: Page) =>
  page.getByRole('button', { name: /^(Drag photos here or click to choose|Tap to add photos)/ });
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const chunk = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '');

async function open(device: Device) {
  await context?.close();
  const opened = await openPage(browser, device);
  context = opened.context;
  const scripts: string[] = [];
  opened.page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(chunk(request.url()));
  });
  return { ...opened, scripts };
}

/**
 * Holds the module that hydrates the form (request-form.hydrate.tsx) until `release()`: whatever
 * the test does meanwhile happens before React runs, as on a slow line.
 */
async function holdReact(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route('**/assets/requestForm-hydrate-*.js', async (route: Route) => {
    requested = true;
    await gate;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/** The parts of a multipart body: name, filename and bytes. */
function multipartParts(request: Request): { name: string; filename?: string; data: Buffer }[] {
  const body = request.postDataBuffer();
  const boundary = /boundary=(.+)$/.exec(request.headers()['content-type'] ?? '')?.[1];
  if (!body || !boundary) return [];
  const parts: { name: string; filename?: string; data: Buffer }[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    parts.push({
      name: /name="([^"]*)"/.exec(headers)?.[1] ?? '',
      filename: /filename="([^"]*)"/.exec(headers)?.[1],
      data: part.subarray(headerEnd + 4),
    });
    at = next;
  }
  return parts;
}

describe('before any script runs', () => {
  it('shows the heading and the first step with JavaScript off; Continue waits and the page says to text', async () => {
    const noJs = await browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await noJs.newPage();
      await page.goto('/find-my-part');
      expect(await page.getByRole('heading', { level: 1, name: 'Find My Part' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 2, name: 'Part Details' }).isVisible()).toBe(true);
      const equipment = page.getByLabel('Equipment Type');
      expect(await equipment.isVisible()).toBe(true);
      expect(await equipment.isEnabled()).toBe(true);
      await equipment.selectOption('trailer');
      expect(await equipment.inputValue()).toBe('trailer');
      // the spec's default urgency shows as chosen before any script
      expect(await page.getByRole('radio', { name: 'When convenient' }).isChecked()).toBe(true);
      expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
      // (Chromium with scripts switched off by the test harness still parses <noscript> as text,
      // so the message is read from the HTML a browser without JavaScript shows)
      const { html } = await fetchPage('/find-my-part');
      expect(textOf(/<noscript>(.*?)<\/noscript>/s.exec(html)?.[1] ?? '')).toContain(
        'This form needs JavaScript. You can also text us a photo of your part: (204) 555-0147',
      );
    } finally {
      await noJs.close();
    }
  });
});

describe('React when the customer starts, and not before', () => {
  it('a visitor who only reads loads the island entry and the site script, no React', async () => {
    const { page, scripts, problems } = await open('phone');
    await visit(page, '/find-my-part');
    await page.waitForLoadState('networkidle');
    // reading and scrolling is not starting on the form
    await page.mouse.wheel(0, 600);
    await page.getByText('Photo Tips for Faster Quotes').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(scripts.map((s) => s.replace(/-[\w-]{8}\.js$/, '.js')).sort()).toEqual([
      'chrome.js',
      'requestForm-island.js',
    ]);
    expect(await islandState(page)).toBe('armed');
    expect(problems.errors).toEqual([]);
  });

  it('loads step 2 and the rules when the customer starts, the photo handling when the drop zone opens, the notifications with the first one', async () => {
    const { page, scripts, problems } = await open('desktop');
    await visit(page, '/find-my-part');
    const later = ['step-two-', 'lead-request.schema-', 'photo-handling-', 'toaster-'];
    const loaded = (prefix: string) => scripts.some((s) => s.startsWith(prefix));
    expect(later.filter(loaded)).toEqual([]);

    // the first touch: React runs the form, and fetches what Continue needs while the customer types
    const stepTwo = page.waitForResponse((r) => chunk(r.url()).startsWith('step-two-'));
    const rules = page.waitForResponse((r) => chunk(r.url()).startsWith('lead-request.schema-'));
    await page.getByLabel('Make').focus();
    await waitForIsland(page);
    await Promise.all([stepTwo, rules]);
    expect(loaded('photo-handling-')).toBe(false);
    expect(loaded('toaster-')).toBe(false);

    // the first notification brings the region
    await page.getByRole('button', { name: 'Continue' }).click();
    await notifications(page).getByText('Missing Information').waitFor();
    expect(loaded('toaster-')).toBe(true);
    expect(loaded('photo-handling-')).toBe(false);

    // opening the file picker fetches the photo handling while the customer chooses
    const photoHandling = page.waitForResponse((r) => chunk(r.url()).startsWith('photo-handling-'));
    const chooser = page.waitForEvent('filechooser');
    await dropZone(page).click();
    await photoHandling;
    await (await chooser).setFiles([photos[0]!]);
    await page.getByText('1 of 6 photos added').waitFor();
    await page.getByRole('img', { name: 'Photo 1: coupler-1.jpg' }).waitFor();
    expect(problems.errors).toEqual([]);
  });
});

describe('what is done before React runs is kept', () => {
  for (const [device, addPhotos, pressContinue] of [
    ['desktop', 'dropped', 'clicked'],
    ['phone', 'picked', 'Enter in a field'],
  ] as const) {
    it(`on a ${device}: text, choices, photos ${addPhotos} and Continue ${pressContinue}, then the request goes through`, async () => {
      const { page, problems } = await open(device);
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      const react = await holdReact(page);
      await visit(page, '/find-my-part');
      // the server's words for the photo area, chosen by the screen (pointer: coarse) before any
      // script: the phone's says tap. React keeps them, so the area does not move (below)
      const wording = device === 'phone' ? 'Tap to add photos' : 'Drag photos here or click to choose';
      expect(await page.getByRole('button', { name: new RegExp(`^${wording}`) }).isVisible()).toBe(true);
      const zoneBefore = await dropZone(page).boundingBox();

      await page.getByLabel('Equipment Type').selectOption('trailer');
      await page.getByLabel('Make').pressSequentially('Wabash', { delay: 10 });
      await page.getByLabel('Part Category').selectOption('lighting-electrical');
      await page.getByLabel('Part Description').fill('Rear clearance light harness chafed through.');
      await page.getByRole('radio', { name: 'Soon as possible' }).check();
      if (addPhotos === 'dropped') {
        const transfer = await page.evaluateHandle(
          (specs) => {
            const dt = new DataTransfer();
            for (const spec of specs) {
              const bytes = Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0));
              dt.items.add(new File([bytes], spec.name, { type: spec.mimeType }));
            }
            return dt;
          },
          photos.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })),
        );
        const zone = (await dropZone(page).elementHandle())!;
        await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
        await zone.dispatchEvent('dragover', { dataTransfer: transfer });
        await zone.dispatchEvent('drop', { dataTransfer: transfer });
      } else {
        const chooser = page.waitForEvent('filechooser');
        await dropZone(page).click();
        await (await chooser).setFiles(photos);
      }
      if (pressContinue === 'clicked') await page.getByRole('button', { name: 'Continue' }).click();
      else await page.getByLabel('Make').press('Enter');

      // all of that happened before React ran the form: it was asked for, and is held
      expect(react.requested()).toBe(true);
      expect(await islandState(page)).toBe('armed');
      expect(await page.getByLabel('Make').inputValue()).toBe('Wabash');
      expect(await axeViolations(page), 'axe before React runs').toEqual([]);

      react.release();
      await waitForIsland(page);
      // the held Continue is made: step 2 opens, announced by its heading
      await page.getByRole('heading', { name: 'Contact Info' }).waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('heading', { name: 'Part Details' }).waitFor();
      // React renders the photo area with the same words, in the same place and size
      expect(await page.getByRole('button', { name: new RegExp(`^${wording}`) }).isVisible()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      const zoneAfter = await dropZone(page).boundingBox();
      expect(zoneAfter).toEqual(zoneBefore);
      expect(await page.getByLabel('Equipment Type').inputValue()).toBe('trailer');
      expect(await page.getByLabel('Make').inputValue()).toBe('Wabash');
      expect(await page.getByLabel('Part Category').inputValue()).toBe('lighting-electrical');
      expect(await page.getByLabel('Part Description').inputValue()).toBe(
        'Rear clearance light harness chafed through.',
      );
      expect(await page.getByRole('radio', { name: 'Soon as possible' }).isChecked()).toBe(true);
      await page.getByText('2 of 6 photos added').waitFor();
      expect(alerts).toEqual([]);
      expect(await axeViolations(page), 'axe once React runs').toEqual([]);

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Full Name').fill('Jordan Friesen');
      await page.getByLabel('Phone Number').fill('(204) 555-0162');
      await page.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      const parts = multipartParts(await sent);
      const fields = Object.fromEntries(
        parts.filter((p) => p.filename === undefined).map((p) => [p.name, p.data.toString()]),
      );
      expect(fields).toEqual({
        equipment: 'trailer',
        make: 'Wabash',
        partCategory: 'lighting-electrical',
        description: 'Rear clearance light harness chafed through.',
        urgency: '48h',
        name: 'Jordan Friesen',
        phone: '(204) 555-0162',
        consent: 'true',
      });
      const sentPhotos = parts.filter((p) => p.name === 'photos');
      expect(sentPhotos.map((p) => p.filename)).toEqual(photos.map((f) => f.name));
      for (const photo of sentPhotos) {
        expect((await sharp(photo.data).metadata()).width).toBe(1200);
      }
      await page.getByRole('heading', { name: 'Request Submitted!' }).waitFor();
      expect(problems.errors).toEqual([]);
    });
  }

  it('a Continue pressed early with fields missing gets the spec notice, the focus on the first one', async () => {
    const { page, problems } = await open('phone');
    const react = await holdReact(page);
    await visit(page, '/find-my-part');
    await page.getByLabel('Make').fill('Kenworth');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await islandState(page)).toBe('armed');
    react.release();
    await notifications(page).getByText('Missing Information').waitFor();
    await notifications(page).getByText('Please fill in all required fields').waitFor();
    expect(await page.getByRole('alert').allTextContents()).toContain('Equipment type is required');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('equipment');
    expect(await page.getByLabel('Make').inputValue()).toBe('Kenworth');
    expect(problems.errors).toEqual([]);
  });
});
