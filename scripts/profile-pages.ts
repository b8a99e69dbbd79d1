/**
 * Where an uncached page's time goes (issue 15; docs/performance.md). A measuring tool, not a
 * test: for each page, starts the production server under `node --cpu-prof` with `npm start`'s
 * flags, a temporary DATA_DIR, the demo data and a catalog of `--items` items (5,000 by default),
 * loads the page with an unknown query parameter (so it is rendered per request, never from the
 * page cache) with autocannon, stops the server and sorts every sample of the CPU profile into
 * the first category, in the table's order, that any frame of its stack belongs to.
 *
 *   node scripts/profile-pages.ts                       # /, /catalog, a city page; 20 connections, 8 s
 *   node scripts/profile-pages.ts --only / --duration 5 --top 30
 *
 * Prints per page: requests/s, CPU ms per request, each category's share of the busy time and
 * (with --top) the functions with the most self time. Profiles: bench-results/profiles/*.cpuprofile
 * (open them in Chromium's DevTools).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { renderedCookie } from '#server/http/page-cache.ts';
import { fillCatalog } from './bench/catalog-items.ts';
import { ensureBuild, HarnessError, startServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const DEFAULT_PAGES = ['/', '/catalog', '/mb/winnipeg/trailer-parts'];

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

/** Categories in the order a sample is given to them: the first one any frame of its stack matches. */
const CATEGORIES: { name: string; matches: (frame: Node['callFrame']) => boolean }[] = [
  { name: 'garbage collection', matches: (f) => f.functionName === '(garbage collector)' },
  {
    name: 'compression',
    matches: (f) => /\/node_modules\/compression\/|node:zlib|^zlib$/.test(f.url),
  },
  {
    name: 'database (Kysely, node:sqlite, pg)',
    matches: (f) => /\/node_modules\/(kysely|pg|pg-[a-z-]+)\/|node:sqlite|\/server\/db\//.test(f.url),
  },
  {
    name: 'React render (react-dom/server, our views)',
    matches: (f) =>
      /\/node_modules\/(react|react-dom|lucide-react|@radix-ui\/[^/]+)\/|\/build\/server\//.test(f.url),
  },
  {
    name: 'React Router (matching, loaders, data)',
    matches: (f) => /\/node_modules\/(react-router|@react-router\/[^/]+)\//.test(f.url),
  },
  {
    name: 'pino-http, Express, helmet',
    matches: (f) =>
      /\/node_modules\/(pino|pino-http|pino-std-serializers|sonic-boom|thread-stream|express|router|helmet|finalhandler|send|serve-static|on-finished|body-parser|cookie|qs|accepts|negotiator|type-is|mime-types|content-type|vary|parseurl|proxy-addr|forwarded|fresh|etag|statuses|depd|encodeurl|escape-html|range-parser|path-to-regexp|debug|ms)\//.test(
        f.url,
      ),
  },
  { name: 'our services, modules, http', matches: (f) => /\/(server|app)\//.test(f.url) },
  {
    name: 'Node HTTP, streams, Web Request/Response',
    matches: (f) =>
      /^node:(_http|http|net|stream|internal\/(streams|http|deps\/undici|webstreams|stream_base|js_stream|timers|process\/task_queues|url))/.test(
        f.url,
      ) || /^node:internal\/deps\/undici/.test(f.url),
  },
];

type Analysis = {
  busyMs: number;
  shares: Map<string, number>;
  topSelf: { name: string; ms: number }[];
};

/** Only the samples taken in `window` (microseconds of the monotonic clock, as the profile's). */
function analyse(profile: Profile, window: { from: number; to: number }): Analysis {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryOf = new Map<number, string>();
  const categorize = (id: number): string => {
    const known = categoryOf.get(id);
    if (known) return known;
    const frames: Node['callFrame'][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      frames.push(byId.get(at)!.callFrame);
    const leaf = frames[0]!.functionName;
    let category: string;
    if (leaf === '(idle)') category = 'idle';
    else if (leaf === '(program)') category = '(program): native, not attributed';
    else category = CATEGORIES.find((c) => frames.some((f) => c.matches(f)))?.name ?? 'other JavaScript';
    categoryOf.set(id, category);
    return category;
  };
  const shares = new Map<string, number>();
  const self = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < window.from || at > window.to) return;
    const ms = delta / 1000;
    const category = categorize(id);
    if (category === 'idle') return;
    busy += ms;
    shares.set(category, (shares.get(category) ?? 0) + ms);
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/node_modules\//, '').replace(root, '')}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  const topSelf = [...self].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms }));
  return { busyMs: busy, shares, topSelf };
}

