/**
 * The charts of /admin/insights, drawn as plain SVG by the server (decision 0138): bars per period
 * (stacked or side by side), lines per period with a reference line, and horizontal bars. No chart
 * library runs in the browser, so the page is drawn in its HTML, never shifts, and hydrating it is
 * all the work the browser does (issue 31 item 8: total blocking time).
 *
 * One drawing fits any width without scaling its text: across, positions are percentages of the
 * plot's width; down, pixels. The value axis's labels sit left of the plot, in the padding of its
 * box, and the period labels under it. Hidden from assistive technology like the rest of the
 * drawing (the card's summary and table say the same); a mark's `<title>` shows its figures on
 * hover.
 */
import { labelInterval, niceScale, PROMISE_TEXT } from './chart-series.ts';

/** Plot height's room: above for the top label, below for the period labels. */
const TOP = 12;
const BOTTOM = 24;
const AXIS_TEXT = '#334155';
const GRID = '#cbd5e1';
const pct = (n: number) => `${Math.round(n * 1000) / 1000}%`;

type Scale = { top: number; ticks: number[] };

/** The frame every period chart shares: the box, the value axis, the grid and the period labels. */
function PeriodFrame({
  height,
  scale,
  format,
  labels,
  axisWidth,
  children,
}: {
  height: number;
  scale: Scale;
  format: (value: number) => string;
  labels: readonly string[];
  axisWidth: number;
  children: (y: (value: number) => number, band: number) => React.ReactNode;
}) {
  const plot = height - TOP - BOTTOM;
  const y = (value: number) => TOP + plot - (value / scale.top) * plot;
  const band = 100 / Math.max(1, labels.length);
  const every = labelInterval(labels.length) + 1;
  return (
    <div className="h-full pr-6" style={{ paddingLeft: axisWidth }} data-testid="chart">
      <svg width="100%" height={height} className="overflow-visible" aria-hidden="true" focusable="false">
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line x1="0" x2="100%" y1={y(tick)} y2={y(tick)} stroke={GRID} strokeDasharray="3 3" />
            <text x={-8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} fill={AXIS_TEXT}>
              {format(tick)}
            </text>
          </g>
        ))}
        <line x1="0" x2="100%" y1={TOP + plot} y2={TOP + plot} stroke={AXIS_TEXT} />
        {labels.map((label, i) =>
          i % every === 0 ? (
            <text
              key={i}
              x={pct((i + 0.5) * band)}
              y={height - 6}
              textAnchor="middle"
              fontSize={12}
              fill={AXIS_TEXT}
            >
              {label}
            </text>
          ) : null,
        )}
        {children(y, band)}
      </svg>
    </div>
  );
}

export type BarSeries = { key: string; name: string; colour: string };

/**
 * Bars per period: `stacked` piles the series up (leads by source, clicks by button), otherwise
 * they stand side by side (revenue and profit). A zero draws nothing.
 */
export function PeriodBars({
  labels,
  series,
  values,
  stacked,
  height,
  format = (v) => v.toLocaleString('en-CA'),
  axisWidth = 40,
  whole = true,
}: {
  labels: readonly string[];
  series: readonly BarSeries[];
  /** values[period][series], in the order of `series` */
  values: readonly (readonly number[])[];
  stacked: boolean;
  height: number;
  format?: (value: number) => string;
  axisWidth?: number;
  whole?: boolean;
}) {
  const max = Math.max(
    0,
    ...values.map((row) => (stacked ? row.reduce((s, v) => s + v, 0) : Math.max(0, ...row))),
  );
  const scale = niceScale(max, { whole });
  return (
    <PeriodFrame height={height} scale={scale} format={format} labels={labels} axisWidth={axisWidth}>
      {(y, band) =>
        values.map((row, i) => {
          const width = stacked ? band * 0.7 : (band * 0.8) / series.length;
          let base = 0;
          return (
            <g key={i}>
              <title>
                {`${labels[i]}: ${series.map((s, k) => `${s.name} ${format(row[k] ?? 0)}`).join(', ')}`}
              </title>
              {series.map((s, k) => {
                const value = row[k] ?? 0;
                const from = stacked ? base : 0;
                base += value;
                if (value <= 0) return null;
                const x = stacked ? i * band + band * 0.15 : i * band + band * 0.1 + k * width;
                return (
                  <rect
                    key={s.key}
                    x={pct(x)}
                    width={pct(width)}
                    y={y(from + value)}
                    height={y(from) - y(from + value)}
                    fill={s.colour}
                    data-series={s.key}
                  />
                );
              })}
            </g>
          );
        })
      }
    </PeriodFrame>
  );
}

