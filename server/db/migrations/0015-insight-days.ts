/**
 * Insights from per-day rollups (issue 32, decision 0163):
 *
 * - `insight_days` (day, figures): one row per America/Winnipeg day, the day's figures as JSON
 *   (`DayFigures`, server/services/insight-days.ts), computed from the raw rows by the same SQL
 *   that computes a whole range (server/db/repo/insights.ts) with the day as the period.
 * - `insight_version` (one row): counts the refreshes that changed a day, so a process can tell
 *   whether the sum it made of a range's days is still the sum (server/services/insight-days.ts).
 * - `insight_stale` (day): the UTC dates whose rows changed since their days were computed. Kept
 *   by triggers on every table a figure reads, whoever writes (the app, a migration, a bulk load
 *   or a console), so no write path has to know about the rollups. A UTC date stands for the two
 *   local days it overlaps (Winnipeg is behind UTC); the insights service recomputes those days
 *   before it reads (`refresh`), under a lock, so the figures are always those of the raw rows.
 *   On PostgreSQL a mark of an existing date updates its row (DO UPDATE, not DO NOTHING): the row
 *   stays locked until the writer commits, and the refresh takes only unlocked marks (SKIP
 *   LOCKED), so a change still being written is never marked done before it can be seen.
 *   (Migration 0019 replaced that with a row per day and transaction: two writers deadlocked.)
 *
 * What marks which day (a figure's day is the local day of its anchor):
 * - leads: the request's day (requests, funnel, lost reasons, response time, top lists), and on
 *   an update its first order's day (revenue) and its first part ordered (margins);
 * - lead_events: the event's day (a follow-up's, an order's), the request's day (the funnel counts
 *   events) and the lead's follow-ups' days (accepted after a follow-up);
 * - order_lines: the old and new ordered and arrival days, and the lead's first part ordered;
 * - click_events: the click's day; outgoing_messages (follow-up texts sent or cancelled): the
 *   lead's follow-ups' days.
 *
 * Live database: two small tables, triggers (brief DDL locks) and one mark per UTC date that
 * holds rows; the days themselves are computed afterwards by the first refresh, not here.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../engine.ts';

const ORDERED_OR_LATER = sql.raw(`('ordered', 'fulfilled')`);

export function insightDays(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('insight_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('figures', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('insight_stale')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .execute();
      await db.schema
        .createTable('insight_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into insight_version (id, version) values (1, 0)`.execute(db);
      await (engine === 'postgres' ? postgresTriggers(db) : sqliteTriggers(db));
      // every UTC date that holds rows a figure reads: the first refresh builds their days
      const utcDate = (column: string) =>
        engine === 'postgres'
          ? sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
          : sql`substr(${sql.ref(column)}, 1, 10)`;
      for (const [table, column] of [
        ['leads', 'created_at'],
        ['lead_events', 'created_at'],
        ['click_events', 'created_at'],
        ['order_lines', 'ordered_at'],
        ['order_lines', 'arrived_at'],
      ] as const) {
        await sql`insert into insight_stale (day)
          select distinct ${utcDate(column)} from ${sql.table(table)} where ${sql.ref(column)} is not null
          on conflict (day) do nothing`.execute(db);
      }
    },
  };
}

async function postgresTriggers(db: Kysely<unknown>) {
  // the functions keep the schema they were created in (parallel test schemas, say)
  await sql`create function insight_mark(ts timestamptz) returns void
    language sql set search_path from current as $$
      insert into insight_stale (day)
        select to_char(ts at time zone 'UTC', 'YYYY-MM-DD') where ts is not null
        on conflict (day) do update set day = excluded.day
    $$`.execute(db);
  await sql`create function insight_mark_leads() returns trigger
    language plpgsql set search_path from current as $$
    begin
      if tg_op <> 'INSERT' then perform insight_mark(old.created_at); end if;
      if tg_op = 'UPDATE' then
        perform insight_mark(new.created_at);
        perform insight_mark((select min(created_at) from lead_events
          where lead_id = new.id and to_status in ${ORDERED_OR_LATER}));
        perform insight_mark((select min(ordered_at) from order_lines where lead_id = new.id));
      elsif tg_op = 'INSERT' then
        perform insight_mark(new.created_at);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function insight_mark_events() returns trigger
    language plpgsql set search_path from current as $$
    begin
      if tg_op <> 'INSERT' then perform insight_mark(old.created_at); end if;
      if tg_op = 'DELETE' then return null; end if;
      perform insight_mark(new.created_at);
      perform insight_mark((select created_at from leads where id = new.lead_id));
      perform insight_mark(f.created_at) from lead_events f
        where f.lead_id = new.lead_id and f.type = 'follow_up';
      return null;
    end $$`.execute(db);
  await sql`create function insight_mark_lines() returns trigger
    language plpgsql set search_path from current as $$
    begin
      if tg_op <> 'INSERT' then
        perform insight_mark(old.ordered_at);
        perform insight_mark(old.arrived_at);
        perform insight_mark((select min(ordered_at) from order_lines where lead_id = old.lead_id));
      end if;
      if tg_op <> 'DELETE' then
        perform insight_mark(new.ordered_at);
        perform insight_mark(new.arrived_at);
        perform insight_mark((select min(ordered_at) from order_lines where lead_id = new.lead_id));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function insight_mark_clicks() returns trigger
    language plpgsql set search_path from current as $$
    begin
      if tg_op <> 'INSERT' then perform insight_mark(old.created_at); end if;
      if tg_op <> 'DELETE' then perform insight_mark(new.created_at); end if;
      return null;
    end $$`.execute(db);
  await sql`create function insight_mark_follow_up_texts() returns trigger
    language plpgsql set search_path from current as $$
    begin
      perform insight_mark(f.created_at) from lead_events f
        where f.lead_id = new.lead_id and f.type = 'follow_up';
      return null;
    end $$`.execute(db);

  await sql`create trigger leads_insight_insert_delete after insert or delete on leads
    for each row execute function insight_mark_leads()`.execute(db);
  await sql`create trigger leads_insight_update after update of ${LEAD_COLUMNS} on leads
    for each row execute function insight_mark_leads()`.execute(db);
  await sql`create trigger lead_events_insight after insert or update or delete on lead_events
    for each row execute function insight_mark_events()`.execute(db);
  await sql`create trigger order_lines_insight after insert or update or delete on order_lines
    for each row execute function insight_mark_lines()`.execute(db);
  await sql`create trigger click_events_insight after insert or update or delete on click_events
    for each row execute function insight_mark_clicks()`.execute(db);
  await sql`create trigger outgoing_messages_insight after insert or update of status on outgoing_messages
    for each row when (new.dedupe_key like 'lead:%:follow-up:%')
    execute function insight_mark_follow_up_texts()`.execute(db);
}

/** The lead columns a figure reads: an update of any other (notes, the assignee) marks nothing. */
const LEAD_COLUMNS = sql.raw(
  'created_at, source, status, quoted_at, lost_reason, part_category, equipment, city, sell_price, cost',
);

