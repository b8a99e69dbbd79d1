import { describe, expect, it } from 'vitest';
import {
  clickColour,
  COLOURS,
  labelInterval,
  niceScale,
  PROMISE_TEXT,
  responsePoints,
  SERIES_COLOURS,
} from './chart-series.ts';

/** WCAG 2 contrast ratio of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05);
}

describe('contrast on the white card', () => {
  it("the promise line's words read as text (4.5:1), every series as a graphic (3:1)", () => {
    expect(contrastOnWhite(PROMISE_TEXT)).toBeGreaterThanOrEqual(4.5);
    for (const colour of [...Object.values(COLOURS), ...Object.values(SERIES_COLOURS)]) {
      expect({ colour, enough: contrastOnWhite(colour) >= 3 }).toEqual({ colour, enough: true });
    }
  });
});

describe('series colours (issue 31: a series keeps its colour in every range)', () => {
  it('gives each quote button its own colour, whatever the order a range lists them in', () => {
    const ninetyDays = ['header', 'home-hero', 'parts-sourcing-hero'].map(clickColour);
    const thirtyDays = ['home-hero', 'header'].map(clickColour);
    expect(new Set(ninetyDays).size).toBe(3);
    expect(thirtyDays).toEqual([ninetyDays[1], ninetyDays[0]]);
  });

  it('gives a button the site does not know yet a colour of its own name, the same every time', () => {
    const colour = clickColour('footer-banner');
    expect(Object.values(COLOURS)).toContain(colour);
    expect(clickColour('footer-banner')).toBe(colour);
    expect(['header', 'home-hero', 'parts-sourcing-hero'].map(clickColour)).not.toContain(colour);
  });
});

describe('response-time points (a week without quotes is a gap, not 0)', () => {
  it('rounds minutes and leaves a week without quotes without a point', () => {
    expect(
      responsePoints([
        { week: '2026-11-02', quotes: 3, median: 12.4, p90: 30.5 },
        { week: '2026-11-09', quotes: 0, median: null, p90: null },
        { week: '2026-11-16', quotes: 2, median: 0, p90: 0 },
      ]),
    ).toEqual([
      { label: 'Nov 2', median: 12, p90: 31 },
      { label: 'Nov 9', median: null, p90: null },
      // quotes sent before opening took 0 business minutes: a point at 0
      { label: 'Nov 16', median: 0, p90: 0 },
    ]);
  });
});

describe('period labels on the axis', () => {
  it.each([
    [2, 0],
    [6, 0],
    [7, 1],
    [13, 2],
    [14, 2],
    [53, 8],
  ])('%i points: skip %i between two labels', (points, interval) => {
    expect(labelInterval(points)).toBe(interval);
    // the labels shown: every (interval + 1)th from the first
    expect(Math.ceil(points / (interval + 1))).toBeLessThanOrEqual(6);
  });
});

describe('the value axis', () => {
  it.each([
    [11, { top: 15, ticks: [0, 5, 10, 15] }],
    [12, { top: 15, ticks: [0, 5, 10, 15] }],
    [4, { top: 4, ticks: [0, 1, 2, 3, 4] }],
    [1, { top: 1, ticks: [0, 1] }],
    [63, { top: 80, ticks: [0, 20, 40, 60, 80] }],
    [36, { top: 40, ticks: [0, 10, 20, 30, 40] }],
    [31_250, { top: 40_000, ticks: [0, 10_000, 20_000, 30_000, 40_000] }],
    [0, { top: 1, ticks: [0, 1] }],
  ])('largest value %d: %j', (max, scale) => {
    expect(niceScale(max)).toEqual(scale);
  });

  it('steps in quarters of a power of ten when fractions are fine', () => {
    expect(niceScale(9, { whole: false })).toEqual({ top: 10, ticks: [0, 2.5, 5, 7.5, 10] });
  });
});
