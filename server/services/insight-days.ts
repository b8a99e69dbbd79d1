/**
 * The insights' per-day rollups (issue 32, decision 0163; tables of migration 0015): each
 * America/Winnipeg day's figures, computed from the raw rows by the SQL of db/repo/insights.ts with
 * the day as the period, kept in `insight_days` and recomputed when triggers mark the day stale.
 * A range's figures are then the sum of its days (`aggregatesOfDays`): a year is 365 small rows
 * instead of a year of leads, events, orders and clicks.
 */
import { LRUCache } from 'lru-cache';
import {
  percentileOfSorted,
  type Funnel,
  type InsightPeriods,
  type LostReason,
  type Period,
} from '#app/modules/insights/insights.ts';
import { businessDay } from '#app/modules/orders/order-timing.ts';
import { offsetSteps, zonedMidnight } from '#app/modules/shared/calendar.ts';
import type { Engine } from '../db/engine.ts';
import {
  arrivalsBySupplier,
  countClicksByPeriodAndLocation,
  countFunnelByPeriod,
  countLeadsBy,
  countLeadsByPeriodAndSource,
  countLostReasons,
  followUpsByPeriod,
  orderMarginsByPeriod,
  responseSecondsByPeriod,
  sumOrdersByPeriod,
  type Bounds,
} from '../db/repo/insights.ts';
import {
  anyStaleDate,
  daysBetween,
  insightVersion,
  supplierNames,
  takeStaleDates,
  writeDays,
} from '../db/repo/insight-days.ts';
import type { Db, Tx } from '../db/schema.ts';
import type { WeekHours } from '#app/modules/site/opening-hours.ts';

const DAY_MS = 86_400_000;
/** The longest run of days one set of queries computes (a year of days in one CASE is fine). */
const DAYS_PER_RUN = 400;

type PeriodRow<T> = T & { period: number };

/**
 * What the figures are made of: the rows of db/repo/insights.ts over a range, by its weeks and
 * months (`period`: their index; −1 for the whole range's response times). Computed from the raw
 * rows (`aggregatesOfRows` of server/services/insights.ts, the reference) or summed from the days'
 * rollups (`aggregatesOfDays`, what the page reads): the two are the same.
 */
export type Aggregates = {
  bySource: PeriodRow<{ source: string; count: number }>[];
  funnel: Funnel;
  reasons: LostReason[];
  responses: PeriodRow<{ quotes: number; median: number | null; p90: number | null }>[];
  orders: PeriodRow<{ orders: number; revenue: number; profit: number; costedRevenue: number }>[];
  clicks: PeriodRow<{ location: string; count: number }>[];
  categories: { key: string; count: number }[];
  equipment: { key: string; count: number }[];
  cities: { key: string; count: number }[];
  margins: PeriodRow<{
    orders: number;
    revenue: number;
    quotedCost: number;
    costedRevenue: number;
    actualCost: number;
  }>[];
  /** the parts that arrived: days from ordered to arrived, on time by their promised day (null: none) */
  arrivals: { supplier: string; days: number; onTime: boolean | null }[];
  followUps: { quotes: number; accepted: number };
};

type Counts = Record<string, number>;

/** One day's figures, stored as JSON in `insight_days`. Sums of days are the range's figures. */
export type DayFigures = {
  /** requests by source */
  sources: Counts;
  funnel: Funnel;
  /** lost requests by reason (null: none given) */
  lost: [string | null, number][];
  /** business seconds from request to quote of each quoted request */
  responses: number[];
  orders: { orders: number; revenue: number; profit: number; costedRevenue: number };
  clicks: Counts;
  categories: Counts;
  equipment: Counts;
  cities: Counts;
  margins: { orders: number; revenue: number; quotedCost: number; costedRevenue: number; actualCost: number };
  /** parts arrived: supplier id, days from ordered to arrived, on time (1, 0, null: no promised day) */
  arrivals: [number, number, 1 | 0 | null][];
  /** leads followed up: id, accepted after a follow-up of this day (1) */
  followUps: [number, 1 | 0][];
};

function emptyDay(): DayFigures {
  return {
    sources: {},
    funnel: { requests: 0, quoted: 0, ordered: 0, fulfilled: 0, lost: 0 },
    lost: [],
    responses: [],
    orders: { orders: 0, revenue: 0, profit: 0, costedRevenue: 0 },
    clicks: {},
    categories: {},
    equipment: {},
    cities: {},
    margins: { orders: 0, revenue: 0, quotedCost: 0, costedRevenue: 0, actualCost: 0 },
    arrivals: [],
    followUps: [],
  };
}

