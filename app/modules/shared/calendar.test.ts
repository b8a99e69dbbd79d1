import { describe, expect, it } from 'vitest';
import {
  offsetMs,
  offsetSteps,
  startOfZonedDay,
  startOfZonedMonth,
  wallClock,
  zonedDayRange,
  zonedMidnight,
  zonedMonthRange,
} from './calendar.ts';

describe('America/Winnipeg calendar boundaries', () => {
  it.each([
    // CST (UTC-6) in winter
    ['2026-11-21T05:59:59.000Z', '2026-11-20T06:00:00.000Z'],
    ['2026-11-21T06:00:00.000Z', '2026-11-21T06:00:00.000Z'],
    ['2026-11-21T23:30:00.000Z', '2026-11-21T06:00:00.000Z'],
    // CDT (UTC-5) in summer
    ['2026-07-01T04:59:00.000Z', '2026-06-30T05:00:00.000Z'],
    ['2026-07-01T05:00:00.000Z', '2026-07-01T05:00:00.000Z'],
    // the day the clocks go forward (8 March 2026, 02:00 local) and back (1 November 2026)
    ['2026-03-08T12:00:00.000Z', '2026-03-08T06:00:00.000Z'],
    ['2026-11-01T12:00:00.000Z', '2026-11-01T05:00:00.000Z'],
  ])('the local day containing %s starts at %s', (now, start) => {
    expect(startOfZonedDay(new Date(now)).toISOString()).toBe(start);
  });

  it.each([
    ['2026-11-21T12:00:00.000Z', '2026-11-01T05:00:00.000Z'],
    // 06:30Z on 1 December is 00:30 local: December has begun
    ['2026-12-01T06:30:00.000Z', '2026-12-01T06:00:00.000Z'],
    // 30 November 23:30 local is 05:30Z on 1 December: still November
    ['2026-12-01T05:30:00.000Z', '2026-11-01T05:00:00.000Z'],
    ['2027-01-01T05:59:00.000Z', '2026-12-01T06:00:00.000Z'],
  ])('the local month containing %s starts at %s', (now, start) => {
    expect(startOfZonedMonth(new Date(now)).toISOString()).toBe(start);
  });

  it('reads the wall clock and builds midnights in other zones too', () => {
    expect(wallClock(new Date('2026-11-21T04:58:26.123Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 20,
      hour: 22,
      minute: 58,
      second: 26,
    });
    expect(zonedMidnight(2026, 11, 21, 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(zonedMidnight(2026, 11, 21, 'Asia/Kolkata').toISOString()).toBe('2026-11-20T18:30:00.000Z');
  });

  it.each([
    ['2026-11-21T12:00:00.000Z', '2026-11-21T06:00:00.000Z', '2026-11-22T06:00:00.000Z'],
    // 23-hour and 25-hour days
    ['2026-03-08T12:00:00.000Z', '2026-03-08T06:00:00.000Z', '2026-03-09T05:00:00.000Z'],
    ['2026-11-01T12:00:00.000Z', '2026-11-01T05:00:00.000Z', '2026-11-02T06:00:00.000Z'],
  ])('the local day of %s is [%s, %s)', (now, start, end) => {
    const range = zonedDayRange(new Date(now));
    expect([range.start.toISOString(), range.end.toISOString()]).toEqual([start, end]);
  });

  it.each([
    ['2026-11-21T12:00:00.000Z', '2026-11-01T05:00:00.000Z', '2026-12-01T06:00:00.000Z'],
    ['2026-02-10T12:00:00.000Z', '2026-02-01T06:00:00.000Z', '2026-03-01T06:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', '2026-12-01T06:00:00.000Z', '2027-01-01T06:00:00.000Z'],
  ])('the local month of %s is [%s, %s)', (now, start, end) => {
    const range = zonedMonthRange(new Date(now));
    expect([range.start.toISOString(), range.end.toISOString()]).toEqual([start, end]);
  });
});

describe('the offset kept per hour', () => {
  /** What Intl says the wall clock reads, field by field: the reference the memo must match. */
  function intlWallClock(instant: Date, timeZone: string) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(instant)
        .filter((p) => p.type !== 'literal')
        .map((p) => [p.type, Number(p.value)]),
    );
    return { ...parts, hour: parts.hour! % 24 };
  }

  it.each([
    // Winnipeg's spring and autumn changes (on the UTC hour), Newfoundland's and Lord Howe's (at
    // half past: an hour with two offsets), India (none)
    ['America/Winnipeg', '2026-03-08T06:00:00Z'],
    ['America/Winnipeg', '2026-11-01T05:00:00Z'],
    ['America/St_Johns', '2026-03-08T05:30:00Z'],
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
    ['Asia/Kolkata', '2026-06-01T00:00:00Z'],
  ])('in %s around %s reads what Intl reads, second by second over the change', (zone, around) => {
    const centre = Date.parse(around);
    // every 7 s over 8 hours around the change: each hour is memoised on its first question
    for (let t = centre - 4 * 3_600_000; t <= centre + 4 * 3_600_000; t += 7_000) {
      const instant = new Date(t);
      expect(wallClock(instant, zone), instant.toISOString()).toEqual(intlWallClock(instant, zone));
    }
    // the hour of the change itself, asked again once memoised, at its last seconds
    for (let t = centre - 3_000; t <= centre + 3_000; t += 1_000) {
      expect(wallClock(new Date(t), zone)).toEqual(intlWallClock(new Date(t), zone));
    }
    expect(offsetMs(new Date(centre - 4 * 3_600_000), zone)).not.toBeNaN();
  });
});

describe('offsetSteps', () => {
  it('finds both changes of 2026 to the second', () => {
    const steps = offsetSteps(new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'));
    expect(steps).toEqual([
      { until: Date.parse('2026-03-08T08:00:00Z') / 1000, offset: -21600 },
      { until: Date.parse('2026-11-01T07:00:00Z') / 1000, offset: -18000 },
      { until: null, offset: -21600 },
    ]);
  });
});
