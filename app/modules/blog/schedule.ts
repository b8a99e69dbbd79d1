/**
 * Scheduled publishing in the business's time zone (decision 0005: America/Winnipeg): staff pick a
 * wall-clock time in a datetime-local field; the server turns it into an instant. Pure.
 */
import { BUSINESS_TIME_ZONE, wallClock } from '../shared/calendar.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** '2026-12-01T09:00' (Winnipeg wall clock) → the instant; undefined for anything malformed. */
export function zonedLocalToInstant(local: string, timeZone = BUSINESS_TIME_ZONE): Date | undefined {
  const m = LOCAL.exec(local.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // the zone's offset at that moment, measured twice so a time near a DST change lands right
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** An instant as the value of a datetime-local field in Winnipeg time: '2026-12-01T09:00'. */
export function instantToZonedLocal(instant: Date, timeZone = BUSINESS_TIME_ZONE): string {
  const w = wallClock(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}
