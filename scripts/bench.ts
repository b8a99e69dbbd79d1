/**
 * HTTP load benchmark of the production server. A benchmark, not a test: it prints figures and has no
 * thresholds; it exits non-zero only when the harness itself fails (no build, server did not start, …).
 *
 * What it measures: throughput (requests/second), latency (p50, p99) and failures (answers of 400 or
 * more, connection errors/timeouts) of `node server/index.ts` serving the
 * production build with the demo data and a catalog of 5,000 items (`--items`, imported through the
 * staff import like scripts/bench-catalog.ts), for GET /, /catalog, /api/catalog and /api/health, one target
 * after the other, each with a warm-up run first (discarded). It also reads the server's memory from
 * /proc/<pid>/status: the highest VmRSS sampled while each target ran, and VmHWM (peak) at the end.
 * Requests carry a browser-like Accept-Encoding, so page figures include compression. The load
 * comes from wrk (Debian's package, installed like nginx when missing; scripts/bench/wrk.ts): a
 * load generator in JavaScript cannot keep up with nginx or the page cache (decision 0168).
 *
 * How to run:
 *   npm run bench                                # 10 connections, 2 s warm-up + 10 s per target
 *   npm run bench -- --duration 3                # shorter run (BENCH_DURATION=3 does the same)
 *   npm run bench -- --connections 50 --only /catalog --only /api/health
 *   npm run bench -- --items 0                   # the demo data's catalog only
 *
 * It builds first when build/ is missing or its sources changed (decision 0110), starts the server on a free 127.0.0.1 port
 * with a temporary DATA_DIR (SQLite, SEED_DEMO=true, LOG_LEVEL=warn), loads loopback only, stops the
 * server with SIGTERM and removes the directory. Results: the table on stdout and
 * bench-results/latest.json (git-ignored); the server's last output lines go to bench-results/server.log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderedCookie } from '#server/http/page-cache.ts';
import { fillCatalog } from './bench/catalog-items.ts';
import { lighthouseScores, pageScripts } from './bench/page-extras.ts';
import { HarnessError, ensureBuild, readMemory, startServer } from './bench/server.ts';
import { findNginx, recordPage, startNginx, type Nginx } from './bench/nginx.ts';
import { formatTable } from './bench/table.ts';
import { findWrk, runWrk, type WrkResult } from './bench/wrk.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `{catalog-item}`, `{blog-post}`: the first such page in the sitemap of the demo data. */
const DEFAULT_TARGETS = [
  '/',
  '/catalog',
  '/catalog/{catalog-item}',
  '/mb/winnipeg/trailer-parts',
  '/blog/{blog-post}',
  '/find-my-part',
  '/api/catalog',
  '/api/health',
];
const DEFAULTS = { connections: 10, durationSeconds: 10, warmupSeconds: 2, items: 5000 };
const ADMIN_PASSWORD = 'bench-admin-password-1';
const START_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_SECONDS = 10;
const RSS_SAMPLE_MS = 250;
/** wrk this busy (a share of one core) may be what limits a run: the table says so. */
const CLIENT_BUSY_SHARE = 0.9;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const USAGE = `Usage: npm run bench -- [--connections N] [--duration S] [--only /path]...
  --connections N  concurrent connections per target (default ${DEFAULTS.connections})
  --duration S     measured seconds per target, after a ${DEFAULTS.warmupSeconds} s warm-up
                   (default ${DEFAULTS.durationSeconds}, or env BENCH_DURATION)
  --only /path     bench only this path (repeatable); default: ${DEFAULT_TARGETS.join(' ')}
  --items N        catalog items (all statuses) imported before the runs (default ${DEFAULTS.items};
                   0: the demo data's own few)
  --no-lighthouse  skip the Lighthouse mobile audit of the pages

Each page is loaded as a visitor sees it (from the page cache after its first view) and with an
unknown query parameter (rendered per request), beside nginx serving the same bytes.`;

interface Settings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  targets: string[];
  /** Catalog items (all statuses, ~95% active) the server holds during the runs (issue 15: 5,000) */
  items: number;
  /** Lighthouse mobile scores of the pages (scripts/lighthouse.ts), after the load runs */
  lighthouse: boolean;
}

/** wrk's figures of one target (scripts/bench/wrk.ts), and the memory of the server it loaded. */
interface TargetResult extends WrkResult {
  method: 'GET';
  path: string;
  /** Highest VmRSS sampled while this target ran (warm-up included); null where /proc is unavailable. */
  peakRssBytes: number | null;
}

