/**
 * The insight cards of /admin/insights: each figure's title, summary line, chart (svg-charts.tsx,
 * drawn by the server, decision 0138) with its legend, and data table.
 */
import {
  clickLocationLabel,
  clicksSummary,
  followUpSummary,
  funnelSummary,
  INSIGHTS_TEXT,
  leadsSummary,
  lostSummary,
  marginSummary,
  minutesLabel,
  monthLabel,
  percentLabel,
  rate,
  responseSummary,
  revenueSummary,
  suppliersSummary,
  topSummary,
  weekLabel,
  type Insights,
  type MonthMargin,
  type Ranked,
  type RevenueFigures,
} from '#app/modules/insights/insights.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { ChartCard } from './chart-card.tsx';
import { clickColour, responsePoints, SERIES_COLOURS } from './chart-series.ts';
import { PeriodBars, PeriodLines, RowBars } from './svg-charts.tsx';

const count = (n: number) => n.toLocaleString('en-CA');
/** The height of a period chart. */
const HEIGHT = 260;
const dollars = (cents: number) => formatMoney(cents).replace(/\.\d\d$/, '');

export function LeadsChart({ leads }: { leads: Insights['leads'] }) {
  return (
    <ChartCard
      title={INSIGHTS_TEXT.leadsTitle}
      summary={leadsSummary(leads)}
      empty={leads.total === 0}
      columns={[
        { label: 'Week of' },
        { label: 'Web form', numeric: true },
        { label: 'Text message', numeric: true },
      ]}
      rows={leads.weeks.map((w) => [weekLabel(w.week), w.web, w.sms])}
      legend={[
        { name: 'Web form', colour: SERIES_COLOURS.web },
        { name: 'Text message', colour: SERIES_COLOURS.sms },
      ]}
    >
      <PeriodBars
        labels={leads.weeks.map((w) => weekLabel(w.week))}
        series={[
          { key: 'web', name: 'Web form', colour: SERIES_COLOURS.web },
          { key: 'sms', name: 'Text message', colour: SERIES_COLOURS.sms },
        ]}
        values={leads.weeks.map((w) => [w.web, w.sms])}
        stacked
        height={HEIGHT}
      />
    </ChartCard>
  );
}

export function FunnelChart({
  funnel,
  followUps,
}: {
  funnel: Insights['funnel'];
  followUps: Insights['followUps'];
}) {
  const stages = [
    { stage: 'Requests', count: funnel.requests, previous: null },
    { stage: 'Quoted', count: funnel.quoted, previous: funnel.requests },
    { stage: 'Ordered', count: funnel.ordered, previous: funnel.quoted },
    { stage: 'Fulfilled', count: funnel.fulfilled, previous: funnel.ordered },
  ];
  return (
    <ChartCard
      title={INSIGHTS_TEXT.funnelTitle}
      summary={`${funnelSummary(funnel)} ${followUpSummary(followUps)}`}
      empty={funnel.requests === 0}
      chartHeight={220}
      columns={[
        { label: 'Stage' },
        { label: 'Leads', numeric: true },
        { label: 'Of requests', numeric: true },
        { label: 'Of the stage before', numeric: true },
      ]}
      rows={[
        ...stages.map((s) => [
          s.stage,
          s.count,
          percentLabel(rate(s.count, funnel.requests)),
          s.previous === null ? '–' : percentLabel(rate(s.count, s.previous)),
        ]),
        ['Lost', funnel.lost, percentLabel(rate(funnel.lost, funnel.requests)), '–'],
        ['Followed up by text', followUps.quotes, '–', '–'],
        [
          'Accepted after a follow-up',
          followUps.accepted,
          '–',
          percentLabel(rate(followUps.accepted, followUps.quotes)),
        ],
      ]}
    >
      <RowBars
        rows={stages.map((s) => ({ name: s.stage, value: s.count }))}
        colour={SERIES_COLOURS.funnel}
        labelWidth={72}
      />
    </ChartCard>
  );
}

export function LostReasonsChart({ reasons }: { reasons: Insights['lostReasons'] }) {
  const data = reasons.map((r) => ({ reason: r.reason ?? INSIGHTS_TEXT.noReason, count: r.count }));
  return (
    <ChartCard
      title={INSIGHTS_TEXT.lostTitle}
      summary={lostSummary(reasons)}
      empty={reasons.length === 0}
      chartHeight={Math.max(160, data.length * 40 + 40)}
      columns={[{ label: 'Reason' }, { label: 'Leads', numeric: true }]}
      rows={data.map((r) => [r.reason, r.count])}
    >
      <RowBars
        rows={data.map((r) => ({ name: r.reason, value: r.count }))}
        colour={SERIES_COLOURS.lost}
        labelWidth={140}
      />
    </ChartCard>
  );
}

