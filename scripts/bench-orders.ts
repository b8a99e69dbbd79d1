/**
 * The orders benchmark (issue 29 item 9): the orders screen's data with 2,000 open orders and
 * 20,000 closed ones, p99 ≤ 100 ms on each engine, beside `/api/health` in the same run; and the
 * reminders pass over them, ≤ 200 ms. A benchmark, not a test: it prints figures and PASS or FAIL;
 * it exits non-zero only when its harness fails.
 *
 * Starts the production build on a throw-away DATA_DIR (./bench/staff-server.ts), on SQLite or on
 * a PostgreSQL database it creates and drops, and adds the orders straight through the
 * repositories: each open order a lead of the last week with one or two purchase lines, the
 * older further along the steps, one in ten running late; each closed one fulfilled, handed over. Then, signed in,
 * it loads `GET /admin/orders.data` (what the screen's loader answers: React Router's data request)
 * at 1, 4 and 10 connections, and times the reminders pass in this process against the same database:
 * the first pass (which writes the reminders that are due) and the next ones (nothing left to send).
 *
 *   node scripts/bench-orders.ts [--duration 5] [--open 2000] [--closed 20000] [--postgres]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { LINE_STEPS, type LineStep } from '#app/modules/orders/orders.ts';
import { loadConfig } from '#server/config.ts';
import { vacuumAnalyze } from '#server/db/bulk.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertLinesAsTheyStand, insertSupplier } from '#server/db/repo/orders.ts';
import { createServices } from '#server/services/index.ts';
import { createFileStore } from '#server/storage/index.ts';
import { HarnessError, type BenchServer } from './bench/server.ts';
import { withStaffServer } from './bench/staff-server.ts';
import { formatTable } from './bench/table.ts';
import { cpuMs } from './bench/cpu.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_SCREEN_P99_MS = 100;
const TARGET_REMINDERS_MS = 200;
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    open: { type: 'string', default: '2000' },
    closed: { type: 'string', default: '20000' },
    postgres: { type: 'boolean', default: false },
  },
});
const databaseUrl = args.postgres
  ? `postgres://postgres@127.0.0.1:5432/bench_orders_${process.pid}`
  : undefined;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const NO_DETAILS = { phone: null, email: null, website: null, accountNumber: null, notes: null };

/** The open orders' steps, in the order a part goes through them. */
const OPEN_STEPS: LineStep[] = ['to_order', 'ordered', 'shipped', 'arrived', 'ready'];

async function seed(database: Database, open: number, closed: number) {
  const started = performance.now();
  const now = Date.now();
  await database.db.transaction().execute(async (trx) => {
    const suppliers: number[] = [];
    for (let s = 0; s < 12; s++)
      suppliers.push(
        await insertSupplier(
          trx,
          { ...NO_DETAILS, name: `Bench Supplier ${s}`, leadTimeDays: 1 + (s % 6) },
          new Date(now),
        ),
      );
    let batch: Parameters<typeof insertLinesAsTheyStand>[1][number][] = [];
    const flush = async () => {
      await insertLinesAsTheyStand(trx, batch);
      batch = [];
    };
    for (let i = 0; i < open + closed; i++) {
      const isOpen = i < open;
      // open orders from the last week, the older ones further along; closed ones over a year
      const age = isOpen ? (i * 7) / open : 20 + (i % 345);
      const orderedAt = new Date(now - age * DAY - (i % 9) * HOUR);
      const { id } = await insertLead(
        trx,
        {
          status: isOpen ? 'ordered' : 'fulfilled',
          urgency: 'flexible',
          source: 'web',
          name: `Bench Customer ${i}`,
          phone: `+1204555${String(i % 10_000).padStart(4, '0')}`,
          description: `Generated order ${i}: hydraulic pump for the loader`,
          cost: 20_000 + (i % 500) * 10,
          sellPrice: 30_000 + (i % 500) * 15,
        },
        [],
        { now: new Date(now), actor: 'bench', createdAt: new Date(orderedAt.getTime() - DAY) },
      );
      for (let n = 0; n < (i % 4 === 0 ? 2 : 1); n++) {
        const leadTime = 1 + ((i + n) % 6);
        // where a part of this age has got to (one in ten running late: still 'ordered' or 'shipped')
        const step: LineStep = !isOpen
          ? 'done'
          : (i + n) % 10 === 0
            ? age > 2
              ? 'shipped'
              : 'ordered'
            : OPEN_STEPS[
                Math.min(OPEN_STEPS.length - 1, Math.floor((age / (leadTime + 2)) * OPEN_STEPS.length))
              ]!;
        const reached = (s: LineStep) => LINE_STEPS.indexOf(step) >= LINE_STEPS.indexOf(s);
        const arrivedAt = new Date(orderedAt.getTime() + leadTime * DAY);
        batch.push({
          leadId: id,
          part: `Part ${i}-${n}`,
          supplierId: suppliers[(i + n) % suppliers.length]!,
          quotedCost: 20_000 + (i % 500) * 10,
          actualCost: reached('ordered') ? 19_500 + (i % 700) * 10 : null,
          step,
          promisedDate: new Date(orderedAt.getTime() + (leadTime + 1) * DAY).toISOString().slice(0, 10),
          orderedAt: reached('ordered') ? orderedAt : null,
          arrivedAt: reached('arrived') ? arrivedAt : null,
          readyAt: reached('ready') ? new Date(arrivedAt.getTime() + HOUR) : null,
          doneAt: step === 'done' ? new Date(arrivedAt.getTime() + DAY) : null,
          createdAt: orderedAt,
        });
      }
      if (batch.length >= 500) await flush();
    }
    await flush();
  });
  if (database.engine === 'postgres') await vacuumAnalyze(database.db);
  console.log(
    `Seeded ${open} open and ${closed} closed orders in ${Math.round(performance.now() - started)} ms.`,
  );
}

