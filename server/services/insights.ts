/**
 * Insights for staff (issue 16; /admin/insights and GET /api/admin/insights; definitions in
 * docs/stats.md): leads per week by source, the funnel, response time in business hours, revenue
 * per month, quote-button clicks and the most requested categories, equipment and cities, over
 * the last 30, 90 or 365 local days. Every figure is aggregated in SQL (db/repo/insights.ts); this
 * service lays the periods out, fills the empty ones and puts names on slugs.
 */
import {
  DEFAULT_INSIGHT_RANGE,
  INSIGHT_RANGE_MESSAGE,
  insightPeriods,
  isInsightRange,
  PROMISED_RESPONSE_MINUTES,
  percentileOfSorted,
  rate,
  type MonthMargin,
  type SupplierFigures,
  TOP_LIMIT,
  type InsightPeriods,
  type InsightRange,
  type Insights,
  type LostReason,
  type Ranked,
  withoutMoney,
} from '#app/modules/insights/insights.ts';
import { EQUIPMENT_TYPES } from '#app/modules/leads/lead-request.ts';
import { offsetSteps } from '#app/modules/shared/calendar.ts';
import { toCsv } from '#app/modules/shared/csv.ts';
import {
  arrivalsBySupplier,
  countClicksByPeriodAndLocation,
  countFunnelByPeriod,
  followUpsByPeriod,
  countLeadsBy,
  countLeadsByPeriodAndSource,
  countLostReasons,
  orderMarginsByPeriod,
  responseTimesByPeriod,
  sumOrdersByPeriod,
} from '../db/repo/insights.ts';
import { aggregatesOfDays, arrivalOf, refreshDays, type Aggregates } from './insight-days.ts';
import { AppError } from '../errors.ts';
import type { ServiceDeps } from './context.ts';
import { INSIGHTS_CSV_HEADER, insightsCsvRows } from '#app/modules/insights/insights-csv.ts';
import type { WeekHours } from '#app/modules/site/opening-hours.ts';
import { allowed } from '#app/modules/site/shop-settings.ts';
import type { SessionUser } from './auth.ts';
import type { CityPagesService } from './city-pages.ts';
import type { ReferenceService } from './reference.ts';

const DAY_MS = 86_400_000;
/** Lost reasons beyond the most frequent ones are summed under this label. */
export const OTHER_REASONS = 'Other reasons';

/** The most frequent first; ties by key (the same order on both engines, whatever their collation). */
function ranked(rows: { key: string; count: number }[], label: (key: string) => string): Ranked[] {
  return [...rows]
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, TOP_LIMIT)
    .map((r) => ({ key: r.key, label: label(r.key), count: r.count }));
}

function topReasons(rows: LostReason[]): LostReason[] {
  const sorted = [...rows].sort(
    (a, b) => b.count - a.count || (a.reason ?? '').localeCompare(b.reason ?? '', 'en'),
  );
  if (sorted.length <= TOP_LIMIT) return sorted;
  const kept = sorted.slice(0, TOP_LIMIT - 1);
  const rest = sorted.slice(TOP_LIMIT - 1).reduce((sum, r) => sum + r.count, 0);
  return [...kept, { reason: OTHER_REASONS, count: rest }];
}

export function parseInsightRange(value: unknown): InsightRange {
  if (value === undefined || value === '') return DEFAULT_INSIGHT_RANGE;
  if (!isInsightRange(value)) {
    throw new AppError(400, INSIGHT_RANGE_MESSAGE, { fieldErrors: { range: [INSIGHT_RANGE_MESSAGE] } });
  }
  return value;
}

/** Each month's quoted and real margin (issue 29). */
function monthMargins(
  months: readonly { key: string }[],
  rows: Awaited<ReturnType<typeof orderMarginsByPeriod>>,
): MonthMargin[] {
  return months.map((m, i) => {
    const row = rows.find((r) => r.period === i);
    return {
      month: m.key,
      orders: row?.orders ?? 0,
      quoted: row ? rate(row.revenue - row.quotedCost, row.revenue) : null,
      actual: row ? rate(row.costedRevenue - row.actualCost, row.costedRevenue) : null,
    };
  });
}

