/**
 * Time counted in the business's opening hours (the owner's, app/modules/site/shop-settings.ts; the
 * promise is 'within 20 minutes during business hours'): response time counts
 * only the minutes the business is open. Used by the staff figures (server/services/stats.ts), the
 * insights' SQL (server/db/repo/insights.ts computes `openSecondsUntil` in SQL) and the demo
 * history; and when the business opens next (the quote page, the request's confirmation). Pure
 * but for calendar.ts's offset memo.
 */
import { clockWords, type WeekHours } from '../site/opening-hours.ts';
import { BUSINESS_TIME_ZONE, offsetMs } from './calendar.ts';

/** Open seconds in the days of a week before weekday `w` (Monday = 0); [7] is a whole week's. */
export function openSecondsBefore(hours: WeekHours): number[] {
  return hours.reduce<number[]>((acc, day, i) => [...acc, acc[i]! + (day ? day.close - day.open : 0)], [0]);
}
/** 1970-01-01 was a Thursday: weekday (Monday = 0) of epoch day d is (d + 3) mod 7. */
export const EPOCH_WEEKDAY = 3;

/**
 * Open seconds from a fixed Monday long ago up to a local time given as seconds since the epoch
 * on the local wall clock. The difference of two such counts is the business time between them;
 * the SQL of server/db/repo/insights.ts computes the very same formula.
 */
export function openSecondsUntil(hours: WeekHours, localSeconds: number): number {
  const before = openSecondsBefore(hours);
  const day = Math.floor(localSeconds / 86_400);
  const second = localSeconds - day * 86_400;
  const weekday = (day + EPOCH_WEEKDAY) % 7;
  const weeks = Math.floor((day + EPOCH_WEEKDAY) / 7);
  const open = hours[weekday];
  const today = !open
    ? 0
    : second <= open.open
      ? 0
      : second >= open.close
        ? open.close - open.open
        : second - open.open;
  return weeks * before[7]! + before[weekday]! + today;
}

/** Seconds on the business's wall clock since the epoch, for an instant. */
export function localSeconds(instant: Date, timeZone = BUSINESS_TIME_ZONE): number {
  const seconds = Math.floor(instant.getTime() / 1000);
  return seconds + offsetMs(instant, timeZone) / 1000;
}

/** Minutes the business was open between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(
  hours: WeekHours,
  from: Date,
  to: Date,
  timeZone = BUSINESS_TIME_ZONE,
): number {
  const open =
    openSecondsUntil(hours, localSeconds(to, timeZone)) -
    openSecondsUntil(hours, localSeconds(from, timeZone));
  return Math.max(0, open) / 60;
}

/**
 * The instant `minutes` of business time after `from` (a request outside the hours starts counting
 * at the next opening). The inverse of `businessMinutesBetween`; the demo history uses it.
 */
export function addBusinessMinutes(
  hours: WeekHours,
  from: Date,
  minutes: number,
  timeZone = BUSINESS_TIME_ZONE,
): Date {
  const before = openSecondsBefore(hours);
  // a week with no open hour (never saved: the settings refuse it) counts nothing
  if (before[7]! === 0) return from;
  const target = openSecondsUntil(hours, localSeconds(from, timeZone)) + Math.round(minutes * 60);
  const weeks = Math.floor(target / before[7]!);
  let rest = target - weeks * before[7]!;
  let weekday = 0;
  while (weekday < 6 && rest >= before[weekday + 1]!) weekday++;
  rest -= before[weekday]!;
  // the first open weekday at or after it (a count that lands exactly on a closing time stays there)
  while (!hours[weekday]) weekday++;
  const open = hours[weekday]!;
  const day = weeks * 7 + weekday - EPOCH_WEEKDAY;
  const local = day * 86_400 + open.open + rest;
  // local wall-clock seconds → instant: subtract the zone's offset at that time
  let utc = local - offsetMs(new Date(local * 1000), timeZone) / 1000;
  utc = local - offsetMs(new Date(utc * 1000), timeZone) / 1000;
  return new Date(utc * 1000);
}

/**
 * The business is open now (the product's hours, docs/product.md §9), or the next opening as words: 'today at 7 AM',
 * 'Monday at 7 AM'.
 */
export function nextOpening(hours: WeekHours, now: Date): { open: true } | { open: false; when: string } {
  const local = localSeconds(now);
  const day = Math.floor(local / 86_400);
  const second = local - day * 86_400;
  for (let ahead = 0; ahead < 8; ahead++) {
    const weekday = (day + ahead + 3) % 7;
    const open = hours[weekday];
    if (!open) continue;
    if (ahead === 0 && second >= open.open && second < open.close) return { open: true };
    if (ahead === 0 && second >= open.close) continue;
    const clock = clockWords(open.open).replace(/(AM|PM)$/, ' $1');
    const name = ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : WEEKDAYS[weekday]!;
    return { open: false, when: `${name} at ${clock}` };
  }
  return { open: false, when: 'on the next business day' };
}
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
