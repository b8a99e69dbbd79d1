/**
 * Lead Management benchmark with 10,000 leads (issue 5, decision 0050). A benchmark, not a test: it
 * prints figures and has no thresholds; it exits non-zero only when the harness fails.
 *
 * Starts `node server/index.ts` on the production build (BUILD_DIR, default build/) with a
 * temporary DATA_DIR and the demo data, on SQLite or, with --database, on a PostgreSQL database
 * that the bench creates and drops. It adds 10,000 generated leads through the repository's
 * insertLead (one transaction, spread over a year, every status, one in ten with a photo), signs
 * in, loads the Lead Management API with autocannon (p50/p99 per connection count), then opens
 * /admin/leads in Chromium six times and reports the time until the board is interactive
 * (hydrated: a click on a card opens the dialog), without the first, cold load.
 *
 *   BUILD_DIR=build-perf node scripts/bench-leads.ts [--duration 5] [--connections 1,10]
 *     [--database postgres://postgres@127.0.0.1:5432/bench_leads]
 *
 * On PostgreSQL the database named in the URL must not exist yet: it is created for the run and
 * dropped afterwards. After the bulk load the bench runs VACUUM ANALYZE, which autovacuum does on
 * its own shortly after such a load in production.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { LEAD_STATUSES, URGENCIES } from '#app/modules/leads/leads.ts';
import type { Database } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { staffBenchArgs, withStaffServer } from './bench/staff-server.ts';
import { cpuMs } from './bench/cpu.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const args = staffBenchArgs('1,10');
const { connectionCounts } = args;

async function seed(database: Database, count: number) {
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
        i % 10 === 0
          ? [
              {
                storageKey: `leads/bench-${i}.webp`,
                contentType: 'image/webp',
                width: 1600,
                height: 1200,
                sizeBytes: 200_000,
              },
            ]
          : [],
        { now: new Date(now), actor: 'bench', createdAt: new Date(now - i * 53 * 60_000) },
      );
    }
  });
  if (database.engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
  console.log(`Seeded ${count} leads in ${Math.round(performance.now() - started)} ms.`);
}

async function load(url: string, headers: Record<string, string>, connections: number, pid: number) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, headers, connections, duration: Number(args.duration) });
  const cpuAfter = cpuMs(pid);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined || !result.requests.total
      ? undefined
      : Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 100) / 100;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    'cpu ms/req': cpu,
    non2xx: result.non2xx,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

await withStaffServer(
  {
    root,
    adminPassword: ADMIN_PASSWORD,
    database: args.database,
    load: (database) => seed(database, Number(args.leads)),
  },
  async (server, headers) => {
    const cookie = headers.cookie;
    console.log(
      `Engine: ${args.database ? 'PostgreSQL' : 'SQLite'}; ${args.duration} s per figure; ${os.availableParallelism()} CPUs, load average ${loadAverage()}.`,
    );
    const board = (await (await fetch(`${server.baseUrl}/api/leads/board`, { headers })).json()) as {
      columns: Record<string, { nextBefore: string | null; leads: { caseNumber: string }[] }>;
    };
    const caseNumber = board.columns.quoted!.leads[7]!.caseNumber;
    const targets = [
      ['GET /api/leads (100 newest, photos)', '/api/leads'],
      ['GET /api/leads/board (5 × 50 cards + totals)', '/api/leads/board'],
      ['GET /api/leads/board?q=customer 99 (name)', '/api/leads/board?q=customer%2099'],
      ['GET /api/leads/board?q=555-0199 (phone)', '/api/leads/board?q=555-0199'],
      [`GET /api/leads/board?q=${caseNumber} (case number)`, `/api/leads/board?q=${caseNumber}`],
      [
        'GET /api/leads/board/quoted?before=… (page 2)',
        `/api/leads/board/quoted?before=${encodeURIComponent(board.columns.quoted!.nextBefore!)}`,
      ],
    ] as const;
    const rows: Record<string, unknown>[] = [];
    for (const connections of connectionCounts)
      for (const [label, target] of targets)
        rows.push({
          label,
          connections,
          ...(await load(`${server.baseUrl}${target}`, headers, connections, server.pid)),
        });
    console.table(rows);
    console.log(`Load average after the API figures: ${loadAverage()}.`);

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
  },
);
