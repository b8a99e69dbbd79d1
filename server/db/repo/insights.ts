/**
 * The aggregations behind /admin/insights (server/services/insights.ts, definitions in
 * docs/stats.md), each one query that groups in the database. The same SQL runs on both engines:
 * calendar buckets are CASE expressions over boundaries the service computes in the business's
 * zone (timestamps compare with ISO strings on both), epoch seconds are the only engine-specific
 * fragment, and percentiles come from window functions with integer arithmetic.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Funnel, ResponseFigures } from '#app/modules/insights/insights.ts';
import { EPOCH_WEEKDAY, openSecondsBefore } from '#app/modules/shared/business-hours.ts';
import type { WeekHours } from '#app/modules/site/opening-hours.ts';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

export type Bounds = { start: Date; end: Date };
/** The zone's offset from UTC in steps (`offsetSteps` of app/modules/shared/calendar.ts). */
export type OffsetSteps = readonly { until: number | null; offset: number }[];

const QUOTED_OR_LATER = sql.raw(`('quoted', 'ordered', 'fulfilled')`);
const ORDERED_OR_LATER = sql.raw(`('ordered', 'fulfilled')`);

const iso = (d: Date) => d.toISOString();
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/**
 * Index of the period a timestamp column falls in, as nested CASE expressions that halve the
 * periods at each level: a year of weeks costs six comparisons per row, not fifty-three.
 */
function periodIndex(column: string, periods: readonly Bounds[]): RawBuilder<number> {
  const ref = sql.ref(column);
  const pick = (from: number, to: number): RawBuilder<number> => {
    if (to - from <= 1) return sql<number>`${sql.lit(from)}`;
    const mid = Math.floor((from + to) / 2);
    return sql<number>`case when ${ref} < ${iso(periods[mid]!.start)} then ${pick(from, mid)} else ${pick(mid, to)} end`;
  };
  return pick(0, periods.length);
}

/** Whole seconds since the epoch of a timestamp column. */
function epochSeconds(engine: Engine, column: string): RawBuilder<number> {
  const ref = sql.ref(column);
  return engine === 'postgres'
    ? sql<number>`cast(floor(extract(epoch from ${ref})) as bigint)`
    : sql<number>`unixepoch(${ref})`;
}

/** Epoch seconds → seconds on the business's wall clock (the offset's CASE has a branch per DST change). */
function toLocal(seconds: RawBuilder<number>, steps: OffsetSteps): RawBuilder<number> {
  const ref = seconds;
  const last = steps[steps.length - 1]!;
  const branches = steps
    .filter((s) => s.until !== null)
    .map((s) => sql`when ${ref} < ${sql.lit(s.until)} then ${sql.lit(s.offset)}`);
  const offset = branches.length
    ? sql`case ${sql.join(branches, sql` `)} else ${sql.lit(last.offset)} end`
    : sql.lit(last.offset);
  return sql<number>`(${ref} + ${offset})`;
}

/** `openSecondsUntil` (app/modules/shared/business-hours.ts) in SQL, from a local day and second. */
function openSecondsUntil(
  hours: WeekHours,
  day: RawBuilder<unknown>,
  second: RawBuilder<unknown>,
): RawBuilder<number> {
  const weekday = sql`((${day} + ${sql.lit(EPOCH_WEEKDAY)}) % 7)`;
  const openBefore = openSecondsBefore(hours);
  const before = hours.map((_h, w) => sql`when ${sql.lit(w)} then ${sql.lit(openBefore[w]!)}`);
  const today = hours.map((h, w) =>
    h
      ? sql`when ${sql.lit(w)} then case when ${second} <= ${sql.lit(h.open)} then 0 when ${second} >= ${sql.lit(h.close)} then ${sql.lit(h.close - h.open)} else ${second} - ${sql.lit(h.open)} end`
      : sql`when ${sql.lit(w)} then 0`,
  );
  return sql<number>`(((${day} + ${sql.lit(EPOCH_WEEKDAY)}) / 7) * ${sql.lit(openBefore[7]!)}
    + case ${weekday} ${sql.join(before, sql` `)} end
    + case ${weekday} ${sql.join(today, sql` `)} end)`;
}

/** Interpolated percentile (tenths: 5 median, 9 90th) over `secs` ranked `rn` of `n` per group. */
function percentile(tenths: number): RawBuilder<number> {
  const k = sql.lit(tenths);
  const lo = sql`(((n - 1) * ${k}) / 10)`;
  const fraction = sql`((((n - 1) * ${k}) % 10) / 10.0)`;
  return sql<number>`sum(case when rn = ${lo} + 1 then secs * (1 - ${fraction}) when rn = ${lo} + 2 then secs * ${fraction} else 0 end)`;
}

