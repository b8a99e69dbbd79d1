import { describe, expect, it } from 'vitest';
import { averageResponseMinutes, displayStats, MARKETING_BASELINES, withFallbacks } from './stats.ts';

const values = (input: Parameters<typeof displayStats>[0]) => displayStats(input).map((s) => s.value);

describe('public statistics', () => {
  it('shows the product.md §9 defaults when the stats response is empty or missing', () => {
    for (const input of [undefined, null, {}]) {
      expect(values(input)).toEqual(['2.3 days', '12,847', '30+', '18 min']);
    }
    expect(displayStats({}).map((s) => s.label)).toEqual([
      'Average ETA',
      'Parts Sourced',
      'Cities Served',
      'Average Response',
    ]);
  });

  it('shows live figures when they are there, formatted for people', () => {
    expect(values({ avgETA: 3, partsSourced: 12_901, citiesServed: 36, avgResponseTime: 22.6 })).toEqual([
      '3.0 days',
      '12,901',
      '36+',
      '23 min',
    ]);
  });

  it('falls back figure by figure on anything that is not a positive number', () => {
    expect(
      withFallbacks({ avgETA: 'soon', partsSourced: Number.NaN, citiesServed: -1, avgResponseTime: 12 }),
    ).toEqual({ ...MARKETING_BASELINES, avgResponseTime: 12 });
    expect(withFallbacks({ avgETA: 0, partsSourced: Infinity })).toEqual(MARKETING_BASELINES);
  });

  it('gives the copy the same average reply time the strip shows', () => {
    for (const input of [undefined, {}, { avgResponseTime: 13.6 }, { avgResponseTime: 'fast' }]) {
      const strip = displayStats(input).find((s) => s.key === 'avgResponseTime')!.value;
      expect(`${averageResponseMinutes(input)} min`).toBe(strip);
    }
    expect(averageResponseMinutes({ avgResponseTime: 13.6 })).toBe(14);
    expect(averageResponseMinutes(null)).toBe(18);
  });
});
