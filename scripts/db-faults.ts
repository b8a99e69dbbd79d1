/**
 * Database-fault drill (issue 14 item 1, decision 0090). A drill, not a test: it prints figures
 * and exits non-zero only when the harness fails or the server process dies.
 *
 * Starts the built server (`node server/index.ts`, BUILD_DIR, default build/) on a fresh schema
 * of a PostgreSQL database, reached through a local TCP proxy so that only this server loses its
 * database, and keeps a load of quote requests (one photo each) and page/API reads on it while:
 *   1. every connection of its pool is terminated three times (pg_terminate_backend, found by
 *      its application_name);
 *   2. the database is gone for --outage seconds (connections dropped, new ones refused);
 *   3. the database is silent for --outage seconds (connections open, nothing answers; longer
 *      than the 6 s query timeout by default, so requests meet it), then fails over: new
 *      connections reach it, the old ones stay silent for good (a dead primary's connections);
 * and reports per phase: requests, answers by status, the slowest answer, and how long after the
 * database came back the server answered /api/health with 200 and stored a quote request again.
 * At the end: leads acknowledged vs stored with their photos, photo files no row names (left for
 * the hourly orphan sweep), and whether SIGTERM still stops the server cleanly.
 *
 *   BUILD_DIR=build node scripts/db-faults.ts [--database postgres://postgres@127.0.0.1:5432/test]
 *     [--workers 6] [--outage 8]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tagPhoto } from '../tests/e2e/fixtures/images.ts';
import { readLog, spawnServer } from '../tests/e2e/support/spawn-server.ts';
import {
  badOutcomes,
  postgresTarget,
  proxiedUrl,
  startLoad,
  startTcpProxy,
  summarize,
  terminateConnections,
  timeToServe,
  type Load,
  type Outcome,
} from '../tests/support/db-faults.ts';
import { VALID_FIELDS } from '../tests/api/leads-fixtures.ts';
import { ensureBuild, HarnessError } from './bench/server.ts';
import { formatTable } from './bench/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    database: {
      type: 'string',
      default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    workers: { type: 'string', default: '6' },
    outage: { type: 'string', default: '8' },
  },
});
const workers = Number(args.workers);
const outageMs = Number(args.outage) * 1000;
const applicationName = `phmb-drill-${randomBytes(4).toString('hex')}`;
const schema = `drill_${randomBytes(4).toString('hex')}`;
const PATHS = ['/', '/catalog', '/blog', '/api/catalog', '/api/health'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: args.database });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

type Row = { phase: string; outcomes: Outcome[]; recoveryMs?: number };

async function main() {
  if (!process.env.BUILD_DIR) ensureBuild(root);
  await admin((c) => c.query(`create schema ${schema}`));
  const url = new URL(args.database);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const proxy = await startTcpProxy(postgresTarget(args.database));
  const server = await spawnServer({
    name: 'drill',
    adminPassword: 'drill-admin-password-1',
    env: {
      DATABASE_URL: proxiedUrl(url.toString(), proxy, applicationName),
      TRUST_PROXY: '1',
      SEED_DEMO: 'true',
    },
  });
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  const photo = await tagPhoto({ width: 640, height: 480, label: 'SN 4471' });
  const rows: Row[] = [];
  const load = (): Load =>
    startLoad({ origin: server.origin, workers, fields: VALID_FIELDS, photo, paths: PATHS });
  const recover = async () => (await timeToServe(server.origin, VALID_FIELDS, photo, 30_000)).ms;
  try {
    console.log(`Server ${server.origin} on schema ${schema}; ${workers} clients; outage ${args.outage} s.`);

    let running = load();
    await sleep(1_000);
    const terminated: number[] = [];
    for (let round = 0; round < 3; round++) {
      terminated.push(await terminateConnections(args.database, applicationName));
      await sleep(1_000);
    }
    rows.push({ phase: `terminate ×3 (${terminated.join('+')} conns)`, outcomes: await running.stop() });

    running = load();
    await proxy.cut();
    await sleep(outageMs);
    await proxy.restore();
    const goneOutcomes = await running.stop();
    rows.push({ phase: 'database gone', outcomes: goneOutcomes, recoveryMs: await recover() });

    running = load();
    proxy.stall();
    await sleep(outageMs);
    proxy.failover();
    const silentOutcomes = await running.stop();
    rows.push({ phase: 'silent, then failover', outcomes: silentOutcomes, recoveryMs: await recover() });

    if (!alive()) throw new HarnessError('the server process died', readLog(server.logFile));

    const all = rows.flatMap((r) => r.outcomes);
    const acknowledged = all.flatMap((o) => (o.status === 201 && o.caseNumber ? [o.caseNumber] : []));
    const stored = await admin(async (c) => {
      const result = await c.query<{ case_number: string; storage_key: string | null }>(
        `select l.case_number, p.storage_key from ${schema}.leads l
           left join ${schema}.lead_photos p on p.lead_id = l.id`,
      );
      return result.rows;
    });
    const photoDir = path.join(server.dataDir, 'uploads', 'private');
    const keys = new Set(stored.flatMap((r) => (r.storage_key ? [r.storage_key] : [])));
    const storedCases = new Set(stored.filter((r) => r.storage_key).map((r) => r.case_number));
    const lost = acknowledged.filter((c) => !storedCases.has(c)).length;
    const missingFiles = [...keys].filter((k) => !fs.existsSync(path.join(photoDir, k))).length;
    const leadsDir = path.join(photoDir, 'leads');
    const files = fs.existsSync(leadsDir) ? fs.readdirSync(leadsDir) : [];
    const unnamed = files.filter((f) => !keys.has(`leads/${f}`)).length;

    console.log('');
    console.log(
      formatTable(
        [
          { title: 'phase', align: 'left' },
          { title: 'requests', align: 'right' },
          { title: '2xx', align: 'right' },
          { title: '503', align: 'right' },
          { title: 'other', align: 'right' },
          { title: 'max ms', align: 'right' },
          { title: 'serving again after ms', align: 'right' },
        ],
        rows.map(({ phase, outcomes, recoveryMs }) => {
          const s = summarize(outcomes);
          const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300).length;
          const unavailable = outcomes.filter((o) => o.status === 503).length;
          return [
            phase,
            String(s.requests),
            String(ok),
            String(unavailable),
            String(s.requests - ok - unavailable),
            String(s.maxMs),
            recoveryMs === undefined ? '' : String(Math.round(recoveryMs)),
          ];
        }),
      ),
    );
    const bad = badOutcomes(all);
    console.log('');
    console.log(
      `Answers outside the rules (not 2xx/503, 503 without Retry-After or message, > 10 s): ${bad.length}`,
    );
    for (const o of bad.slice(0, 5)) console.log(`  ${JSON.stringify(o)}`);
    console.log(
      `Leads acknowledged: ${acknowledged.length}; of those not stored with a photo: ${lost}; ` +
        `photo rows without their file: ${missingFiles}; photo files no row names (left for the sweep): ${unnamed}.`,
    );
  } finally {
    const clean = await server.dispose();
    console.log(`SIGTERM: ${clean ? 'stopped cleanly (exit 0)' : 'did NOT stop cleanly'}.`);
    await proxy.close();
    await admin((c) => c.query(`drop schema ${schema} cascade`));
  }
}

main().catch((err) => {
  console.error(err instanceof HarnessError ? `Drill failed: ${err.message}` : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
});