/** Requests per period and source (web, sms). */
export async function countLeadsByPeriodAndSource(
  db: Kysely<DB>,
  range: Bounds,
  periods: readonly Bounds[],
): Promise<{ period: number; source: string; count: number }[]> {
  const { rows } = await sql<{ period: number; source: string; n: number }>`
    select period, source, count(*) as n
    from (
      select ${periodIndex('created_at', periods)} as period, source
      from leads where created_at >= ${iso(range.start)} and created_at < ${iso(range.end)}
    ) t
    group by period, source`.execute(db);
  return rows.map((r) => ({ period: num(r.period), source: r.source, count: num(r.n) }));
}

/**
 * Requests of each period and how many reached each stage (by status, quote or any status event);
 * periods without requests are absent.
 */
export async function countFunnelByPeriod(
  db: Kysely<DB>,
  range: Bounds,
  periods: readonly Bounds[],
): Promise<(Funnel & { period: number })[]> {
  const reached = (statuses: RawBuilder<unknown>) =>
    sql`exists (select 1 from lead_events e where e.lead_id = l.id and e.to_status in ${statuses})`;
  const { rows } = await sql<Record<keyof Funnel | 'period', unknown>>`
    select ${periodIndex('l.created_at', periods)} as period,
      count(*) as requests,
      sum(case when l.quoted_at is not null or l.status in ${QUOTED_OR_LATER} or ${reached(QUOTED_OR_LATER)} then 1 else 0 end) as quoted,
      sum(case when l.status in ${ORDERED_OR_LATER} or ${reached(ORDERED_OR_LATER)} then 1 else 0 end) as ordered,
      sum(case when l.status = 'fulfilled' or ${reached(sql.raw(`('fulfilled')`))} then 1 else 0 end) as fulfilled,
      sum(case when l.status = 'lost' then 1 else 0 end) as lost
    from leads l
    where l.created_at >= ${iso(range.start)} and l.created_at < ${iso(range.end)}
    group by 1`.execute(db);
  return rows.map((row) => ({
    period: num(row.period),
    requests: num(row.requests),
    quoted: num(row.quoted),
    ordered: num(row.ordered),
    fulfilled: num(row.fulfilled),
    lost: num(row.lost),
  }));
}

/**
 * The quotes followed up in each period (issue 30): per period, each lead with a follow-up in it,
 * and whether the customer accepted after one of that period's follow-ups (one that went out: not
 * one cancelled by the customer's earlier answer). A lead followed up in two periods is in both.
 */
export async function followUpsByPeriod(
  db: Kysely<DB>,
  range: Bounds,
  periods: readonly Bounds[],
): Promise<{ period: number; leadId: number; accepted: boolean }[]> {
  const { rows } = await sql<{ period: unknown; lead_id: unknown; accepted: unknown }>`
    select period, lead_id, max(accepted) as accepted
    from (
      select ${periodIndex('f.created_at', periods)} as period, f.lead_id,
        case when exists (
          select 1 from lead_events o
          where o.lead_id = f.lead_id and o.to_status = 'ordered' and o.created_at > f.created_at
        ) then 1 else 0 end as accepted
      from lead_events f
      where f.type = 'follow_up' and f.created_at >= ${iso(range.start)} and f.created_at < ${iso(range.end)}
        -- a follow-up cancelled before it went (the customer answered first) followed nothing up
        and exists (
          select 1 from outgoing_messages m
          where m.lead_id = f.lead_id and m.dedupe_key like 'lead:%:follow-up:%' and m.status <> 'cancelled'
        )
    ) t
    group by period, lead_id`.execute(db);
  return rows.map((r) => ({
    period: num(r.period),
    leadId: num(r.lead_id),
    accepted: num(r.accepted) === 1,
  }));
}

/** Lost leads of each period by reason (trimmed; null when none was given). */
export async function countLostReasons(
  db: Kysely<DB>,
  range: Bounds,
  periods: readonly Bounds[],
): Promise<{ period: number; reason: string | null; count: number }[]> {
  const { rows } = await sql<{ period: number; reason: string | null; n: number }>`
    select period, reason, count(*) as n
    from (
      select ${periodIndex('created_at', periods)} as period, nullif(trim(lost_reason), '') as reason
      from leads
      where status = 'lost' and created_at >= ${iso(range.start)} and created_at < ${iso(range.end)}
    ) t
    group by period, reason`.execute(db);
  return rows.map((r) => ({ period: num(r.period), reason: r.reason, count: num(r.n) }));
}

