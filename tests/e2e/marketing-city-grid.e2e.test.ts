/**
 * The home page's city grid rule (product.md §2 Home, §9) against real data: at most 14 city cards and
 * '& N+ more' with N = total − 14, never below 0. The shared e2e server has the 36 seeded cities
 * (tests/e2e/marketing-pages.e2e.test.ts checks 14 + '& 22+ more' there); this file starts its own
 * server on a fresh SQLite database and removes cities from it between page loads.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { spawnServer, type SpawnedServer } from './support/spawn-server.ts';

let server: SpawnedServer;
let dataDir: string;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = await spawnServer({ name: 'grid', adminPassword: 'e2e-grid-admin-password' });
  ({ dataDir, origin } = server);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/**
 * Keeps the first `n` cities (in display order) in the running server's database, as a manual fix
 * in the database would: with the content version moved, so the server drops the pages it keeps
 * (decision 0097).
 */
function keepCities(n: number) {
  const db = new DatabaseSync(path.join(dataDir, 'app.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(
      'DELETE FROM cities WHERE slug NOT IN (SELECT slug FROM cities ORDER BY sort_order, name LIMIT ?)',
    ).run(n);
    db.exec('UPDATE content_version SET version = version + 1');
    const { count } = db.prepare('SELECT count(*) AS count FROM cities').get() as { count: number };
    expect(count).toBe(n);
  } finally {
    db.close();
  }
}

/** The grid once the server has noticed the change (it polls the version every 250 ms). */
async function gridWith(cards: number, more: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const shown = await grid();
    if ((shown.cards.length === cards && shown.more === more) || Date.now() > deadline) return shown;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function grid() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    const list = page.getByRole('list', { name: 'We Serve All of Manitoba' });
    return {
      cards: await list.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      more: await list.getByRole('listitem').last().innerText(),
    };
  } finally {
    await context.close();
  }
}

describe('home page city grid with more and fewer than 14 cities', () => {
  it.each([
    [20, 14, '& 6+ more'],
    [15, 14, '& 1+ more'],
    [14, 14, '& 0+ more'],
    [9, 9, '& 0+ more'],
    [1, 1, '& 0+ more'],
  ])('%i cities: %i cards and %s', async (total, cards, more) => {
    keepCities(total);
    const shown = await gridWith(cards, more);
    expect(shown.cards).toHaveLength(cards);
    expect(shown.cards[0]).toBe('/mb/winnipeg/trailer-parts');
    expect(shown.more).toBe(more);
  });

  it('cities served never drops below 30 on the statistics strip', async () => {
    const res = await fetch(`${origin}/api/admin/stats`);
    expect((await res.json()).citiesServed).toBe(30);
  });
});
