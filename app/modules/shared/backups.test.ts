/**
 * The backups' rules (issue 49 item 5, decision 0197) with dates: the night's backup is due from
 * 03:00 to 06:00 Winnipeg time once a day; 7 daily and 4 weekly are kept; sizes in words.
 */
import { describe, expect, it } from 'vitest';
import { backupDay, backupsToKeep, backupWeek, byteWords, nightlyDue } from './backups.ts';

/** An instant at a Winnipeg wall-clock time in December (CST, UTC-6). */
const wpg = (date: string, time = '03:00') => new Date(`${date}T${time}:00-06:00`);

describe('nightlyDue', () => {
  it('is due from 03:00 to 06:00 Winnipeg time when no backup was made since 03:00 that day', () => {
    expect(nightlyDue(wpg('2026-12-07', '02:59'), undefined)).toBe(false);
    expect(nightlyDue(wpg('2026-12-07', '03:00'), undefined)).toBe(true);
    expect(nightlyDue(wpg('2026-12-07', '05:59'), wpg('2026-12-06', '03:01'))).toBe(true);
    expect(nightlyDue(wpg('2026-12-07', '06:00'), undefined)).toBe(false);
    // one made by hand at 01:00 that night does not count as the night's
    expect(nightlyDue(wpg('2026-12-07', '03:30'), wpg('2026-12-07', '01:00'))).toBe(true);
    expect(nightlyDue(wpg('2026-12-07', '03:30'), wpg('2026-12-07', '03:01'))).toBe(false);
  });

  it('keeps to Winnipeg time across the change to daylight time', () => {
    // 2027-03-14: clocks go forward at 02:00 CST; 03:00 CDT is 08:00 UTC
    expect(nightlyDue(new Date('2027-03-14T07:59:00Z'), undefined)).toBe(false);
    expect(nightlyDue(new Date('2027-03-14T08:00:00Z'), undefined)).toBe(true);
  });
});

describe('backupsToKeep', () => {
  it('keeps the newest of each of the 7 latest days and of the 4 latest weeks', () => {
    // one backup a night for 40 nights, ending Monday 2026-12-07, plus a second one on the last day
    const made: Date[] = [];
    for (let i = 39; i >= 0; i--) made.push(new Date(wpg('2026-12-07').getTime() - i * 86_400_000));
    made.push(wpg('2026-12-07', '14:00'));
    const kept = [...backupsToKeep(made)].map((i) => backupDay(made[i]!)).sort();
    expect(kept).toEqual([
      // the newest of each week (Monday to Sunday): the Sundays of the three weeks before this one
      '2026-11-22',
      '2026-11-29',
      // the 7 latest days (this week's Monday, today's newest, counts for this week too)
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
    ]);
    // today's kept one is the newer of the two
    expect(backupsToKeep(made).has(made.length - 1)).toBe(true);
    expect(backupsToKeep(made).has(made.length - 2)).toBe(false);
  });

  it('counts days that have a backup, so a server stopped for weeks keeps its last ones', () => {
    const made = [wpg('2026-10-01'), wpg('2026-10-02'), wpg('2026-12-07')];
    expect(backupsToKeep(made)).toEqual(new Set([0, 1, 2]));
    expect(backupsToKeep([])).toEqual(new Set());
  });

  it('names weeks by their Monday', () => {
    expect(backupWeek(wpg('2026-12-06', '23:00'))).toBe('2026-11-30');
    expect(backupWeek(wpg('2026-12-07', '00:30'))).toBe('2026-12-07');
  });
});

it('says sizes in words', () => {
  expect(byteWords(812)).toBe('812 bytes');
  expect(byteWords(3_400_000)).toBe('3.4 MB');
  expect(byteWords(1_234_000_000)).toBe('1.2 GB');
  expect(byteWords(455_000)).toBe('455 KB');
});
