/**
 * Lead Management benchmark with 10,000 leads (issue 5, decision 0050). A benchmark, not a test: it
 * prints figures and has no thresholds; it exits non-zero only when the harness fails.
 *
 * Starts `node server/index.ts` on the production build (BUILD_DIR, default build/) with a
 * temporary DATA_DIR and the demo data, on SQLite or, with --database, on a PostgreSQL database
 * that the bench creates and drops. It adds 10,000 generated leads through the repository's
 * insertLead (scripts/bench/leads-data.ts), signs in, loads the Lead Management API with
 * autocannon (p50/p99 per connection count), then opens /admin/leads in Chromium six times and
 * reports the time until the board is interactive (hydrated: a click on a card opens the dialog),
 * without the first, cold load.
 *
 *   BUILD_DIR=build-perf node scripts/bench-leads.ts [--duration 5] [--connections 1,10]
 *     [--database postgres://postgres@127.0.0.1:5432/bench_leads] [--against <commit>] [--rounds N]
 *
 * With --against, an earlier commit is measured beside this build in the same run, "before and
 * after in one run" (issue 32 item 4): it is checked out into a temporary worktree, installed and
 * built (scripts/bench/worktree.ts), started with its own `npm start` settings, and given the same
 * leads written by its own code. Every figure is then taken --rounds times (default 3), the two
 * servers alternating which goes first, so the machine's swings fall on both alike; the table
 * shows the medians. On PostgreSQL the earlier build gets a database of its own, the URL's name
 * with `_before` added.
 *
 * On PostgreSQL the database named in the URL must not exist yet: it is created for the run and
 * dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { chromium } from 'playwright-core';
import { seedLeads } from './bench/leads-data.ts';
import { ensureBuild, HarnessError, type BenchServer } from './bench/server.ts';
import { staffBenchArgs, withStaffServer } from './bench/staff-server.ts';
import { cpuMs } from './bench/cpu.ts';
import {
  listenForInterruption,
  median,
  prepareEarlierBuild,
  removeWorktree,
  run,
  worktreeFolder,
  type EarlierBuild,
  type Interruption,
} from './bench/worktree.ts';
import { refuseExistingDatabase } from './bench/postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const args = staffBenchArgs('1,10', ['against', 'rounds']);
const { connectionCounts } = args;
const leadCount = Number(args.leads);
const rounds = Number(args.rounds ?? (args.against ? 3 : 1));
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)
  throw new HarnessError(`--rounds must be a whole number from 1 to 50 (got ${args.rounds})`);

/** A build being measured: this checkout ('this') or the earlier commit (its short hash). */
type Build = { name: string; server: BenchServer; headers: { cookie: string; 'accept-encoding': string } };
type Sample = { p50: number; p99: number; rps: number; cpu: number | undefined; failed: number };

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The requests measured, with the case number and the next page found on this build's board. */
async function targetsOf(build: Build) {
  const { baseUrl } = build.server;
  const board = (await (await fetch(`${baseUrl}/api/leads/board`, { headers: build.headers })).json()) as {
    columns: Record<string, { nextBefore: string | null; leads: { caseNumber: string }[] }>;
  };
  const caseNumber = board.columns.quoted!.leads[7]!.caseNumber;
  return [
    ['GET /api/leads (100 newest, photos)', '/api/leads'],
    ['GET /api/leads/board (5 × 50 cards + totals)', '/api/leads/board'],
    ['GET /api/leads/board?q=customer 99 (name)', '/api/leads/board?q=customer%2099'],
    ['GET /api/leads/board?q=555-0199 (phone)', '/api/leads/board?q=555-0199'],
    ['GET /api/leads/board?q=<case number>', `/api/leads/board?q=${caseNumber}`],
    [
      'GET /api/leads/board/quoted?before=… (page 2)',
      `/api/leads/board/quoted?before=${encodeURIComponent(board.columns.quoted!.nextBefore!)}`,
    ],
  ] as const;
}

/** One figure; fails when the server exits, and stops at once on Ctrl-C or SIGTERM. */
async function load(
  build: Build,
  target: string,
  connections: number,
  interruption: Interruption,
): Promise<Sample> {
  const { pid, baseUrl } = build.server;
  const cpuBefore = cpuMs(pid);
  const instance = autocannon({
    url: baseUrl + target,
    headers: build.headers,
    connections,
    duration: Number(args.duration),
  });
  const stop = () => instance.stop?.();
  interruption.signal.addEventListener('abort', stop, { once: true });
  let result: Result;
  try {
    result = await Promise.race([Promise.resolve(instance), interruption.interrupted, build.server.exited]);
  } finally {
    interruption.signal.removeEventListener('abort', stop);
  }
  const cpuAfter = cpuMs(pid);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    cpu:
      cpuBefore === undefined || cpuAfter === undefined || !result.requests.total
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
    failed: result.non2xx + result.errors, // errors include timeouts
  };
}