function parseSettings(argv: string[], env: NodeJS.ProcessEnv): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string' },
      duration: { type: 'string' },
      only: { type: 'string', multiple: true },
      items: { type: 'string' },
      'no-lighthouse': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const connections = values.connections === undefined ? DEFAULTS.connections : Number(values.connections);
  if (!Number.isInteger(connections) || connections < 1) {
    throw new HarnessError(`--connections must be a whole number ≥ 1 (got ${values.connections})`);
  }
  const rawDuration = values.duration ?? env.BENCH_DURATION;
  const durationSeconds =
    rawDuration === undefined || rawDuration === '' ? DEFAULTS.durationSeconds : Number(rawDuration);
  // wrk takes whole seconds
  if (!Number.isInteger(durationSeconds) || durationSeconds < 1 || durationSeconds > 3600) {
    throw new HarnessError(
      `--duration / BENCH_DURATION must be whole seconds from 1 to 3600 (got ${rawDuration})`,
    );
  }
  const items = values.items === undefined ? DEFAULTS.items : Number(values.items);
  if (!Number.isInteger(items) || items < 0 || items > 100_000) {
    throw new HarnessError(`--items must be a whole number from 0 to 100000 (got ${values.items})`);
  }
  const targets = values.only?.length ? [...new Set(values.only)] : DEFAULT_TARGETS;
  for (const target of targets) {
    // Paths only: the base is always the loopback server this script started.
    if (!target.startsWith('/') || target.startsWith('//')) {
      throw new HarnessError(`--only takes a path starting with a single / (got ${target})`);
    }
  }
  return {
    connections,
    durationSeconds,
    warmupSeconds: DEFAULTS.warmupSeconds,
    targets,
    items,
    lighthouse: !values['no-lighthouse'],
  };
}

const isPage = (target: string) => !target.startsWith('/api/');

/** The targets with `{catalog-item}` and `{blog-post}` replaced by the first such page in the sitemap. */
async function resolveTargets(baseUrl: string, targets: readonly string[]): Promise<string[]> {
  if (!targets.some((t) => t.includes('{'))) return [...targets];
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const first = (prefix: string) => {
    const found = paths.find((p) => p.startsWith(prefix) && p.length > prefix.length);
    if (!found) throw new HarnessError(`the sitemap lists no page under ${prefix}`);
    return found;
  };
  return targets.map((t) =>
    t
      .replace('/catalog/{catalog-item}', () => first('/catalog/'))
      .replace('/blog/{blog-post}', () => first('/blog/')),
  );
}

/** Ctrl-C or SIGTERM during the run: the server is stopped and nothing is written. */
class Interrupted extends Error {}

/** What is loaded: the app's server (its memory sampled, its exit fatal) or the nginx reference. */
type Subject = { baseUrl: string; pid?: number; exited?: Promise<never> };

async function benchTarget(
  server: Subject,
  target: string,
  settings: Settings,
  interrupt: AbortSignal,
  wrk: string,
  headers: Record<string, string> = HEADERS,
): Promise<TargetResult> {
  let peakRss: number | null = null;
  const sample = () => {
    const memory = server.pid === undefined ? null : readMemory(server.pid);
    if (memory) peakRss = Math.max(peakRss ?? 0, memory.rss);
  };
  sample();
  const sampler = setInterval(sample, RSS_SAMPLE_MS);

  // wrk is stopped on Ctrl-C, when it overruns (warm-up + run + one request timeout + slack) and
  // when the server exits
  const stopWrk = new AbortController();
  const onInterrupt = () => stopWrk.abort(new Interrupted(String(interrupt.reason)));
  if (interrupt.aborted) onInterrupt();
  else interrupt.addEventListener('abort', onInterrupt, { once: true });
  const budgetMs = (settings.warmupSeconds + settings.durationSeconds + REQUEST_TIMEOUT_SECONDS + 20) * 1000;
  const watchdog = setTimeout(
    () => stopWrk.abort(new HarnessError(`wrk did not finish GET ${target} within ${budgetMs / 1000} s`)),
    budgetMs,
  );
  const load = (durationSeconds: number) =>
    runWrk(wrk, {
      url: server.baseUrl + target,
      connections: settings.connections,
      durationSeconds,
      headers,
      timeoutSeconds: REQUEST_TIMEOUT_SECONDS,
      signal: stopWrk.signal,
    });
  const measured = load(settings.warmupSeconds).then(() => load(settings.durationSeconds));
  measured.catch(() => {}); // observed by the race below; not unhandled when the server's exit wins

  let result: WrkResult;
  try {
    result = await (server.exited ? Promise.race([measured, server.exited]) : measured);
  } finally {
    clearTimeout(watchdog);
    clearInterval(sampler);
    interrupt.removeEventListener('abort', onInterrupt);
    stopWrk.abort();
  }
  sample();
  return { method: 'GET', path: target, ...result, peakRssBytes: peakRss };
}

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : (bytes / 1024 / 1024).toFixed(1));
const num = (value: number) => (value >= 100 ? value.toFixed(0) : String(Number(value.toFixed(2))));

