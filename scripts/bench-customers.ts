/**
 * The customers benchmark (issue 30 item 8): the inbox list, its pulse and customers' pages with
 * 20,000 customers, 60,000 leads and 300,000 messages, p99 ≤ 100 ms on each engine, beside
 * `/api/health` in the same run, up to four connections (four staff at once); and the follow-up
 * pass over them, ≤ 200 ms. A benchmark, not a test: it prints figures and PASS or FAIL; it exits
 * non-zero only when its harness fails.
 *
 * Starts the production build on a throw-away DATA_DIR (./bench/staff-server.ts), on SQLite or on
 * a PostgreSQL database it creates and drops, and adds the load in bulk as of a fixed `now`
 * (./bench/customers-data.ts): customers with their inbox fields filled, leads linked to them, texts
 * in, messages out and quote-page questions, about 400 quotes still open. Then, signed in, it
 * loads at 1, 4 and 10 connections:
 *
 * - the inbox: `GET /admin/inbox.data` (what the screen's loader answers: React Router's data
 *   request) when the build has that screen, and `GET /api/inbox`;
 * - its pulse, `GET /api/inbox/pulse`, which every open back office polls every 3 s;
 * - a customer's page, `GET /api/customers/{id}`, each request the next of the 20 customers with the
 *   most leads (150 each), then of 200 others; and `GET /admin/customers/{id}.data` over both sets
 *   when the build has that screen.
 *
 * Before the pages, in this process against the same database at that fixed `now`: the follow-up
 * pass (`services.followUps.run()`: the first passes write the follow-ups and review requests due,
 * at most 50 of each a pass; the next ones find nothing left), and
 * `services.customers.linkWaiting()` on the linked database. `now` is in the past, so the server's
 * own minutely pass finds none of these quotes open.
 *
 *   node scripts/bench-customers.ts [--duration 5] [--connections 1,4,10] [--customers 20000]
 *     [--leads 60000] [--postgres]
 *
 * `--postgres` creates and drops a database of its own on postgres://postgres@127.0.0.1:5432.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { loadConfig } from '#server/config.ts';
import { customersByLeadCount } from '#server/db/bulk.ts';
import { openDatabase } from '#server/db/index.ts';
import { createServices } from '#server/services/index.ts';
import { createFileStore } from '#server/storage/index.ts';
import { seedCustomersLoad, type CustomersLoad } from './bench/customers-data.ts';
import { HarnessError, type BenchServer } from './bench/server.ts';
import { withStaffServer } from './bench/staff-server.ts';
import { formatTable } from './bench/table.ts';
import { cpuMs } from './bench/cpu.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_SCREEN_P99_MS = 100;
/**
 * The target holds for up to four staff at once (the staff load issue 32 judges the back office
 * at); more connections are printed as headroom, not judged.
 */
const STAFF_AT_ONCE = 4;
const TARGET_PASS_MS = 200;
/** The data's `now`: a Wednesday, 3 p.m. in Winnipeg (business hours, not quiet hours). */
const NOW = new Date('2026-03-11T20:00:00.000Z');
/** 4 a.m. that day in Winnipeg, in quiet hours */
const NIGHT = new Date('2026-03-11T09:00:00.000Z');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,4,10' },
    customers: { type: 'string', default: '20000' },
    leads: { type: 'string', default: '60000' },
    postgres: { type: 'boolean', default: false },
  },
});
const connectionCounts = args.connections.split(',').map(Number);
if (connectionCounts.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`--connections: a comma-separated list of positive integers, not '${args.connections}'`);
  process.exit(1);
}
const databaseUrl = args.postgres
  ? `postgres://postgres@127.0.0.1:5432/bench_customers_${process.pid}`
  : undefined;

let load: CustomersLoad | undefined;

