/**
 * Pages rendered per request: this build against an earlier commit's build, in one run, beside nginx.
 * A benchmark, not a test: it prints figures and has no thresholds; it exits non-zero only when the
 * harness fails. Issue 15 item 3 asks for pages rendered per request at "≥ 0.02× nginx (5× today)";
 * the ratio to nginx depends on the machine (docs/performance.md), the ratio to the build the issue
 * measured much less, so this measures both on the same machine in the same run.
 *
 *   node scripts/bench-against.ts d40c6a0              # /, /catalog, a city page; 5 rounds of 3 s
 *   node scripts/bench-against.ts HEAD~3 --only /catalog --rounds 3 --duration 5
 *
 * The earlier commit is checked out into a temporary git worktree, installed with `npm ci` from its
 * own lockfile (the npm registry) and built with its own `npm run build`; this checkout is built
 * when its build is stale, as `npm run bench` does. Both servers run with `npm start`'s node and
 * malloc settings (scripts/bench/server.ts), a throw-away DATA_DIR, the demo data and a catalog of
 * `--items` items imported through the staff import. Each page is asked for with an unknown query
 * parameter, so this build renders it per request (an earlier build without a page cache renders
 * every request). Rounds alternate, page by page: this build, the earlier one, then nginx (one
 * worker) serving the bytes this build's page cache sends for the page, so the machine's swings
 * fall on all three alike. The load comes from wrk (scripts/bench/wrk.ts; decision 0168).
 * Reported: medians over the rounds of requests/s and of the server's CPU time per request
 * (utime + stime from /proc: every thread of the process, so it can exceed one second ÷
 * requests/s), and their ratios. The worktree, the servers and nginx are removed at the
 * end, also after a failure, Ctrl-C or SIGTERM.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderedCookie } from '#server/http/page-cache.ts';
import { fillCatalog } from './bench/catalog-items.ts';
import { findNginx, recordPage, startNginx, type Nginx } from './bench/nginx.ts';
import { ensureBuild, HarnessError, startServer, type BenchServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';
import { findWrk, runWrk } from './bench/wrk.ts';
import { cpuMs } from './bench/cpu.ts';
import {
  Interrupted,
  listenForInterruption,
  median,
  prepareEarlierBuild,
  removeWorktree,
  worktreeFolder,
  type Interruption,
} from './bench/worktree.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const DEFAULT_PAGES = ['/', '/catalog', '/mb/winnipeg/trailer-parts'];
const WARMUP_SECONDS = 1;
const USAGE = `Usage: node scripts/bench-against.ts <commit> [--only /path]... [--rounds N] [--duration S]
  <commit>         the earlier build to compare with (anything git rev-parse takes)
  --only /path     a page to measure (repeatable); default: ${DEFAULT_PAGES.join(' ')}
  --rounds N       alternating rounds (default 5); the table shows medians
  --duration S     measured seconds per page, server and round, after ${WARMUP_SECONDS} s of warm-up (default 3)
  --connections N  concurrent connections (default 20)
  --items N        catalog items imported into both servers (default 5000)`;

type Settings = {
  commit: string;
  pages: string[];
  rounds: number;
  durationSeconds: number;
  connections: number;
  items: number;
};

const OPTIONS = {
  only: { type: 'string', multiple: true },
  rounds: { type: 'string' },
  duration: { type: 'string' },
  connections: { type: 'string' },
  items: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseSettings(argv: string[]): Settings {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (err) {
    // an unknown or misspelt option: say which, and how it is used
    throw new HarnessError(`${(err as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const whole = (name: string, raw: string | undefined, fallback: number, min: number, max: number) => {
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new HarnessError(`--${name} must be a whole number from ${min} to ${max} (got ${raw})`);
    }
    return value;
  };
  const pages = values.only?.length ? [...new Set(values.only)] : DEFAULT_PAGES;
  for (const page of pages) {
    if (!page.startsWith('/') || page.startsWith('//')) {
      throw new HarnessError(`--only takes a path starting with a single / (got ${page})`);
    }
  }
  return {
    commit: positionals[0]!,
    pages,
    rounds: whole('rounds', values.rounds, 5, 1, 50),
    durationSeconds: whole('duration', values.duration, 3, 1, 600),
    connections: whole('connections', values.connections, 20, 1, 1000),
    items: whole('items', values.items, 5000, 0, 100_000),
  };
}

type Sample = { rps: number; cpuMsPerRequest: number | null; failed: number };

/** One measured run of `url` by wrk, after a warm-up; fails when `server` exits or the run is interrupted. */
async function load(
  wrk: string,
  url: string,
  settings: Settings,
  interruption: Interruption,
  server?: BenchServer,
  headers: Record<string, string> = HEADERS,
): Promise<Sample> {
  const measure = async (durationSeconds: number) => {
    // wrk stops on Ctrl-C, and when the server's exit ends the run first
    const stop = new AbortController();
    const run = runWrk(wrk, {
      url,
      connections: settings.connections,
      durationSeconds,
      headers,
      timeoutSeconds: 10,
      signal: AbortSignal.any([interruption.signal, stop.signal]),
    });
    run.catch(() => {}); // observed by the race; not unhandled when the server's exit wins
    try {
      return await Promise.race([run, interruption.interrupted, ...(server ? [server.exited] : [])]);
    } finally {
      stop.abort();
    }
  };
  await measure(WARMUP_SECONDS);
  const before = server ? cpuMs(server.pid) : undefined;
  const result = await measure(settings.durationSeconds);
  const after = server ? cpuMs(server.pid) : undefined;
  const cpu =
    before === undefined || after === undefined ? null : (after - before) / Math.max(1, result.requests);
  const failed = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requestsPerSecond, cpuMsPerRequest: cpu, failed };
}

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2));
  const wrkFound = findWrk();
  if ('missing' in wrkFound) throw new HarnessError(`No load generator: ${wrkFound.missing}.`);
  const wrk = wrkFound.binary;
  const interruption = listenForInterruption();
  const worktree = worktreeFolder();
  const servers: { name: string; server: BenchServer }[] = [];
  let nginx: Nginx | undefined;
  let short = settings.commit;
  const samples = new Map<string, Sample[]>();
  const keep = (key: string, sample: Sample) => samples.set(key, [...(samples.get(key) ?? []), sample]);
  try {
    ensureBuild(root);
    const earlier = await prepareEarlierBuild(root, settings.commit, worktree, interruption.signal);
    short = earlier.short;
    for (const [name, dir] of [
      ['this', root],
      [short, earlier.dir],
    ] as const) {
      interruption.signal.throwIfAborted();
      console.log(`Starting ${name === 'this' ? 'this build' : short} …`);
      const server = await startServer({ root: dir, adminPassword: ADMIN_PASSWORD, startTimeoutMs: 90_000 });
      servers.push({ name, server });
      if (settings.items > 0) await fillCatalog(server, ADMIN_PASSWORD, settings.items);
    }
    const found = findNginx();
    if ('binary' in found) {
      const current = servers[0]!.server;
      // a first view fills the page cache, so what is recorded is what the page cache sends
      for (const page of settings.pages)
        await (await fetch(current.baseUrl + page, { headers: HEADERS })).arrayBuffer();
      const recordings = await Promise.all(
        settings.pages.map((p) => recordPage(current.baseUrl, p, HEADERS)),
      );
      interruption.signal.throwIfAborted();
      nginx = await startNginx(found.binary, recordings);
    } else {
      console.log(`No nginx reference: ${found.missing}.`);
    }
    for (let round = 1; round <= settings.rounds; round++) {
      console.log(`Round ${round} of ${settings.rounds} …`);
      for (const page of settings.pages) {
        // rendered per request: an unknown parameter for a build from before decision 0180, an empty
        // session cookie for one since
        const uncached = `${page}${page.includes('?') ? '&' : '?'}bench=uncached`;
        for (const { name, server } of servers) {
          const headers = { ...HEADERS, cookie: renderedCookie(server.baseUrl) };
          keep(
            `${page} ${name}`,
            await load(wrk, server.baseUrl + uncached, settings, interruption, server, headers),
          );
        }
        if (nginx) {
          keep(`${page} nginx`, await load(wrk, nginx.baseUrl + nginx.urlOf(page), settings, interruption));
        }
      }
    }
  } catch (err) {
    if (interruption.signal.aborted) throw new Interrupted(String(interruption.signal.reason));
    throw err;
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
    await nginx?.stop();
    removeWorktree(root, worktree);
    interruption.dispose();
  }

  const figure = (page: string, who: string, pick: (s: Sample) => number | null) => {
    const values = (samples.get(`${page} ${who}`) ?? []).map(pick).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const fixed = (value: number | null, digits: number) => (value === null ? '–' : value.toFixed(digits));
  const ratio = (a: number | null, b: number | null, digits: number) =>
    a === null || b === null || b === 0 ? '–' : (a / b).toFixed(digits);
  const rows = settings.pages.map((page) => {
    const thisRps = figure(page, 'this', (s) => s.rps);
    const earlierRps = figure(page, short, (s) => s.rps);
    const nginxRps = figure(page, 'nginx', (s) => s.rps);
    const failed = ['this', short, 'nginx'].reduce(
      (sum, who) => sum + (samples.get(`${page} ${who}`) ?? []).reduce((n, s) => n + s.failed, 0),
      0,
    );
    return [
      page,
      fixed(earlierRps, 0),
      fixed(thisRps, 0),
      ratio(thisRps, earlierRps, 1),
      fixed(
        figure(page, short, (s) => s.cpuMsPerRequest),
        2,
      ),
      fixed(
        figure(page, 'this', (s) => s.cpuMsPerRequest),
        2,
      ),
      fixed(nginxRps, 0),
      ratio(earlierRps, nginxRps, 4),
      ratio(thisRps, nginxRps, 4),
      String(failed),
    ];
  });
  console.log('');
  console.log(
    formatTable(
      [
        { title: 'page (rendered per request)', align: 'left' },
        { title: `${short} req/s`, align: 'right' },
        { title: 'this req/s', align: 'right' },
        { title: `× ${short}`, align: 'right' },
        { title: `${short} CPU ms`, align: 'right' },
        { title: 'this CPU ms', align: 'right' },
        { title: 'nginx req/s', align: 'right' },
        { title: `${short} × nginx`, align: 'right' },
        { title: 'this × nginx', align: 'right' },
        { title: '4xx/5xx, errors, timeouts', align: 'right' },
      ],
      rows,
    ),
  );
  console.log(
    `Medians of ${settings.rounds} alternating rounds, ${settings.connections} connections, ` +
      `${settings.durationSeconds} s each; CPU ms: the server's CPU time per request. ` +
      `nginx (one worker) serves the bytes this build's page cache sends for the page.`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof Interrupted) {
    console.error(`Interrupted (${err.message}): servers, nginx and the worktree removed.`);
    process.exit(err.message === 'SIGTERM' ? 143 : 130);
  }
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail.split('\n').slice(-20).join('\n'));
  process.exit(1);
});
