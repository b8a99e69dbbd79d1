/**
 * The insights' stale-day marks (migration 0015's triggers, 0019's marks per transaction) never
 * make two writers wait on each other. A follow-up pass and a customer's reply once deadlocked on
 * PostgreSQL: the pass marked a follow-up's day and then today's, the reply today's and then the
 * follow-up's, each holding the mark row it had written until it committed. Here two
 * transactions mark the same two days in opposite orders, as those two did. SQLite has one writer
 * at a time; there the marks are only checked to be taken once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/index.ts';
import { takeStaleDates } from '#server/db/repo/insight-days.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../support/databases.ts';

const DAY_A = '2026-11-02T15:00:00.000Z';
const DAY_B = '2026-11-20T15:00:00.000Z';

for (const engine of testEngines()) {
  describe(`insight marks [${engine}]`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(engine);
    });
    afterAll(() => t?.drop());

    /** A click on the quote button at `at`: its insert marks the UTC date of `at` (a trigger). */
    const click = (
      at: string,
    ) => sql`insert into click_events (button_type, button_location, button_text, created_at)
      values ('quote', 'header', 'Get a Quote', ${at})`;

    // (SQLite: one writer at a time, nothing to wait on)
    if (engine === 'postgres')
      it('two writers marking the same days in opposite orders both commit, and a refresh takes each day once', async () => {
        await t.database.db.deleteFrom('insight_stale').execute();
        const other = openDatabase(t.config.database, { poolSize: 2, timeoutMs: 10_000 });
        try {
          let releaseFirst!: () => void;
          let releaseSecond!: () => void;
          const firstMarked = new Promise<void>((resolve) => (releaseFirst = resolve));
          const secondMarked = new Promise<void>((resolve) => (releaseSecond = resolve));
          const outcomes = await Promise.allSettled([
            t.database.db.transaction().execute(async (trx) => {
              await click(DAY_A).execute(trx);
              releaseFirst();
              await secondMarked;
              await click(DAY_B).execute(trx);
            }),
            other.db.transaction().execute(async (trx) => {
              await click(DAY_B).execute(trx);
              releaseSecond();
              await firstMarked;
              await click(DAY_A).execute(trx);
            }),
          ]);
          expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'committed'))).toEqual([
            'committed',
            'committed',
          ]);
          const taken = await t.database.db.transaction().execute((trx) => takeStaleDates(trx, engine, 100));
          expect(taken).toEqual(['2026-11-02', '2026-11-20']);
          expect(await t.database.db.selectFrom('insight_stale').select('day').execute()).toEqual([]);
        } finally {
          await other.close();
        }
      });

    it('a writer that marks a day many times leaves it to be taken once', async () => {
      await t.database.db.deleteFrom('insight_stale').execute();
      await t.database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) await click(DAY_A).execute(trx);
      });
      await click(DAY_A).execute(t.database.db);
      const taken = await t.database.db.transaction().execute((trx) => takeStaleDates(trx, engine, 100));
      expect(taken).toEqual(['2026-11-02']);
      expect(await t.database.db.selectFrom('insight_stale').select('day').execute()).toEqual([]);
    });
  });
}
