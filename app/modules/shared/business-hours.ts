/**
 * The business's opening hours (product.md §1: Mon-Fri 7AM-6PM and Sat 8AM-4PM CT; the promise is
 * 'within 20 minutes during business hours') and the time counted in them: response time counts
 * only the minutes the business is open. Used by the staff figures (server/services/stats.ts), the
 * insights' SQL (server/db/repo/insights.ts computes `openSecondsUntil` in SQL) and the demo
 * history; and when the business opens next (the quote page, the request's confirmation). Pure
 * but for calendar.ts's offset memo.
 */
import { BUSINESS_TIME_ZONE, offsetMs } from './calendar.ts';

/** Opening hours per weekday, Monday = 0, as seconds after local midnight; null: closed. */
export const BUSINESS_HOURS: readonly ({ open: number; close: number } | null)[] = [
  { open: 7 * 3600, close: 18 * 3600 },
  { open: 7 * 3600, close: 18 * 3600 },
  { open: 7 * 3600, close: 18 * 3600 },
  { open: 7 * 3600, close: 18 * 3600 },
  { open: 7 * 3600, close: 18 * 3600 },
  { open: 8 * 3600, close: 16 * 3600 },
  null,
];

/** Open seconds in the days of a week before weekday `w` (Monday = 0), and in a whole week. */
export const OPEN_SECONDS_BEFORE: readonly number[] = BUSINESS_HOURS.reduce<number[]>(
  (acc, hours, i) => [...acc, acc[i]! + (hours ? hours.close - hours.open : 0)],
  [0],
);
export const OPEN_SECONDS_PER_WEEK = OPEN_SECONDS_BEFORE[7]!;
/** 1970-01-01 was a Thursday: weekday (Monday = 0) of epoch day d is (d + 3) mod 7. */
export const EPOCH_WEEKDAY = 3;

/**
 * Open seconds from a fixed Monday long ago up to a local time given as seconds since the epoch
 * on the local wall clock. The difference of two such counts is the business time between them;
 * the SQL of server/db/repo/insights.ts computes the very same formula.
 */
export function openSecondsUntil(localSeconds: number): number {
  const day = Math.floor(localSeconds / 86_400);
  const second = localSeconds - day * 86_400;
  const weekday = (day + EPOCH_WEEKDAY) % 7;
  const weeks = Math.floor((day + EPOCH_WEEKDAY) / 7);
  const hours = BUSINESS_HOURS[weekday];
  const today = !hours
    ? 0
    : second <= hours.open
      ? 0
      : second >= hours.close
        ? hours.close - hours.open
        : second - hours.open;
  return weeks * OPEN_SECONDS_PER_WEEK + OPEN_SECONDS_BEFORE[weekday]! + today;
}

/** Seconds on the business's wall clock since the epoch, for an instant. */
export function localSeconds(instant: Date, timeZone = BUSINESS_TIME_ZONE): number {
  const seconds = Math.floor(instant.getTime() / 1000);
  return seconds + offsetMs(instant, timeZone) / 1000;
}

/** Minutes the business was open between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(from: Date, to: Date, timeZone = BUSINESS_TIME_ZONE): number {
  const open = openSecondsUntil(localSeconds(to, timeZone)) - openSecondsUntil(localSeconds(from, timeZone));
  return Math.max(0, open) / 60;
}

/**
 * The instant `minutes` of business time after `from` (a request outside the hours starts counting
 * at the next opening). The inverse of `businessMinutesBetween`; the demo history uses it.
 */
export function addBusinessMinutes(from: Date, minutes: number, timeZone = BUSINESS_TIME_ZONE): Date {
  const target = openSecondsUntil(localSeconds(from, timeZone)) + Math.round(minutes * 60);
  const weeks = Math.floor(target / OPEN_SECONDS_PER_WEEK);
  let rest = target - weeks * OPEN_SECONDS_PER_WEEK;
  let weekday = 0;
  while (weekday < 6 && rest >= OPEN_SECONDS_BEFORE[weekday + 1]!) weekday++;
  rest -= OPEN_SECONDS_BEFORE[weekday]!;
  // the first open weekday at or after it (a count that lands exactly on a closing time stays there)
  const hours = BUSINESS_HOURS[weekday]!;
  const day = weeks * 7 + weekday - EPOCH_WEEKDAY;
  const local = day * 86_400 + hours.open + rest;
  // local wall-clock seconds → instant: subtract the zone's offset at that time
  let utc = local - offsetMs(new Date(local * 1000), timeZone) / 1000;
  utc = local - offsetMs(new Date(utc * 1000), timeZone) / 1000;
  return new Date(utc * 1000);
}

/**
 * The business is open now (the product's hours, docs/product.md §9), or the next opening as words: 'today at 7 AM',
 * 'Monday at 7 AM'.
 */
export function nextOpening(now: Date): { open: true } | { open: false; when: string } {
  const local = localSeconds(now);
  const day = Math.floor(local / 86_400);
  const second = local - day * 86_400;
  for (let ahead = 0; ahead < 8; ahead++) {
    const weekday = (day + ahead + 3) % 7;
    const hours = BUSINESS_HOURS[weekday];
    if (!hours) continue;
    if (ahead === 0 && second >= hours.open && second < hours.close) return { open: true };
    if (ahead === 0 && second >= hours.close) continue;
    const hour = hours.open / 3600;
    const clock = `${hour > 12 ? hour - 12 : hour} ${hour >= 12 ? 'PM' : 'AM'}`;
    const name = ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : WEEKDAYS[weekday]!;
    return { open: false, when: `${name} at ${clock}` };
  }
  return { open: false, when: 'on the next business day' };
}
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
