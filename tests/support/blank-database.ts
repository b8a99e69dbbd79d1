/**
 * An empty database with no migrations run, and how to get rid of it, on either engine: for the
 * tests of a migration over data written before it (server/db/migrations/*.test.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { inject } from 'vitest';
import type { Engine } from '#server/db/engine.ts';
import { openDatabase, type Database } from '#server/db/index.ts';
import { migrationProvider } from '#server/db/migrations/index.ts';

/** An empty database with no migrations run, and how to get rid of it. */
export async function blankDatabase(engine: Engine): Promise<{ database: Database; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-migration-'));
  if (engine === 'sqlite') {
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
    return {
      database,
      async drop() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = inject('postgresUrl')!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const database = openDatabase({ kind: 'postgres', url: url.toString() }, { poolSize: 2 });
  return {
    database,
    async drop() {
      await database.close();
      await admin(`drop schema ${schema} cascade`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs the project's migrations up to and including `name` (the data a later one will find). */
export async function migrateTo(database: Database, engine: Engine, name: string): Promise<void> {
  const { db } = database;
  const migrationTableSchema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider(engine),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