export function ResponseChart({ response, promised }: { response: Insights['response']; promised: number }) {
  return (
    <ChartCard
      title={INSIGHTS_TEXT.responseTitle}
      summary={responseSummary(response, promised)}
      empty={response.quotes === 0}
      columns={[
        { label: 'Week of' },
        { label: 'Quotes', numeric: true },
        { label: 'Median', numeric: true },
        { label: '90th percentile', numeric: true },
      ]}
      rows={response.weeks.map((w) => [
        weekLabel(w.week),
        w.quotes,
        minutesLabel(w.median),
        minutesLabel(w.p90),
      ])}
      legend={[
        { name: 'Median', colour: SERIES_COLOURS.median, line: 'solid' },
        { name: '90th percentile', colour: SERIES_COLOURS.p90, line: 'dashed' },
      ]}
    >
      <PeriodLines
        labels={response.weeks.map((w) => weekLabel(w.week))}
        series={[
          { key: 'median', name: 'Median', colour: SERIES_COLOURS.median },
          { key: 'p90', name: '90th percentile', colour: SERIES_COLOURS.p90, dashed: true },
        ]}
        values={responsePoints(response.weeks).map((p) => [p.median, p.p90])}
        height={HEIGHT}
        format={(minutes) => `${minutes} min`}
        reference={{ value: promised, label: `Promised ${promised} min`, colour: SERIES_COLOURS.promised }}
      />
    </ChartCard>
  );
}

export function RevenueChart({ revenue }: { revenue: RevenueFigures }) {
  return (
    <ChartCard
      title={INSIGHTS_TEXT.revenueTitle}
      summary={revenueSummary(revenue, formatMoney)}
      empty={revenue.orders === 0}
      columns={[
        { label: 'Month' },
        { label: 'Orders', numeric: true },
        { label: 'Revenue', numeric: true },
        { label: 'Profit', numeric: true },
        { label: 'Margin', numeric: true },
      ]}
      rows={revenue.months.map((m) => [
        monthLabel(m.month),
        m.orders,
        formatMoney(m.revenue),
        formatMoney(m.profit),
        percentLabel(m.margin),
      ])}
      legend={[
        { name: 'Revenue', colour: SERIES_COLOURS.revenue },
        { name: 'Profit', colour: SERIES_COLOURS.profit },
      ]}
    >
      <PeriodBars
        labels={revenue.months.map((m) => monthLabel(m.month))}
        series={[
          { key: 'revenue', name: 'Revenue', colour: SERIES_COLOURS.revenue },
          { key: 'profit', name: 'Profit', colour: SERIES_COLOURS.profit },
        ]}
        values={revenue.months.map((m) => [m.revenue / 100, m.profit / 100])}
        stacked={false}
        height={HEIGHT}
        format={(value) => dollars(value * 100)}
        axisWidth={64}
        whole={false}
      />
    </ChartCard>
  );
}

/** Per month, the margin the quotes counted on and the margin the orders made (issue 29). */
export function MarginChart({ margins }: { margins: MonthMargin[] }) {
  return (
    <ChartCard
      title={INSIGHTS_TEXT.marginTitle}
      summary={marginSummary(margins)}
      empty={margins.every((m) => m.orders === 0)}
      columns={[
        { label: 'Month' },
        { label: 'Orders', numeric: true },
        { label: 'Quoted margin', numeric: true },
        { label: 'Margin made', numeric: true },
      ]}
      rows={margins.map((m) => [
        monthLabel(m.month),
        m.orders,
        percentLabel(m.quoted),
        percentLabel(m.actual),
      ])}
      legend={[
        { name: 'Quoted margin', colour: SERIES_COLOURS.quotedMargin, line: 'dashed' },
        { name: 'Margin made', colour: SERIES_COLOURS.actualMargin, line: 'solid' },
      ]}
    >
      <PeriodLines
        labels={margins.map((m) => monthLabel(m.month))}
        series={[
          { key: 'quoted', name: 'Quoted margin', colour: SERIES_COLOURS.quotedMargin, dashed: true },
          { key: 'actual', name: 'Margin made', colour: SERIES_COLOURS.actualMargin },
        ]}
        values={margins.map((m) => [
          m.quoted === null ? null : Math.round(m.quoted * 100),
          m.actual === null ? null : Math.round(m.actual * 100),
        ])}
        height={HEIGHT}
        format={(value) => `${value}%`}
      />
    </ChartCard>
  );
}

