/**
 * Migration 0004 on a database that already holds leads (both engines): the search columns and
 * the status totals are backfilled, and the triggers keep the totals right afterwards.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { blankDatabase, migrateTo } from '../../../tests/support/blank-database.ts';
import { testEngines } from '../../../tests/support/databases.ts';
import { migrate } from '../index.ts';
import { listBoard } from '../repo/lead-board.ts';
import { insertLead } from '../repo/leads.ts';

const AT = '2026-11-01T12:00:00.000Z';

for (const engine of testEngines()) {
  describe(`migration 0004-lead-board [${engine}]`, () => {
    it('backfills the search columns and the totals of existing leads; triggers keep the totals', async () => {
      const { database, drop } = await blankDatabase(engine);
      try {
        const { db } = database;
        await migrateTo(database, engine, '0003-catalog-listing');

        const leads = [
          { name: 'Zoë  Lavallée', phone: '(204) 555-0142', status: 'new' },
          { name: 'Ray Friesen', phone: '+1 204 555 0123', status: 'new' },
          { name: 'Ag Co', phone: '204.555.0199', status: 'quoted' },
          { name: 'Gone', phone: '2045550100', status: 'lost' },
        ];
        for (const lead of leads)
          await db
            .insertInto('leads')
            .values({
              ...lead,
              case_number: null,
              urgency: 'flexible',
              source: 'web',
              email: null,
              city: null,
              equipment: null,
              make: null,
              model: null,
              year: null,
              part_category: null,
              part_number: null,
              description: null,
              consent_at: null,
              consent_text: null,
              notes: null,
              lost_reason: null,
              cost: null,
              markup_pct: null,
              sell_price: null,
              eta_days: null,
              quoted_at: null,
              created_at: AT,
              updated_at: AT,
            })
            .execute();

        expect(await migrate(database)).toContain('0004-lead-board');

        const rows = await db
          .selectFrom('leads')
          .select(['name', 'search_name', 'phone_digits'])
          .orderBy('id')
          .execute();
        expect(rows).toEqual([
          { name: 'Zoë  Lavallée', search_name: 'zoe lavallee', phone_digits: '2045550142' },
          { name: 'Ray Friesen', search_name: 'ray friesen', phone_digits: '12045550123' },
          { name: 'Ag Co', search_name: 'ag co', phone_digits: '2045550199' },
          { name: 'Gone', search_name: 'gone', phone_digits: '2045550100' },
        ]);
        const totals = async () =>
          Object.fromEntries(
            (
              await sql<{
                status: string;
                total: number;
              }>`select status, total from lead_status_counts`.execute(db)
            ).rows
              .filter((r) => Number(r.total) !== 0)
              .map((r) => [r.status, Number(r.total)]),
          );
        expect(await totals()).toEqual({ new: 2, quoted: 1, lost: 1 });
        if (engine === 'postgres') {
          // where pg_trgm could be installed (it can on the test server), searches have their index
          const trgm = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
          const index = await sql`select 1 from pg_indexes
            where schemaname = current_schema() and indexname = 'leads_search_trgm_idx'`.execute(db);
          expect(index.rows.length).toBe(trgm.rows.length);
        }

        const board = (search?: string) =>
          listBoard(db, { search, statuses: ['new', 'qualified', 'quoted'], limit: 10 }, 240);
        const found = await board('lavallee');
        expect(found.cards.get('new')!.map((c) => c.name)).toEqual(['Zoë  Lavallée']);
        expect((await board('555-0199')).cards.get('quoted')!.map((c) => c.name)).toEqual(['Ag Co']);

        await insertLead(
          db,
          { urgency: 'today', source: 'web', name: 'New After', phone: '+12045550111' },
          [],
          { now: new Date(AT), actor: 'customer' },
        );
        await db
          .updateTable('leads')
          .set({ status: 'qualified' })
          .where('name', '=', 'Ray Friesen')
          .execute();
        await db
          .updateTable('leads')
          .set({ notes: 'status unchanged' })
          .where('name', '=', 'Ag Co')
          .execute();
        expect(await totals()).toEqual({ new: 2, qualified: 1, quoted: 1, lost: 1 });
        expect(Object.fromEntries((await board()).totals)).toEqual({ new: 2, qualified: 1, quoted: 1 });
      } finally {
        await drop();
      }
    });
  });
}
