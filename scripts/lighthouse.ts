/**
 * Lighthouse audit of the content pages on a phone, or of any page on a desktop. A benchmark, not a
 * test: it prints figures and has no thresholds; it exits non-zero only when the harness itself fails.
 *
 * What it measures, per page: Lighthouse 13's mobile scores (performance with its simulated slow
 * 4G and 4x CPU slowdown, accessibility, best practices, SEO), or its desktop ones with --desktop
 * (Lighthouse's desktop configuration: a 1350 px screen, a fast connection, no CPU slowdown),
 * FCP, LCP, TBT and CLS, and the JavaScript the page loads: how many scripts, their bytes on the
 * wire as Lighthouse saw them, and their size gzipped (zlib, default level, as the server's
 * compression sends them).
 *
 * How to run (against a production build; BUILD_DIR picks which one, default build/):
 *   BUILD_DIR=build-mkt npx react-router build
 *   BUILD_DIR=build-mkt CHROME_PATH=/usr/bin/chromium node scripts/lighthouse.ts
 *   node scripts/lighthouse.ts --only / --only /find-my-part      # other pages
 *   node scripts/lighthouse.ts --only /find-my-part --runs 7      # each page 7 times: every run,
 *                                                                  # then median and range
 *   node scripts/lighthouse.ts --quote-page                       # also a customer's quote page:
 *       a demo lead gets a two-option quote through the API, and its link (/q/<token>) is audited
 *       (its SEO score is low by design: the page is noindex)
 *   node scripts/lighthouse.ts --quote-page --phone-photos        # the quote page of a new request
 *       sent with two 12-megapixel phone photos, as a customer's are (the demo photos are small)
 *   node scripts/lighthouse.ts --admin                            # the back office on a desktop:
 *       /admin/catalog and /admin/insights (--desktop implied), signed in as the demo admin
 *   node scripts/lighthouse.ts --desktop --only /admin/blog       # any page on a desktop; a path
 *       under /admin/ is audited signed in (the session cookie sent with every request)
 *
 * It starts `node server/index.ts` on a free 127.0.0.1 port with a temporary DATA_DIR and the demo
 * data (scripts/bench/server.ts), starts headless Chromium with a debugging port, audits each page
 * once (or --runs times), stops both. Results: the table on stdout, bench-results/lighthouse.json
 * and each run's full Lighthouse report as bench-results/lhr-<page>-<run>.json (git-ignored), to
 * see which tasks and requests a metric waited for.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { quotePagePath, requestWithPhonePhotos, staffSession } from './bench/lighthouse-pages.ts';
import { freePort, HarnessError, startServer, type BenchServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_TARGETS = ['/', '/parts-sourcing', '/mb/winnipeg/trailer-parts'];
/** The back-office screens `--admin` audits (issue 31 item 8: layout shift and blocking time). */
const ADMIN_TARGETS = ['/admin/catalog', '/admin/insights'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const ADMIN_PASSWORD = 'lighthouse-admin-password-1';
/** Runs of one audit before a Lighthouse runtime error ends the harness */
const LIGHTHOUSE_ATTEMPTS = 3;

type PageResult = {
  path: string;
  run: number;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  scripts: { url: string; transferBytes: number; gzipBytes: number }[];
  failedAudits: { id: string; title: string; score: number | null }[];
};

function checkBuild(): string {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) {
    throw new HarnessError(
      `No production build in ${buildDir}. Run \`BUILD_DIR=${path.relative(root, buildDir)} npx react-router build\` first.`,
    );
  }
  return buildDir;
}

/** Headless Chromium with a remote debugging port for Lighthouse; stop() kills it and removes its profile. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const executable = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executable))
    throw new HarnessError(`Chromium not found at ${executable} (set CHROME_PATH)`);
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-lighthouse-'));
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new HarnessError(`Chromium did not open its debugging port ${port} within 20 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

type AuditOptions = {
  desktop: boolean;
  /** The `Cookie` header of a staff session, sent with every request of a back-office page. */
  staffCookie: string | undefined;
};

