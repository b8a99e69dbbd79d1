/**
 * Migration 0013 on a database that already has leads and messages (both engines): only tables,
 * columns and indexes are added, so a live database is not held up; every process then links the
 * leads to their customers a batch at a time (services/customers.ts `linkWaiting`), one customer
 * per phone or e-mail, each conversation placed in the inbox by its newest message, none unread.
 */
import { sql } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { customersService } from '#server/services/customers.ts';
import { blankDatabase, migrateTo } from '../../../tests/support/blank-database.ts';
import { testEngines } from '../../../tests/support/databases.ts';
import { migrate } from '../index.ts';

const AT = '2026-11-01T12:00:00.000Z';
const LATER = '2026-11-02T09:30:00.000Z';

for (const engine of testEngines()) {
  describe(`migration 0013-customers [${engine}]`, () => {
    it('adds customers without touching the leads; linking then finds one customer per phone or e-mail', async () => {
      const { database, drop } = await blankDatabase(engine);
      try {
        const { db } = database;
        await migrateTo(database, engine, '0012-team');
        const leads: [string, string, string | null][] = [
          ['Dale Friesen', '(204) 555-0147', 'dale@farm.ca'],
          ['Dale', '+12045550147', null],
          ['D. Friesen', '204-555-0999', 'DALE@farm.ca'],
          ['Mo', '(204) 555-0200', null],
        ];
        for (const [name, phone, email] of leads)
          await sql`insert into leads (status, urgency, source, name, phone, email, created_at, updated_at)
                    values ('new', 'flexible', 'web', ${name}, ${phone}, ${email}, ${AT}, ${AT})`.execute(db);
        await sql`insert into sms_inbound (message_sid, lead_id, from_phone, body, media_count, photo_count, kind, created_at)
                  values ('SM1', 2, '+12045550147', 'Any news?', 0, 0, 'message', ${LATER})`.execute(db);
        await migrate(database);
        const unlinked = await db.selectFrom('leads').select('customer_id').execute();
        expect(unlinked.every((l) => l.customer_id === null)).toBe(true);

        const customers = customersService({
          db,
          engine,
          config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'file::memory:', LOG_LEVEL: 'silent' }),
          logger: pino({ level: 'silent' }),
          files: undefined as never,
          now: () => new Date(LATER),
          shop: undefined as never,
        });
        expect(await customers.linkWaiting()).toBe(4);
        const rows = await db
          .selectFrom('customers')
          .select([
            'name',
            'phone',
            'email',
            'lead_count',
            'last_message_at',
            'last_message_preview',
            'unread',
          ])
          .orderBy('id')
          .execute();
        expect(rows).toEqual([
          {
            name: 'Dale Friesen',
            phone: '+12045550147',
            email: 'dale@farm.ca',
            lead_count: 3,
            last_message_at: LATER,
            last_message_preview: 'Any news?',
            unread: 0,
          },
          {
            name: 'Mo',
            phone: '+12045550200',
            email: null,
            lead_count: 1,
            last_message_at: null,
            last_message_preview: null,
            unread: 0,
          },
        ]);
      } finally {
        await drop();
      }
    });
  });
}
