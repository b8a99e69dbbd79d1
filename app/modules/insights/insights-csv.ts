/**
 * The insights as CSV ('Export Report', issue 16): one row per figure, easy to filter or pivot, in
 * the words of the page (series and places by the names staff see; periods are Winnipeg dates: a
 * week by its Monday, a month as YYYY-MM; decision 0136). The money figures are in it only when
 * they are in the figures (decision 0204). Pure.
 */
import { clickLocationLabel, INSIGHTS_TEXT, rate, type Insights } from './insights.ts';

export const INSIGHTS_CSV_HEADER = ['Chart', 'Period', 'Series', 'Value', 'Unit'] as const;
type CsvRow = [string, string, string, number | null, string];

const dollars = (cents: number) => Math.round(cents) / 100;
const rounded = (value: number | null, places = 1) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

/** Every figure of the page as [chart, period, series, value, unit] rows, in the page's order. */
export function insightsCsvRows(i: Insights): CsvRow[] {
  const range = `${i.from} to ${i.to}`;
  const rows: CsvRow[] = [];
  for (const w of i.leads.weeks) {
    rows.push([INSIGHTS_TEXT.leadsTitle, w.week, 'Web form', w.web, 'requests']);
    rows.push([INSIGHTS_TEXT.leadsTitle, w.week, 'Text message', w.sms, 'requests']);
  }
  const f = i.funnel;
  for (const [series, value] of [
    ['Requests', f.requests],
    ['Quoted', f.quoted],
    ['Ordered', f.ordered],
    ['Fulfilled', f.fulfilled],
    ['Lost', f.lost],
  ] as const) {
    rows.push([INSIGHTS_TEXT.funnelTitle, range, series, value, 'leads']);
  }
  for (const [series, value] of [
    ['Quoted of requests', rate(f.quoted, f.requests)],
    ['Ordered of quoted', rate(f.ordered, f.quoted)],
    ['Fulfilled of ordered', rate(f.fulfilled, f.ordered)],
    ['Ordered of requests', rate(f.ordered, f.requests)],
  ] as const) {
    rows.push([INSIGHTS_TEXT.funnelTitle, range, series, rounded(value, 4), 'fraction']);
  }
  for (const r of i.lostReasons) {
    rows.push([INSIGHTS_TEXT.lostTitle, range, r.reason ?? INSIGHTS_TEXT.noReason, r.count, 'leads']);
  }
  rows.push([INSIGHTS_TEXT.responseTitle, range, 'Median', rounded(i.response.median), 'business minutes']);
  rows.push([
    INSIGHTS_TEXT.responseTitle,
    range,
    '90th percentile',
    rounded(i.response.p90),
    'business minutes',
  ]);
  rows.push([INSIGHTS_TEXT.responseTitle, range, 'Promised', i.promisedResponseMinutes, 'business minutes']);
  for (const w of i.response.weeks) {
    rows.push([INSIGHTS_TEXT.responseTitle, w.week, 'Median', rounded(w.median), 'business minutes']);
    rows.push([INSIGHTS_TEXT.responseTitle, w.week, '90th percentile', rounded(w.p90), 'business minutes']);
    rows.push([INSIGHTS_TEXT.responseTitle, w.week, 'Quotes', w.quotes, 'quotes']);
  }
  for (const m of i.revenue?.months ?? []) {
    rows.push([INSIGHTS_TEXT.revenueTitle, m.month, 'Revenue', dollars(m.revenue), 'CAD']);
    rows.push([INSIGHTS_TEXT.revenueTitle, m.month, 'Profit', dollars(m.profit), 'CAD']);
    rows.push([INSIGHTS_TEXT.revenueTitle, m.month, 'Orders', m.orders, 'orders']);
    rows.push([INSIGHTS_TEXT.revenueTitle, m.month, 'Margin', rounded(m.margin, 4), 'fraction']);
  }
  if (i.revenue)
    rows.push([
      INSIGHTS_TEXT.revenueTitle,
      range,
      'Average margin',
      rounded(i.revenue.margin, 4),
      'fraction',
    ]);
  for (const m of i.orders.margins ?? []) {
    rows.push([INSIGHTS_TEXT.marginTitle, m.month, 'Quoted margin', rounded(m.quoted, 4), 'fraction']);
    rows.push([INSIGHTS_TEXT.marginTitle, m.month, 'Actual margin', rounded(m.actual, 4), 'fraction']);
  }
  for (const s of i.orders.suppliers) {
    rows.push([INSIGHTS_TEXT.suppliersTitle, range, `${s.supplier}: parts arrived`, s.arrived, 'parts']);
    rows.push([
      INSIGHTS_TEXT.suppliersTitle,
      range,
      `${s.supplier}: on time`,
      rounded(s.onTime, 4),
      'fraction',
    ]);
    rows.push([
      INSIGHTS_TEXT.suppliersTitle,
      range,
      `${s.supplier}: median days`,
      rounded(s.medianDays, 1),
      'days',
    ]);
  }
  for (const w of i.clicks.weeks) {
    for (const location of i.clicks.locations) {
      rows.push([
        INSIGHTS_TEXT.clicksTitle,
        w.week,
        clickLocationLabel(location),
        w.byLocation[location] ?? 0,
        'clicks',
      ]);
    }
  }
  rows.push([INSIGHTS_TEXT.clicksTitle, range, 'Clicks per request', rounded(i.clicks.perLead, 2), 'clicks']);
  for (const [series, list] of [
    ['Category', i.top.categories],
    ['Equipment', i.top.equipment],
    ['City', i.top.cities],
  ] as const) {
    for (const entry of list) {
      rows.push([`${INSIGHTS_TEXT.topTitle}: ${series}`, range, entry.label, entry.count, 'requests']);
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Labels on the axes and in the tables
