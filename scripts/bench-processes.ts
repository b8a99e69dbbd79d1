/**
 * Several processes benchmark (issue 14 item 8, decision 0092). A benchmark, not a test: it prints
 * figures and has no thresholds; it exits non-zero only when the harness fails.
 *
 * What it measures: requests/second (mean of the one-second samples), p50/p99 latency and failures
 * of GET / and of POST /api/leads carrying one phone photo (a 12-megapixel JPEG of ~2.5 MB, decoded
 * and re-encoded by the server like every upload), with WEB_CONCURRENCY=1 and =2, on SQLite and on
 * PostgreSQL. Each configuration gets a fresh server on the production build (BUILD_DIR, default
 * build/) with the demo data: a fresh DATA_DIR, and on PostgreSQL a fresh schema, dropped afterwards.
 * The server runs at LOG_LEVEL=info (the production default: one log line per request), which is
 * also how the bench knows that every worker listens before it measures. The lead submissions come
 * from a different X-Forwarded-For address each (TRUST_PROXY=1), so the rate limit (counted in the
 * database for every request) never answers 429.
 *
 *   node scripts/bench-processes.ts                        # 10 s per target after a 2 s warm-up
 *   node scripts/bench-processes.ts --duration 5 --engine sqlite
 *   node scripts/bench-processes.ts --postgres postgres://postgres@127.0.0.1:5432/test
 *
 * PostgreSQL: --postgres, else TEST_POSTGRES_URL, else a server on 127.0.0.1:5432 (database test) if
 * one answers; without one the PostgreSQL rows are left out. Results: the table on stdout and
 * bench-results/processes.json (git-ignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cameraJpeg } from '../tests/e2e/fixtures/images.ts';
import { createPostgresSchema, type PostgresSchema } from '../tests/support/postgres-schema.ts';
import { reachable } from './bench/postgres.ts';
import { HarnessError, startServer, type BenchServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const LEAD_FIELDS = {
  equipment: 'ag',
  make: 'John Deere',
  model: '7230R',
  year: '2012',
  partCategory: 'hydraulics-fittings',
  description: 'Left rear remote coupler leaks when the drill is hooked up.',
  urgency: 'today',
  name: 'Bench Mark',
  phone: '(204) 555-0199',
  consent: 'true',
};

type Engine = 'sqlite' | 'postgres';
type Row = {
  engine: Engine;
  processes: number;
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
};

/** The multipart body of a quote request with one photo, built once and sent as is. */
async function leadBody(): Promise<{ body: Buffer; type: string; photoBytes: number }> {
  const photo = await cameraJpeg(4000, 3000, 2_500_000);
  const form = new FormData();
  for (const [key, value] of Object.entries(LEAD_FIELDS)) form.append(key, value);
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_4200.jpg');
  const request = new Request('http://localhost/api/leads', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type')!,
    photoBytes: photo.length,
  };
}