/** Autocannon on one path, or on a path per request from `paths` (each the next, round and round). */
async function measure(
  server: BenchServer,
  target: string | readonly string[],
  headers: Record<string, string>,
  connections: number,
) {
  const paths = typeof target === 'string' ? [target] : target;
  let next = 0;
  const before = cpuMs(server.pid);
  const result = await autocannon({
    url: `${server.baseUrl}${paths[0]}`,
    headers,
    connections,
    duration: Number(args.duration),
    ...(paths.length > 1
      ? {
          requests: [
            { method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) },
          ],
        }
      : {}),
  });
  const after = cpuMs(server.pid);
  if (result.non2xx || result.errors)
    throw new HarnessError(`${paths[0]}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  const cpu = before === undefined || after === undefined ? NaN : (after - before) / result['2xx'];
  return { rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, cpu };
}

/** Answers whether `pathname` answers 200 (a screen the build may not have yet); throws on a 5xx. */
async function probe(server: BenchServer, pathname: string, headers: Record<string, string>, expect: string) {
  const res = await fetch(`${server.baseUrl}${pathname}`, { headers });
  const body = await res.text();
  if (res.status >= 500) throw new HarnessError(`GET ${pathname}: ${res.status}`, body.slice(0, 500));
  if (res.status !== 200 || !body.includes(expect)) return false;
  return true;
}

/** The customers whose pages are loaded: the 20 with the most leads, and 200 others spread over the rest. */
async function pickCustomers(server: BenchServer) {
  const database = openBenchDatabase(server);
  try {
    const { heaviest, lighter } = await customersByLeadCount(database.db, 20, 150);
    const others = Array.from({ length: 200 }, (_, i) => lighter[(i * 7_919) % lighter.length]!);
    return { heaviest, others };
  } finally {
    await database.close();
  }
}

function openBenchDatabase(server: BenchServer, poolSize = 2) {
  return openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'app.db') },
    { poolSize },
  );
}

/** The follow-up pass and linkWaiting, timed in this process against the server's database at NOW. */
async function timePasses(server: BenchServer) {
  const database = openBenchDatabase(server);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: server.dataDir,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
  });
  let clock = NIGHT;
  const services = createServices({
    db: database.db,
    engine: database.engine,
    config,
    logger: pino({ level: 'silent' }),
    files: createFileStore({ dataDir: server.dataDir }),
    now: () => clock,
  });
  try {
    // a running server's pass: its connections have read these tables before. The night's pass
    // reads what the next one does and sends nothing (quiet hours); the first at NOW then sends
    // what came due, as the pass at 8:00 sends what the night held back
    const night = await services.followUps.run();
    if (night.followUps || night.reviews)
      throw new HarnessError(`the pass in quiet hours wrote ${night.followUps + night.reviews} texts`);
    clock = NOW;
    // catching up (at most PER_PASS follow-ups and as many review requests a pass) until a pass finds
    // nothing left, then three more that find nothing
    const passes: { catchingUp: boolean; ms: number; followUps: number; reviews: number }[] = [];
    for (let idle = 0; idle < 4 && passes.length < 20;) {
      const started = performance.now();
      const written = await services.followUps.run();
      const ms = performance.now() - started;
      if (!written.followUps && !written.reviews) idle++;
      passes.push({ catchingUp: idle === 0, ms, ...written });
    }
    const links: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const started = performance.now();
      const linked = await services.customers.linkWaiting();
      if (linked) throw new HarnessError(`linkWaiting linked ${linked} leads on a linked database`);
      links.push(performance.now() - started);
    }
    return { passes, links };
  } finally {
    services.messaging.outbox.stop();
    await database.close();
  }
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
    database: databaseUrl,
    load: async (database) => {
      load = await seedCustomersLoad(database, {
        customers: Number(args.customers),
        leads: Number(args.leads),
        now: NOW,
        assigneeUsername: 'admin',
      });
    },
  },
  async (server, headers) => {
    console.log(
      `Engine: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}; ${args.duration} s per figure; ${os.availableParallelism()} CPUs, load average ${loadAverage()}.`,
    );
    const { heaviest, others } = await pickCustomers(server);
    const pagePaths = (ids: number[], shape: (id: number) => string) => ids.map(shape);
    const apiPage = (id: number) => `/api/customers/${id}`;
    const screenPage = (id: number) => `/admin/customers/${id}.data`;
    if (!(await probe(server, '/api/inbox', headers, 'conversations')))
      throw new HarnessError('GET /api/inbox: not the inbox');
    if (!(await probe(server, apiPage(heaviest[0]!), headers, '"conversation"')))
      throw new HarnessError(`GET ${apiPage(heaviest[0]!)}: not a customer's page`);
    const inboxScreen = await probe(server, '/admin/inbox.data', headers, 'conversations');
    const customerScreen = await probe(server, screenPage(heaviest[0]!), headers, 'thread');
    if (!inboxScreen) console.log('GET /admin/inbox.data: not in this build (or not the inbox): left out.');
    if (!customerScreen) console.log('GET /admin/customers/{id}.data: not in this build: left out.');

    type Target = {
      label: string;
      paths: string | string[];
      headers: Record<string, string>;
      judged: boolean;
    };
    const mixed = [...heaviest, ...others.slice(0, 80)];
    const targets: Target[] = [
      { label: 'GET /api/health', paths: '/api/health', headers: {}, judged: false },
      ...(inboxScreen
        ? [{ label: 'GET /admin/inbox.data', paths: '/admin/inbox.data', headers, judged: true }]
        : []),
      { label: 'GET /api/inbox', paths: '/api/inbox', headers, judged: true },
      { label: 'GET /api/inbox/pulse', paths: '/api/inbox/pulse', headers, judged: true },
      {
        label: 'GET /api/customers/{id}, 20 heaviest',
        paths: pagePaths(heaviest, apiPage),
        headers,
        judged: true,
      },
      {
        label: 'GET /api/customers/{id}, 200 others',
        paths: pagePaths(others, apiPage),
        headers,
        judged: true,
      },
      ...(customerScreen
        ? [
            {
              label: 'GET /admin/customers/{id}.data, mixed',
              paths: pagePaths(mixed, screenPage),
              headers,
              judged: true,
            },
          ]
        : []),
    ];
    // the passes first: timed after the pages' two minutes of load, in this process that ran
    // autocannon, the same catch-up pass took 235 ms on SQLite against 175 ms after one second
    const { passes, links } = await timePasses(server);
    const rows: string[][] = [];
    const verdicts: string[] = [];
    const beyond: string[] = [];
    for (const connections of connectionCounts) {
      for (const target of targets) {
        const f = await measure(server, target.paths, target.headers, connections);
        rows.push([
          target.label,
          String(connections),
          String(Math.round(f.rps)),
          String(f.p50),
          String(f.p99),
          f.cpu.toFixed(2),
        ]);
        // (no answer at all in the window is the worst figure, not a p99 of 0)
        if (target.judged && (f.p99 > TARGET_SCREEN_P99_MS || f.rps === 0))
          (connections <= STAFF_AT_ONCE ? verdicts : beyond).push(
            f.rps === 0
              ? `${target.label} at ${connections}: no answer in ${args.duration} s`
              : `${target.label} at ${connections}: p99 ${f.p99} ms`,
          );
      }
    }
    const columns = ['target', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req'].map((title, i) => ({
      title,
      align: i ? ('right' as const) : ('left' as const),
    }));
    console.log(formatTable(columns, rows));
    console.log(
      `Inbox, pulse and customer pages, target p99 ≤ ${TARGET_SCREEN_P99_MS} ms up to ${STAFF_AT_ONCE} connections: ${verdicts.length ? `${verdicts.join('; ')} FAIL` : 'every figure PASS'}.`,
    );
    if (beyond.length)
      console.log(
        `Over ${TARGET_SCREEN_P99_MS} ms beyond ${STAFF_AT_ONCE} connections (not judged): ${beyond.join('; ')}.`,
      );

    passes.forEach((p, i) =>
      console.log(
        `Follow-up pass ${i + 1}${p.catchingUp ? ', catching up' : ''}: ${p.ms.toFixed(0)} ms, ${p.followUps} follow-ups and ${p.reviews} review requests written.`,
      ),
    );
    const slowest = (list: typeof passes) => Math.max(...list.map((p) => p.ms));
    const catchingUp = passes.filter((p) => p.catchingUp);
    const steady = passes.filter((p) => !p.catchingUp);
    const written = catchingUp.reduce((n, p) => n + p.followUps + p.reviews, 0);
    const verdict = (ms: number) => (ms <= TARGET_PASS_MS ? 'PASS' : 'FAIL');
    console.log(
      `Follow-up pass, target ≤ ${TARGET_PASS_MS} ms (${load?.openQuotes ?? '?'} quotes open): catching up (${written} written in ${catchingUp.length} passes), slowest ${slowest(catchingUp).toFixed(0)} ms ${verdict(slowest(catchingUp))}; the passes after it, slowest ${slowest(steady).toFixed(0)} ms ${verdict(slowest(steady))}.`,
    );
    console.log(
      `Linking waiting leads on a linked database: ${links.map((ms) => ms.toFixed(1)).join(', ')} ms.`,
    );
    console.log(`Load average at the end: ${loadAverage()}.`);
  },
).catch((err: unknown) => {
  console.error('\nbench-customers failed:', err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
});
