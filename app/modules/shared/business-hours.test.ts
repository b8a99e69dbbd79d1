import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, businessMinutesBetween } from './business-hours.ts';

describe('business minutes (Mon-Fri 7-18, Sat 8-16, America/Winnipeg)', () => {
  it.each([
    ['same morning', '2026-11-10T16:00:00Z', '2026-11-10T16:05:00Z', 5],
    ['Friday evening to Saturday morning', '2026-10-30T22:50:00Z', '2026-10-31T13:20:00Z', 30],
    ['Saturday afternoon over the DST change to Monday', '2026-10-31T20:00:00Z', '2026-11-02T13:30:00Z', 90],
    ['Sunday night to Monday', '2026-11-23T02:00:00Z', '2026-11-23T13:10:00Z', 10],
    ['all of Sunday counts nothing', '2026-11-22T06:00:00Z', '2026-11-23T06:00:00Z', 0],
    ['a whole week', '2026-11-16T06:00:00Z', '2026-11-23T06:00:00Z', 5 * 660 + 480],
    ['quoted before it came in', '2026-11-10T16:05:00Z', '2026-11-10T16:00:00Z', 0],
    ['overnight: 17:30 to 07:15 the next day', '2026-11-10T23:30:00Z', '2026-11-11T13:15:00Z', 45],
  ])('%s', (_name, from, to, minutes) => {
    expect(businessMinutesBetween(new Date(from), new Date(to))).toBe(minutes);
  });
});

describe('addBusinessMinutes', () => {
  it.each([
    ['2026-11-10T16:00:00Z', 5, '2026-11-10T16:05:00Z'],
    ['2026-10-30T22:50:00Z', 30, '2026-10-31T13:20:00Z'],
    ['2026-10-31T20:00:00Z', 90, '2026-11-02T13:30:00Z'],
    ['2026-11-23T02:00:00Z', 10, '2026-11-23T13:10:00Z'],
    ['2026-11-22T18:00:00Z', 0, '2026-11-23T13:00:00Z'],
  ])('%s + %i business minutes = %s, and back', (from, minutes, to) => {
    const at = addBusinessMinutes(new Date(from), minutes);
    expect(at.toISOString()).toBe(new Date(to).toISOString());
    expect(businessMinutesBetween(new Date(from), at)).toBe(minutes);
  });
});
