/**
 * Insights benchmark (issues 16 and 32): GET /api/admin/insights with two years of history at
 * 10,000 leads a year (--leads: a year's), about 100,000 lead events and 50,000 quote-button
 * clicks. A benchmark, not a test: it prints figures and has no thresholds; it exits non-zero only
 * when the harness fails.
 *
 * Starts `node server/index.ts` on the production build with a temporary DATA_DIR and the demo
 * data, on SQLite or, with --database, on a PostgreSQL database the bench creates and drops; adds
 * the generated leads (every one created, most quoted, ordered and fulfilled or lost, with their
 * events) in one transaction; signs in; times the first view (it builds every day's rollup,
 * decision 0163); then loads each range with autocannon and prints p50 and p99 beside GET
 * /api/health measured the same way in the same run (the floor: a request that touches the
 * database once). Each range is measured twice: as is, and while a visitor's quote-button click
 * lands every 1.1 s (the view after one first recomputes today's rollup).
 *
 *   node scripts/bench-insights.ts [--duration 5] [--connections 1,4]
 *     [--database postgres://postgres@127.0.0.1:5432/bench_insights]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedInsightsLoad } from './bench/insights-data.ts';
import { HarnessError } from './bench/server.ts';
import { staffBenchArgs, withStaffServer } from './bench/staff-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const YEARS = 2;
/** a click a little more often than once a second: busy for a small shop, under /api/clicks' 60 a minute */
const CLICK_EVERY_MS = 1_100;
const args = staffBenchArgs('1,4');
const { connectionCounts } = args;

async function load(url: string, headers: Record<string, string>, connections: number) {
  const result = await autocannon({ url, headers, connections, duration: Number(args.duration) });
  if (result.non2xx || result.errors)
    throw new HarnessError(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

await withStaffServer(
  {
    root,
    adminPassword: ADMIN_PASSWORD,
    database: args.database,
    load: (database) => seedInsightsLoad(database, Number(args.leads), YEARS),
  },
  async (server, headers) => {
    console.log(
      `Engine: ${args.database ? 'PostgreSQL' : 'SQLite'}; ${args.duration} s per figure; ${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}.`,
    );
    const first = performance.now();
    const cold = await fetch(`${server.baseUrl}/api/admin/insights?range=365d`, { headers });
    if (!cold.ok) throw new HarnessError(`first view: ${cold.status}`);
    console.log(`First view, building every day's rollup: ${Math.round(performance.now() - first)} ms.`);

    /** Clicks through the public API every CLICK_EVERY_MS while `during` runs. */
    async function withClicks<T>(during: () => Promise<T>): Promise<T> {
      let done = false;
      const clicking = (async () => {
        while (!done) {
          const res = await fetch(`${server.baseUrl}/api/clicks`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              buttonType: 'quote',
              buttonLocation: 'header',
              buttonText: 'Get a Quote',
            }),
          });
          await res.arrayBuffer();
          if (!res.ok) throw new HarnessError(`POST /api/clicks: ${res.status}`);
          await new Promise((resolve) => setTimeout(resolve, CLICK_EVERY_MS));
        }
      })();
      try {
        return await during();
      } finally {
        done = true;
        await clicking;
      }
    }

    const rows: Record<string, unknown>[] = [];
    for (const connections of connectionCounts) {
      const floor = await load(`${server.baseUrl}/api/health`, headers, connections);
      rows.push({ target: 'GET /api/health (reference)', connections, ...floor });
      for (const range of ['30d', '90d', '365d']) {
        for (const clicks of [false, true]) {
          const url = `${server.baseUrl}/api/admin/insights?range=${range}`;
          const figures = clicks
            ? await withClicks(() => load(url, headers, connections))
            : await load(url, headers, connections);
          rows.push({
            target: `GET /api/admin/insights?range=${range}${clicks ? ', clicks landing' : ''}`,
            connections,
            ...figures,
            'p99 × health': Math.round((figures.p99 / Math.max(1, floor.p99)) * 10) / 10,
          });
        }
      }
    }
    console.table(rows);
  },
);