/**
 * The CTEs `locals` and `responses` (period, secs): business seconds from request to quote of the
 * range's quoted requests. MATERIALIZED: each step computed once per row; inlined, SQLite would
 * parse both timestamps again in every branch of the CASE expressions built on them.
 */
function responseSeconds(
  engine: Engine,
  range: Bounds,
  periods: readonly Bounds[],
  steps: OffsetSteps,
  hours: WeekHours,
) {
  return sql`
    locals as materialized (
      select ${periodIndex('created_at', periods)} as period,
        ${toLocal(epochSeconds(engine, 'created_at'), steps)} as c_local,
        ${toLocal(epochSeconds(engine, 'quoted_at'), steps)} as q_local
      from leads
      where created_at >= ${iso(range.start)} and created_at < ${iso(range.end)}
        and quoted_at is not null and quoted_at >= created_at
    ),
    responses as materialized (
      select period,
        ${openSecondsUntil(hours, sql`(q_local / 86400)`, sql`(q_local - (q_local / 86400) * 86400)`)}
        - ${openSecondsUntil(hours, sql`(c_local / 86400)`, sql`(c_local - (c_local / 86400) * 86400)`)} as secs
      from locals
    )`;
}

/**
 * Business minutes from request to quote of the range's quoted requests, per period of the
 * request and (period −1) over the whole range: how many, median and 90th percentile. Periods
 * without quotes are absent.
 */
export async function responseTimesByPeriod(
  db: Kysely<DB>,
  engine: Engine,
  range: Bounds,
  periods: readonly Bounds[],
  steps: OffsetSteps,
  /** the opening hours in force (the owner's Settings): only open minutes count */
  hours: WeekHours,
): Promise<(ResponseFigures & { period: number })[]> {
  const { rows } = await sql<{ period: number; quotes: number; median: number; p90: number }>`
    with ${responseSeconds(engine, range, periods, steps, hours)},
    ranked as (
      select period, secs,
        row_number() over (partition by period order by secs) as rn,
        count(*) over (partition by period) as n
      from responses
      union all
      select -1 as period, secs, row_number() over (order by secs) as rn, count(*) over () as n
      from responses
    )
    select period, count(*) as quotes, ${percentile(5)} as median, ${percentile(9)} as p90
    from ranked
    group by period, n`.execute(db);
  return rows.map((r) => ({
    period: num(r.period),
    quotes: num(r.quotes),
    median: num(r.median) / 60,
    p90: num(r.p90) / 60,
  }));
}

/** Each quoted request's business seconds from request to quote, by period of the request. */
export async function responseSecondsByPeriod(
  db: Kysely<DB>,
  engine: Engine,
  range: Bounds,
  periods: readonly Bounds[],
  steps: OffsetSteps,
  hours: WeekHours,
): Promise<{ period: number; secs: number }[]> {
  const { rows } = await sql<{ period: unknown; secs: unknown }>`
    with ${responseSeconds(engine, range, periods, steps, hours)}
    select period, secs from responses`.execute(db);
  return rows.map((r) => ({ period: num(r.period), secs: num(r.secs) }));
}

/**
 * Orders placed in the range per period: a lead's order time is its first event to ordered (or
 * straight to fulfilled); leads lost afterwards do not count (as on the summary card).
 */
export async function sumOrdersByPeriod(
  db: Kysely<DB>,
  range: Bounds,
  periods: readonly Bounds[],
): Promise<{ period: number; orders: number; revenue: number; profit: number; costedRevenue: number }[]> {
  const { rows } = await sql<{
    period: number;
    orders: number;
    revenue: number;
    profit: number;
    costed: number;
  }>`
    with orders as materialized (
      -- the first event of each lead that moved it to ordered (or straight to fulfilled), when it
      -- lies in the range: found from the range's events (lead_events_status_created_idx)
      select l.sell_price, l.cost, e.created_at as ordered_at
      from lead_events e
      join leads l on l.id = e.lead_id
      where e.to_status in ${ORDERED_OR_LATER}
        and e.created_at >= ${iso(range.start)} and e.created_at < ${iso(range.end)}
        and l.status in ${ORDERED_OR_LATER}
        and not exists (
          select 1 from lead_events p
          where p.lead_id = e.lead_id and p.to_status in ${ORDERED_OR_LATER}
            and (p.created_at < e.created_at or (p.created_at = e.created_at and p.id < e.id))
        )
    )
    select period, count(*) as orders,
      coalesce(sum(sell_price), 0) as revenue,
      coalesce(sum(case when cost is not null and sell_price is not null then sell_price - cost end), 0) as profit,
      coalesce(sum(case when cost is not null and sell_price is not null then sell_price end), 0) as costed
    from (
      select ${periodIndex('ordered_at', periods)} as period, sell_price, cost
      from orders
    ) t
    group by period`.execute(db);
  return rows.map((r) => ({
    period: num(r.period),
    orders: num(r.orders),
    revenue: num(r.revenue),
    profit: num(r.profit),
    costedRevenue: num(r.costed),
  }));
}