const add = (counts: Counts, key: string, n: number) => {
  counts[key] = (counts[key] ?? 0) + n;
};
const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const nextKey = (key: string, days = 1) => dayKey(new Date(Date.parse(`${key}T00:00:00Z`) + days * DAY_MS));

/** A local day as a period: its local midnight to the next. */
function dayPeriod(key: string): Period {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const [ny, nm, nd] = nextKey(key).split('-').map(Number) as [number, number, number];
  return { key, start: zonedMidnight(y, m, d), end: zonedMidnight(ny, nm, nd) };
}

/**
 * The local days a UTC date's rows fall in: that date and the one before (Winnipeg is 5 or 6 hours
 * behind UTC, so an instant of UTC date D is local D or D − 1).
 */
export function localDaysOf(utcDates: readonly string[]): string[] {
  const days = new Set<string>();
  for (const date of utcDates) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    days.add(nextKey(date, -1));
    days.add(date);
  }
  return [...days].sort();
}

/** Sorted day keys in runs of consecutive days, each at most `DAYS_PER_RUN` long. */
function runsOf(days: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.length < DAYS_PER_RUN && nextKey(run.at(-1)!) === day) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** The figures of the given local days, computed from the raw rows (days without any are absent). */
export async function computeDays(
  db: Db,
  engine: Engine,
  days: readonly string[],
  now: Date,
  /** the opening hours in force when the day is rolled up: its response times count open minutes */
  hours: WeekHours,
): Promise<Map<string, DayFigures>> {
  const out = new Map<string, DayFigures>();
  for (const run of runsOf(days)) {
    const periods = run.map(dayPeriod);
    const range: Bounds = { start: periods[0]!.start, end: periods.at(-1)!.end };
    // quotes of the run's requests can come up to now; a day either side covers every instant
    const to = Math.max(now.getTime(), range.end.getTime()) + DAY_MS;
    const steps = offsetSteps(new Date(range.start.getTime() - DAY_MS), new Date(to));
    const [
      sources,
      funnels,
      lost,
      responses,
      orders,
      clicks,
      categories,
      equipment,
      cities,
      margins,
      arrivals,
      followUps,
    ] = await Promise.all([
      countLeadsByPeriodAndSource(db, range, periods),
      countFunnelByPeriod(db, range, periods),
      countLostReasons(db, range, periods),
      responseSecondsByPeriod(db, engine, range, periods, steps, hours),
      sumOrdersByPeriod(db, range, periods),
      countClicksByPeriodAndLocation(db, range, periods),
      countLeadsBy(db, range, 'part_category', periods),
      countLeadsBy(db, range, 'equipment', periods),
      countLeadsBy(db, range, 'city', periods),
      orderMarginsByPeriod(db, range, periods),
      arrivalsBySupplier(db, range),
      followUpsByPeriod(db, range, periods),
    ]);
    const day = (period: number) => {
      const key = run[period]!;
      let figures = out.get(key);
      if (!figures) out.set(key, (figures = emptyDay()));
      return figures;
    };
    for (const r of sources) add(day(r.period).sources, r.source, r.count);
    for (const { period, ...funnel } of funnels) day(period).funnel = funnel;
    for (const r of lost) day(r.period).lost.push([r.reason, r.count]);
    for (const r of responses) day(r.period).responses.push(r.secs);
    for (const { period, ...figures } of orders) day(period).orders = figures;
    for (const r of clicks) add(day(r.period).clicks, r.location, r.count);
    for (const r of categories) add(day(r.period).categories, r.key, r.count);
    for (const r of equipment) add(day(r.period).equipment, r.key, r.count);
    for (const r of cities) add(day(r.period).cities, r.key, r.count);
    for (const { period, ...figures } of margins) day(period).margins = figures;
    for (const a of arrivals) {
      const arrival = arrivalOf(a);
      const period = run.indexOf(businessDay(a.arrivedAt));
      if (period < 0) continue;
      day(period).arrivals.push([
        a.supplierId,
        arrival.days,
        arrival.onTime === null ? null : arrival.onTime ? 1 : 0,
      ]);
    }
    for (const f of followUps) day(f.period).followUps.push([f.leadId, f.accepted ? 1 : 0]);
  }
  return out;
}

