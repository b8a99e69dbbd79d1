/**
 * One insight: a titled card with its one-line summary, the chart with its legend, and the chart's
 * data as a table (behind 'Show the data', for screen readers and for copying). The chart and its
 * legend are drawn by the server (svg-charts.tsx, decision 0138) and hidden from assistive
 * technology, which reads the summary and the table instead.
 */
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import type { LegendEntry } from './chart-series.ts';

export type Column = { label: string; numeric?: boolean };

export function ChartCard({
  title,
  summary,
  empty,
  chartHeight = 260,
  columns,
  rows,
  legend = [],
  children,
}: {
  title: string;
  summary: string;
  /** true when there is nothing to draw: the card says so instead of showing empty axes */
  empty: boolean;
  chartHeight?: number;
  columns: readonly Column[];
  rows: readonly (readonly (string | number)[])[];
  /** the chart's series, named under it */
  legend?: readonly LegendEntry[];
  /** the chart */
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="insight-summary">
        {summary}
      </p>
      {empty ? (
        <p className="mt-4 rounded-md border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
          Nothing to chart in this range yet.
        </p>
      ) : (
        <div className="mt-4" style={{ height: chartHeight }} aria-hidden="true" data-chart={title}>
          {children}
        </div>
      )}
      {!empty && legend.length > 0 && (
        <ul
          className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-800"
          aria-hidden="true"
          data-testid="chart-legend"
        >
          {legend.map((entry) => (
            <li key={entry.name} className="flex items-center gap-1.5">
              {entry.line ? (
                <svg width="18" height="10" viewBox="0 0 18 10" aria-hidden="true">
                  <line
                    x1="1"
                    y1="5"
                    x2="17"
                    y2="5"
                    stroke={entry.colour}
                    strokeWidth="2"
                    strokeDasharray={entry.line === 'dashed' ? '4 3' : undefined}
                  />
                </svg>
              ) : (
                <span className="h-3 w-3 rounded-sm" style={{ backgroundColor: entry.colour }} />
              )}
              {entry.name}
            </li>
          ))}
        </ul>
      )}
      {rows.length > 0 && (
        <details className="group mt-3">
          <summary className="flex min-h-11 cursor-pointer items-center gap-1 text-sm font-medium text-slate-800 hover:text-slate-950">
            <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden="true" />
            Show the data
          </summary>
          <div
            className="mt-2 max-h-96 overflow-auto rounded-md border border-slate-200"
            tabIndex={0}
            role="region"
            aria-label={`${title}: data`}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {columns.map((c) => (
                    <th
                      key={c.label}
                      scope="col"
                      className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}
                    >
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <th key={c} scope="row" className="px-3 py-1.5 font-medium text-slate-800">
                          {cell}
                        </th>
                      ) : (
                        <td
                          key={c}
                          className={
                            columns[c]?.numeric ? 'px-3 py-1.5 text-right tabular-nums' : 'px-3 py-1.5'
                          }
                        >
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
