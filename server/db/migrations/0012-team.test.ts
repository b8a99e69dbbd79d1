/**
 * Migration 0012 on a database that already has accounts (both engines): the first account
 * (the one ensured at start) becomes the owner, the others staff, none disabled.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { blankDatabase, migrateTo } from '../../../tests/support/blank-database.ts';
import { testEngines } from '../../../tests/support/databases.ts';
import { migrate } from '../index.ts';

const AT = '2026-11-01T12:00:00.000Z';

for (const engine of testEngines()) {
  describe(`migration 0012-team [${engine}]`, () => {
    it('makes the first account the owner and the others staff', async () => {
      const { database, drop } = await blankDatabase(engine);
      try {
        const { db } = database;
        await migrateTo(database, engine, '0011-orders');
        for (const username of ['admin', 'dana', 'pat'])
          await sql`insert into users (username, display_name, password_hash, created_at, updated_at)
                    values (${username}, ${username}, 'scrypt$x', ${AT}, ${AT})`.execute(db);
        await migrate(database);
        const rows = await db
          .selectFrom('users')
          .select(['username', 'role', 'disabled_at'])
          .orderBy('id')
          .execute();
        expect(rows).toEqual([
          { username: 'admin', role: 'owner', disabled_at: null },
          { username: 'dana', role: 'staff', disabled_at: null },
          { username: 'pat', role: 'staff', disabled_at: null },
        ]);
      } finally {
        await drop();
      }
    });
  });
}
