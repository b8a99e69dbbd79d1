/**
 * Lead Management benchmark with 10,000 leads (decision 0050). A benchmark, not a test: it prints
 * figures and has no thresholds; it exits non-zero only when the harness fails.
 *
 * Starts `node server/index.ts` on the production build (BUILD_DIR, default build/) with a
 * temporary SQLite DATA_DIR and the demo data, adds 10,000 generated leads straight into the
 * database (one transaction, spread over a year, every status), signs in, loads GET /api/leads,
 * GET /api/leads/board and a search with autocannon (p50/p99), then opens /admin/leads in Chromium
 * five times and reports the time until the board is interactive (hydrated, a card opens the dialog).
 *
 *   BUILD_DIR=build-leads node scripts/bench-leads.ts [--duration 5] [--connections 10]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { LEAD_STATUSES, URGENCIES } from '#app/modules/leads/leads.ts';
import { openDatabase } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { HarnessError, startServer } from './bench/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    leads: { type: 'string', default: '10000' },
  },
});

async function seed(dataDir: string, count: number) {
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'app.db') }, { poolSize: 1 });
  const started = performance.now();
  const now = Date.now();
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const status = LEAD_STATUSES[i % 7 === 6 ? 5 : i % 5]!;
      await insertLead(
        trx,
        {
          status,
          urgency: URGENCIES[i % 3]!,
          source: 'web',
          name: `Bench Customer ${i}`,
          phone: `+1204555${String(i % 10_000).padStart(4, '0')}`,
          equipment: ['truck', 'trailer', 'ag', 'skidsteer', 'other'][i % 5]!,
          description: `Generated request ${i}: replacement part needed, photos to follow. `.repeat(3),
          sellPrice: status === 'new' || status === 'qualified' ? null : 10_000 + i,
        },
        [],
        { now: new Date(now), actor: 'bench', createdAt: new Date(now - i * 53 * 60_000) },
      );
    }
  });
  await database.close();
  console.log(`Seeded ${count} leads in ${Math.round(performance.now() - started)} ms.`);
}

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    headers,
    connections: Number(args.connections),
    duration: Number(args.duration),
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
  };
}

const server = await startServer({ root, adminPassword: ADMIN_PASSWORD, startTimeoutMs: 60_000 });
try {
  await seed(server.dataDir, Number(args.leads));
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new HarnessError(`sign-in failed: HTTP ${login.status}`);
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };

  const rows: Record<string, unknown>[] = [];
  for (const [label, p] of [
    ['GET /api/leads (100 newest, photos)', '/api/leads'],
    ['GET /api/leads/board (5 × 50 cards + totals)', '/api/leads/board'],
    ['GET /api/leads/board?q=customer 99', '/api/leads/board?q=customer%2099'],
    ['GET /api/leads/board/quoted?before=… (page 2)', ''],
  ] as const) {
    let target: string = p;
    if (!target) {
      const board = (await (await fetch(`${server.baseUrl}/api/leads/board`, { headers })).json()) as {
        columns: Record<string, { nextBefore: string | null }>;
      };
      target = `/api/leads/board/quoted?before=${encodeURIComponent(board.columns.quoted!.nextBefore!)}`;
    }
    rows.push({ label, ...(await load(`${server.baseUrl}${target}`, headers)) });
  }
  console.table(rows);

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const timings: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: cookie.split('=')[0]!, value: cookie.split('=').slice(1).join('='), url: server.baseUrl },
    ]);
    const page = await context.newPage();
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      await page.goto(`${server.baseUrl}/admin/leads`);
      // interactive: hydrated React answers a click on a card with the dialog
      await page.locator('[data-lead-card]').first().click();
      await page.getByRole('dialog', { name: 'Lead Details' }).waitFor();
      const ms = Math.round(performance.now() - started);
      if (i > 0) timings.push(ms); // the first load warms the server's caches
    }
  } finally {
    await browser.close();
  }
  timings.sort((a, b) => a - b);
  console.log(
    `/admin/leads until a card opens its dialog: median ${timings[Math.floor(timings.length / 2)]} ms, worst ${timings.at(-1)} ms (${timings.join(', ')})`,
  );
} finally {
  await server.stop();
}