/** Per supplier: parts arrived, the share by their promised day (Winnipeg), median days taken. */
function supplierFigures(arrivals: Aggregates['arrivals']): SupplierFigures[] {
  const bySupplier = new Map<string, Aggregates['arrivals']>();
  for (const a of arrivals) bySupplier.set(a.supplier, [...(bySupplier.get(a.supplier) ?? []), a]);
  return [...bySupplier]
    .map(([supplier, parts]) => {
      const promised = parts.filter((p) => p.onTime !== null);
      const onTime = promised.filter((p) => p.onTime).length;
      const days = parts.map((p) => p.days).sort((a, b) => a - b);
      return {
        supplier,
        arrived: parts.length,
        onTime: rate(onTime, promised.length),
        medianDays: percentileOfSorted(days, 5),
      };
    })
    .sort((a, b) => b.arrived - a.arrived || a.supplier.localeCompare(b.supplier));
}

/** The range's aggregates straight from the raw rows: the reference the rollups are checked against. */
export async function aggregatesOfRows(
  { db, engine }: Pick<ServiceDeps, 'db' | 'engine'>,
  periods: InsightPeriods,
  at: Date,
  hours: WeekHours,
): Promise<Aggregates> {
  const bounds = { start: periods.start, end: periods.end };
  const whole = [bounds];
  // quotes of the range's requests can come up to now; a day either side covers every instant
  const steps = offsetSteps(new Date(periods.start.getTime() - DAY_MS), new Date(at.getTime() + DAY_MS));
  const [
    bySource,
    funnel,
    reasons,
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
    countLeadsByPeriodAndSource(db, bounds, periods.weeks),
    countFunnelByPeriod(db, bounds, whole),
    countLostReasons(db, bounds, whole),
    responseTimesByPeriod(db, engine, bounds, periods.weeks, steps, hours),
    sumOrdersByPeriod(db, bounds, periods.months),
    countClicksByPeriodAndLocation(db, bounds, periods.weeks),
    countLeadsBy(db, bounds, 'part_category', whole),
    countLeadsBy(db, bounds, 'equipment', whole),
    countLeadsBy(db, bounds, 'city', whole),
    orderMarginsByPeriod(db, bounds, periods.months),
    arrivalsBySupplier(db, bounds),
    followUpsByPeriod(db, bounds, whole),
  ]);
  const { period: _period, ...counts } = funnel[0] ?? {
    period: 0,
    requests: 0,
    quoted: 0,
    ordered: 0,
    fulfilled: 0,
    lost: 0,
  };
  const keyed = (rows: { key: string; count: number }[]) => rows.map(({ key, count }) => ({ key, count }));
  return {
    bySource,
    funnel: counts,
    reasons: reasons.map(({ reason, count }) => ({ reason, count })),
    responses,
    orders,
    clicks,
    categories: keyed(categories),
    equipment: keyed(equipment),
    cities: keyed(cities),
    margins,
    arrivals: arrivals.map((a) => ({ supplier: a.supplier, ...arrivalOf(a) })),
    followUps: {
      quotes: followUps.length,
      accepted: followUps.filter((f) => f.accepted).length,
    },
  };
}

