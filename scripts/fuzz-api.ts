/**
 * Fuzz of the HTTP API (issue 14 item 2, decision 0098): seeded-random malformed requests to every
 * endpoint of the app's router, anonymous and as staff, over HTTP to the app running in this
 * process on a fresh PostgreSQL schema (or SQLite file) with the demo content. Prints the answers
 * per route and every finding (a 5xx, no answer, an answer slower than 10 s, an /api 4xx without
 * the one error shape's message) with the request that caused it and the server's error; exits 1
 * when there is any. Case `i` of a seed is always the same request: `--case i` replays it alone.
 * Then the back-office screens' intents, the changes whose /api mirrors are gone (decision 0182,
 * "The mirrors removed"), at their one door, the screen's action (tests/support/screen-fuzz.ts,
 * loaded through Vite, which compiles the route modules): `--screens N` forms of the same seed,
 * `--screen-case i` replays one.
 *
 *   node scripts/fuzz-api.ts [--engine postgres|sqlite] [--requests 3000] [--screens 1000]
 *     [--seed 1] [--concurrency 6] [--case N] [--screen-case N]
 *     [--database postgres://postgres@127.0.0.1:5432/test]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createServer as createVite } from 'vite';
import type * as ScreenFuzz from '../tests/support/screen-fuzz.ts';
import { loadConfig } from '#server/config.ts';
import { migrate, openDatabase } from '#server/db/index.ts';
import { seed } from '#server/seed/index.ts';
import { createServices, type ServiceDeps } from '#server/services/index.ts';
import { createFileStore } from '#server/storage/index.ts';
import {
  describeCase,
  FUZZ_ENV,
  fuzzCase,
  judge,
  runFuzz,
  send,
  startFuzzTarget,
  type FuzzPlan,
} from '../tests/support/api-fuzz.ts';
import { createPostgresSchema } from '../tests/support/postgres-schema.ts';
import { formatTable } from './bench/table.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    requests: { type: 'string', default: '3000' },
    screens: { type: 'string', default: '1000' },
    'screen-case': { type: 'string' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '6' },
    case: { type: 'string' },
    database: {
      type: 'string',
      default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const HANG_MS = 10_000;

if (args.engine !== 'postgres' && args.engine !== 'sqlite') {
  console.error(`--engine must be postgres or sqlite, not ${args.engine}`);
  process.exit(2);
}

/** The server's error log lines by request id, to print beside each 5xx. */
const serverErrors = new Map<string, string[]>();
const logger = pino(
  { level: 'error' },
  {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as { req?: { id?: string }; err?: { stack?: string }; msg?: string };
        const id = entry.req?.id ?? '-';
        const text = entry.err?.stack ?? entry.msg ?? line;
        serverErrors.set(id, [...(serverErrors.get(id) ?? []), text]);
      } catch {
        serverErrors.set('-', [...(serverErrors.get('-') ?? []), line]);
      }
    },
  },
);

