/**
 * Migrations on a PostgreSQL database shared with others (other apps' schemas, the test suites'
 * parallel workers): while other schemas are created and dropped, a migration of a fresh schema
 * still goes through. Kysely's own introspector read every schema of the database, and a schema
 * dropped during that read failed the migration with 'schema "…" does not exist'.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/databases.ts';

const postgresUrl = inject('postgresUrl');

it.skipIf(!postgresUrl)('reads the tables of its own schema only, with their columns', async () => {
  const t = await createTestDatabase('postgres');
  const elsewhere = await createTestDatabase('postgres');
  try {
    await sql`create table only_here (id serial primary key, note text)`.execute(elsewhere.database.db);
    const tables = await t.database.db.introspection.getTables();
    const names = tables.map((table) => table.name);
    expect(names).toContain('leads');
    expect(names).not.toContain('only_here');
    expect(names).not.toContain('kysely_migration');
    expect(new Set(tables.map((table) => table.schema)).size).toBe(1);
    const id = tables.find((table) => table.name === 'leads')!.columns.find((c) => c.name === 'id')!;
    expect(id).toMatchObject({ isAutoIncrementing: true, isNullable: false });
    const withBookkeeping = await t.database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withBookkeeping.map((table) => table.name)).toContain('kysely_migration');
  } finally {
    await t.drop();
    await elsewhere.drop();
  }
});

it.skipIf(!postgresUrl)(
  'migrates fresh schemas while other schemas of the database are created and dropped',
  async () => {
    const admin = new pg.Client({ connectionString: postgresUrl! });
    await admin.connect();
    let churning = true;
    let churned = 0;
    // other schemas come and go, each with a table of a serial column and a few more
    const churn = (async () => {
      while (churning) {
        const name = `churn_${randomBytes(6).toString('hex')}`;
        await admin.query(`create schema ${name}`);
        await admin.query(
          `create table ${name}.t (id serial primary key, a text, b int, c timestamptz, d boolean)`,
        );
        await admin.query(`drop schema ${name} cascade`);
        churned++;
      }
    })();
    try {
      for (let round = 0; round < 8; round++) {
        const migrated = await Promise.all([createTestDatabase('postgres'), createTestDatabase('postgres')]);
        await Promise.all(migrated.map((t) => t.drop()));
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
    expect(churned).toBeGreaterThan(0);
  },
  60_000,
);
