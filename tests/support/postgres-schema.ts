/**
 * A fresh, empty PostgreSQL schema in the test database, and the connection URL that makes it the
 * search path: for the database tests (tests/support/databases.ts) and for servers the tests start
 * on PostgreSQL (tests/server/processes.test.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type PostgresSchema = { name: string; url: string; drop(): Promise<void> };

async function run(base: string, statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createPostgresSchema(base: string): Promise<PostgresSchema> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await run(base, `create schema ${name}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${name}`);
  return { name, url: url.toString(), drop: () => run(base, `drop schema ${name} cascade`) };
}
