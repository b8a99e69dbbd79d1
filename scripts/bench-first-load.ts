/**
 * A first visit's requests and scripts, page by page: this build against an earlier one, in one run.
 * A benchmark, not a test: it prints figures and has no thresholds; it exits non-zero only when the
 * harness fails. Issue 51 item 6 asks that the service worker (decision 0208) add nothing to any
 * public page's first load but the request page's, and that /find-my-part add no more than 5 KB gzip
 * of script before the first interaction; docs/performance.md "The request page with no signal".
 *
 *   node scripts/bench-first-load.ts --against 8e5c931            # a temporary worktree, npm ci, build
 *   node scripts/bench-first-load.ts --against ../bench-prev      # a checkout already built (build/)
 *   node scripts/bench-first-load.ts --against 8e5c931 --only /find-my-part --only /blog
 *
 * Each page is opened once per build in a new browser context (no cookies, no storage, no service
 * worker: a first visit), on a phone's screen, with service workers allowed as a phone's browser
 * allows them. Nothing is touched. It waits for the load event, then for 3 s with no request (at
 * most 20 s), so what the page starts after `load` (the service worker's registration and its
 * copies) is seen too. For each request: its path, type, whether it started before the load
 * event, and whether the page or the service worker asked for it. Scripts are counted as the page
 * loaded them (the service worker's copies are listed apart: bytes on the phone, not script run
 * before a touch), their size gzipped at zlib's default level, as the server's compression sends
 * them. Hashed file names are shown without their hash, so two builds' lists line up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Request } from 'playwright-core';
import { ensureBuild, HarnessError, startServer, type BenchServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';
import {
  Interrupted,
  listenForInterruption,
  prepareEarlierBuild,
  removeWorktree,
  worktreeFolder,
} from './bench/worktree.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const DEFAULT_PAGES = ['/find-my-part', '/', '/catalog', '/mb/winnipeg/trailer-parts', '/blog'];
/** Quiet time after `load` that ends a visit, and the longest wait for it */
const QUIET_MS = 3000;
const MAX_WAIT_MS = 20_000;

type Seen = {
  path: string;
  type: string;
  beforeLoad: boolean;
  byWorker: boolean;
  status: number | null;
  bytes: number;
  gzipBytes: number;
};
type Visit = { build: string; page: string; requests: Seen[]; workers: number };

/** `/assets/request-form.island-BN3x_k2a.js` → `/assets/request-form.island-*.js` */
const unhashed = (p: string) => p.replace(/-[A-Za-z0-9_-]{8}(\.[a-z]+)$/, '-*$1');