type PageExtras = {
  uncached?: TargetResult;
  jsGzipBytes?: number;
  jsFiles?: number;
  lighthouse?: number | null;
};

function renderTable(
  results: TargetResult[],
  reference: Map<string, TargetResult>,
  extras: Map<string, PageExtras>,
): string {
  const ratio = (app: number, nginx: TargetResult | undefined) =>
    nginx ? (app / nginx.requestsPerSecond).toFixed(3) : '–';
  const rows = results.map((r) => {
    const nginx = reference.get(r.path);
    const extra = extras.get(r.path) ?? {};
    return [
      `${r.method} ${r.path}`,
      num(r.requestsPerSecond),
      nginx ? num(nginx.requestsPerSecond) : '–',
      ratio(r.requestsPerSecond, nginx),
      num(r.latencyMs.p99),
      extra.uncached ? num(extra.uncached.requestsPerSecond) : '–',
      extra.uncached ? ratio(extra.uncached.requestsPerSecond, nginx) : '–',
      extra.jsGzipBytes === undefined ? '–' : `${(extra.jsGzipBytes / 1024).toFixed(1)} (${extra.jsFiles})`,
      extra.lighthouse === undefined || extra.lighthouse === null ? '–' : String(extra.lighthouse),
      num(r.latencyMs.p50),
      r.non2xx ? `! ${r.non2xx}` : '0',
      `${r.errors} / ${r.timeouts}`,
      mb(r.peakRssBytes),
    ];
  });
  const table = formatTable(
    [
      { title: 'target', align: 'left' },
      { title: 'req/s', align: 'right' },
      { title: 'nginx req/s', align: 'right' },
      { title: '× nginx', align: 'right' },
      { title: 'p99 ms', align: 'right' },
      { title: 'uncached req/s', align: 'right' },
      { title: 'uncached × nginx', align: 'right' },
      { title: 'JS KB gz (files)', align: 'right' },
      { title: 'LH perf', align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: '4xx/5xx', align: 'right' },
      { title: 'errors / timeouts', align: 'right' },
      { title: 'peak RSS MiB', align: 'right' },
    ],
    rows,
  );
  const notes: string[] = [];
  if (results.some((r) => r.non2xx)) {
    notes.push('! answers of 400 or more: that row measures an error response, not the real resource.');
  }
  const failedReference = [...reference].filter(([, r]) => r.non2xx || r.errors || r.timeouts);
  if (failedReference.length) {
    notes.push(
      `! nginx failed answers (4xx/5xx, errors or timeouts) for ${failedReference.map(([page]) => page).join(', ')}: ` +
        'those ratios compare with no reference.',
    );
  }
  // a figure the load generator set is a floor of the server's, and a ratio of two such says nothing
  const busy = [
    ...results.map((r) => ({ name: `GET ${r.path}`, share: r.clientCpuShare })),
    ...[...extras].map(([page, e]) => ({ name: `GET ${page} uncached`, share: e.uncached?.clientCpuShare })),
    ...[...reference].map(([page, r]) => ({ name: `nginx ${page}`, share: r.clientCpuShare })),
  ].filter((run) => (run.share ?? 0) >= CLIENT_BUSY_SHARE);
  if (busy.length) {
    notes.push(
      `! wrk itself used ${CLIENT_BUSY_SHARE * 100}% or more of a core for: ${busy.map((run) => run.name).join(', ')}: ` +
        'the load generator may have set that pace, not the server.',
    );
  }
  return [table, ...notes].join('\n');
}

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2), process.env);
  const wrkFound = findWrk();
  if ('missing' in wrkFound) throw new HarnessError(`No load generator: ${wrkFound.missing}.`);
  const wrk = wrkFound.binary;
  ensureBuild(root);

  console.log('Starting the server (temporary DATA_DIR, demo data)…');
  const server = await startServer({ root, adminPassword: ADMIN_PASSWORD, startTimeoutMs: START_TIMEOUT_MS });
  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => interrupt.abort(signal);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: TargetResult[] = [];
  // the reference: nginx serving the very bytes the app answered, loaded the same way right after
  // the app, target by target, so a swing of the machine falls on both alike
  const reference = new Map<string, TargetResult>();
  const nginxFound = findNginx();
  let nginx: Nginx | undefined;
  let serverPeakRss: number | null;
  const extras = new Map<string, PageExtras>();
  try {
    // the catalog the issue measures /catalog with (5,000 items); city and item pages read it too
    const catalogItems = settings.items > 0 ? await fillCatalog(server, ADMIN_PASSWORD, settings.items) : 0;
    console.log(
      `Server pid ${server.pid} at ${server.baseUrl}` +
        (catalogItems ? `, ${catalogItems} catalog items` : '') +
        `. ${settings.connections} connections, ` +
        `${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per target.`,
    );
    const targets = await resolveTargets(server.baseUrl, settings.targets);
    if ('binary' in nginxFound) {
      // a first view puts each page in the page cache: what is recorded is what visitors are sent
      for (const target of targets)
        await (await fetch(server.baseUrl + target, { headers: HEADERS })).arrayBuffer();
      const recordings = await Promise.all(
        targets.map((target) => recordPage(server.baseUrl, target, HEADERS)),
      );
      nginx = await startNginx(nginxFound.binary, recordings);
    }
    for (const target of targets) {
      console.log(`  GET ${target} …`);
      results.push(await benchTarget(server, target, settings, interrupt.signal, wrk));
      if (nginx) {
        console.log(`  nginx: the bytes of GET ${target} …`);
        const result = await benchTarget(
          { baseUrl: nginx.baseUrl },
          nginx.urlOf(target),
          settings,
          interrupt.signal,
          wrk,
        );
        reference.set(target, { ...result, path: target });
      }
    }
    for (const target of targets.filter(isPage)) {
      // rendered for this request, never from the page cache: an empty session cookie (decision 0180)
      const uncached = `${target}${target.includes('?') ? '&' : '?'}bench=uncached`;
      console.log(`  GET ${uncached} …`);
      const result = await benchTarget(server, uncached, settings, interrupt.signal, wrk, {
        ...HEADERS,
        cookie: renderedCookie(server.baseUrl),
      });
      const js = await pageScripts(server.baseUrl, target);
      extras.set(target, { uncached: result, jsGzipBytes: js.gzipBytes, jsFiles: js.files });
    }
    serverPeakRss = readMemory(server.pid)?.peak ?? null;
  } catch (err) {
    if (err instanceof HarnessError && err.detail === undefined) {
      throw new HarnessError(err.message, server.output());
    }
    throw err;
  } finally {
    await server.stop();
    await nginx?.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const referenceNote =
    'binary' in nginxFound
      ? 'nginx req/s: nginx (one worker) serving the same bytes as a static file, same connections, same run, right after the app; × nginx = app / nginx.'
      : `No nginx reference: ${nginxFound.missing}.`;

  if (settings.lighthouse) {
    for (const [page, score] of lighthouseScores(root, results.map((r) => r.path).filter(isPage))) {
      extras.set(page, { ...extras.get(page), lighthouse: score });
    }
  }

  console.log('');
  console.log(renderTable(results, reference, extras));
  console.log(referenceNote);
  console.log(
    'uncached: the same page with an empty session cookie, so rendered per request; JS: the scripts and module preloads of the page, gzipped; LH perf: Lighthouse mobile performance (scripts/lighthouse.ts).',
  );
  console.log('');
  console.log(`Server peak RSS over the whole run (VmHWM, start-up included): ${mb(serverPeakRss)} MiB`);

  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      totalMemoryBytes: os.totalmem(),
    },
    settings: { ...settings, requestTimeoutSeconds: REQUEST_TIMEOUT_SECONDS, headers: HEADERS },
    server: { peakRssBytes: serverPeakRss, outputLines: server.outputLineCount() },
    targets: results,
    nginx: Object.fromEntries(reference),
    pages: Object.fromEntries(extras),
  };
  fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, 'server.log'), server.output() + '\n');
  const logNote = server.outputLineCount()
    ? ` The server wrote ${server.outputLineCount()} line(s) at LOG_LEVEL=warn; the last ones are in bench-results/server.log.`
    : '';
  console.log(`Results written to bench-results/latest.json.${logNote}`);
}

try {
  await main();
  process.exit(0);
} catch (err) {
  if (err instanceof Interrupted) {
    console.error(`\n${err.message}: stopped the server; no results written.`);
    process.exit(130);
  }
  if (err instanceof HarnessError) {
    console.error(`\nbench failed: ${err.message}`);
    if (err.detail) console.error(`--- server output (last lines) ---\n${err.detail}\n---`);
  } else if (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`bench: ${err.message}\n${USAGE}`);
  } else {
    console.error('\nbench failed:', err);
  }
  process.exit(1);
}
