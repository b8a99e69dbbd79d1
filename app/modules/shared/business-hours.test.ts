import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, type WeekHours } from '../site/opening-hours.ts';
import { addBusinessMinutes, businessMinutesBetween, nextOpening } from './business-hours.ts';

/** A shop open Saturdays too, as an owner may set it on the Settings screen. */
const WITH_SATURDAY: WeekHours = [...DEFAULT_HOURS.slice(0, 5), { open: 8 * 3600, close: 16 * 3600 }, null];

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
    expect(businessMinutesBetween(WITH_SATURDAY, new Date(from), new Date(to))).toBe(minutes);
  });
});

describe('business minutes with the first values (Mon-Fri 7-18)', () => {
  it.each([
    [
      'Friday evening to Monday morning: the weekend counts nothing',
      '2026-10-30T22:50:00Z',
      '2026-11-02T13:20:00Z',
      30,
    ],
    ['a whole week', '2026-11-16T06:00:00Z', '2026-11-23T06:00:00Z', 5 * 660],
  ])('%s', (_name, from, to, minutes) => {
    expect(businessMinutesBetween(DEFAULT_HOURS, new Date(from), new Date(to))).toBe(minutes);
  });

  it('adds across the closed weekend, and says Monday opens next on a Saturday', () => {
    const fridayLate = new Date('2026-10-30T22:50:00Z');
    expect(addBusinessMinutes(DEFAULT_HOURS, fridayLate, 30).toISOString()).toBe('2026-11-02T13:20:00.000Z');
    // Saturday 2026-11-28, 10:00 in Winnipeg: closed all day
    expect(nextOpening(DEFAULT_HOURS, new Date('2026-11-28T16:00:00Z'))).toEqual({
      open: false,
      when: 'Monday at 7 AM',
    });
    expect(nextOpening(WITH_SATURDAY, new Date('2026-11-28T16:00:00Z'))).toEqual({ open: true });
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
    const at = addBusinessMinutes(WITH_SATURDAY, new Date(from), minutes);
    expect(at.toISOString()).toBe(new Date(to).toISOString());
    expect(businessMinutesBetween(WITH_SATURDAY, new Date(from), at)).toBe(minutes);
  });
});