/** Per supplier: parts arrived, how many by the promised day, the median days they took (issue 29). */
export function SuppliersChart({ suppliers }: { suppliers: Insights['orders']['suppliers'] }) {
  return (
    <ChartCard
      title={INSIGHTS_TEXT.suppliersTitle}
      summary={suppliersSummary(suppliers)}
      empty={suppliers.length === 0}
      chartHeight={Math.max(160, suppliers.length * 40 + 40)}
      columns={[
        { label: 'Supplier' },
        { label: 'Parts arrived', numeric: true },
        { label: 'On time', numeric: true },
        { label: 'Median days', numeric: true },
      ]}
      rows={suppliers.map((s) => [
        s.supplier,
        s.arrived,
        percentLabel(s.onTime),
        s.medianDays === null ? '–' : s.medianDays.toFixed(1),
      ])}
    >
      <RowBars
        rows={suppliers.map((s) => ({ name: s.supplier, value: Math.round((s.onTime ?? 0) * 100) }))}
        colour={SERIES_COLOURS.onTime}
        labelWidth={160}
      />
    </ChartCard>
  );
}

export function ClicksChart({ clicks }: { clicks: Insights['clicks'] }) {
  return (
    <ChartCard
      title={INSIGHTS_TEXT.clicksTitle}
      summary={clicksSummary(clicks)}
      empty={clicks.total === 0}
      columns={[
        { label: 'Week of' },
        ...clicks.locations.map((l) => ({ label: clickLocationLabel(l), numeric: true })),
        { label: 'Total', numeric: true },
      ]}
      rows={clicks.weeks.map((w) => [
        weekLabel(w.week),
        ...clicks.locations.map((l) => w.byLocation[l] ?? 0),
        w.total,
      ])}
      legend={clicks.locations.map((l) => ({ name: clickLocationLabel(l), colour: clickColour(l) }))}
    >
      <PeriodBars
        labels={clicks.weeks.map((w) => weekLabel(w.week))}
        series={clicks.locations.map((l) => ({
          key: l,
          name: clickLocationLabel(l),
          colour: clickColour(l),
        }))}
        values={clicks.weeks.map((w) => clicks.locations.map((l) => w.byLocation[l] ?? 0))}
        stacked
        height={HEIGHT}
      />
    </ChartCard>
  );
}

/** The most requested categories, equipment and cities: bars drawn in CSS inside the table itself. */
export function TopRequested({ top }: { top: Insights['top'] }) {
  const lists: { title: string; column: string; entries: (Ranked & { note?: string })[] }[] = [
    { title: 'Categories', column: 'Category', entries: top.categories },
    { title: 'Equipment', column: 'Equipment', entries: top.equipment },
    {
      title: 'Cities',
      column: 'City',
      entries: top.cities.map((c) => ({
        ...c,
        note: c.indexedPage ? undefined : 'no indexed city page yet',
      })),
    },
  ];
  return (
    <section
      aria-labelledby="top-requested-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-span-2"
    >
      <h2 id="top-requested-title" className="text-base font-semibold text-slate-900">
        {INSIGHTS_TEXT.topTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="insight-summary">
        {topSummary(top)}
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        {lists.map(({ title, column, entries }) => {
          const max = Math.max(1, ...entries.map((e) => e.count));
          return (
            <table key={title} className="w-full text-left text-sm">
              <caption className="pb-2 text-left text-sm font-semibold text-slate-800">{title}</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{column}</th>
                  <th scope="col">Requests</th>
                </tr>
              </thead>
              <tbody>
                {entries.length === 0 && (
                  <tr>
                    <td colSpan={2} className="py-2 text-slate-600">
                      None in this range.
                    </td>
                  </tr>
                )}
                {entries.map((e) => (
                  <tr key={e.key}>
                    <th scope="row" className="py-1 pr-2 align-top font-normal">
                      <span className="block text-slate-900">{e.label}</span>
                      {e.note && <span className="block text-xs text-slate-600">{e.note}</span>}
                      <span className="mt-1 block h-2 rounded bg-slate-100" aria-hidden="true">
                        <span
                          className="block h-2 rounded bg-slate-700"
                          style={{ width: `${Math.round((e.count / max) * 100)}%` }}
                        />
                      </span>
                    </th>
                    <td className="py-1 text-right align-top tabular-nums">{count(e.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
    </section>
  );
}
