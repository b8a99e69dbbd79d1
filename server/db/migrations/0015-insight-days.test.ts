/**
 * Migration 0015 on both engines, on a database that already holds a year's rows: it marks the
 * UTC dates that hold them, the first read builds their days, and the figures are those of the
 * raw rows. Its triggers mark what any writer changes afterwards, and a write of a column no
 * figure reads (a lead's notes) marks nothing.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { INSIGHT_RANGES, insightPeriods } from '#app/modules/insights/insights.ts';
import { DEFAULT_HOURS } from '#app/modules/site/opening-hours.ts';
import { blankDatabase, migrateTo } from '../../../tests/support/blank-database.ts';
import { testEngines } from '../../../tests/support/databases.ts';
import { migrate } from '../index.ts';
import { aggregatesOfDays, refreshDays } from '../../services/insight-days.ts';
import { aggregatesOfRows } from '../../services/insights.ts';

const NOW = new Date('2026-11-26T18:00:00.000Z');
const DAY = 86_400_000;

/** Aggregates in a fixed order (the lists' order is the shaping's business), rounded to 1e-9. */
const normal = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(normal).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v)]))
      : typeof value === 'number'
        ? Math.round(value * 1e9) / 1e9
        : value;

for (const engine of testEngines()) {
  describe(`migration 0015-insight-days [${engine}]`, () => {
    it('builds the days of the rows already there, then keeps them with what writers change', async () => {
      const { database, drop } = await blankDatabase(engine);
      try {
        const { db } = database;
        await migrateTo(database, engine, '0014-conversation-indexes');
        const stamp = (ms: number) => new Date(ms).toISOString();
        for (let i = 0; i < 40; i++) {
          const created = NOW.getTime() - (i * 12 + 1) * DAY;
          const [{ id }] = (
            await sql<{ id: number }>`insert into leads (status, urgency, source, name, phone, city,
              part_category, quoted_at, sell_price, cost, created_at, updated_at)
              values (${i % 2 ? 'quoted' : 'lost'}, 'flexible', 'web', ${`Lead ${i}`}, '+12045550100', 'winnipeg',
                null, ${stamp(created + 3_600_000)}, 1000, 700, ${stamp(created)}, ${stamp(created)})
              returning id`.execute(db)
          ).rows as [{ id: number }];
          await sql`insert into lead_events (lead_id, type, from_status, to_status, actor, created_at)
            values (${id}, 'quote', 'new', 'quoted', 'staff', ${stamp(created + 3_600_000)})`.execute(db);
          await sql`insert into click_events (button_type, button_location, button_text, created_at)
            values ('quote', 'header', 'Get a Quote', ${stamp(created - 60_000)})`.execute(db);
        }
        await migrate(database);
        const marked = await sql<{ n: unknown }>`select count(*) as n from insight_stale`.execute(db);
        expect(Number(marked.rows[0]!.n)).toBeGreaterThanOrEqual(40);

        // the minutely pass takes a month of dates per transaction, and leaves the rest for the next
        const staleNow = async () =>
          Number((await sql<{ n: unknown }>`select count(*) as n from insight_stale`.execute(db)).rows[0]!.n);
        const before = await staleNow();
        expect(await refreshDays(db, engine, NOW, DEFAULT_HOURS, 1)).toBeGreaterThan(0);
        expect(await staleNow()).toBe(before - 31);
        expect(await refreshDays(db, engine, NOW, DEFAULT_HOURS)).toBeGreaterThan(0);
        expect(await staleNow()).toBe(0);
        for (const range of INSIGHT_RANGES) {
          const periods = insightPeriods(NOW, range);
          expect(normal(await aggregatesOfDays(db, periods))).toEqual(
            normal(await aggregatesOfRows({ db, engine }, periods, NOW, DEFAULT_HOURS)),
          );
        }

        // a column no figure reads marks nothing; one a figure reads marks its day
        await sql`update leads set description = 'a note' where id = 1`.execute(db);
        expect(await refreshDays(db, engine, NOW, DEFAULT_HOURS)).toBe(0);
        await sql`update leads set status = 'ordered' where id = 1`.execute(db);
        expect(await refreshDays(db, engine, NOW, DEFAULT_HOURS)).toBeGreaterThan(0);
        const year = insightPeriods(NOW, '365d');
        expect(normal(await aggregatesOfDays(db, year))).toEqual(
          normal(await aggregatesOfRows({ db, engine }, year, NOW, DEFAULT_HOURS)),
        );
      } finally {
        await drop();
      }
    });
  });
}
