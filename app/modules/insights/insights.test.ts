import { describe, expect, it } from 'vitest';
import {
  clickLocationLabel,
  clicksSummary,
  funnelSummary,
  insightPeriods,
  isInsightRange,
  leadsSummary,
  lostSummary,
  percentileOfSorted,
  responseSummary,
  revenueSummary,
  topSummary,
  type Insights,
} from './insights.ts';

describe('insightPeriods', () => {
  it('30 days ending today (Winnipeg), weeks from Monday cut to the range, months likewise', () => {
    // Wednesday 25 Nov 2026, 23:30 CST is already Thursday in UTC
    const p = insightPeriods(new Date('2026-11-26T05:30:00.000Z'), '30d');
    expect([p.from, p.to]).toEqual(['2026-10-27', '2026-11-25']);
    expect(p.start.toISOString()).toBe('2026-10-27T05:00:00.000Z'); // CDT midnight
    expect(p.end.toISOString()).toBe('2026-11-26T06:00:00.000Z'); // CST midnight
    expect(p.weeks.map((w) => [w.key, w.start.toISOString(), w.end.toISOString()])).toEqual([
      ['2026-10-26', '2026-10-27T05:00:00.000Z', '2026-11-02T06:00:00.000Z'],
      ['2026-11-02', '2026-11-02T06:00:00.000Z', '2026-11-09T06:00:00.000Z'],
      ['2026-11-09', '2026-11-09T06:00:00.000Z', '2026-11-16T06:00:00.000Z'],
      ['2026-11-16', '2026-11-16T06:00:00.000Z', '2026-11-23T06:00:00.000Z'],
      ['2026-11-23', '2026-11-23T06:00:00.000Z', '2026-11-26T06:00:00.000Z'],
    ]);
    expect(p.months.map((m) => [m.key, m.start.toISOString(), m.end.toISOString()])).toEqual([
      ['2026-10', '2026-10-27T05:00:00.000Z', '2026-11-01T05:00:00.000Z'],
      ['2026-11', '2026-11-01T05:00:00.000Z', '2026-11-26T06:00:00.000Z'],
    ]);
  });

  it('365 days: 53 weeks and 13 months, the first and last cut, none empty or overlapping', () => {
    const p = insightPeriods(new Date('2026-11-25T18:00:00.000Z'), '365d');
    expect([p.from, p.to]).toEqual(['2025-11-26', '2026-11-25']);
    expect(p.weeks).toHaveLength(53);
    expect(p.months).toHaveLength(13);
    for (const list of [p.weeks, p.months]) {
      expect(list[0]!.start).toEqual(p.start);
      expect(list.at(-1)!.end).toEqual(p.end);
      list.slice(1).forEach((period, i) => expect(period.start).toEqual(list[i]!.end));
    }
  });

  it('a range that begins on a Monday starts its first week there', () => {
    const p = insightPeriods(new Date('2026-12-01T18:00:00.000Z'), '30d'); // from Mon 2 Nov
    expect(p.from).toBe('2026-11-02');
    expect(p.weeks[0]!.key).toBe('2026-11-02');
  });

  it('knows its ranges', () => {
    expect(['30d', '90d', '365d'].every(isInsightRange)).toBe(true);
    expect(['7d', '', 30, null, ['30d']].some(isInsightRange)).toBe(false);
  });
});

describe('percentileOfSorted', () => {
  it.each([
    [[], 5, null],
    [[7], 9, 7],
    [[10, 20], 5, 15],
    [[5, 10, 12, 30, 90], 5, 12],
    [[5, 10, 12, 30, 90], 9, 66],
    [[12, 30, 90], 9, 78],
  ])('%j at %i tenths is %s', (values, tenths, expected) => {
    const result = percentileOfSorted(values, tenths);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(expected, 9);
  });
});

describe('summaries', () => {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  it('say the key figure in one line, and something friendly when there is nothing', () => {
    expect(leadsSummary({ total: 8, web: 6, sms: 2, weeks: [] })).toBe('8 requests, 25% by text message.');
    expect(leadsSummary({ total: 0, web: 0, sms: 0, weeks: [] })).toBe('No requests in this range.');
    expect(funnelSummary({ requests: 8, quoted: 5, ordered: 2, fulfilled: 1, lost: 3 })).toBe(
      '25% of requests became orders (2 of 8); 63% were quoted.',
    );
    expect(
      lostSummary([
        { reason: null, count: 1 },
        { reason: 'Found it locally', count: 2 },
      ]),
    ).toBe('3 leads lost; most often: Found it locally (2).');
    expect(lostSummary([])).toBe('No lost leads in this range.');
    expect(responseSummary({ quotes: 5, median: 14.2, p90: 31 })).toBe(
      'Median response 14 min, 6 min better than promised; 9 in 10 quotes within 31 min. Counted in business hours only: a request made while we are closed counts from the next opening.',
    );
    expect(responseSummary({ quotes: 5, median: 23, p90: 40 })).toBe(
      'Median response 23 min, 3 min slower than promised; 9 in 10 quotes within 40 min. Counted in business hours only: a request made while we are closed counts from the next opening.',
    );
    // the promise is the customers' 20 minutes (issue 31 item 5)
    expect(responseSummary({ quotes: 1, median: 20, p90: 20 })).toBe(
      'Median response 20 min, as promised; 9 in 10 quotes within 20 min. Counted in business hours only: a request made while we are closed counts from the next opening.',
    );
    expect(responseSummary({ quotes: 0, median: null, p90: null })).toBe('No quotes sent in this range.');
    expect(
      revenueSummary({ orders: 3, revenue: 38500, profit: 8500, margin: 0.2537, months: [] }, money),
    ).toBe('$385.00 from 3 orders, average margin 25%.');
    expect(revenueSummary({ orders: 0, revenue: 0, profit: 0, margin: null, months: [] }, money)).toBe(
      'No orders in this range.',
    );
    expect(clicksSummary({ total: 4, perLead: 0.5, locations: [], weeks: [] })).toBe(
      '4 clicks, 0.5 per request.',
    );
    expect(clicksSummary({ total: 1, perLead: null, locations: [], weeks: [] })).toBe('1 click.');
    const top: Insights['top'] = {
      categories: [{ key: 'hydraulics-fittings', label: 'Hydraulics & Fittings', count: 3 }],
      equipment: [],
      cities: [
        { key: 'winnipeg', label: 'Winnipeg', count: 4, indexedPage: true },
        { key: 'selkirk', label: 'Selkirk', count: 2, indexedPage: false },
      ],
    };
    expect(topSummary(top)).toBe(
      'Most requested: Hydraulics & Fittings, most requests from Winnipeg. Selkirk (2 requests) has no indexed city page yet.',
    );
    expect(topSummary({ categories: [], equipment: [], cities: [] })).toBe('No requests in this range.');
  });
});

describe('click locations', () => {
  it('names the buttons the site has, and shows any other location as it was recorded', () => {
    expect(['header', 'home-hero', 'parts-sourcing-hero'].map(clickLocationLabel)).toEqual([
      'Header button',
      'Home page hero',
      'Parts sourcing hero',
    ]);
    expect(clickLocationLabel('footer')).toBe('footer');
  });
});
