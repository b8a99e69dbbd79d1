/**
 * Insights (/admin/insights, GET /api/admin/insights; definitions in docs/stats.md): the shape of
 * the figures, the ranges staff choose from, the calendar weeks and months they are grouped by,
 * and the one-line summaries the charts carry. The business hours response time is counted in are
 * the shared business calendar's (app/modules/shared/business-hours.ts).
 * Pure: the server aggregates in SQL (server/db/repo/insights.ts), the page only shows.
 */
import { BUSINESS_TIME_ZONE, wallClock, zonedMidnight } from '../shared/calendar.ts';
import { REPLY_PROMISE_MINUTES } from '../site/site.ts';

export const INSIGHT_RANGES = ['30d', '90d', '365d'] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export const DEFAULT_INSIGHT_RANGE: InsightRange = '90d';
export const RANGE_DAYS: Record<InsightRange, number> = { '30d': 30, '90d': 90, '365d': 365 };
export const RANGE_LABELS: Record<InsightRange, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 365 days',
};
export const INSIGHT_RANGE_MESSAGE = 'Range must be 30d, 90d or 365d';

export function isInsightRange(value: unknown): value is InsightRange {
  return typeof value === 'string' && (INSIGHT_RANGES as readonly string[]).includes(value);
}

/**
 * The reply time promised to customers (product.md §9 'promised contact time 20 minutes'; decision 0140):
 * the one the pages and texts make, so staff are held to what customers were told.
 */
export const PROMISED_RESPONSE_MINUTES = REPLY_PROMISE_MINUTES;

// ---------------------------------------------------------------------------------------------
// The figures

/** Requests that came in during one week (the week of its Monday, local date YYYY-MM-DD). */
export type WeekLeads = { week: string; web: number; sms: number };

/** Requests of the range and how far they got (a lead counts at every stage it reached). */
export type Funnel = {
  requests: number;
  quoted: number;
  ordered: number;
  fulfilled: number;
  lost: number;
};

/** Lost leads of the range by the reason staff (or the customer's NO) gave; null: no reason. */
export type LostReason = { reason: string | null; count: number };

/** Minutes from request to quote, in business hours: median and 90th percentile. */
export type ResponseFigures = { quotes: number; median: number | null; p90: number | null };
export type WeekResponse = ResponseFigures & { week: string };

/** Orders by the month they were placed (YYYY-MM), in cents. `margin` = profit ÷ revenue. */
export type MonthRevenue = {
  month: string;
  orders: number;
  revenue: number;
  /** sell price − cost, over orders whose cost is known */
  profit: number;
  margin: number | null;
};

/**
 * What the month's orders really earned (issue 29): the margin quoted (sell price against the cost
 * the quote counted on) and the margin made (against what the parts really cost), over the orders
 * whose every part has its actual cost. Fractions; null without such orders.
 */
export type MonthMargin = { month: string; orders: number; quoted: number | null; actual: number | null };

/** A supplier's parts that arrived in the range: on time (by the promised day) and how long they took. */
export type SupplierFigures = {
  supplier: string;
  arrived: number;
  /** arrived by the promised date, of those with one (fraction) */
  onTime: number | null;
  /** median days from ordered to arrived */
  medianDays: number | null;
};

export type WeekClicks = { week: string; total: number; byLocation: Record<string, number> };

export type Ranked = { key: string; label: string; count: number };
/** A city leads come from, and whether any of its city pages is indexed (decision 0012). */
export type RankedCity = Ranked & { indexedPage: boolean };

export type Insights = {
  range: InsightRange;
  /** first and last local day of the range (YYYY-MM-DD, inclusive) */
  from: string;
  to: string;
  promisedResponseMinutes: number;
  leads: { total: number; web: number; sms: number; weeks: WeekLeads[] };
  funnel: Funnel;
  /** quotes followed up in the range, and those accepted after a follow-up (issue 30) */
  followUps: { quotes: number; accepted: number };
  lostReasons: LostReason[];
  response: ResponseFigures & { weeks: WeekResponse[] };
  /**
   * null for staff unless the owner lets them see money figures (Settings, decision 0204); the
   * owner's own figures then say so (`MONEY_HIDDEN`)
   */
  revenue: RevenueFigures | null;
  /** what the orders really earned (null like `revenue`), and how the suppliers delivered (issue 29) */
  orders: { margins: MonthMargin[] | null; suppliers: SupplierFigures[] };
  clicks: { total: number; perLead: number | null; locations: string[]; weeks: WeekClicks[] };
  top: { categories: Ranked[]; equipment: Ranked[]; cities: RankedCity[] };
};

/** How many of the top entries each ranking keeps. */
export const TOP_LIMIT = 8;

// ---------------------------------------------------------------------------------------------
// Calendar periods (America/Winnipeg days, weeks from Monday, months)

export type Period = { key: string; start: Date; end: Date };
export type InsightPeriods = {
  start: Date;
  end: Date;
  from: string;
  to: string;
  weeks: Period[];
  months: Period[];
};

