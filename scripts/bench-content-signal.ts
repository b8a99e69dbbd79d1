/**
 * How soon a staff change made through one process is on another process's public pages (the
 * content-change signal, decision 0097: every process polls a version row every 250 ms and clears its
 * page cache when it moved; docs/product.md asks for a second). A benchmark, not a test
 * (decision 0209): it prints figures and has no thresholds; it exits non-zero only when the harness
 * fails. tests/server/processes.test.ts proves that the change comes through the signal at all.
 *
 * Two `node server/index.ts`, A and B, on one database (a PostgreSQL schema, and one SQLite file),
 * with the demo data. Each round renames a catalog item through A's admin API while both hold the
 * item's page in their page caches, then times, from A's answer:
 *   - B: until B's page (as a visitor asks for it, from its page cache) shows the new title;
 *   - the reference, A: its first answer afterwards, which renders the page again at once (A's own
 *     listeners ran before it answered), so what B takes beyond it is the signal's own delay.
 *
 *   node scripts/bench-content-signal.ts                  # 20 rounds on each engine
 *   node scripts/bench-content-signal.ts --rounds 50 --engine postgres
 *
 * PostgreSQL: TEST_POSTGRES_URL, else 127.0.0.1:5432 (database test) when it answers; a fresh schema,
 * dropped afterwards. Results: the table on stdout and bench-results/content-signal.json (git-ignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { POLL_INTERVAL_MS } from '../server/services/changes.ts';
import { createPostgresSchema, type PostgresSchema } from '../tests/support/postgres-schema.ts';
import { signIn } from './bench/catalog-items.ts';
import { reachable } from './bench/postgres.ts';
import { ensureBuild, HarnessError, startServer, type BenchServer } from './bench/server.ts';
import { formatTable } from './bench/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_PASSWORD = 'bench-admin-password-1';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
/** What the product asks (decision 0097). */
const TARGET_MS = 1_000;
/** A round that takes this long has failed: the page cache's time-to-live is 60 s. */
const GIVE_UP_MS = 30_000;

type Engine = 'sqlite' | 'postgres';

/** Milliseconds until `url` answers 200 with `text` in its body, asking every 5 ms. */
async function msUntilShown(url: string, text: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(url);
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status === 200 && body.includes(text)) return ms;
    if (ms > GIVE_UP_MS) throw new HarnessError(`${url} did not show '${text}' within ${GIVE_UP_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Asks for `url` until it comes from the page cache (the same ETag twice). */
async function cached(url: string): Promise<void> {
  let etag: string | null = null;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    const now = res.headers.get('etag');
    if (res.status === 200 && now && now === etag) return;
    etag = now;
  }
  throw new HarnessError(`${url} never came from the page cache`);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function measure(engine: Engine, rounds: number, postgresUrl: string) {
  let schema: PostgresSchema | undefined;
  const servers: BenchServer[] = [];
  try {
    if (engine === 'postgres') schema = await createPostgresSchema(postgresUrl);
    const start = (env: Record<string, string>) =>
      startServer({ root, adminPassword: ADMIN_PASSWORD, startTimeoutMs: 120_000, env });
    const a = await start(schema ? { DATABASE_URL: schema.url } : {});
    servers.push(a);
    const database = schema?.url ?? `file:${path.join(a.dataDir, 'app.db')}`;
    const b = await start({ DATABASE_URL: database });
    servers.push(b);

    const session = await signIn(a, ADMIN_PASSWORD);
    const staff = (route: string, method: string, body: object) =>
      fetch(`${a.baseUrl}${route}`, {
        method,
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.token,
          origin: a.baseUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const slug = 'signal-bench-blade-edge';
    const created = await staff('/api/catalog', 'POST', {
      title: 'Signal Bench Round 0',
      slug,
      category: 'snow-ice',
      status: 'active',
    });
    if (created.status !== 201) throw new HarnessError(`creating the item: HTTP ${created.status}`);
    const { id } = (await created.json()) as { id: number };

    const other: number[] = [];
    const same: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const route = `/catalog/${slug}`;
      await cached(`${b.baseUrl}${route}`);
      await cached(`${a.baseUrl}${route}`);
      // a change falls anywhere in B's poll interval, not in step with it
      await new Promise((resolve) => setTimeout(resolve, Math.random() * POLL_INTERVAL_MS));
      const title = `Signal Bench Round ${round}`;
      const renamed = await staff(`/api/catalog/${id}`, 'PATCH', { title });
      if (renamed.status !== 200) throw new HarnessError(`renaming the item: HTTP ${renamed.status}`);
      // B first: its time counts from A's answer; A's first answer renders the page anew whenever asked
      other.push(await msUntilShown(`${b.baseUrl}${route}`, title));
      same.push(await msUntilShown(`${a.baseUrl}${route}`, title));
    }
    return { engine, rounds, other, same };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await schema?.drop();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '20' }, engine: { type: 'string', multiple: true } },
  });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000)
    throw new HarnessError(`--rounds must be a whole number from 1 to 1000 (got ${values.rounds})`);
  const engines = (values.engine?.length ? values.engine : ['sqlite', 'postgres']) as Engine[];
  const postgresUrl = process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES;
  if (engines.includes('postgres') && !(await reachable(postgresUrl))) {
    console.log('PostgreSQL does not answer: SQLite only.');
    engines.splice(engines.indexOf('postgres'), 1);
  }
  ensureBuild(root);
  console.log(`${rounds} renames per engine; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}.`);

  const results = [];
  for (const engine of engines) {
    console.log(`  ${engine} …`);
    results.push(await measure(engine, rounds, postgresUrl));
  }
  const ms = (n: number) => n.toFixed(0);
  console.log('');
  console.log(
    formatTable(
      [
        { title: 'engine', align: 'left' },
        { title: 'B p50 ms', align: 'right' },
        { title: 'B p90 ms', align: 'right' },
        { title: 'B max ms', align: 'right' },
        { title: 'A p50 ms', align: 'right' },
        { title: 'A max ms', align: 'right' },
        { title: 'B p50 − A p50', align: 'right' },
        { title: `rounds over ${TARGET_MS} ms`, align: 'right' },
      ],
      results.map((r) => [
        r.engine,
        ms(quantile(r.other, 0.5)),
        ms(quantile(r.other, 0.9)),
        ms(Math.max(...r.other)),
        ms(quantile(r.same, 0.5)),
        ms(Math.max(...r.same)),
        ms(quantile(r.other, 0.5) - quantile(r.same, 0.5)),
        `${r.other.filter((t) => t > TARGET_MS).length} of ${r.rounds}`,
      ]),
    ),
  );
  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, 'content-signal.json'),
    JSON.stringify({ generatedAt: new Date().toISOString(), loadAverage: os.loadavg(), results }, null, 2) +
      '\n',
  );
  console.log('\nResults written to bench-results/content-signal.json.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof HarnessError && err.detail) console.error(err.detail);
  process.exit(1);
});
