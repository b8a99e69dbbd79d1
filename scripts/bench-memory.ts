/**
 * Memory under mixed public traffic (issue 32 item 3). A benchmark, not a test: it prints figures
 * and has no thresholds; it exits non-zero only when the harness fails.
 *
 * Starts `node server/index.ts` on the production build, as `npm start` runs it (scripts/bench/
 * server.ts), with the demo data and 5,000 more catalog items (`--items`), then starts it again on
 * that data: the process measured is a server as it runs after its first start, which alone
 * draws the demo pictures (`--first-start` measures that first process instead). It reads the server's
 * resident memory at rest, then sends `--duration` seconds (30) of mixed public traffic at
 * `--connections` (20). The traffic is what visitors and crawlers ask for, each request the next
 * path of a shuffled list:
 * - the home page, the service pages, the request form;
 * - the catalog, its pages and its item pages;
 * - every city × category page;
 * - the blog and its posts;
 * - /api/catalog by category and page.
 * While the traffic runs it samples VmRSS every 250 ms. It prints the requests per second, p50 and
 * p99, the highest RSS sampled, and VmHWM (the kernel's peak).
 *
 *   node scripts/bench-memory.ts [--duration 30] [--connections 20] [--items 5000]
 *     [--page-cache-mb 32] [--heap-snapshots] [--first-start] [--node-arg --flag=value ...]
 *
 * --page-cache-mb sets PAGE_CACHE_MB for the server; --node-arg adds a flag to node's (after `npm
 * start`'s own), to compare V8's settings. --heap-snapshots writes a V8 heap snapshot at
 * rest and another at the end of the traffic (node's --heapsnapshot-signal) into bench-results/,
 * and prints the largest kinds of object in each (scripts/bench/heap-summary.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CATEGORIES } from '#app/modules/site/reference.ts';
import { CITIES } from '#server/seed/reference-data.ts';
import { fillCatalog } from './bench/catalog-items.ts';
import { summarizeHeapSnapshot } from './bench/heap-summary.ts';
import { HarnessError, ensureBuild, readMemory, startServer, type BenchServer } from './bench/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const RSS_SAMPLE_MS = 250;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '20' },
    items: { type: 'string', default: '5000' },
    'page-cache-mb': { type: 'string' },
    'heap-snapshots': { type: 'boolean', default: false },
    'first-start': { type: 'boolean', default: false },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The public paths of the traffic, in a fixed shuffled order (the same in every run). */
async function publicPaths(baseUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const cityPages = CITIES.flatMap((city) => CATEGORIES.map((c) => `/mb/${city.slug}/${c.slug}`));
  const catalogPages = Array.from({ length: 20 }, (_, i) => `/catalog?page=${i + 1}`);
  const api = CATEGORIES.flatMap((c) =>
    [1, 2, 3].map((page) => `/api/catalog?category=${c.slug}&page=${page}`),
  );
  const paths = [...new Set([...listed, ...cityPages, ...catalogPages, ...api, '/find-my-part', '/blog'])];
  // a fixed shuffle (a linear congruential generator), so every run asks in the same order
  let seed = 42;
  for (let i = paths.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** Asks the server for a heap snapshot and waits for the file; returns its path. */
async function heapSnapshot(pid: number, dir: string, before: Set<string>): Promise<string> {
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const written = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.heapsnapshot') && !before.has(f))
      .map((f) => path.join(dir, f));
    // written when its size stops changing
    if (written.length) {
      const size = fs.statSync(written[0]!).size;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (size > 0 && fs.statSync(written[0]!).size === size) return written[0]!;
    }
  }
  throw new HarnessError('the server wrote no heap snapshot');
}

await ensureBuild(root);
const snapshotDir = path.join(root, 'bench-results');
fs.mkdirSync(snapshotDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-hunters-bench-'));
const start = () =>
  startServer({
    root,
    adminPassword: ADMIN_PASSWORD,
    startTimeoutMs: 60_000,
    env: values['page-cache-mb'] ? { PAGE_CACHE_MB: values['page-cache-mb'] } : {},
    nodeArgs: [
      ...values['node-arg'],
      ...(values['heap-snapshots']
        ? [`--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${snapshotDir}`]
        : []),
    ],
    dataDir,
  });
// The first start makes the database and draws the demo pictures (a first `npm start` on an empty
// database; Node's compile cache as it finds it), then the catalog is filled; the process measured is, by default, the next start on that data, as
// a server runs from then on (--first-start: that first process itself).
let server: BenchServer | undefined;
let items: number;
try {
  server = await start();
  items = Number(values.items) > 0 ? await fillCatalog(server, ADMIN_PASSWORD, Number(values.items)) : 0;
  if (!values['first-start']) {
    await server.stop();
    server = await start();
  }
} catch (err) {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw err;
}
try {
  const pid = server.pid;
  if (pid === undefined) throw new HarnessError('the server has no pid to read its memory from');
  const paths = await publicPaths(server.baseUrl);
  // at rest: after start-up (and the catalog import, for --first-start), a moment to settle
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rest = readMemory(pid);
  const snapshots: string[] = [];
  const existing = () => new Set(fs.readdirSync(snapshotDir));
  if (values['heap-snapshots']) snapshots.push(await heapSnapshot(pid, snapshotDir, existing()));

  let next = 0;
  let highest = 0;
  const sampler = setInterval(() => {
    const memory = readMemory(pid);
    if (memory) highest = Math.max(highest, memory.rss);
  }, RSS_SAMPLE_MS);
  const result = await autocannon({
    url: server.baseUrl,
    connections: Number(values.connections),
    duration: Number(values.duration),
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  });
  clearInterval(sampler);
  const after = readMemory(pid);
  if (values['heap-snapshots']) snapshots.push(await heapSnapshot(pid, snapshotDir, existing()));
  if (result.errors) throw new HarnessError(`${result.errors} connection errors`);

  console.log(
    `${items} catalog items added; ${paths.length} public paths; ${values.connections} connections for ${values.duration} s` +
      (values['first-start'] ? '; the first start (demo data drawn)' : '; started again on its data') +
      (values['page-cache-mb']
        ? `; PAGE_CACHE_MB=${values['page-cache-mb']}`
        : '; the default page cache budget') +
      (values['node-arg'].length ? `; node ${values['node-arg'].join(' ')}` : ''),
  );
  console.table([
    {
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      'RSS at rest MiB': rest ? mib(rest.rss) : null,
      'highest RSS sampled MiB': mib(highest),
      'VmHWM MiB': after ? mib(after.peak) : null,
      'RSS after MiB': after ? mib(after.rss) : null,
    },
  ]);
  if (rest && after) {
    const share = (m: typeof rest) => `${mib(m.anon)} MiB its own, ${mib(m.file)} MiB mapped files`;
    console.log(`Resident at rest: ${share(rest)}; after: ${share(after)}.`);
  }
  for (const [label, file] of snapshots.map(
    (f, i) => [i === 0 ? 'at rest' : 'after the traffic', f] as const,
  )) {
    console.log(`\nHeap snapshot ${label} (${path.relative(root, file)}):`);
    console.table(summarizeHeapSnapshot(file, 15));
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
