/**
 * The shop's opening hours and how the site writes them (issue 49 item 1, decision 0204): per
 * weekday in seconds after midnight (Winnipeg), the first values (Mon-Fri 7 AM-6 PM), and their
 * words on pages and in texts. The hours in force are the owner's (shop-settings.ts); this module
 * has no dependency, so the site's chrome and the request form's script stay small. Pure.
 */

/** One weekday's opening hours, in seconds after local midnight (Winnipeg). */
export type DayHours = { open: number; close: number };
/** Monday = 0 … Sunday = 6; null: closed that day. */
export type WeekHours = readonly (DayHours | null)[];

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const open = (from: number, until: number): DayHours => ({ open: from * 3600, close: until * 3600 });
/** product.md §1's hours as the footer states them: Monday to Friday, 7 AM to 6 PM. */
export const DEFAULT_HOURS: WeekHours = [
  open(7, 18),
  open(7, 18),
  open(7, 18),
  open(7, 18),
  open(7, 18),
  null,
  null,
];

/** A time of day in seconds after midnight as the site writes it: '7AM', '6PM', '7:30AM'. */
export function clockWords(seconds: number): string {
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds % 3600) / 60);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${hour < 12 ? 'AM' : 'PM'}`;
}

/** A time of day as a form's time field holds it: '07:00'. */
export function timeField(seconds: number): string {
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds % 3600) / 60);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * Opening hours as lines of text, days with the same hours in a row joined:
 * ['Mon-Fri 7AM-6PM CT', 'Sat 8AM-4PM CT']. Closed days are left out.
 */
export function hoursLines(hours: WeekHours): string[] {
  const lines: string[] = [];
  let day = 0;
  while (day < 7) {
    const today = hours[day];
    if (!today) {
      day++;
      continue;
    }
    let last = day;
    while (last < 6 && hours[last + 1]?.open === today.open && hours[last + 1]?.close === today.close) last++;
    const days = last === day ? WEEKDAY_SHORT[day] : `${WEEKDAY_SHORT[day]}-${WEEKDAY_SHORT[last]}`;
    lines.push(`${days} ${clockWords(today.open)}-${clockWords(today.close)} CT`);
    day = last + 1;
  }
  return lines;
}

/** The hours in a text message's few words: 'Mon-Fri 7AM-6PM, Sat 8AM-4PM CT'. */
export function hoursInALine(hours: WeekHours): string {
  return `${hoursLines(hours)
    .map((line) => line.replace(/ CT$/, ''))
    .join(', ')} CT`;
}

/** An hour of the day as a select option reads it: 20 → '8 PM', 7 → '7 AM'. */
export function hourWords(hour: number): string {
  return clockWords(hour * 3600).replace(/(AM|PM)$/, ' $1');
}