/** Quote-button clicks per period and button location. */
export async function countClicksByPeriodAndLocation(
  db: Kysely<DB>,
  range: Bounds,
  periods: readonly Bounds[],
): Promise<{ period: number; location: string; count: number }[]> {
  const { rows } = await sql<{ period: number; location: string; n: number }>`
    select period, location, count(*) as n
    from (
      select ${periodIndex('created_at', periods)} as period, button_location as location
      from click_events where created_at >= ${iso(range.start)} and created_at < ${iso(range.end)}
    ) t
    group by period, location`.execute(db);
  return rows.map((r) => ({ period: num(r.period), location: r.location, count: num(r.n) }));
}

/** Requests of each period per value of one field (values left empty are not counted). */
export async function countLeadsBy(
  db: Kysely<DB>,
  range: Bounds,
  field: 'part_category' | 'equipment' | 'city',
  periods: readonly Bounds[],
): Promise<{ period: number; key: string; count: number }[]> {
  const { rows } = await sql<{ period: unknown; key: unknown; n: unknown }>`
    select period, key, count(*) as n
    from (
      select ${periodIndex('created_at', periods)} as period, ${sql.ref(field)} as key
      from leads
      where created_at >= ${iso(range.start)} and created_at < ${iso(range.end)}
        and ${sql.ref(field)} is not null and ${sql.ref(field)} <> ''
    ) t
    group by period, key`.execute(db);
  return rows.map((r) => ({ period: num(r.period), key: String(r.key), count: num(r.n) }));
}

/**
 * What the orders placed in the range earned (issue 29), per period of their first part ordered:
 * the sell price, the cost the quote counted on (the lines' quoted costs) and, over the orders
 * whose every line has its actual cost, what the parts really cost.
 */
export async function orderMarginsByPeriod(
  db: Kysely<DB>,
  range: Bounds,
  periods: readonly Bounds[],
): Promise<
  {
    period: number;
    orders: number;
    revenue: number;
    quotedCost: number;
    costedRevenue: number;
    actualCost: number;
  }[]
> {
  const { rows } = await sql<{
    period: number;
    orders: number;
    revenue: number;
    quoted: number;
    costed: number;
    actual: number;
  }>`
    with o as (
      select l.sell_price as sell, min(ol.ordered_at) as ordered_at,
        sum(ol.quoted_cost) as quoted, sum(ol.actual_cost) as actual,
        count(ol.actual_cost) as with_cost, count(*) as parts
      from order_lines ol
      join leads l on l.id = ol.lead_id
      where ol.ordered_at >= ${iso(range.start)} and ol.ordered_at < ${iso(range.end)}
        and l.sell_price is not null
      group by ol.lead_id, l.sell_price
    )
    select period, count(*) as orders, coalesce(sum(sell), 0) as revenue,
      coalesce(sum(quoted), 0) as quoted,
      coalesce(sum(case when with_cost = parts then sell end), 0) as costed,
      coalesce(sum(case when with_cost = parts then actual end), 0) as actual
    from (
      select ${periodIndex('ordered_at', periods)} as period, sell, quoted, actual, with_cost, parts
      from o
    ) t
    group by period`.execute(db);
  return rows.map((r) => ({
    period: num(r.period),
    orders: num(r.orders),
    revenue: num(r.revenue),
    quotedCost: num(r.quoted),
    costedRevenue: num(r.costed),
    actualCost: num(r.actual),
  }));
}

/** The parts that arrived in the range, with their supplier, order time and promised day. */
export async function arrivalsBySupplier(
  db: Kysely<DB>,
  range: Bounds,
): Promise<
  { supplierId: number; supplier: string; orderedAt: Date; arrivedAt: Date; promisedDate: string | null }[]
> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('suppliers', 'suppliers.id', 'order_lines.supplier_id')
    .select([
      'suppliers.id',
      'suppliers.name',
      'order_lines.ordered_at',
      'order_lines.arrived_at',
      'order_lines.promised_date',
    ])
    .where('order_lines.arrived_at', '>=', iso(range.start))
    .where('order_lines.arrived_at', '<', iso(range.end))
    .where('order_lines.ordered_at', 'is not', null)
    .execute();
  return rows.map((r) => ({
    supplierId: r.id,
    supplier: r.name,
    orderedAt: new Date(r.ordered_at!),
    arrivedAt: new Date(r.arrived_at!),
    promisedDate: r.promised_date,
  }));
}
