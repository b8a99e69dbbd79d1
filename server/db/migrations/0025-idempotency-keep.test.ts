/**
 * Migration 0025 on both engines: each retry key gets its own end, and a key made before the
 * migration keeps the day it was given (decision 0179), so a staff member's retry under way is
 * answered as before and then swept as before.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { blankDatabase, migrateTo } from '../../../tests/support/blank-database.ts';
import { testEngines } from '../../../tests/support/databases.ts';
import { migrate } from '../index.ts';
import { deleteEndedKeys } from '../repo/idempotency-keys.ts';

const MADE = '2026-12-06T20:15:30.250Z';
const DAY = 86_400_000;

for (const engine of testEngines()) {
  describe(`migration 0025-idempotency-keep [${engine}]`, () => {
    it('keeps a key made before it for the day it was given', async () => {
      const { database, drop } = await blankDatabase(engine);
      try {
        const { db } = database;
        await migrateTo(database, engine, '0024-push');
        await sql`insert into idempotency_keys (scope, key, request_hash, answer, created_at)
          values ('lead 1 quote by sam', 'k-1', 'hash', '{"ok":true}', ${MADE})`.execute(db);
        await migrate(database);
        const row = await db
          .selectFrom('idempotency_keys')
          .select(['kept_until'])
          .where('key', '=', 'k-1')
          .executeTakeFirstOrThrow();
        expect(new Date(row.kept_until).toISOString()).toBe(new Date(Date.parse(MADE) + DAY).toISOString());
        expect(await deleteEndedKeys(db, new Date(Date.parse(MADE) + DAY - 1))).toBe(0);
        expect(await deleteEndedKeys(db, new Date(Date.parse(MADE) + DAY))).toBe(1);
      } finally {
        await drop();
      }
    });
  });
}
