/**
 * One insight: a titled card with its one-line summary, the chart, and the chart's data as a table
 * (behind 'Show the data', for screen readers and for copying). The chart itself is drawn only in
 * the browser (it measures its width) and is hidden from assistive technology, which reads the
 * summary and the table instead; the server's HTML already holds both.
 */
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useHydrated } from '#app/components/ui/use-hydrated.ts';

export type Column = { label: string; numeric?: boolean };

export function ChartCard({
  title,
  summary,
  empty,
  chartHeight = 260,
  columns,
  rows,
  children,
}: {
  title: string;
  summary: string;
  /** true when there is nothing to draw: the card says so instead of showing empty axes */
  empty: boolean;
  chartHeight?: number;
  columns: readonly Column[];
  rows: readonly (readonly (string | number)[])[];
  /** the chart, rendered in the browser only */
  children: React.ReactNode;
}) {
  const id = useId();
  const hydrated = useHydrated();
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
          {hydrated ? children : <div className="h-full animate-pulse rounded-md bg-slate-100" />}
        </div>
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