const DAY_MS = 86_400_000;

/** A local calendar date as a UTC-midnight Date, for day arithmetic without a zone. */
function calendarDate(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}
const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/**
 * The range ending today (local), `RANGE_DAYS[range]` days long, and the weeks (Monday to Sunday)
 * and months it spans, the first and last cut to the range. Week keys are their Monday's date
 * even when the range begins later in that week.
 */
export function insightPeriods(
  now: Date,
  range: InsightRange,
  timeZone = BUSINESS_TIME_ZONE,
): InsightPeriods {
  const today = wallClock(now, timeZone);
  const last = calendarDate(today.year, today.month, today.day);
  const first = addDays(last, -(RANGE_DAYS[range] - 1));
  const after = addDays(last, 1);
  const at = (d: Date) => zonedMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone);

  const weeks: Period[] = [];
  const mondayOffset = (first.getUTCDay() + 6) % 7;
  for (let monday = addDays(first, -mondayOffset); monday < after; monday = addDays(monday, 7)) {
    const from = monday < first ? first : monday;
    const next = addDays(monday, 7);
    weeks.push({ key: dayKey(monday), start: at(from), end: at(next < after ? next : after) });
  }

  const months: Period[] = [];
  for (
    let month = calendarDate(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
    month < after;
    month = calendarDate(month.getUTCFullYear(), month.getUTCMonth() + 2, 1)
  ) {
    const from = month < first ? first : month;
    const next = calendarDate(month.getUTCFullYear(), month.getUTCMonth() + 2, 1);
    months.push({ key: monthKey(month), start: at(from), end: at(next < after ? next : after) });
  }

  return { start: at(first), end: at(after), from: dayKey(first), to: dayKey(last), weeks, months };
}

/**
 * The p-th percentile (p in tenths: 5 = median, 9 = 90th) of sorted values, interpolated between
 * the two nearest ranks (as PostgreSQL's percentile_cont and spreadsheets' PERCENTILE do), in exact
 * arithmetic until the one division: for whole numbers (seconds, days) the figure the SQL of
 * `responseTimesByPeriod` computes with integers (PostgreSQL's numeric gives the exact decimal too).
 */
export function percentileOfSorted(sorted: ArrayLike<number>, tenths: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const lo = Math.floor(((n - 1) * tenths) / 10);
  const m = ((n - 1) * tenths) % 10;
  const a = sorted[lo]!;
  const b = m === 0 ? 0 : sorted[lo + 1]!;
  return (a * (10 - m) + b * m) / 10;
}

// ---------------------------------------------------------------------------------------------
// What the charts say in one line

export const INSIGHTS_TEXT = {
  title: 'Insights',
  subtitle: 'How the business is doing: where requests come from, how they convert, how fast we answer.',
  empty: 'No requests in this range yet.',
  leadsTitle: 'Leads per week',
  funnelTitle: 'From request to fulfilled',
  lostTitle: 'Lost leads by reason',
  // business minutes (issue 48 item 9): the hours the promise is made in, docs/stats.md
  responseTitle: 'Response time in business minutes',
  revenueTitle: 'Revenue per month',
  marginTitle: 'Margin quoted and made per month',
  suppliersTitle: 'Suppliers: on time and how long',
  clicksTitle: 'Quote-button clicks per week',
  topTitle: 'Most requested',
  noReason: 'No reason given',
  exportLeads: 'All leads (CSV)',
} as const;

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-CA')} ${n === 1 ? one : many}`;
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const minutes = (m: number) => `${Math.round(m)} min`;