async function profilePage(page: string, options: { connections: number; duration: number; items: number }) {
  const profileDir = fs.mkdtempSync(path.join(root, 'bench-results', 'profile-'));
  const server = await startServer({
    root,
    adminPassword: ADMIN_PASSWORD,
    startTimeoutMs: 60_000,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  let requests: number;
  let rps: number;
  let window: { from: number; to: number };
  try {
    await fillCatalog(server, ADMIN_PASSWORD, options.items);
    // rendered per request, never from the page cache: an empty session cookie (decision 0180)
    const url = `${server.baseUrl}${page}${page.includes('?') ? '&' : '?'}bench=uncached`;
    const headers = { ...HEADERS, cookie: renderedCookie(server.baseUrl) };
    await autocannon({ url, connections: options.connections, duration: 2, headers });
    // the profile's clock is the monotonic one process.hrtime reads: only the measured run counts
    const from = Number(process.hrtime.bigint() / 1000n);
    const result = await autocannon({
      url,
      connections: options.connections,
      duration: options.duration,
      headers,
    });
    window = { from, to: Number(process.hrtime.bigint() / 1000n) };
    if (result.non2xx) throw new HarnessError(`${page}: ${result.non2xx} answers were not 2xx`);
    requests = result.latency.totalCount;
    rps = result.requests.average;
  } finally {
    await server.stop();
  }
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new HarnessError(`no CPU profile was written for ${page}`);
  const slug = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  const kept = path.join(root, 'bench-results', 'profiles', `${slug}.cpuprofile`);
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.renameSync(path.join(profileDir, file), kept);
  fs.rmSync(profileDir, { recursive: true, force: true });
  const analysis = analyse(JSON.parse(fs.readFileSync(kept, 'utf8')) as Profile, window);
  return { page, rps, requests, analysis, file: path.relative(root, kept) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '20' },
      duration: { type: 'string', default: '8' },
      items: { type: 'string', default: '5000' },
      only: { type: 'string', multiple: true },
      top: { type: 'string', default: '0' },
    },
  });
  const options = {
    connections: Number(values.connections),
    duration: Number(values.duration),
    items: Number(values.items),
  };
  const pages = values.only?.length ? values.only : DEFAULT_PAGES;
  ensureBuild(root);
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  const results: Awaited<ReturnType<typeof profilePage>>[] = [];
  for (const page of pages) {
    console.log(
      `Profiling ${page}?bench=uncached (${options.connections} connections, ${options.duration} s)…`,
    );
    results.push(await profilePage(page, options));
  }
  const names = [...CATEGORIES.map((c) => c.name), 'other JavaScript', '(program): native, not attributed'];
  console.log('');
  console.log(
    formatTable(
      [
        { title: 'where', align: 'left' },
        ...results.map((r) => ({ title: r.page, align: 'right' as const })),
      ],
      [
        ['uncached req/s', ...results.map((r) => r.rps.toFixed(0))],
        ['CPU ms per request', ...results.map((r) => (r.analysis.busyMs / r.requests).toFixed(2))],
        ...names.map((name) => [
          name,
          ...results.map(
            (r) => `${(((r.analysis.shares.get(name) ?? 0) / r.analysis.busyMs) * 100).toFixed(1)}%`,
          ),
        ]),
      ],
    ),
  );
  const top = Number(values.top);
  if (top > 0) {
    for (const r of results) {
      console.log(`\n${r.page}: most self time (${r.file})`);
      for (const { name, ms } of r.analysis.topSelf.slice(0, top)) {
        console.log(`  ${((ms / r.analysis.busyMs) * 100).toFixed(1).padStart(5)}%  ${name}`);
      }
    }
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error('\nprofile-pages failed:', err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
}
