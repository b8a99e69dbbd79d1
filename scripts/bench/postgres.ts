/** A throw-away PostgreSQL database for a benchmark run (scripts/bench-leads.ts, bench-insights.ts). */
import pg from 'pg';
import { HarnessError } from './server.ts';

/** A throw-away PostgreSQL database: created now, dropped by the returned function. */
export async function createPostgresDatabase(url: string): Promise<() => Promise<void>> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new HarnessError(`--database: name a database in lower-case letters, digits and _ ('${name}')`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const exists = await run(`select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount)
    throw new HarnessError(`database ${name} exists: the bench creates and drops its own; name a new one`);
  await run(`create database "${name}"`);
  return async () => {
    await run(`drop database if exists "${name}" with (force)`);
  };
}