export type LineSeries = { key: string; name: string; colour: string; dashed?: boolean };

/**
 * Lines per period, a dot at each value; a period without a value (null) has no dot and breaks
 * the line there, never a point at 0. `reference`: a dashed line across with its words above its
 * right end, dark on a white halo so the lines crossing it never hide them.
 */
export function PeriodLines({
  labels,
  series,
  values,
  height,
  format,
  reference,
  axisWidth = 56,
}: {
  labels: readonly string[];
  series: readonly LineSeries[];
  /** values[period][series], null for a period without one */
  values: readonly (readonly (number | null)[])[];
  height: number;
  format: (value: number) => string;
  reference?: { value: number; label: string; colour: string };
  axisWidth?: number;
}) {
  const max = Math.max(reference?.value ?? 0, ...values.flatMap((row) => row.map((v) => v ?? 0)));
  const scale = niceScale(max);
  return (
    <PeriodFrame height={height} scale={scale} format={format} labels={labels} axisWidth={axisWidth}>
      {(y, band) => {
        const x = (i: number) => pct((i + 0.5) * band);
        return (
          <>
            {reference && (
              <line
                x1="0"
                x2="100%"
                y1={y(reference.value)}
                y2={y(reference.value)}
                stroke={reference.colour}
                strokeWidth={1.5}
                strokeDasharray="6 4"
                data-testid="promise-line"
              />
            )}
            {series.map((s, k) => (
              <g key={s.key} data-series={s.key}>
                {values.map((row, i) => {
                  const here = row[k];
                  const next = values[i + 1]?.[k];
                  return here != null && next != null ? (
                    <line
                      key={`line-${i}`}
                      x1={x(i)}
                      y1={y(here)}
                      x2={x(i + 1)}
                      y2={y(next)}
                      stroke={s.colour}
                      strokeWidth={2}
                      strokeDasharray={s.dashed ? '4 3' : undefined}
                    />
                  ) : null;
                })}
                {values.map((row, i) => {
                  const here = row[k];
                  return here == null ? null : (
                    <circle
                      key={`dot-${i}`}
                      cx={x(i)}
                      cy={y(here)}
                      r={3}
                      fill="#ffffff"
                      stroke={s.colour}
                      strokeWidth={2}
                    >
                      <title>{`${labels[i]}: ${s.name} ${format(here)}`}</title>
                    </circle>
                  );
                })}
              </g>
            ))}
            {/* the words last, over the lines and dots */}
            {reference && (
              <text
                x="100%"
                dx={-4}
                // above the line, or under it when the line runs along the top
                y={y(reference.value) < TOP + 16 ? y(reference.value) + 15 : y(reference.value) - 5}
                textAnchor="end"
                fontSize={12}
                fontWeight={600}
                fill={PROMISE_TEXT}
                stroke="#ffffff"
                strokeWidth={4}
                strokeLinejoin="round"
                paintOrder="stroke"
                data-testid="promise-label"
              >
                {reference.label}
              </text>
            )}
          </>
        );
      }}
    </PeriodFrame>
  );
}

/**
 * Horizontal bars, one per row with its name before it and its figure after it (the funnel, lost
 * reasons), drawn in CSS: widths are shares of the largest.
 */
export function RowBars({
  rows,
  colour,
  labelWidth,
}: {
  rows: readonly { name: string; value: number }[];
  colour: string;
  labelWidth: number;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <div className="flex h-full flex-col justify-around gap-2 py-1" aria-hidden="true" data-testid="chart">
      {rows.map((r) => (
        <div key={r.name} className="flex items-center gap-2 text-xs text-slate-700">
          <span className="shrink-0 text-right leading-tight" style={{ width: labelWidth }}>
            {r.name}
          </span>
          <span className="flex min-w-0 flex-1 items-center gap-1.5">
            <span
              className="h-7 rounded-sm"
              style={{ width: `calc((100% - 3rem) * ${r.value / max})`, backgroundColor: colour }}
              title={`${r.name}: ${r.value.toLocaleString('en-CA')}`}
              data-bar
            />
            <span className="shrink-0 tabular-nums text-slate-900">{r.value.toLocaleString('en-CA')}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
