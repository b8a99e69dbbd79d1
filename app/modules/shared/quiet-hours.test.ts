import { describe, expect, it } from 'vitest';
import { afterQuietHours } from './quiet-hours.ts';

// Winnipeg is UTC-6 in winter (CST) and UTC-5 in summer (CDT)
const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('lets a text go out from 08:00 to 19:59 in Winnipeg', () => {
    expect(afterQuietHours(at('2026-11-26T14:00:00Z'))).toEqual(at('2026-11-26T14:00:00Z')); // 08:00 CST
    expect(afterQuietHours(at('2026-11-27T01:59:00Z'))).toEqual(at('2026-11-27T01:59:00Z')); // 19:59 CST
  });

  it('holds a text due at night until 08:00', () => {
    expect(afterQuietHours(at('2026-11-27T02:00:00Z'))).toEqual(at('2026-11-27T14:00:00Z')); // 20:00 → next 08:00
    expect(afterQuietHours(at('2026-11-26T13:59:00Z'))).toEqual(at('2026-11-26T14:00:00Z')); // 07:59 → 08:00
    expect(afterQuietHours(at('2026-12-01T05:30:00Z'))).toEqual(at('2026-12-01T14:00:00Z')); // 23:30 → 08:00
    expect(afterQuietHours(at('2026-12-31T23:00:00Z')).toISOString()).toBe('2026-12-31T23:00:00.000Z'); // 17:00
    expect(afterQuietHours(at('2027-01-01T03:00:00Z'))).toEqual(at('2027-01-01T14:00:00Z')); // New Year's Eve 21:00
  });

  it('follows the configured hours, or none', () => {
    const quiet = { from: 21, until: 7 };
    expect(afterQuietHours(at('2026-11-27T02:30:00Z'), quiet)).toEqual(at('2026-11-27T02:30:00Z')); // 20:30
    expect(afterQuietHours(at('2026-11-27T03:00:00Z'), quiet)).toEqual(at('2026-11-27T13:00:00Z')); // 21:00 → 07:00
    expect(afterQuietHours(at('2026-11-27T05:00:00Z'), null)).toEqual(at('2026-11-27T05:00:00Z'));
  });

  it('finds 08:00 on the nights the clocks change', () => {
    // 2026-03-08: clocks go forward at 02:00; 08:00 CDT is 13:00 UTC
    expect(afterQuietHours(at('2026-03-08T05:00:00Z'))).toEqual(at('2026-03-08T13:00:00Z'));
    // 2026-11-01: clocks go back at 02:00; 08:00 CST is 14:00 UTC (the text was due at 21:00 CDT)
    expect(afterQuietHours(at('2026-11-01T02:00:00Z'))).toEqual(at('2026-11-01T14:00:00Z'));
  });
});
