/**
 * What the insight charts draw, apart from drawing it (pure, tested alone): the colour of each
 * series, the same in every range (issue 31 item 8); the points of the response-time lines, where
 * a week without quotes has no point (a gap in the line), never 0; the value axis's round steps;
 * which period labels the axis shows.
 */
import { weekLabel, type WeekResponse } from '#app/modules/insights/insights.ts';

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11), told apart by more than hue. */
export const COLOURS = {
  slate: '#334155',
  orange: '#c2410c',
  blue: '#0369a1',
  green: '#15803d',
  purple: '#7e22ce',
  ochre: '#a16207',
  rose: '#be123c',
} as const;

/** Text on white at 4.5:1 or more: the promise line's label (green-800, 7:1). */
export const PROMISE_TEXT = '#166534';

/** Every series by what it is, not by where it falls in a range's list. */
export const SERIES_COLOURS = {
  web: COLOURS.slate,
  sms: COLOURS.orange,
  funnel: COLOURS.blue,
  lost: COLOURS.rose,
  median: COLOURS.slate,
  p90: COLOURS.orange,
  promised: COLOURS.green,
  revenue: COLOURS.slate,
  profit: COLOURS.green,
  quotedMargin: COLOURS.slate,
  actualMargin: COLOURS.green,
  onTime: COLOURS.blue,
} as const;

/** The quote buttons the site has, each with its colour. */
const CLICK_COLOURS: Record<string, string> = {
  header: COLOURS.slate,
  'home-hero': COLOURS.orange,
  'parts-sourcing-hero': COLOURS.blue,
};
/** For a button the site does not have yet: one of these, by its name (not by its rank). */
const SPARE_COLOURS = [COLOURS.purple, COLOURS.ochre, COLOURS.rose, COLOURS.green];

/**
 * The colour of a quote button's clicks: fixed for the known buttons; for another one, chosen from
 * its name, so it keeps its colour whichever buttons a range has and in which order.
 */
export function clickColour(location: string): string {
  const known = CLICK_COLOURS[location];
  if (known) return known;
  let hash = 0;
  for (const ch of location) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return SPARE_COLOURS[hash % SPARE_COLOURS.length]!;
}

export type ResponsePoint = { label: string; median: number | null; p90: number | null };

/** The response-time lines' points: whole minutes, and none for a week without quotes. */
export function responsePoints(weeks: readonly WeekResponse[]): ResponsePoint[] {
  const minutes = (value: number | null) => (value === null ? null : Math.round(value));
  return weeks.map((w) => ({ label: weekLabel(w.week), median: minutes(w.median), p90: minutes(w.p90) }));
}

/** The most period labels an axis shows: 'Nov 23' or 'Nov 2026' six times fit a phone's chart. */
const MOST_AXIS_LABELS = 6;

/**
 * How many labels the period axis skips between two it shows, so that at most `MOST_AXIS_LABELS`
 * are shown (the first among them). Fixed by the count rather than measured, which spares the
 * chart measuring every label's width while it draws.
 */
export function labelInterval(points: number): number {
  return Math.max(0, Math.ceil(points / MOST_AXIS_LABELS) - 1);
}

/**
 * The value axis of a chart whose largest value is `max`: from 0 up to `top` in `intervals` or
 * fewer round steps (1, 2 or 5 times a power of ten; 2.5 too when fractions are fine). A chart
 * with nothing above 0 still gets an axis from 0 to 1.
 */
export function niceScale(
  max: number,
  { intervals = 4, whole = true } = {},
): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const rough = max / intervals;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiples = whole && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  let step = multiples.map((m) => m * power).find((s) => s >= rough)!;
  if (whole) step = Math.max(1, Math.round(step));
  const steps = Math.ceil(max / step - 1e-9);
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { top: round(steps * step), ticks: Array.from({ length: steps + 1 }, (_, i) => round(i * step)) };
}

export type LegendEntry = { name: string; colour: string; line?: 'solid' | 'dashed' };