/** One part's arrival as the supplier figures count it: days taken, and on time by its promised day. */
export function arrivalOf(a: { orderedAt: Date; arrivedAt: Date; promisedDate: string | null }): {
  days: number;
  onTime: boolean | null;
} {
  return {
    days: (a.arrivedAt.getTime() - a.orderedAt.getTime()) / DAY_MS,
    onTime: a.promisedDate === null ? null : businessDay(a.arrivedAt) <= a.promisedDate,
  };
}

/**
 * Marks taken per transaction: a month of dates. After a bulk load, or migration 0015 on years of
 * history, every date is marked; one transaction over all of them held SQLite's one connection for
 * seconds (scripts/bench-customers.ts saw a page answer nothing for 5 s). In chunks, the
 * requests waiting get the connection between two.
 */
const DATES_PER_REFRESH = 31;

/**
 * Recomputes the days whose rows changed (marked in `insight_stale` by migration 0015's triggers),
 * so what is read next is what the raw rows say: all of them (a view), or at most `chunks`
 * transactions of them (the minutely pass: after a bulk load it builds a month of dates a minute,
 * some 150 ms, instead of holding SQLite's connection for seconds; scripts/bench-customers.ts saw
 * the pages answer nothing for 5 s while one pass built two years). One process at a time
 * (PostgreSQL: an advisory lock); marks a writer still holds are left for the next refresh.
 * Returns the days recomputed.
 */
export async function refreshDays(
  db: Db,
  engine: Engine,
  now: Date,
  hours: WeekHours,
  chunks = Number.POSITIVE_INFINITY,
): Promise<number> {
  let recomputed = 0;
  for (let chunk = 0; chunk < chunks; chunk++) {
    if (!(await anyStaleDate(db))) return recomputed;
    const { days, marks } = await db.transaction().execute((trx) => refreshSome(trx, engine, now, hours));
    recomputed += days;
    if (marks < DATES_PER_REFRESH) return recomputed;
    // the requests that came in meanwhile go first
    await new Promise((resolve) => setImmediate(resolve));
  }
  return recomputed;
}

/** One chunk of `refreshDays`: the days of up to DATES_PER_REFRESH marks, in the caller's transaction. */
async function refreshSome(
  trx: Tx,
  engine: Engine,
  now: Date,
  hours: WeekHours,
): Promise<{ days: number; marks: number }> {
  const stale = await takeStaleDates(trx, engine, DATES_PER_REFRESH);
  const days = localDaysOf(stale);
  if (!days.length) return { days: 0, marks: stale.length };
  const figures = await computeDays(trx, engine, days, now, hours);
  const json = new Map([...figures].map(([day, f]) => [day, JSON.stringify(f)]));
  await writeDays(
    trx,
    json,
    days.filter((d) => !figures.has(d)),
  );
  return { days: days.length, marks: stale.length };
}

/** A range's days summed: the aggregates, with the arrivals' suppliers still as ids. */
type Summed = Omit<Aggregates, 'arrivals'> & {
  arrivals: { supplierId: number; days: number; onTime: boolean | null }[];
};

/**
 * Sums made, by range and `insight_version`: a range whose days no refresh has changed since is
 * not summed again (the sum of a year is some 15 ms of parsing and adding; four staff looking at
 * once queued on it). Any process's refresh moves the version, so a sum is never served past a
 * change; suppliers are named at each read, so a renamed one shows at once. One cache per
 * database handle (a test process opens many databases, each with versions of its own).
 */
const sumsOf = new WeakMap<Db, LRUCache<string, Summed>>();

/** The range's figures, summed from its days' rollups: the same rows the raw queries give. */
export async function aggregatesOfDays(db: Db, periods: InsightPeriods): Promise<Aggregates> {
  const [version, supplierName] = await Promise.all([insightVersion(db), supplierNames(db)]);
  const key = `${periods.from} ${periods.to} ${version}`;
  let sums = sumsOf.get(db);
  if (!sums) sumsOf.set(db, (sums = new LRUCache<string, Summed>({ max: 16 })));
  let summed = sums.get(key);
  if (!summed) {
    summed = sumDays(await daysBetween(db, periods.from, periods.to), periods);
    sums.set(key, summed);
  }
  return {
    ...summed,
    arrivals: summed.arrivals.flatMap(({ supplierId, ...arrival }) => {
      const supplier = supplierName.get(supplierId);
      return supplier === undefined ? [] : [{ supplier, ...arrival }];
    }),
  };
}

