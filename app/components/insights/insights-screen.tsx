/**
 * The Insights screen's body (app/routes/admin-insights.tsx; docs/stats.md): the range as links,
 * 'Export Report', and the charts drawn as plain SVG (decision 0138), each with its summary line
 * and data table; an empty range says so.
 */
import { BarChart3 } from 'lucide-react';
import { Link, useNavigation } from 'react-router';
import { ExportReportMenu } from '#app/components/insights/export-report-menu.tsx';
import {
  ClicksChart,
  FunnelChart,
  LeadsChart,
  LostReasonsChart,
  ResponseChart,
  MarginChart,
  RevenueChart,
  SuppliersChart,
  TopRequested,
} from '#app/components/insights/insight-charts.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { calendarDayWords } from '#app/modules/team/team.ts';
import {
  INSIGHT_RANGES,
  INSIGHTS_TEXT,
  MONEY_HIDDEN,
  RANGE_LABELS,
  type Insights,
} from '#app/modules/insights/insights.ts';

export function InsightsScreen({ insights }: { insights: Insights }) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/insights';
  const nothing =
    insights.leads.total === 0 && insights.clicks.total === 0 && (insights.revenue?.orders ?? 0) === 0;

  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{INSIGHTS_TEXT.title}</h1>
          <p className="mt-1 text-slate-600">{INSIGHTS_TEXT.subtitle}</p>
        </div>
        <ExportReportMenu ranges={[insights.range]} />
      </div>

      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Range">
          <ul className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
            {INSIGHT_RANGES.map((r) => (
              <li key={r}>
                <Link
                  to={`?range=${r}`}
                  preventScrollReset
                  aria-current={r === insights.range ? 'page' : undefined}
                  className={cn(
                    'flex min-h-11 items-center rounded px-3 text-sm font-medium',
                    r === insights.range ? 'bg-slate-900 text-white' : 'text-slate-800 hover:bg-slate-100',
                  )}
                >
                  {RANGE_LABELS[r]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-600" aria-live="polite">
          {loading
            ? 'Loading…'
            : `${calendarDayWords(insights.from)} to ${calendarDayWords(insights.to)}, Winnipeg time`}
        </p>
      </div>

      {nothing ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <BarChart3 className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">{INSIGHTS_TEXT.empty}</p>
          <p className="mt-1 text-sm text-slate-600">
            Charts fill in as customers send requests and click the quote buttons. Try a longer range.
          </p>
        </div>
      ) : (
        <div className={cn('mt-6 grid gap-4 lg:grid-cols-2', loading && 'opacity-60')} aria-busy={loading}>
          <LeadsChart leads={insights.leads} />
          <FunnelChart funnel={insights.funnel} followUps={insights.followUps} />
          <ResponseChart response={insights.response} promised={insights.promisedResponseMinutes} />
          {insights.revenue && <RevenueChart revenue={insights.revenue} />}
          {insights.orders.margins && <MarginChart margins={insights.orders.margins} />}
          {!insights.revenue && (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 lg:col-span-2">
              {MONEY_HIDDEN}
            </p>
          )}
          <SuppliersChart suppliers={insights.orders.suppliers} />
          <ClicksChart clicks={insights.clicks} />
          <LostReasonsChart reasons={insights.lostReasons} />
          <TopRequested top={insights.top} />
        </div>
      )}
    </section>
  );
}
