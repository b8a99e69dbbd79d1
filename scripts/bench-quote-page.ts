/**
 * The customer's quote page (issue 28 item 12): `GET /q/<token>`, rendered per request (never in the
 * page cache), at 20 connections with 10,000 leads, beside two references loaded the same way in
 * the same run: `GET /api/health` (a database round trip, no page) and the floor of a page, React
 * Router's own cost on this machine (`GET /terms-of-service` with an empty session cookie, so the
 * page cache does not answer, decision 0180; React Router matches the route and runs the root's loader, and
 * the HTML comes from the render memo, app/rendered-pages.server.ts: no React render, no query of
 * the page's; then Express, compression and the socket as for any page, and the CSP hashes of a
 * public page's inline scripts, which a private page skips: about 0.07 ms). The target is a p99 of at
 * most 50 ms (PASS/FAIL is printed; like every bench, it exits non-zero only when its harness fails).
 *
 * Starts the production build on a throw-away DATA_DIR (./bench/staff-server.ts), on SQLite or on a
 * PostgreSQL database it creates and drops, and adds the leads, their quotes and `--links` private
 * links to open quotes (./bench/quote-page-data.ts). Each link is opened once (its first view, and
 * the page must show the open quote), then each round loads /api/health, the floor and the quote
 * pages, each request the next lead's page, with no session, so each counts a view (an UPDATE of the
 * lead). All tokens are valid, so the wrong-link limiter never counts; any answer but 2xx fails.
 *
 *   node scripts/bench-quote-page.ts [--duration 10] [--rounds 3] [--connections 20]
 *     [--leads 10000] [--links 1000] [--postgres | --database postgres://…/new_database]
 *     [--processes 1]
 *
 * `--postgres` creates and drops a database of its own on postgres://postgres@127.0.0.1:5432.
 * `--processes N` runs the server with WEB_CONCURRENCY=N (one per core is the README's production
 * set-up); CPU ms/req then counts every worker.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { QUOTE_PAGE_TEXT } from '#app/modules/quotes/quote-page.ts';
import { totalQuoteViews } from '#server/db/bulk.ts';
import { openDatabase } from '#server/db/index.ts';
import { renderedCookie } from '#server/http/page-cache.ts';
import { seedQuotePages } from './bench/quote-page-data.ts';
import { HarnessError, type BenchServer } from './bench/server.ts';
import { withStaffServer } from './bench/staff-server.ts';
import { formatTable } from './bench/table.ts';
import { treeCpuMs } from './bench/cpu.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_P99_MS = 50;
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    leads: { type: 'string', default: '10000' },
    links: { type: 'string', default: '1000' },
    processes: { type: 'string', default: '1' },
    postgres: { type: 'boolean', default: false },
    database: { type: 'string' },
  },
});
const databaseUrl =
  args.database ??
  (args.postgres ? `postgres://postgres@127.0.0.1:5432/bench_quote_page_${process.pid}` : undefined);
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const leadCount = Number(args.leads);
const linkCount = Number(args.links);
const processes = Number(args.processes);
if (!Number.isInteger(processes) || processes < 1 || processes > 16) {
  console.error(
    `bench-quote-page: --processes takes a number of processes from 1 to 16, not '${args.processes}'`,
  );
  process.exit(1);
}
/** React Router's floor: a page the page cache does not answer, whose HTML the render memo holds. */
const FLOOR = '/terms-of-service?bench=floor';

/**
 * What a customer's phone sends: Chromium's encodings, and a phone browser's user agent (a program's
 * opens the page without counting a view, decision 0173).
 */
const HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