async function measure(builds: Build[], interruption: Interruption) {
  const { signal } = interruption;
  console.log(
    `Engine: ${args.database ? 'PostgreSQL' : 'SQLite'}; ${args.duration} s per figure, ${rounds} round(s); ` +
      `${os.availableParallelism()} CPUs, load average ${loadAverage()}.`,
  );
  const targets = new Map(await Promise.all(builds.map(async (b) => [b.name, await targetsOf(b)] as const)));
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < rounds; round++) {
    if (rounds > 1) console.log(`Round ${round + 1} of ${rounds} …`);
    for (const connections of connectionCounts)
      for (let t = 0; t < targets.get(builds[0]!.name)!.length; t++)
        // which build goes first alternates from figure to figure and from round to round
        for (const build of (round + t) % 2 ? [...builds].reverse() : builds) {
          signal.throwIfAborted();
          const [label, target] = targets.get(build.name)![t]!;
          const key = `${label}|${connections}|${build.name}`;
          samples.set(key, [
            ...(samples.get(key) ?? []),
            await load(build, target, connections, interruption),
          ]);
        }
  }
  const rows = [];
  for (const connections of connectionCounts)
    for (const [label] of targets.get(builds[0]!.name)!) {
      const row: Record<string, unknown> = { label, connections };
      for (const pick of ['p50', 'p99', 'rps', 'cpu ms/req', 'failed'] as const)
        for (const { name } of builds) {
          const of = samples.get(`${label}|${connections}|${name}`)!;
          const values = of
            .map((s) => (pick === 'cpu ms/req' ? s.cpu : s[pick]))
            .filter((v): v is number => v !== undefined);
          const value = pick === 'failed' ? values.reduce((a, b) => a + b, 0) : median(values);
          const column = builds.length > 1 ? `${pick} ${name}` : pick;
          row[column] = values.length ? Math.round(value * 100) / 100 : undefined;
        }
      rows.push(row);
    }
  console.table(rows);
  console.log(
    `${rounds > 1 ? `Medians of ${rounds} rounds. ` : ''}Load average after the API figures: ${loadAverage()}.`,
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const timings = new Map<string, number[]>(builds.map((b) => [b.name, []]));
  try {
    const pages = await Promise.all(
      builds.map(async (build) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const [name, ...value] = build.headers.cookie.split('=');
        await context.addCookies([{ name: name!, value: value.join('='), url: build.server.baseUrl }]);
        return { build, page: await context.newPage() };
      }),
    );
    for (let i = 0; i < 6; i++)
      for (const { build, page } of i % 2 ? [...pages].reverse() : pages) {
        signal.throwIfAborted();
        const started = performance.now();
        await page.goto(`${build.server.baseUrl}/admin/leads`);
        // interactive: hydrated React answers a click on a card with the dialog
        await page.locator('[data-lead-card]').first().click();
        await page.getByRole('dialog', { name: 'Lead Details' }).waitFor();
        const ms = Math.round(performance.now() - started);
        if (i > 0) timings.get(build.name)!.push(ms); // the first load warms the server's caches
      }
  } finally {
    await browser.close();
  }
  for (const [name, ms] of timings) {
    ms.sort((a, b) => a - b);
    console.log(
      `/admin/leads until a card opens its dialog${builds.length > 1 ? ` (${name})` : ''}: ` +
        `median ${median(ms)} ms, worst ${ms.at(-1)} ms (${ms.join(', ')})`,
    );
  }
}

/** The earlier build's leads, written by its own code: this file's data module run in its worktree. */
async function seedEarlier(
  earlier: EarlierBuild,
  server: BenchServer,
  url: string | undefined,
  signal: AbortSignal,
) {
  const copy = path.join(earlier.dir, 'scripts/bench/leads-data.ts');
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.copyFileSync(path.join(root, 'scripts/bench/leads-data.ts'), copy);
  // what it calls besides that build's repositories, for a build from before server/db/bulk.ts
  const bulk = path.join(earlier.dir, 'server/db/bulk.ts');
  if (!fs.existsSync(bulk)) fs.copyFileSync(path.join(root, 'server/db/bulk.ts'), bulk);
  const target = url ?? path.join(server.dataDir, 'app.db');
  await run(
    process.execPath,
    [copy, String(leadCount), target],
    earlier.dir,
    `seeding ${earlier.short}`,
    signal,
  );
}

/** The earlier build's PostgreSQL database: the URL's name with `_before` added. */
function beforeDatabase(url: string): string {
  const renamed = new URL(url);
  renamed.pathname = `/${decodeURIComponent(renamed.pathname.slice(1))}_before`;
  return renamed.toString();
}

const interruption = listenForInterruption();
const worktree = args.against ? worktreeFolder() : undefined;
try {
  ensureBuild(root);
  // both databases checked before the long part (the earlier build's install and build)
  if (args.database) await refuseExistingDatabase(args.database);
  if (args.database && worktree) await refuseExistingDatabase(beforeDatabase(args.database));
  const earlier = worktree
    ? await prepareEarlierBuild(root, args.against!, worktree, interruption.signal)
    : undefined;
  const options = { root, adminPassword: ADMIN_PASSWORD, database: args.database };
  await withStaffServer(
    {
      ...options,
      load: async (database) => {
        const started = performance.now();
        await seedLeads(database, leadCount);
        console.log(`Seeded ${leadCount} leads in ${Math.round(performance.now() - started)} ms.`);
      },
    },
    async (server, headers) => {
      const current: Build = { name: 'this', server, headers };
      if (!earlier) return measure([current], interruption);
      const url = args.database && beforeDatabase(args.database);
      return withStaffServer(
        {
          ...options,
          root: earlier.dir,
          database: url,
          load: (_database, earlierServer) => seedEarlier(earlier, earlierServer, url, interruption.signal),
        },
        (earlierServer, earlierHeaders) =>
          measure(
            [current, { name: earlier.short, server: earlierServer, headers: earlierHeaders }],
            interruption,
          ),
      );
    },
  );
} catch (err) {
  if (interruption.signal.aborted) {
    console.error(`Interrupted (${String(interruption.signal.reason)}): servers and worktree removed.`);
    process.exitCode = interruption.signal.reason === 'SIGTERM' ? 143 : 130;
  } else {
    console.error(err instanceof Error ? err.message : err);
    if (err instanceof HarnessError && err.detail)
      console.error(err.detail.split('\n').slice(-20).join('\n'));
    process.exitCode = 1;
  }
} finally {
  if (worktree) removeWorktree(root, worktree);
  interruption.dispose();
}