async function sqliteTriggers(db: Kysely<unknown>) {
  /** Marks the UTC date of a timestamp expression (none when it is null). */
  const mark = (at: RawBuilder<unknown>) => sql`insert into insight_stale (day)
    select substr(at, 1, 10) from (select ${at} as at) where at is not null
    on conflict (day) do nothing;`;
  const markFollowUps = (leadId: RawBuilder<unknown>) => sql`insert into insight_stale (day)
    select substr(created_at, 1, 10) from lead_events where lead_id = ${leadId} and type = 'follow_up'
    on conflict (day) do nothing;`;
  const leadMarks = (row: 'new' | 'old') => sql`
    ${mark(sql.raw(`${row}.created_at`))}
    ${mark(sql`(select min(created_at) from lead_events where lead_id = ${sql.raw(row)}.id and to_status in ${ORDERED_OR_LATER})`)}
    ${mark(sql`(select min(ordered_at) from order_lines where lead_id = ${sql.raw(row)}.id)`)}`;
  const lineMarks = (row: 'new' | 'old') => sql`
    ${mark(sql.raw(`${row}.ordered_at`))}
    ${mark(sql.raw(`${row}.arrived_at`))}
    ${mark(sql`(select min(ordered_at) from order_lines where lead_id = ${sql.raw(row)}.lead_id)`)}`;
  const eventMarks = sql`
    ${mark(sql.raw('new.created_at'))}
    ${mark(sql`(select created_at from leads where id = new.lead_id)`)}
    ${markFollowUps(sql.raw('new.lead_id'))}`;

  await sql`create trigger leads_insight_insert after insert on leads begin
    ${mark(sql.raw('new.created_at'))} end`.execute(db);
  await sql`create trigger leads_insight_delete after delete on leads begin
    ${mark(sql.raw('old.created_at'))} end`.execute(db);
  await sql`create trigger leads_insight_update after update of ${LEAD_COLUMNS} on leads begin
    ${mark(sql.raw('old.created_at'))} ${leadMarks('new')} end`.execute(db);
  await sql`create trigger lead_events_insight_insert after insert on lead_events begin
    ${eventMarks} end`.execute(db);
  await sql`create trigger lead_events_insight_update after update on lead_events begin
    ${mark(sql.raw('old.created_at'))} ${eventMarks} end`.execute(db);
  await sql`create trigger lead_events_insight_delete after delete on lead_events begin
    ${mark(sql.raw('old.created_at'))} end`.execute(db);
  await sql`create trigger order_lines_insight_insert after insert on order_lines begin
    ${lineMarks('new')} end`.execute(db);
  await sql`create trigger order_lines_insight_update after update on order_lines begin
    ${lineMarks('old')} ${lineMarks('new')} end`.execute(db);
  await sql`create trigger order_lines_insight_delete after delete on order_lines begin
    ${lineMarks('old')} end`.execute(db);
  await sql`create trigger click_events_insight_insert after insert on click_events begin
    ${mark(sql.raw('new.created_at'))} end`.execute(db);
  await sql`create trigger click_events_insight_update after update on click_events begin
    ${mark(sql.raw('old.created_at'))} ${mark(sql.raw('new.created_at'))} end`.execute(db);
  await sql`create trigger click_events_insight_delete after delete on click_events begin
    ${mark(sql.raw('old.created_at'))} end`.execute(db);
  await sql`create trigger outgoing_messages_insight after insert on outgoing_messages
    when new.dedupe_key like 'lead:%:follow-up:%' begin ${markFollowUps(sql.raw('new.lead_id'))} end`.execute(
    db,
  );
  await sql`create trigger outgoing_messages_insight_status after update of status on outgoing_messages
    when new.dedupe_key like 'lead:%:follow-up:%' begin ${markFollowUps(sql.raw('new.lead_id'))} end`.execute(
    db,
  );
}