/** Adds up days' figures by the range's weeks and months. */
function sumDays(rows: readonly { day: string; figures: string }[], periods: InsightPeriods): Summed {
  // a day's week is the one of its Monday (weeks are named by theirs), its month the one of its YYYY-MM
  const weekOf = new Map(periods.weeks.map((w, i) => [w.key, i]));
  const monthOf = new Map(periods.months.map((m, i) => [m.key, i]));
  const mondayOf = (day: string) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return nextKey(day, -((weekday + 6) % 7));
  };

  const bySource = new Map<string, { period: number; source: string; count: number }>();
  const funnel: Funnel = { requests: 0, quoted: 0, ordered: 0, fulfilled: 0, lost: 0 };
  const reasons = new Map<string | null, number>();
  const secondsByWeek = periods.weeks.map((): number[] => []);
  const orders = periods.months.map((_m, period) => ({
    period,
    orders: 0,
    revenue: 0,
    profit: 0,
    costedRevenue: 0,
  }));
  const margins = periods.months.map((_m, period) => ({
    period,
    orders: 0,
    revenue: 0,
    quotedCost: 0,
    costedRevenue: 0,
    actualCost: 0,
  }));
  const clicks = new Map<string, { period: number; location: string; count: number }>();
  const categories = new Map<string, number>();
  const equipment = new Map<string, number>();
  const cities = new Map<string, number>();
  const arrivals: Summed['arrivals'] = [];
  const followedUp = new Set<number>();
  const accepted = new Set<number>();
  const addAll = (into: Map<string, number>, counts: Counts) => {
    for (const key in counts) into.set(key, (into.get(key) ?? 0) + counts[key]!);
  };

  for (const row of rows) {
    const f = JSON.parse(row.figures) as DayFigures;
    const week = weekOf.get(mondayOf(row.day))!;
    const month = monthOf.get(row.day.slice(0, 7))!;
    for (const source in f.sources) {
      const entry = bySource.get(`${week} ${source}`) ?? { period: week, source, count: 0 };
      entry.count += f.sources[source]!;
      bySource.set(`${week} ${source}`, entry);
    }
    for (const stage of Object.keys(funnel) as (keyof Funnel)[]) funnel[stage] += f.funnel[stage];
    for (const [reason, count] of f.lost) reasons.set(reason, (reasons.get(reason) ?? 0) + count);
    secondsByWeek[week]!.push(...f.responses);
    for (const key of ['orders', 'revenue', 'profit', 'costedRevenue'] as const)
      orders[month]![key] += f.orders[key];
    for (const key of ['orders', 'revenue', 'quotedCost', 'costedRevenue', 'actualCost'] as const) {
      margins[month]![key] += f.margins[key];
    }
    for (const location in f.clicks) {
      const entry = clicks.get(`${week} ${location}`) ?? { period: week, location, count: 0 };
      entry.count += f.clicks[location]!;
      clicks.set(`${week} ${location}`, entry);
    }
    addAll(categories, f.categories);
    addAll(equipment, f.equipment);
    addAll(cities, f.cities);
    for (const [supplierId, days, onTime] of f.arrivals) {
      arrivals.push({ supplierId, days, onTime: onTime === null ? null : onTime === 1 });
    }
    for (const [leadId, yes] of f.followUps) {
      followedUp.add(leadId);
      if (yes) accepted.add(leadId);
    }
  }

  const responseFigures = (seconds: number[], period: number) => {
    // (a typed array sorts numbers as numbers, without a comparator call per step)
    const sorted = Float64Array.from(seconds).sort();
    return {
      period,
      quotes: sorted.length,
      median: percentileOfSorted(sorted, 5)! / 60,
      p90: percentileOfSorted(sorted, 9)! / 60,
    };
  };
  const all = secondsByWeek.flat();
  const listed = (counts: Map<string, number>) => [...counts].map(([key, count]) => ({ key, count }));
  return {
    bySource: [...bySource.values()],
    funnel,
    reasons: [...reasons].map(([reason, count]) => ({ reason, count })),
    responses: [
      ...(all.length ? [responseFigures(all, -1)] : []),
      ...secondsByWeek.flatMap((seconds, week) => (seconds.length ? [responseFigures(seconds, week)] : [])),
    ],
    orders: orders.filter((o) => o.orders > 0),
    clicks: [...clicks.values()],
    categories: listed(categories),
    equipment: listed(equipment),
    cities: listed(cities),
    margins: margins.filter((m) => m.orders > 0),
    arrivals,
    followUps: { quotes: followedUp.size, accepted: accepted.size },
  };
}
