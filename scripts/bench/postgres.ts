/** A throw-away PostgreSQL database for a benchmark run (scripts/bench-leads.ts, bench-insights.ts). */
import pg from 'pg';
import { HarnessError } from './server.ts';

/** A throw-away PostgreSQL database: created now, dropped by the returned function. */
export async function createPostgresDatabase(url: string): Promise<() => Promise<void>> {
  const name = await refuseExistingDatabase(url);
  await maintenance(url, `create database "${name}"`);
  return async () => {
    await maintenance(url, `drop database if exists "${name}" with (force)`);
  };
}

/**
 * The name of the database `url` names, after checking it is a plain name and does not exist: the
 * bench creates and drops its own, and must not drop one it did not create.
 */
export async function refuseExistingDatabase(url: string): Promise<string> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new HarnessError(`--database: name a database in lower-case letters, digits and _ ('${name}')`);
  const exists = await maintenance(url, `select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount)
    throw new HarnessError(`database ${name} exists: the bench creates and drops its own; name a new one`);
  return name;
}

/** `statement` on the server's maintenance database (postgres). */
async function maintenance(url: string, statement: string) {
  const target = new URL(url);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at `url` (within 2 s). */
export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