async function load(
  server: BenchServer,
  pathname: string,
  headers: Record<string, string>,
  connections: number,
) {
  const before = cpuMs(server.pid);
  const result = await autocannon({
    url: `${server.baseUrl}${pathname}`,
    headers,
    connections,
    duration: Number(args.duration),
  });
  const after = cpuMs(server.pid);
  if (result.non2xx || result.errors)
    throw new HarnessError(`${pathname}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  const cpu = before === undefined || after === undefined ? NaN : (after - before) / result['2xx'];
  return { rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, cpu };
}

/** The reminders pass, timed in this process against the server's database. */
async function timeReminders(server: BenchServer) {
  const database = openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'app.db') },
    { poolSize: 2 },
  );
  const config = loadConfig({
    ...process.env,
    DATA_DIR: server.dataDir,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
  });
  const services = createServices({
    db: database.db,
    engine: database.engine,
    config,
    logger: pino({ level: 'silent' }),
    files: createFileStore({ dataDir: server.dataDir }),
    now: () => new Date(),
  });
  try {
    const passes: { pass: string; ms: number; written: number }[] = [];
    for (let n = 1; n <= 4; n++) {
      const started = performance.now();
      const written = await services.orders.sendReminders();
      passes.push({
        pass: n === 1 ? 'first (writes what is due)' : `again (${n})`,
        ms: performance.now() - started,
        written,
      });
    }
    return passes;
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
    adminPassword: 'bench-admin-password-1',
    database: databaseUrl,
    load: (database) => seed(database, Number(args.open), Number(args.closed)),
  },
  async (server, headers) => {
    console.log(
      `Engine: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}; ${args.duration} s per figure; ${os.availableParallelism()} CPUs, load average ${loadAverage()}.`,
    );
    const probe = await fetch(`${server.baseUrl}/admin/orders.data`, { headers });
    const body = await probe.text();
    if (probe.status !== 200 || !body.includes('exceptions'))
      throw new HarnessError(`GET /admin/orders.data: ${probe.status}, not the board`, body.slice(0, 500));
    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const connections of [1, 4, 10]) {
      const health = await load(server, '/api/health', {}, connections);
      const screen = await load(server, '/admin/orders.data', headers, connections);
      verdicts.push(
        `${connections} connection${connections === 1 ? '' : 's'}: p99 ${screen.p99} ms ${screen.p99 <= TARGET_SCREEN_P99_MS ? 'PASS' : 'FAIL'}`,
      );
      for (const [label, f] of [
        ['GET /api/health', health],
        ['GET /admin/orders.data', screen],
      ] as const)
        rows.push([
          label,
          String(connections),
          String(Math.round(f.rps)),
          String(f.p50),
          String(f.p99),
          f.cpu.toFixed(2),
        ]);
    }
    const columns = ['target', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req'].map((title, i) => ({
      title,
      align: i ? ('right' as const) : ('left' as const),
    }));
    console.log(formatTable(columns, rows));
    console.log(`Orders screen's data, target p99 ≤ ${TARGET_SCREEN_P99_MS} ms: ${verdicts.join('; ')}.`);

    const passes = await timeReminders(server);
    for (const p of passes)
      console.log(`Reminders pass, ${p.pass}: ${p.ms.toFixed(0)} ms, ${p.written} written.`);
    // the first pass catches up on every reminder due at once; the hourly passes after it find what
    // came due since
    const [first, ...steady] = passes;
    const slowestSteady = Math.max(...steady.map((p) => p.ms));
    const verdict = (ms: number) => (ms <= TARGET_REMINDERS_MS ? 'PASS' : 'FAIL');
    console.log(
      `Reminders pass, target ≤ ${TARGET_REMINDERS_MS} ms: catching up (${first!.written} written) ${first!.ms.toFixed(0)} ms ${verdict(first!.ms)}; the passes after it, slowest ${slowestSteady.toFixed(0)} ms ${verdict(slowestSteady)}.`,
    );
  },
).catch((err: unknown) => {
  console.error('\nbench-orders failed:', err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
});
