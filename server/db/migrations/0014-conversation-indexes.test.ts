/**
 * Migration 0014 on both engines: the partial indexes a customer's conversation and the review
 * requests' check are read along exist with their kind; on SQLite (which the app never ANALYZEs) a
 * customer's newest messages and quote-page questions, and who declined lately, are read from those
 * indexes alone, without reading a row.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { blankDatabase } from '../../../tests/support/blank-database.ts';
import { testEngines } from '../../../tests/support/databases.ts';
import { migrate } from '../index.ts';

for (const engine of testEngines()) {
  describe(`migration 0014-conversation-indexes [${engine}]`, () => {
    it('adds the indexes of messages to customers, of questions and of moves to lost', async () => {
      const { database, drop } = await blankDatabase(engine);
      try {
        const { db } = database;
        await migrate(database);
        const definitions =
          engine === 'sqlite'
            ? (
                await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
                  where name in ('outgoing_messages_customer_idx', 'lead_events_question_idx', 'lead_events_lost_idx')`.execute(
                  db,
                )
              ).rows.map((r) => `${r.name}: ${r.sql}`)
            : (
                await sql<{
                  name: string;
                  sql: string;
                }>`select indexname as name, indexdef as sql from pg_indexes where schemaname = current_schema()
                  and indexname in ('outgoing_messages_customer_idx', 'lead_events_question_idx', 'lead_events_lost_idx')`.execute(
                  db,
                )
              ).rows.map((r) => `${r.name}: ${r.sql}`);
        expect(definitions.map((d) => d.replaceAll('"', '')).sort()).toEqual([
          expect.stringMatching(
            /^lead_events_lost_idx: .*\(to_status, created_at, actor, lead_id\).*to_status.*= 'lost'/i,
          ),
          expect.stringMatching(/^lead_events_question_idx: .*\(lead_id, created_at\).*type.*= 'question'/i),
          expect.stringMatching(
            /^outgoing_messages_customer_idx: .*\(lead_id, created_at\).*audience.*= 'customer'/i,
          ),
        ]);
        if (engine !== 'sqlite') return;
        const leads = `(select id from leads where customer_id = 1)`;
        for (const [table, kind, index] of [
          ['outgoing_messages', `audience = 'customer'`, 'outgoing_messages_customer_idx'],
          ['lead_events', `type = 'question'`, 'lead_events_question_idx'],
        ]) {
          const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(
            `select id from ${table} where ${kind} and lead_id in ${leads} order by created_at desc, id desc limit 30`,
          )}`.execute(db);
          expect(plan.rows.map((r) => r.detail)).toContainEqual(
            expect.stringContaining(`USING COVERING INDEX ${index}`),
          );
        }
        // who declined lately: the moves to lost read from their index alone
        const declined = await sql<{ detail: string }>`explain query plan select lead_id from lead_events
          where to_status = 'lost' and actor like 'customer%' and created_at >= '2026-01-01'`.execute(db);
        expect(declined.rows.map((r) => r.detail)).toContainEqual(
          expect.stringContaining('USING COVERING INDEX lead_events_lost_idx'),
        );
      } finally {
        await drop();
      }
    });
  });
}
