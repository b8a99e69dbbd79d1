/**
 * Decides once per run whether the PostgreSQL half of the database tests runs:
 * TEST_POSTGRES_URL if set, else a local server on 127.0.0.1:5432 if one answers.
 * Under CI (CI=true) a missing PostgreSQL fails the run instead of skipping it.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
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
}
