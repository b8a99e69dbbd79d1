/**
 * The page cache's key (issue 47 item 9, decision 0180): in one run, against one server, `/blog` as
 * a browser asks for it, `/blog?gclid=<random per request>` (what every ad click carries, unique per
 * click) and `/blog` from a client that sends no Accept-Encoding (a script, a monitor). The last two
 * must be answered from the page cache like the first: each is reported as a ratio of the plain
 * rate, and the bench FAILS (exit 1) when either median ratio is below 0.5. The server's CPU per
 * answer is printed beside it (the load generator, autocannon, may be what limits the plain rate;
 * the CPU is not).
 *
 *   node scripts/bench-page-cache-keys.ts [--duration 5] [--rounds 3] [--connections 20]
 *
 * Starts the production build (building it when stale) on a throw-away DATA_DIR with the demo data
 * (SQLite), one process; the three loads take turns in each round, so a slower stretch of the
 * machine hits all three. Any answer but 2xx is a harness failure (exit 1 too).
 */
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { treeCpuMs } from './bench/cpu.ts';
import { ensureBuild, HarnessError, startServer, type BenchServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each of the other two loads must reach at least this share of the plain rate. */
const FLOOR_RATIO = 0.5;
const PAGE = '/blog';
/** What Chromium sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
  },
});
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
for (const [name, value] of [
  ['duration', duration],
  ['rounds', rounds],
  ['connections', connections],
] as const) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench-page-cache-keys: --${name} takes a positive whole number, not '${args[name]}'`);
    process.exit(1);
  }
}

type Load = { label: string; headers: Record<string, string>; path: () => string };
const LOADS: Load[] = [
  { label: `GET ${PAGE}`, headers: BROWSER, path: () => PAGE },
  {
    label: `GET ${PAGE}?gclid=<random>`,
    headers: BROWSER,
    path: () => `${PAGE}?gclid=${randomBytes(24).toString('base64url')}`,
  },
  { label: `GET ${PAGE}, no Accept-Encoding`, headers: {}, path: () => PAGE },
];

async function measure(server: BenchServer, load: Load) {
  const cpuBefore = treeCpuMs(server.pid);
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration,
    headers: load.headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: load.path() }) }],
  });
  const cpuAfter = treeCpuMs(server.pid);
  if (result.non2xx || result.errors)
    throw new HarnessError(`${load.label}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined ? NaN : (cpuAfter - cpuBefore) / result['2xx'];
  return { rps: result['2xx'] / result.duration, p99: result.latency.p99, cpu };
}
type Figures = Awaited<ReturnType<typeof measure>>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

ensureBuild(root);
const server = await startServer({ root, adminPassword: 'bench-admin-password-1', startTimeoutMs: 60_000 });
let failed = false;
try {
  console.log(
    `${rounds} rounds of ${duration} s per load at ${connections} connections, one process (SQLite, demo data); ${os.availableParallelism()} CPUs.`,
  );
  // the page is kept at its second ask at the latest (a full cache admits on the second)
  for (let i = 0; i < 2; i++) {
    const res = await fetch(server.baseUrl + PAGE, { headers: BROWSER });
    await res.arrayBuffer();
    if (res.status !== 200) throw new HarnessError(`GET ${PAGE}: ${res.status}`, server.output());
  }
  const figures: Figures[][] = LOADS.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, load] of LOADS.entries()) figures[i]!.push(await measure(server, load));
  }
  const plain = figures[0]!;
  const rows = LOADS.flatMap((load, i) =>
    figures[i]!.map((f, round) => [
      load.label,
      String(round + 1),
      String(Math.round(f.rps)),
      (f.rps / plain[round]!.rps).toFixed(2),
      String(f.p99),
      f.cpu.toFixed(3),
    ]),
  );
  const columns = ['load', 'round', 'req/s', '× plain', 'p99 ms', 'CPU ms/req'];
  console.log(
    formatTable(
      columns.map((title, i) => ({ title, align: i ? ('right' as const) : ('left' as const) })),
      rows,
    ),
  );
  const plainRps = median(plain.map((f) => f.rps));
  for (const [i, load] of LOADS.entries()) {
    if (i === 0) continue;
    // each round's ratio to the plain load of the same round, then their median
    const ratio = median(figures[i]!.map((f, round) => f.rps / plain[round]!.rps));
    const pass = ratio >= FLOOR_RATIO;
    failed ||= !pass;
    console.log(
      `${load.label}: median ${Math.round(median(figures[i]!.map((f) => f.rps)))} req/s against ${Math.round(plainRps)}, ${ratio.toFixed(2)}× plain (at least ${FLOOR_RATIO}): ${pass ? 'PASS' : 'FAIL'}.`,
    );
  }
} catch (err) {
  console.error('\nbench-page-cache-keys failed:', err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