async function audit(
  server: BenchServer,
  chromePort: number,
  target: string,
  run: number,
  options: AuditOptions,
): Promise<PageResult> {
  let lhr;
  const backOffice = target.startsWith('/admin/') && target !== '/admin/login';
  // Lighthouse's own trace sometimes misses the navigation on a busy machine (NO_NAVSTART): such a
  // run measured nothing, so it is run again, twice at most, and said so
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(
      `${server.baseUrl}${target}`,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: backOffice && options.staffCookie ? { Cookie: options.staffCookie } : null,
      },
      options.desktop ? desktopConfig : undefined,
    );
    if (!runner) throw new HarnessError(`Lighthouse returned nothing for ${target}`);
    lhr = runner.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === LIGHTHOUSE_ATTEMPTS)
      throw new HarnessError(`Lighthouse failed on ${target}: ${lhr.runtimeError.message}`);
    console.log(`  Lighthouse measured nothing on ${target} (${lhr.runtimeError.code}); running it again`);
  }
  if (backOffice && new URL(lhr.finalDisplayedUrl).pathname !== new URL(target, server.baseUrl).pathname)
    throw new HarnessError(`${target} ended on ${lhr.finalDisplayedUrl}: the staff session was not taken`);
  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const slug = target.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  const formFactor = options.desktop ? '-desktop' : '';
  fs.writeFileSync(path.join(outDir, `lhr-${slug}${formFactor}-${run}.json`), JSON.stringify(lhr));
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[];
  const scripts = await Promise.all(
    requests
      .filter((r) => r.resourceType === 'Script')
      .map(async (r) => {
        const body = Buffer.from(await (await fetch(r.url)).arrayBuffer());
        return {
          url: new URL(r.url).pathname,
          transferBytes: r.transferSize ?? 0,
          gzipBytes: gzipSync(body).length,
        };
      }),
  );
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]),
  ) as PageResult['scores'];
  const failedAudits = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => ({ id: a.id, title: a.title, score: a.score }));
  return {
    path: target,
    run,
    scores,
    metrics: {
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    },
    scripts,
    failedAudits,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const score = (s: number | null) => (s === null ? 'n/a' : String(Math.round(s * 100)));

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      runs: { type: 'string', default: '1' },
      'quote-page': { type: 'boolean', default: false },
      'phone-photos': { type: 'boolean', default: false },
      desktop: { type: 'boolean', default: false },
      admin: { type: 'boolean', default: false },
    },
  });
  const desktop = values.desktop || values.admin;
  const targets = values.only?.length
    ? values.only
    : values.admin
      ? [...ADMIN_TARGETS]
      : values['quote-page']
        ? []
        : [...DEFAULT_TARGETS];
  if (values['phone-photos'] && !values['quote-page'])
    throw new HarnessError(
      '--phone-photos goes with --quote-page (it is the quote page of a request with photos)',
    );
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new HarnessError(`--runs takes a whole number ≥ 1 (got ${values.runs})`);
  for (const t of targets) {
    if (!/^\/(?!\/)/.test(t))
      throw new HarnessError(`--only takes a path starting with a single / (got ${t})`);
  }
  const buildDir = checkBuild();
  console.log(
    `Build: ${path.relative(root, buildDir) || '.'}; ` +
      (desktop
        ? 'Lighthouse desktop (1350 px, simulated fast connection, no CPU slowdown).'
        : 'Lighthouse mobile (simulated slow 4G, 4x CPU).'),
  );
  const server = await startServer({ root, adminPassword: ADMIN_PASSWORD, startTimeoutMs: 60_000 });
  let chrome: Awaited<ReturnType<typeof startChromium>> | undefined;
  const results: PageResult[] = [];
  try {
    if (values['quote-page'])
      targets.push(
        await quotePagePath(
          server,
          ADMIN_PASSWORD,
          values['phone-photos'] ? await requestWithPhonePhotos(server) : undefined,
        ),
      );
    const staffCookie = targets.some((t) => t.startsWith('/admin/'))
      ? (await staffSession(server, ADMIN_PASSWORD)).cookie
      : undefined;
    chrome = await startChromium();
    for (const target of targets) {
      for (let run = 1; run <= runs; run++) {
        process.stdout.write(`Auditing ${target}${runs > 1 ? ` (run ${run} of ${runs})` : ''} …\n`);
        results.push(await audit(server, chrome.port, target, run, { desktop, staffCookie }));
      }
    }
  } finally {
    await chrome?.stop();
    await server.stop();
  }

  const table = formatTable(
    [
      { title: 'page', align: 'left' },
      { title: 'perf', align: 'right' },
      { title: 'a11y', align: 'right' },
      { title: 'best', align: 'right' },
      { title: 'seo', align: 'right' },
      { title: 'FCP ms', align: 'right' },
      { title: 'LCP ms', align: 'right' },
      { title: 'TBT ms', align: 'right' },
      { title: 'CLS', align: 'right' },
      { title: 'scripts', align: 'right' },
      { title: 'JS KB wire', align: 'right' },
      { title: 'JS KB gzip', align: 'right' },
    ],
    results.map((r) => [
      r.path,
      score(r.scores.performance),
      score(r.scores.accessibility),
      score(r.scores['best-practices']),
      score(r.scores.seo),
      String(Math.round(r.metrics.fcpMs)),
      String(Math.round(r.metrics.lcpMs)),
      String(Math.round(r.metrics.tbtMs)),
      r.metrics.cls.toFixed(3),
      String(r.scripts.length),
      kb(r.scripts.reduce((s, x) => s + x.transferBytes, 0)),
      kb(r.scripts.reduce((s, x) => s + x.gzipBytes, 0)),
    ]),
  );
  console.log(`\n${table}\n`);
  if (runs > 1) {
    for (const target of targets) {
      const mine = results.filter((r) => r.path === target);
      const spread = (label: string, values: number[], unit = '') => {
        const sorted = [...values].sort((a, b) => a - b);
        const mid = sorted.length / 2;
        const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
        return `${label} ${Math.round(median)}${unit} (${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)})`;
      };
      console.log(
        `${target}, ${mine.length} runs, median (range): ` +
          [
            spread(
              'perf',
              mine.map((r) => (r.scores.performance ?? 0) * 100),
            ),
            spread(
              'FCP',
              mine.map((r) => r.metrics.fcpMs),
              ' ms',
            ),
            spread(
              'LCP',
              mine.map((r) => r.metrics.lcpMs),
              ' ms',
            ),
            spread(
              'TBT',
              mine.map((r) => r.metrics.tbtMs),
              ' ms',
            ),
          ].join(', ') +
          `; perf per run: ${mine.map((r) => score(r.scores.performance)).join(' ')}`,
      );
    }
  }
  for (const r of results) {
    if (r.failedAudits.length) {
      console.log(
        `${r.path}: audits below full marks: ${r.failedAudits.map((a) => `${a.id} (${score(a.score)})`).join(', ')}`,
      );
    }
  }
  const outDir = path.join(root, 'bench-results');
  fs.writeFileSync(
    path.join(outDir, 'lighthouse.json'),
    `${JSON.stringify({ at: new Date().toISOString(), lighthouse: '13', formFactor: desktop ? 'desktop' : 'mobile', results }, null, 2)}\n`,
  );
  console.log('Details: bench-results/lighthouse.json');
}

main().catch((err: unknown) => {
  if (err instanceof HarnessError) {
    console.error(`lighthouse: ${err.message}`);
    if (err.detail) console.error(err.detail);
  } else {
    console.error(err);
  }
  process.exit(1);
});