/** Every worker has logged that it listens (the first answers health checks before the others start). */
async function allWorkersListening(server: BenchServer, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  const listening = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.includes('listening on')).length;
  while (listening() < count) {
    if (Date.now() > deadline) throw new HarnessError(`fewer than ${count} workers listen`, server.output());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let clientNumber = 0;
/** A fresh address of the benchmarking range (198.18.0.0/15) per request (TRUST_PROXY=1): no client reaches the rate limit. */
const nextClient = () => {
  clientNumber += 1;
  return `198.18.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
};

async function measure(
  server: BenchServer,
  target: { label: string; connections: number; options: Record<string, unknown> },
  duration: number,
): Promise<Omit<Row, 'engine' | 'processes'>> {
  const result = await Promise.race([
    autocannon({
      url: server.baseUrl,
      connections: target.connections,
      duration,
      timeout: 30,
      warmup: { connections: target.connections, duration: 2 },
      ...target.options,
    } as unknown as Parameters<typeof autocannon>[0]),
    server.exited,
  ]);
  return {
    target: target.label,
    connections: target.connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
    ),
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      engine: { type: 'string', multiple: true },
      postgres: { type: 'string' },
    },
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0 || duration > 600)
    throw new HarnessError(`--duration must be seconds between 0 and 600 (got ${values.duration})`);
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  if (!fs.existsSync(path.join(buildDir, 'server/index.js')))
    throw new HarnessError(`no production build in ${buildDir}: run \`npx react-router build\` first`);

  const engines = (values.engine?.length ? values.engine : ['sqlite', 'postgres']) as Engine[];
  const postgresUrl = values.postgres ?? process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES;
  if (engines.includes('postgres') && !(await reachable(postgresUrl))) {
    console.log(`PostgreSQL does not answer at ${postgresUrl.replace(/\/\/[^@]*@/, '//***@')}: SQLite only.`);
    engines.splice(engines.indexOf('postgres'), 1);
  }

  const lead = await leadBody();
  const targets = [
    { label: 'GET /', connections: 10, options: { path: '/', headers: HEADERS } },
    {
      label: 'POST /api/leads, 1 photo',
      connections: 4,
      options: {
        // autocannon's `requests` (not in our minimal types): each request is built from this entry,
        // with a new client address every time
        requests: [
          {
            method: 'POST',
            path: '/api/leads',
            body: lead.body,
            setupRequest: (req: object) => ({
              ...req,
              headers: { 'content-type': lead.type, 'x-forwarded-for': nextClient() },
            }),
          },
        ],
      },
    },
  ];
  console.log(
    `One photo: ${(lead.photoBytes / 1024 / 1024).toFixed(2)} MB JPEG, 4000×3000. ` +
      `${duration} s per target after a 2 s warm-up; ${os.cpus().length} CPUs.`,
  );

  const rows: Row[] = [];
  for (const engine of engines) {
    for (const processes of [1, 2]) {
      let schema: PostgresSchema | undefined;
      if (engine === 'postgres') schema = await createPostgresSchema(postgresUrl);
      console.log(`Starting: ${engine}, WEB_CONCURRENCY=${processes}…`);
      let server: BenchServer | undefined;
      try {
        server = await startServer({
          root,
          adminPassword: ADMIN_PASSWORD,
          startTimeoutMs: 120_000,
          env: {
            WEB_CONCURRENCY: String(processes),
            LOG_LEVEL: 'info',
            TRUST_PROXY: '1',
            ...(schema ? { DATABASE_URL: schema.url } : {}),
          },
        });
        await allWorkersListening(server, processes);
        for (const target of targets) {
          console.log(`  ${target.label} …`);
          rows.push({ engine, processes, ...(await measure(server, target, duration)) });
        }
      } finally {
        await server?.stop();
        await schema?.drop();
      }
    }
  }

  console.log('');
  console.log(
    formatTable(
      [
        { title: 'engine', align: 'left' },
        { title: 'processes', align: 'right' },
        { title: 'target', align: 'left' },
        { title: 'conns', align: 'right' },
        { title: 'req/s', align: 'right' },
        { title: 'p50 ms', align: 'right' },
        { title: 'p99 ms', align: 'right' },
        { title: 'non-2xx', align: 'right' },
        { title: 'errors', align: 'right' },
      ],
      rows.map((r) => [
        r.engine,
        String(r.processes),
        r.target,
        String(r.connections),
        r.requestsPerSecond.toFixed(1),
        String(r.p50),
        String(r.p99),
        r.non2xx
          ? `${r.non2xx} (${Object.keys(r.statusCodes)
              .filter((code) => !code.startsWith('2'))
              .join(', ')})`
          : '0',
        String(r.errors),
      ]),
    ),
  );
  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, 'processes.json'),
    JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null },
        settings: { duration, photoBytes: lead.photoBytes },
        rows,
      },
      null,
      2,
    ) + '\n',
  );
  console.log('\nResults written to bench-results/processes.json.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
});
