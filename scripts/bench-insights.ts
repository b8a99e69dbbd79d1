/**
 * Insights benchmark (issue 16): GET /api/admin/insights with 10,000 leads and 50,000 lead events
 * (plus 25,000 quote-button clicks) spread over a year. A benchmark, not a test: it prints figures
 * and has no thresholds; it exits non-zero only when the harness fails.
 *
 * Starts `node server/index.ts` on the production build with a temporary DATA_DIR and the demo
 * data, on SQLite or, with --database, on a PostgreSQL database the bench creates and drops; adds
 * the generated leads (every one created, most quoted, ordered and fulfilled or lost, with their
 * events) in one transaction; signs in; then loads each range with autocannon and prints p50 and
 * p99 beside GET /api/health measured the same way in the same run (the floor: a request that
 * touches the database once).
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
    load: (database) => seedInsightsLoad(database, Number(args.leads)),
  },
  async (server, headers) => {
    console.log(
      `Engine: ${args.database ? 'PostgreSQL' : 'SQLite'}; ${args.duration} s per figure; ${os.availableParallelism()} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}.`,
    );
    const rows: Record<string, unknown>[] = [];
    for (const connections of connectionCounts) {
      const floor = await load(`${server.baseUrl}/api/health`, headers, connections);
      rows.push({ target: 'GET /api/health (reference)', connections, ...floor });
      for (const range of ['30d', '90d', '365d']) {
        const figures = await load(
          `${server.baseUrl}/api/admin/insights?range=${range}`,
          headers,
          connections,
        );
        rows.push({
          target: `GET /api/admin/insights?range=${range}`,
          connections,
          ...figures,
          'p99 × health': Math.round((figures.p99 / Math.max(1, floor.p99)) * 10) / 10,
        });
      }
    }
    console.table(rows);
  },
);