async function visit(browser: Browser, server: BenchServer, build: string, page: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-CA',
    serviceWorkers: 'allow',
  });
  try {
    const tab = await context.newPage();
    let loaded = false;
    let lastRequestAt = Date.now();
    const pending: Promise<Seen>[] = [];
    const record = async (request: Request, beforeLoad: boolean): Promise<Seen> => {
      const response = await request.response().catch(() => null);
      let body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      // a service worker's own fetches give no body to Playwright: the same URL again, as
      // scripts/lighthouse.ts does (hashed files: the same bytes)
      if (!body.length && response?.ok())
        body = Buffer.from(await (await fetch(request.url())).arrayBuffer());
      const url = new URL(request.url());
      return {
        path: url.origin === server.baseUrl ? url.pathname + url.search : url.href,
        type: request.resourceType(),
        beforeLoad,
        byWorker: request.serviceWorker() !== null,
        status: response?.status() ?? null,
        bytes: body.length,
        gzipBytes: body.length ? gzipSync(body).length : 0,
      };
    };
    context.on('request', (request) => {
      lastRequestAt = Date.now();
      pending.push(record(request, !loaded));
    });
    tab.on('load', () => {
      loaded = true;
    });
    await tab.goto(`${server.baseUrl}${page}`, { waitUntil: 'load', timeout: 60_000 });
    loaded = true;
    const until = Date.now() + MAX_WAIT_MS;
    while (Date.now() - lastRequestAt < QUIET_MS && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const workers = await tab.evaluate(async () =>
      'serviceWorker' in navigator ? (await navigator.serviceWorker.getRegistrations()).length : 0,
    );
    return { build, page, requests: await Promise.all(pending), workers };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(2);
const sum = (xs: Seen[], key: 'bytes' | 'gzipBytes') => xs.reduce((s, x) => s + x[key], 0);

function report(visits: Visit[], builds: string[], pages: string[]) {
  const pageScripts = (v: Visit) => v.requests.filter((r) => !r.byWorker && r.type === 'script');
  const workerScript = (v: Visit) => v.requests.filter((r) => r.path.startsWith('/sw.js'));
  const table = formatTable(
    [
      { title: 'page', align: 'left' },
      { title: 'build', align: 'left' },
      { title: 'requests', align: 'right' },
      { title: 'before load', align: 'right' },
      { title: 'scripts', align: 'right' },
      { title: 'script KB', align: 'right' },
      { title: 'KB gzip', align: 'right' },
      { title: '/sw.js', align: 'left' },
      { title: 'worker copies', align: 'right' },
      { title: 'copies KB gzip', align: 'right' },
      { title: 'workers', align: 'right' },
    ],
    pages.flatMap((page) =>
      builds.map((build) => {
        const v = visits.find((x) => x.page === page && x.build === build)!;
        const scripts = pageScripts(v);
        const sw = workerScript(v);
        const copies = v.requests.filter((r) => r.byWorker && !r.path.startsWith('/sw.js'));
        return [
          page,
          build,
          String(v.requests.length),
          String(v.requests.filter((r) => r.beforeLoad).length),
          String(scripts.length),
          kb(sum(scripts, 'bytes')),
          kb(sum(scripts, 'gzipBytes')),
          sw.length
            ? sw
                .map((r) => `${r.beforeLoad ? 'before' : 'after'} load, ${kb(r.gzipBytes)} KB gzip`)
                .join('; ')
            : 'none',
          String(copies.length),
          kb(sum(copies, 'gzipBytes')),
          String(v.workers),
        ];
      }),
    ),
  );
  console.log(`\n${table}\n`);
  for (const page of pages) {
    for (const build of builds) {
      const v = visits.find((x) => x.page === page && x.build === build)!;
      console.log(`${page} on ${build}:`);
      for (const r of v.requests) {
        console.log(
          `  ${r.beforeLoad ? 'before' : 'after '} load  ${r.byWorker ? 'worker' : 'page  '}  ${r.type.padEnd(10)} ` +
            `${String(r.status ?? '-').padStart(3)}  ${kb(r.gzipBytes).padStart(7)} KB gzip  ${unhashed(r.path)}`,
        );
      }
    }
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      against: { type: 'string' },
      only: { type: 'string', multiple: true },
    },
  });
  if (!values.against)
    throw new HarnessError('--against <commit or built checkout> is required (the earlier build)');
  const pages = values.only?.length ? values.only : DEFAULT_PAGES;
  for (const p of pages) {
    if (!/^\/(?!\/)/.test(p))
      throw new HarnessError(`--only takes a path starting with a single / (got ${p})`);
  }
  const interruption = listenForInterruption();
  const againstDir = path.resolve(values.against);
  const prebuilt = fs.existsSync(path.join(againstDir, 'build/server/index.js'));
  const worktree = prebuilt ? undefined : worktreeFolder();
  const servers: BenchServer[] = [];
  let browser: Browser | undefined;
  try {
    ensureBuild(root);
    const earlier = prebuilt
      ? { dir: againstDir, label: `earlier (${path.relative(root, againstDir)})` }
      : await prepareEarlierBuild(root, values.against, worktree!, interruption.signal).then((b) => ({
          dir: b.dir,
          label: `earlier (${b.short})`,
        }));
    const builds = [
      { label: earlier.label, dir: earlier.dir },
      { label: 'this build', dir: root },
    ];
    for (const b of builds)
      servers.push(await startServer({ root: b.dir, adminPassword: ADMIN_PASSWORD, startTimeoutMs: 60_000 }));
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const visits: Visit[] = [];
    for (const page of pages) {
      for (const [i, b] of builds.entries()) {
        console.log(`Opening ${page} on ${b.label} …`);
        visits.push(await visit(browser, servers[i]!, b.label, page));
      }
    }
    report(
      visits,
      builds.map((b) => b.label),
      pages,
    );
    const outDir = path.join(root, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(
      path.join(outDir, 'first-load.json'),
      `${JSON.stringify({ at: new Date().toISOString(), visits }, null, 2)}\n`,
    );
    console.log('Details: bench-results/first-load.json');
  } finally {
    await browser?.close();
    for (const s of servers) await s.stop();
    if (worktree) removeWorktree(root, worktree);
    interruption.dispose();
  }
}

main().catch((err: unknown) => {
  if (err instanceof HarnessError) {
    console.error(`bench-first-load: ${err.message}`);
    if (err.detail) console.error(err.detail);
  } else if (err instanceof Interrupted) {
    console.error(`bench-first-load: interrupted (${err.message})`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
