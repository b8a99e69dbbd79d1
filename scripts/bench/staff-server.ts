/**
 * A bench server holding bulk-loaded data, with a staff session: what the back-office benchmarks
 * (scripts/bench-leads.ts, bench-insights.ts) and the quote page's (bench-quote-page.ts) share. On
 * SQLite, or with `database` on a throw-away PostgreSQL database the bench creates and drops
 * (./postgres.ts). The data is written straight through the repositories on a connection of its
 * own, with no statement timeout (a bulk load, not a web request), before the first figure is taken.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '#server/db/index.ts';
import { signIn } from './catalog-items.ts';
import { createPostgresDatabase } from './postgres.ts';
import { HarnessError, startServer, type BenchServer } from './server.ts';

/**
 * The options the back-office benchmarks take: --duration S, --connections 1,4, --leads N,
 * --database URL, and a benchmark's own string options (`extra`, e.g. bench-leads' --against).
 */
export function staffBenchArgs<const Extra extends string = never>(
  defaultConnections: string,
  extra: readonly Extra[] = [],
) {
  const { values: parsed } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: defaultConnections },
      leads: { type: 'string', default: '10000' },
      database: { type: 'string' },
      ...Object.fromEntries(extra.map((name) => [name, { type: 'string' } as const])),
    },
  });
  const values = parsed as {
    duration: string;
    connections: string;
    leads: string;
    database?: string;
  } & Partial<Record<Extra, string>>;
  const connectionCounts = values.connections.split(',').map(Number);
  if (connectionCounts.some((n) => !Number.isInteger(n) || n < 1))
    throw new HarnessError(
      `--connections: a comma-separated list of positive integers, not '${values.connections}'`,
    );
  return { ...values, connectionCounts };
}

/** Starts the server, loads the data, signs in, runs `measure`, and stops and drops everything. */
export async function withStaffServer<T>(
  options: {
    root: string;
    adminPassword: string;
    /** postgres://… of a database to create (it must not exist); SQLite when absent */
    database?: string;
    /** More of the server's environment, e.g. WEB_CONCURRENCY */
    env?: Record<string, string>;
    /** writes the data; `database` is this build's connection to the server's database */
    load: (database: Database, server: BenchServer) => Promise<void>;
  },
  measure: (server: BenchServer, headers: { cookie: string; 'accept-encoding': string }) => Promise<T>,
): Promise<T> {
  const { root, adminPassword, database: url } = options;
  const dropDatabase = url ? await createPostgresDatabase(url) : undefined;
  try {
    const server = await startServer({
      root,
      adminPassword,
      startTimeoutMs: 60_000,
      env: { ...options.env, ...(url ? { DATABASE_URL: url } : {}) },
    });
    try {
      const database = openDatabase(
        url ? { kind: 'postgres', url } : { kind: 'sqlite', file: path.join(server.dataDir, 'app.db') },
        { poolSize: 1, statementTimeoutMs: 0 },
      );
      try {
        await options.load(database, server);
      } finally {
        await database.close();
      }
      const { cookie } = await signIn(server, adminPassword);
      // what Chromium sends: the server answers with brotli
      return await measure(server, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase?.();
  }
}
