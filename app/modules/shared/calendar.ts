/**
 * Calendar boundaries in the business's time zone (decision 0005: America/Winnipeg for 'today' and
 * 'this month'), shared by every domain that counts days (staff figures, insights, blog schedule,
 * clicks, the demo history; opening hours are in business-hours.ts), without a date library: Intl tells the zone's offset from UTC at an instant (kept
 * per hour), which gives its wall-clock time, and the offset at local midnight turns a wall-clock
 * date back into an instant. Pure but for that memo.
 */
export const BUSINESS_TIME_ZONE = 'America/Winnipeg';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock date and time of an instant in a zone. */
export function wallClock(instant: Date, timeZone = BUSINESS_TIME_ZONE): WallClock {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The offset as Intl tells it: exact, but some microseconds per call (formatToParts). */
function offsetFromIntl(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour! % 24,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const HOUR_MS = 60 * 60_000;
/** Offset per zone and UTC hour, NaN for an hour in which it changes; cleared when it grows large. */
const hourOffsets = new Map<string, number>();
const HOUR_OFFSETS_KEPT = 100_000;

/**
 * Milliseconds the zone is ahead of UTC at that instant (negative west of Greenwich). Asked for
 * every figure that counts business time, so kept per hour: an hour whose first and last second
 * have the same offset has it throughout (zones change it at most twice a year); an hour with a
 * change in it is asked of Intl second by second.
 */
export function offsetMs(instant: Date, timeZone: string): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  const key = `${timeZone} ${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const first = offsetFromIntl(new Date(hour * HOUR_MS), timeZone);
    const last = offsetFromIntl(new Date(hour * HOUR_MS + HOUR_MS - 1000), timeZone);
    offset = first === last ? first : Number.NaN;
    if (hourOffsets.size >= HOUR_OFFSETS_KEPT) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetFromIntl(instant, timeZone) : offset;
}

/** The instant the given local date begins (local midnight) in the zone. */
export function zonedMidnight(year: number, month: number, day: number, timeZone = BUSINESS_TIME_ZONE): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  let guess = utcMidnight - offsetMs(new Date(utcMidnight), timeZone);
  // the offset at the guess may differ from the one at UTC midnight (a DST change in between)
  const corrected = utcMidnight - offsetMs(new Date(guess), timeZone);
  if (corrected !== guess) guess = corrected;
  return new Date(guess);
}

/** Start of the local day that contains `now`. */
export function startOfZonedDay(now: Date, timeZone = BUSINESS_TIME_ZONE): Date {
  const w = wallClock(now, timeZone);
  return zonedMidnight(w.year, w.month, w.day, timeZone);
}

/** Start of the local month that contains `now`. */
export function startOfZonedMonth(now: Date, timeZone = BUSINESS_TIME_ZONE): Date {
  const w = wallClock(now, timeZone);
  return zonedMidnight(w.year, w.month, 1, timeZone);
}

export type Range = { start: Date; end: Date };

/** The local day containing `now`, as [start, end): 23, 24 or 25 hours long. */
export function zonedDayRange(now: Date, timeZone = BUSINESS_TIME_ZONE): Range {
  const start = startOfZonedDay(now, timeZone);
  // 25 hours after a local midnight always lands in the next local day
  return { start, end: startOfZonedDay(new Date(start.getTime() + 25 * 3_600_000), timeZone) };
}

/** The local month containing `now`, as [start, end). */
export function zonedMonthRange(now: Date, timeZone = BUSINESS_TIME_ZONE): Range {
  const start = startOfZonedMonth(now, timeZone);
  return { start, end: startOfZonedMonth(new Date(start.getTime() + 32 * 86_400_000), timeZone) };
}

/**
 * The zone's offset from UTC over an interval, as steps: `offset` seconds holds until `until`
 * (epoch seconds, exclusive), the last step until the end. Found by checking every day and then
 * narrowing each change down to the second; Winnipeg changes twice a year.
 */
export function offsetSteps(
  from: Date,
  to: Date,
  timeZone = BUSINESS_TIME_ZONE,
): { until: number | null; offset: number }[] {
  const offsetAt = (s: number) => offsetMs(new Date(s * 1000), timeZone) / 1000;
  const steps: { until: number | null; offset: number }[] = [];
  let t = Math.floor(from.getTime() / 1000);
  const end = Math.ceil(to.getTime() / 1000);
  let current = offsetAt(t);
  while (t < end) {
    const next = Math.min(t + 86_400, end);
    if (offsetAt(next) !== current) {
      let lo = t; // offset = current
      let hi = next; // offset changed
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid) === current) lo = mid;
        else hi = mid;
      }
      steps.push({ until: hi, offset: current });
      current = offsetAt(hi);
      t = hi;
    } else {
      t = next;
    }
  }
  steps.push({ until: null, offset: current });
  return steps;
}
