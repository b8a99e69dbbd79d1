/**
 * Calendar boundaries in the business's time zone (DESIGN §4: America/Winnipeg for 'today' and
 * 'this month'), without a date library: Intl tells the wall-clock time of an instant, and the
 * zone's offset at local midnight turns a wall-clock date back into an instant. Pure.
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
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Milliseconds the zone is ahead of UTC at that instant (negative west of Greenwich). */
export function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
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