async function main(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-fuzz-'));
  let databaseUrl = `file:${path.join(dataDir, 'fuzz.db')}`;
  let dropSchema = async () => {};
  if (args.engine === 'postgres') {
    const schema = await createPostgresSchema(args.database);
    databaseUrl = schema.url;
    dropSchema = schema.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'true',
    ...FUZZ_ENV,
  });
  const database = openDatabase(config.database, { poolSize: 4 });
  const now = () => new Date();
  const base: Omit<ServiceDeps, 'shop'> = {
    db: database.db,
    engine: database.engine,
    config,
    logger,
    files: createFileStore({ dataDir, now }),
    now,
  };
  const services = createServices(base);
  const deps: ServiceDeps = { ...base, shop: services.shop };
  try {
    await migrate(database);
    await seed({ ...deps, logger: pino({ level: 'silent' }) });
    const target = await startFuzzTarget(deps, services);
    const plan: FuzzPlan = {
      seed: Number(args.seed),
      endpoints: target.endpoints,
      known: target.known,
      files: target.files,
    };
    console.log(
      `fuzz: ${args.engine}, seed ${plan.seed}, ${plan.endpoints.length} endpoints, ` +
        `${target.known.leadIds.length} leads, ${target.known.itemIds.length} items, ${target.known.postIds.length} posts`,
    );

    if (args['screen-case'] !== undefined) {
      const found = await fuzzTheScreens(deps, services, plan, Number(args['screen-case']), 1);
      await target.close();
      return found;
    }
    if (args.case !== undefined) {
      const c = fuzzCase(plan, Number(args.case));
      const session = c.auth === 'anonymous' ? undefined : await target.session();
      const o = await send(target.baseUrl, c, session, { hangMs: HANG_MS });
      console.log(describeCase(c));
      console.log(`  answer: ${o.status ?? o.error} in ${o.ms} ms: ${o.text.slice(0, 2_000)}`);
      for (const line of serverErrors.get(o.requestId ?? '') ?? []) console.log(`  server: ${line}`);
      await target.close();
      return judge(o, HANG_MS) ? 1 : 0;
    }

    const report = await runFuzz({
      baseUrl: target.baseUrl,
      plan,
      count: Number(args.requests),
      concurrency: Math.min(8, Number(args.concurrency)),
      hangMs: HANG_MS,
      session: target.session,
      onLogout: target.onLogout,
    });
    await target.close();

    const rows = [...report.byRoute.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, counts]) => {
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        const statuses = [...counts.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, n]) => `${status}×${n}`)
          .join(' ');
        return [route, String(total), statuses];
      });
    console.log(
      formatTable(
        [
          { title: 'route', align: 'left' },
          { title: 'sent', align: 'right' },
          { title: 'answers', align: 'left' },
        ],
        rows,
      ),
    );
    for (const f of report.findings) {
      console.log(`\n${f.kind.toUpperCase()}: ${f.status ?? f.error} in ${f.ms} ms`);
      console.log(describeCase(f.case));
      console.log(`  answer: ${f.text.slice(0, 300)}`);
      for (const line of serverErrors.get(f.requestId ?? '') ?? []) console.log(`  server: ${line}`);
      console.log(
        `  replay: node scripts/fuzz-api.ts --engine ${args.engine} --seed ${plan.seed} --case ${f.case.index}`,
      );
    }
    const kinds = new Map<string, number>();
    for (const f of report.findings) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
    console.log(
      `\n${report.sent} requests on ${args.engine} (seed ${plan.seed}) in ${(report.ms / 1000).toFixed(1)} s: ` +
        (report.findings.length === 0
          ? 'no findings'
          : [...kinds.entries()].map(([k, n]) => `${n} ${k}`).join(', ')),
    );
    const screens = await fuzzTheScreens(deps, services, plan, 0, Number(args.screens));
    return report.findings.length === 0 && screens === 0 ? 0 : 1;
  } finally {
    services.messaging.outbox.stop();
    await database.close();
    await dropSchema();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The screens' intents, cases `from` to `from + count - 1` of the plan's seed, as the screens'
 * actions answer them in this process; prints the answers per intent and every finding. Answers how
 * many findings there were.
 */
async function fuzzTheScreens(
  deps: ServiceDeps,
  services: ReturnType<typeof createServices>,
  plan: FuzzPlan,
  from: number,
  count: number,
): Promise<number> {
  const vite = await createVite({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const fuzz = (await vite.ssrLoadModule('/tests/support/screen-fuzz.ts')) as typeof ScreenFuzz;
    const report = await fuzz.fuzzScreens({
      services,
      deps,
      seed: plan.seed,
      count,
      known: plan.known,
      from,
      hangMs: HANG_MS,
    });
    const rows = [...report.byIntent.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([intent, counts]) => [
        intent,
        String([...counts.values()].reduce((a, b) => a + b, 0)),
        [...counts.entries()].map(([status, n]) => `${status}×${n}`).join(' '),
      ]);
    console.log(
      '\n' +
        formatTable(
          [
            { title: 'screen intent', align: 'left' },
            { title: 'sent', align: 'right' },
            { title: 'answers', align: 'left' },
          ],
          rows,
        ),
    );
    for (const f of report.findings) {
      console.log(`\n${f.kind.toUpperCase()}: ${f.text.slice(0, 2_000)}`);
      console.log(fuzz.describeScreenCase(f.case));
      console.log(
        `  replay: node scripts/fuzz-api.ts --engine ${args.engine} --seed ${plan.seed} --screen-case ${f.case.index}`,
      );
    }
    console.log(`\n${report.cases} screen forms (seed ${plan.seed}): ${report.findings.length} findings`);
    return report.findings.length;
  } finally {
    await vite.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
