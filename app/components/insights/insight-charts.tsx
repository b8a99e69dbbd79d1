/**
 * The charts of /admin/insights (Recharts, loaded only with this route: public pages never import
 * this file). Each takes the figures of GET /api/admin/insights and wraps its chart in a ChartCard
 * with the summary line and the data table.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  clickLocationLabel,
  clicksSummary,
  funnelSummary,
  INSIGHTS_TEXT,
  leadsSummary,
  lostSummary,
  minutesLabel,
  monthLabel,
  percentLabel,
  rate,
  responseSummary,
  revenueSummary,
  topSummary,
  weekLabel,
  type Insights,
  type Ranked,
} from '#app/modules/insights/insights.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { ChartCard } from './chart-card.tsx';

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11), told apart by more than hue. */
const COLOURS = ['#334155', '#c2410c', '#0369a1', '#15803d', '#7e22ce', '#a16207', '#be123c'];
const AXIS = { fontSize: 12, fill: '#334155' };
const count = (n: number) => n.toLocaleString('en-CA');
const dollars = (cents: number) => formatMoney(cents).replace(/\.\d\d$/, '');

function Frame({ children }: { children: React.ReactElement }) {
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0}>
      {children}
    </ResponsiveContainer>
  );
}

/** Bars per week or month: the frame, grid, axes, tooltip and legend the period charts share. */
function PeriodBars({
  data,
  yAxis,
  tooltip,
  margin = { left: -16, right: 8 },
  minTickGap = 12,
  children,
}: {
  data: object[];
  yAxis?: Omit<React.ComponentProps<typeof YAxis>, 'tick'>;
  tooltip?: React.ComponentProps<typeof Tooltip>;
  margin?: { left: number; right: number };
  minTickGap?: number;
  children: React.ReactNode;
}) {
  return (
    <Frame>
      <BarChart data={data} accessibilityLayer={false} margin={margin}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} minTickGap={minTickGap} />
        <YAxis tick={AXIS} {...yAxis} />
        <Tooltip {...tooltip} />
        <Legend />
        {children}
      </BarChart>
    </Frame>
  );
}

export function LeadsChart({ leads }: { leads: Insights['leads'] }) {
  const data = leads.weeks.map((w) => ({ label: weekLabel(w.week), web: w.web, sms: w.sms }));
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
    >
      <PeriodBars data={data} yAxis={{ allowDecimals: false }}>
        <Bar dataKey="web" name="Web form" stackId="source" fill={COLOURS[0]} isAnimationActive={false} />
        <Bar dataKey="sms" name="Text message" stackId="source" fill={COLOURS[1]} isAnimationActive={false} />
      </PeriodBars>
    </ChartCard>
  );
}

export function FunnelChart({ funnel }: { funnel: Insights['funnel'] }) {
  const stages = [
    { stage: 'Requests', count: funnel.requests, previous: null },
    { stage: 'Quoted', count: funnel.quoted, previous: funnel.requests },
    { stage: 'Ordered', count: funnel.ordered, previous: funnel.quoted },
    { stage: 'Fulfilled', count: funnel.fulfilled, previous: funnel.ordered },
  ];
  return (
    <ChartCard
      title={INSIGHTS_TEXT.funnelTitle}
      summary={funnelSummary(funnel)}
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
      ]}
    >
      <Frame>
        <BarChart data={stages} layout="vertical" accessibilityLayer={false} margin={{ right: 24 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="stage" width={80} tick={AXIS} />
          <Tooltip />
          <Bar
            dataKey="count"
            name="Leads"
            fill={COLOURS[2]}
            isAnimationActive={false}
            label={{ position: 'right', fill: '#0f172a', fontSize: 12 }}
          />
        </BarChart>
      </Frame>
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
      <Frame>
        <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ right: 24 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="reason" width={140} tick={AXIS} />
          <Tooltip />
          <Bar dataKey="count" name="Leads" fill={COLOURS[6]} isAnimationActive={false} />
        </BarChart>
      </Frame>
    </ChartCard>
  );
}

export function ResponseChart({ response, promised }: { response: Insights['response']; promised: number }) {
  const data = response.weeks.map((w) => ({
    label: weekLabel(w.week),
    median: w.median === null ? null : Math.round(w.median),
    p90: w.p90 === null ? null : Math.round(w.p90),
  }));
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
    >
      <Frame>
        <LineChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={12} />
          <YAxis tick={AXIS} unit=" min" width={64} />
          <Tooltip formatter={(value) => `${String(value)} min`} />
          <Legend />
          <ReferenceLine
            y={promised}
            stroke={COLOURS[3]}
            strokeDasharray="6 4"
            label={{
              value: `Promised ${promised} min`,
              position: 'insideTopRight',
              fill: COLOURS[3],
              fontSize: 12,
            }}
          />
          <Line
            dataKey="median"
            name="Median"
            stroke={COLOURS[0]}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
          <Line
            dataKey="p90"
            name="90th percentile"
            stroke={COLOURS[1]}
            strokeWidth={2}
            strokeDasharray="4 3"
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </Frame>
    </ChartCard>
  );
}

export function RevenueChart({ revenue }: { revenue: Insights['revenue'] }) {
  const data = revenue.months.map((m) => ({
    label: monthLabel(m.month),
    revenue: m.revenue / 100,
    profit: m.profit / 100,
  }));
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
    >
      <PeriodBars
        data={data}
        margin={{ left: 8, right: 8 }}
        minTickGap={8}
        yAxis={{ tickFormatter: (v: number) => dollars(v * 100) }}
        tooltip={{ formatter: (value) => formatMoney(Number(value) * 100) }}
      >
        <Bar dataKey="revenue" name="Revenue" fill={COLOURS[0]} isAnimationActive={false} />
        <Bar dataKey="profit" name="Profit" fill={COLOURS[3]} isAnimationActive={false} />
      </PeriodBars>
    </ChartCard>
  );
}

export function ClicksChart({ clicks }: { clicks: Insights['clicks'] }) {
  const data = clicks.weeks.map((w) => ({ label: weekLabel(w.week), ...w.byLocation }));
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
    >
      <PeriodBars data={data} yAxis={{ allowDecimals: false }}>
        {clicks.locations.map((location, i) => (
          <Bar
            key={location}
            dataKey={location}
            name={clickLocationLabel(location)}
            stackId="location"
            fill={COLOURS[i % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </PeriodBars>
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
