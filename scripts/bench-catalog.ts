/**
 * Catalog benchmark with 5,000 items (issue: catalog pages). A benchmark, not a test: it prints
 * figures and has no thresholds; it exits non-zero only when the harness fails.
 *
 * What it does: starts `node server/index.ts` on the production build (BUILD_DIR, default build/)
 * with a temporary DATA_DIR and the demo data, signs in as staff and imports generated items through
 * POST /api/admin/catalog/import (the same path staff use) until the catalog holds 5,000 items
 * (about 5% drafts and archived), then loads each target with autocannon (50 connections by
 * default, 2 s warm-up, then the measured run) and reports requests/second, p50/p99 latency and the
 * compressed size of one answer. Targets: the API list (first page; random category, city and page
 * on every request, so mostly misses of the listing memo; a filtered deep page), one item, and the
 * /catalog page (first page, a filtered deep page) and an item page.
 *
 *   node scripts/bench-catalog.ts                    # 50 connections, 10 s per target
 *   node scripts/bench-catalog.ts --duration 5 --connections 50 --items 5000
 *   BUILD_DIR=build-cat node scripts/bench-catalog.ts
 *
 * Results: the table on stdout and bench-results/catalog.json (git-ignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CATEGORIES, fillCatalog } from './bench/catalog-items.ts';
import { HarnessError, readMemory, startServer, type BenchServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
/** `paths`: each request picks one at random (mostly memo misses); `path` is what is reported. */
type Target = { label: string; path: string; paths?: () => string };
type Row = {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  compressedBytes: number;
  encoding: string;
};

async function answerSize(url: string): Promise<{ bytes: number; encoding: string }> {
  // node's fetch decodes the body: ask with raw HTTP for the bytes that travel
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: HEADERS }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function bench(
  server: BenchServer,
  target: Target,
  connections: number,
  duration: number,
): Promise<Row> {
  const url = server.baseUrl + target.path;
  const options: Record<string, unknown> = {
    url,
    connections,
    duration,
    timeout: 10,
    headers: HEADERS,
    warmup: { connections, duration: 2 },
  };
  // autocannon's `requests` (not in our minimal types): a fresh path for every request
  if (target.paths)
    options.requests = [{ setupRequest: (req: object) => ({ ...req, path: target.paths!() }) }];
  const result = await autocannon(options as unknown as Parameters<typeof autocannon>[0]);
  const size = await answerSize(target.paths ? server.baseUrl + target.paths() : url);
  return {
    label: target.label,
    path: target.path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    compressedBytes: size.bytes,
    encoding: size.encoding,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      items: { type: 'string', default: '5000' },
    },
  });
  const connections = Number(values.connections);
  const duration = Number(values.duration);
  const items = Number(values.items);
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) {
    throw new HarnessError(`no production build in ${buildDir}: run \`npx react-router build\` first`);
  }

  console.log('Starting the server (temporary DATA_DIR, demo data)…');
  const server = await startServer({ root, adminPassword: ADMIN_PASSWORD, startTimeoutMs: 60_000 });
  const rows: Row[] = [];
  try {
    const catalogSize = await fillCatalog(server, ADMIN_PASSWORD, items);
    const list = await fetch(`${server.baseUrl}/api/catalog?category=trailer-parts`);
    const deepPage = Math.max(1, Math.floor(Number(list.headers.get('x-page-count')) / 2));
    const publicCount = (await fetch(`${server.baseUrl}/api/catalog`)).headers.get('x-total-count');
    const [first] = (await (await fetch(`${server.baseUrl}/api/catalog?page=100`)).json()) as {
      slug: string;
    }[];
    console.log(
      `Catalog: ${catalogSize} items, ${publicCount} active. ${connections} connections, 2 s warm-up + ${duration} s per target.`,
    );
    const cities = ((await (await fetch(`${server.baseUrl}/api/cities`)).json()) as { slug: string }[]).map(
      (c) => c.slug,
    );
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
    const randomListing = () =>
      `/api/catalog?category=${pick(['all', ...CATEGORIES.map(([c]) => c)])}&city=${pick(['all', ...cities])}` +
      `&page=${1 + Math.floor(Math.random() * 25)}`;
    const targets: Target[] = [
      { label: 'API list, first page', path: '/api/catalog' },
      {
        label: 'API list, random filter + page (misses)',
        path: '/api/catalog?category=<random>&city=<random>&page=<1-25>',
        paths: randomListing,
      },
      {
        label: 'API list, category + city, deep page',
        path: `/api/catalog?category=trailer-parts&city=brandon&page=${deepPage}`,
      },
      { label: 'API item', path: `/api/catalog/${first?.slug}` },
      { label: 'Page /catalog, first page', path: '/catalog' },
      {
        label: 'Page /catalog, category + city, deep page',
        path: `/catalog?category=trailer-parts&city=brandon&page=${deepPage}`,
      },
      { label: 'Page item', path: `/catalog/${first?.slug}` },
    ];
    for (const target of targets) {
      console.log(`  GET ${target.path} …`);
      rows.push(await bench(server, target, connections, duration));
    }
    const memory = readMemory(server.pid);
    console.log('');
    console.log(
      formatTable(
        [
          { title: 'target', align: 'left' },
          { title: 'req/s', align: 'right' },
          { title: 'p50 ms', align: 'right' },
          { title: 'p99 ms', align: 'right' },
          { title: 'non-2xx', align: 'right' },
          { title: 'errors', align: 'right' },
          { title: 'answer', align: 'right' },
        ],
        rows.map((r) => [
          `${r.label}`,
          r.requestsPerSecond.toFixed(0),
          String(r.p50),
          String(r.p99),
          String(r.non2xx),
          String(r.errors),
          `${(r.compressedBytes / 1024).toFixed(1)} KiB ${r.encoding}`,
        ]),
      ),
    );
    console.log('');
    console.log(`Server peak RSS: ${memory ? (memory.peak / 1024 / 1024).toFixed(1) : 'n/a'} MiB`);
    const outDir = path.join(root, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(
      path.join(outDir, 'catalog.json'),
      JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null },
          settings: { connections, duration, items: catalogSize, publicItems: Number(publicCount) },
          targets: rows,
        },
        null,
        2,
      ) + '\n',
    );
    console.log('Results written to bench-results/catalog.json.');
  } finally {
    await server.stop();
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error('\nbench-catalog failed:', err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
}