export function insightsService(
  { db, engine, now, shop }: ServiceDeps,
  { cityPages, reference }: { cityPages: CityPagesService; reference: ReferenceService },
) {
  /**
   * The figures of a range, from the days' rollups: the days whose rows changed since are
   * recomputed first, so they are always what the raw rows say.
   */
  async function insights(rangeInput: unknown, viewer: Pick<SessionUser, 'role'>): Promise<Insights> {
    const range = parseInsightRange(rangeInput);
    const at = now();
    const periods = insightPeriods(at, range);
    await refreshDays(db, engine, at, shop.current().hours);
    const figures = await shape(range, periods, await aggregatesOfDays(db, periods));
    // revenue, profit and margins are the owner's unless the owner shares them (decision 0204)
    return allowed(shop.current(), viewer, 'seeMoney') ? figures : withoutMoney(figures);
  }

  /** The figures as the raw rows give them, without the rollups (the tests' reference). */
  async function insightsOfRows(rangeInput: unknown): Promise<Insights> {
    const range = parseInsightRange(rangeInput);
    const at = now();
    const periods = insightPeriods(at, range);
    return shape(range, periods, await aggregatesOfRows({ db, engine }, periods, at, shop.current().hours));
  }

  async function shape(
    range: InsightRange,
    periods: InsightPeriods,
    aggregates: Aggregates,
  ): Promise<Insights> {
    const { bySource, funnel, reasons, responses, orders, clicks, margins, arrivals, followUps } = aggregates;
    const [categories, cities, indexable] = await Promise.all([
      reference.listCategories(),
      reference.listCities(),
      cityPages.indexablePages(),
    ]);

    const overall = responses.find((r) => r.period === -1);
    const weeks = periods.weeks.map((w, i) => ({
      week: w.key,
      web: bySource.find((r) => r.period === i && r.source === 'web')?.count ?? 0,
      sms: bySource.find((r) => r.period === i && r.source === 'sms')?.count ?? 0,
    }));
    const web = weeks.reduce((s, w) => s + w.web, 0);
    const sms = weeks.reduce((s, w) => s + w.sms, 0);

    const months = periods.months.map((m, i) => {
      const row = orders.find((r) => r.period === i);
      return {
        month: m.key,
        orders: row?.orders ?? 0,
        revenue: row?.revenue ?? 0,
        profit: row?.profit ?? 0,
        margin: row ? rate(row.profit, row.costedRevenue) : null,
      };
    });
    const profit = orders.reduce((s, r) => s + r.profit, 0);
    const costedRevenue = orders.reduce((s, r) => s + r.costedRevenue, 0);

    const locationTotals = new Map<string, number>();
    for (const c of clicks) locationTotals.set(c.location, (locationTotals.get(c.location) ?? 0) + c.count);
    const locations = [...locationTotals.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([location]) => location);
    const clickWeeks = periods.weeks.map((w, i) => {
      const byLocation = Object.fromEntries(
        clicks.filter((c) => c.period === i).map((c) => [c.location, c.count]),
      );
      return { week: w.key, total: Object.values(byLocation).reduce((s, n) => s + n, 0), byLocation };
    });
    const totalClicks = clickWeeks.reduce((s, w) => s + w.total, 0);

    const categoryName = new Map(categories.map((c) => [c.slug, c.name]));
    const cityName = new Map(cities.map((c) => [c.slug, c.name]));
    const indexedCities = new Set(indexable.map((p) => p.city));
    const equipmentName = new Map<string, string>(EQUIPMENT_TYPES.map((e) => [e.value, e.label]));

    return {
      range,
      from: periods.from,
      to: periods.to,
      promisedResponseMinutes: PROMISED_RESPONSE_MINUTES,
      leads: { total: web + sms, web, sms, weeks },
      funnel,
      followUps,
      lostReasons: topReasons(reasons),
      response: {
        quotes: overall?.quotes ?? 0,
        median: overall?.median ?? null,
        p90: overall?.p90 ?? null,
        weeks: periods.weeks.map((w, i) => {
          const row = responses.find((r) => r.period === i);
          return {
            week: w.key,
            quotes: row?.quotes ?? 0,
            median: row?.median ?? null,
            p90: row?.p90 ?? null,
          };
        }),
      },
      revenue: {
        orders: orders.reduce((s, r) => s + r.orders, 0),
        revenue: orders.reduce((s, r) => s + r.revenue, 0),
        profit,
        margin: rate(profit, costedRevenue),
        months,
      },
      orders: { margins: monthMargins(periods.months, margins), suppliers: supplierFigures(arrivals) },
      clicks: {
        total: totalClicks,
        perLead: rate(totalClicks, web + sms),
        locations,
        weeks: clickWeeks,
      },
      top: {
        categories: ranked(aggregates.categories, (k) => categoryName.get(k) ?? k),
        equipment: ranked(aggregates.equipment, (k) => equipmentName.get(k) ?? k),
        cities: ranked(aggregates.cities, (k) => cityName.get(k) ?? k).map((c) => ({
          ...c,
          indexedPage: indexedCities.has(c.key),
        })),
      },
    };
  }

  return {
    insights,
    insightsOfRows,

    /**
     * Recomputes the days whose rows changed, a month of dates at most (the minutely pass: the
     * first view then rarely waits, and a bulk load is built a month a minute).
     */
    refresh: () => refreshDays(db, engine, now(), shop.current().hours, 1),

    /** The insights of a range as CSV ('Export Report'): UTF-8 with BOM, one row per figure. */
    async insightsCsv(
      rangeInput: unknown,
      viewer: Pick<SessionUser, 'role'>,
    ): Promise<{ range: InsightRange; csv: string }> {
      const figures = await insights(rangeInput, viewer);
      return { range: figures.range, csv: toCsv([[...INSIGHTS_CSV_HEADER], ...insightsCsvRows(figures)]) };
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