/** numerator ÷ denominator, or null when there is nothing to divide by. */
export function rate(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

export function leadsSummary({ total, sms }: Insights['leads']): string {
  if (total === 0) return 'No requests in this range.';
  return `${count(total, 'request')}, ${percent(sms / total)} by text message.`;
}

export function funnelSummary(f: Funnel): string {
  if (f.requests === 0) return 'No requests in this range.';
  return `${percent(f.ordered / f.requests)} of requests became orders (${f.ordered.toLocaleString('en-CA')} of ${f.requests.toLocaleString('en-CA')}); ${percent(f.quoted / f.requests)} were quoted.`;
}

/** 'N quotes were accepted after a follow-up text (of M followed up).' */
export function followUpSummary(f: { quotes: number; accepted: number }): string {
  if (f.quotes === 0) return 'No quote needed a follow-up text in this range.';
  return `${count(f.accepted, 'quote')} accepted after a follow-up text, of ${f.quotes.toLocaleString('en-CA')} followed up.`;
}

export function lostSummary(reasons: readonly LostReason[]): string {
  const total = reasons.reduce((sum, r) => sum + r.count, 0);
  if (total === 0) return 'No lost leads in this range.';
  const top = [...reasons].sort((a, b) => b.count - a.count)[0]!;
  return `${count(total, 'lead')} lost; most often: ${top.reason ?? INSIGHTS_TEXT.noReason} (${top.count}).`;
}

/** How a response is counted, said under the chart (docs/stats.md 'Response time'). */
export const RESPONSE_COUNTED =
  'Counted in business hours only: a request made while we are closed counts from the next opening.';

export function responseSummary(r: ResponseFigures, promised = PROMISED_RESPONSE_MINUTES): string {
  if (r.median === null) return 'No quotes sent in this range.';
  const median = Math.round(r.median);
  const diff = median - promised;
  const verdict =
    diff === 0
      ? 'as promised'
      : diff < 0
        ? `${-diff} min better than promised`
        : `${diff} min slower than promised`;
  return `Median response ${minutes(median)}, ${verdict}; 9 in 10 quotes within ${minutes(r.p90 ?? median)}. ${RESPONSE_COUNTED}`;
}

export function marginSummary(margins: readonly MonthMargin[]): string {
  const known = margins.filter((m) => m.quoted !== null && m.actual !== null);
  if (!known.length) return 'No orders with their parts costed in this range.';
  const orders = known.reduce((s, m) => s + m.orders, 0);
  const avg = (pick: (m: MonthMargin) => number) =>
    known.reduce((s, m) => s + pick(m) * m.orders, 0) / Math.max(1, orders);
  const quoted = avg((m) => m.quoted!);
  const actual = avg((m) => m.actual!);
  const diff = Math.round((actual - quoted) * 1000) / 10;
  const verdict =
    diff === 0
      ? 'as quoted'
      : diff > 0
        ? `${diff} points better than quoted`
        : `${-diff} points below what was quoted`;
  return `Over ${count(orders, 'order')}, the margin made was ${percent(actual)}, ${verdict} (${percent(quoted)}).`;
}

export function suppliersSummary(suppliers: readonly SupplierFigures[]): string {
  const arrived = suppliers.reduce((s, x) => s + x.arrived, 0);
  if (!arrived) return 'No parts arrived in this range.';
  const late = [...suppliers].filter((s) => s.onTime !== null).sort((a, b) => a.onTime! - b.onTime!)[0];
  return `${count(arrived, 'part')} arrived from ${count(suppliers.length, 'supplier')}${late ? `; least on time: ${late.supplier} (${percent(late.onTime!)})` : ''}.`;
}

export type RevenueFigures = {
  orders: number;
  revenue: number;
  profit: number;
  margin: number | null;
  months: MonthRevenue[];
};

/** What staff read where the money figures would be, when the owner keeps them (decision 0204). */
export const MONEY_HIDDEN =
  'Revenue, profit and margins are for the owner. The owner can share them with staff in Settings.';

/** The figures as a staff member may see them: without the money ones unless the owner allows. */
export function withoutMoney(i: Insights): Insights {
  return { ...i, revenue: null, orders: { ...i.orders, margins: null } };
}

export function revenueSummary(r: RevenueFigures, money: (cents: number) => string): string {
  if (r.orders === 0) return 'No orders in this range.';
  const margin = r.margin === null ? '' : `, average margin ${percent(r.margin)}`;
  return `${money(r.revenue)} from ${count(r.orders, 'order')}${margin}.`;
}

/** Where a tracked quote button sits, as staff read it; a location the site does not have yet as sent. */
const CLICK_LOCATION_LABELS: Record<string, string> = {
  header: 'Header button',
  'home-hero': 'Home page hero',
  'parts-sourcing-hero': 'Parts sourcing hero',
};
export const clickLocationLabel = (location: string): string => CLICK_LOCATION_LABELS[location] ?? location;

export function clicksSummary(c: Insights['clicks']): string {
  if (c.total === 0) return 'No quote-button clicks in this range.';
  const perLead = c.perLead === null ? '' : `, ${c.perLead.toFixed(1)} per request`;
  return `${count(c.total, 'click')}${perLead}.`;
}

export function topSummary(top: Insights['top']): string {
  const category = top.categories[0];
  const city = top.cities[0];
  if (!category && !city) return 'No requests in this range.';
  const parts = [
    category ? `most requested: ${category.label}` : null,
    city ? `most requests from ${city.label}` : null,
  ].filter(Boolean);
  const waiting = top.cities.find((c) => !c.indexedPage);
  const suggestion = waiting
    ? ` ${waiting.label} (${count(waiting.count, 'request')}) has no indexed city page yet.`
    : '';
  const sentence = parts.join(', ');
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.${suggestion}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-16' → 'Nov 16' (a week by its Monday). */
export function weekLabel(week: string): string {
  const [, month, day] = week.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}`;
}

/** '2026-11' → 'Nov 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return `${MONTHS[m! - 1]} ${year}`;
}

/** A fraction as a whole percentage ('25%'), or '–' when there is none. */
export function percentLabel(fraction: number | null): string {
  return fraction === null ? '–' : `${Math.round(fraction * 100)}%`;
}

/** Minutes as shown ('14 min'), or '–' for a week without quotes. */
export function minutesLabel(value: number | null): string {
  return value === null ? '–' : `${Math.round(value)} min`;
}
