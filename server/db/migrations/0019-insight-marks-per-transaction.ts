/**
 * The insights' stale-day marks, one row per day and writing transaction on PostgreSQL (decision
 * 0187). Migration 0015 kept one row per day and had each writer update it (DO UPDATE) to hold it
 * locked until the writer committed, so a refresh (SKIP LOCKED) never took a change still being
 * written. But two writers that marked the same two days in opposite orders waited on each other:
 * a follow-up pass (a follow-up's day, then today's) and a customer's reply (today's, then the
 * follow-up's) deadlocked, and one of them failed. Now each transaction inserts its own row for a
 * day (`tx`, its transaction id) and writers never wait on each other's marks; a refresh still
 * never takes a change still being written, because another transaction's uncommitted row is not
 * there for it to see (server/db/repo/insight-days.ts). SQLite has one writer at a time: unchanged.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function insightMarksPerTransaction(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`alter table insight_stale add column tx bigint not null default 0`.execute(db);
      await sql`alter table insight_stale drop constraint insight_stale_pkey`.execute(db);
      await sql`alter table insight_stale add primary key (day, tx)`.execute(db);
      await sql`alter table insight_stale alter column tx set default txid_current()`.execute(db);
      await sql`create or replace function insight_mark(ts timestamptz) returns void
        language sql set search_path from current as $$
          insert into insight_stale (day)
            select to_char(ts at time zone 'UTC', 'YYYY-MM-DD') where ts is not null
            on conflict (day, tx) do nothing
        $$`.execute(db);
    },
  };
}