/** `connections` connections for `duration` s, each request the next of `paths`. */
async function load(server: BenchServer, paths: string[], headers: Record<string, string> = HEADERS) {
  let next = 0;
  const cpuBefore = treeCpuMs(server.pid);
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration,
    headers,
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) },
    ],
  });
  const cpuAfter = treeCpuMs(server.pid);
  if (result.non2xx || result.errors)
    throw new HarnessError(`${paths[0]}…: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined ? NaN : (cpuAfter - cpuBefore) / result['2xx'];
  const { p50, p90, p99 } = result.latency;
  return { rps: result['2xx'] / result.duration, p50, p90, p99, cpu, answers: result['2xx'] };
}
type Figures = Awaited<ReturnType<typeof load>>;

/** Opens every link once, 20 at a time: each must answer 200 with the open quote (its first view). */
async function openEachLink(server: BenchServer, links: string[]) {
  let next = 0;
  const worker = async () => {
    while (next < links.length) {
      const link = links[next++]!;
      const res = await fetch(`${server.baseUrl}${link}`, { headers: HEADERS });
      const html = await res.text();
      if (res.status !== 200 || !html.includes(QUOTE_PAGE_TEXT.accept))
        throw new HarnessError(`GET ${link}: ${res.status}, not the open quote`, html.slice(0, 2_000));
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const twoDecimals = (n: number) => n.toFixed(2);
const loadAverage = () => os.loadavg().map(twoDecimals).join(' ');

let links: string[] = [];
await withStaffServer(
  {
    root,
    adminPassword: 'bench-admin-password-1',
    database: databaseUrl,
    env: { WEB_CONCURRENCY: String(processes) },
    load: async (database) => {
      links = await seedQuotePages(database, leadCount, linkCount);
    },
  },
  async (server) => {
    console.log(
      `Engine: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${processes} process${processes === 1 ? '' : 'es'}; ${rounds} rounds of ${duration} s at ${connections} connections; ${os.availableParallelism()} CPUs, load average ${loadAverage()}.`,
    );
    await openEachLink(server, links);
    const floorHeaders = { ...HEADERS, cookie: renderedCookie(server.baseUrl) };
    const floorAnswer = await fetch(`${server.baseUrl}${FLOOR}`, { headers: floorHeaders });
    await floorAnswer.body?.cancel();
    if (floorAnswer.status !== 200) throw new HarnessError(`GET ${FLOOR}: ${floorAnswer.status}`);
    const health: Figures[] = [];
    const floor: Figures[] = [];
    const page: Figures[] = [];
    for (let round = 0; round < rounds; round++) {
      health.push(await load(server, ['/api/health']));
      floor.push(await load(server, [FLOOR], floorHeaders));
      page.push(await load(server, links));
    }
    console.log(`Load average after the load: ${loadAverage()}.`);

    const row = (label: string, i: number, f: Figures) =>
      [label, i + 1, Math.round(f.rps), f.p50, f.p90, f.p99, f.cpu.toFixed(2)].map(String);
    const rows = health.flatMap((h, i) => [
      row('GET /api/health', i, h),
      row(`GET ${FLOOR}`, i, floor[i]!),
      row(`GET /q/<token> (${links.length} leads)`, i, page[i]!),
    ]);
    const columns = ['target', 'round', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'CPU ms/req'];
    const aligned = columns.map((title, i) => ({ title, align: i ? ('right' as const) : ('left' as const) }));
    console.log(formatTable(aligned, rows));

    // every answered page counted a view: check it reached the database
    const database = openDatabase(
      databaseUrl
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'sqlite', file: path.join(server.dataDir, 'app.db') },
      { poolSize: 1 },
    );
    try {
      const views = await totalQuoteViews(database.db);
      const answered = links.length + page.reduce((sum, f) => sum + f.answers, 0);
      console.log(
        `Views counted: ${Number(views).toLocaleString('en-US')} for ${answered.toLocaleString('en-US')} pages answered (requests still in flight when a round ended count too).`,
      );
    } finally {
      await database.close();
    }

    const p99 = median(page.map((f) => f.p99));
    const healthP99 = median(health.map((f) => f.p99));
    const floorP99 = median(floor.map((f) => f.p99));
    console.log(
      `Quote page: median req/s ${Math.round(median(page.map((f) => f.rps)))}, median p99 ${p99} ms (worst round ${Math.max(...page.map((f) => f.p99))} ms); /api/health: median req/s ${Math.round(median(health.map((f) => f.rps)))}, median p99 ${healthP99} ms; p99 ratio ${(p99 / Math.max(1, healthP99)).toFixed(1)}× health.`,
    );
    console.log(
      `React Router's floor (${FLOOR}): median req/s ${Math.round(median(floor.map((f) => f.rps)))}, median p99 ${floorP99} ms, CPU ${median(floor.map((f) => f.cpu)).toFixed(2)} ms a page; the quote page's CPU ${median(page.map((f) => f.cpu)).toFixed(2)} ms a page.`,
    );
    console.log(
      `Target p99 ≤ ${TARGET_P99_MS} ms at ${connections} connections: ${p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'}.`,
    );
  },
).catch((err: unknown) => {
  console.error('\nbench-quote-page failed:', err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
});
