/**
 * Decides once per run whether the PostgreSQL half of the database tests runs:
 * TEST_POSTGRES_URL if set, else a local server on 127.0.0.1:5432 if one answers.
 * Under CI (CI=true) a missing PostgreSQL fails the run instead of skipping it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dropRunSchemas } from './postgres-pool.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** names this run's pooled PostgreSQL schemas (tests/support/postgres-pool.ts) */
    testRun: string;
  }
}

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject) {
  const explicit = process.env.TEST_POSTGRES_URL;
  const url = explicit ?? LOCAL_DEFAULT;
  const ok = await reachable(url);
  if (!ok && (explicit || process.env.CI)) {
    throw new Error(
      `PostgreSQL is not reachable at ${url.replace(/\/\/[^@]*@/, '//***@')}. ` +
        'Start it (pg_ctlcluster <version> main start) or fix TEST_POSTGRES_URL; CI never skips the PostgreSQL tests.',
    );
  }
  if (!ok)
    console.warn(
      'PostgreSQL not reachable on 127.0.0.1:5432: the PostgreSQL half of the database tests is skipped.',
    );
  project.provide('postgresUrl', ok ? url : null);
  const run = randomBytes(4).toString('hex');
  project.provide('testRun', run);
  // the schemas the database tests' blocks were lent, once every worker is done with them
  return async () => {
    if (ok) await dropRunSchemas(url, run);
  };
}
