/**
 * One clock (issue 48 item 3, decision 0192): every instant a screen's loader hands the browser,
 * with its words as the server writes them ('Dec 6, 2026, 12:56 a.m.', in Winnipeg). A screen that
 * shows times it did not write in the loader reads them from this map (app/components/admin/
 * time-words.tsx), so the browser's own time-zone data, which may put Winnipeg an hour off, never
 * decides a time staff read. Pure.
 */
import { businessTime } from '#app/modules/team/team.ts';

/** An instant as the services write one (ISO 8601 with a zone: JSON's dates, the database's). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Words by instant: `{ '2026-12-06T06:56:00.000Z': 'Dec 6, 2026, 12:56 a.m.' }`. */
export type TimeWords = Record<string, string>;

/** The words of every instant found in `value` (its strings, in objects and arrays, at any depth). */
export function timeWords(value: unknown, into: TimeWords = {}): TimeWords {
  if (typeof value === 'string') {
    if (INSTANT.test(value) && !(value in into)) into[value] = businessTime(value);
  } else if (Array.isArray(value)) {
    for (const item of value) timeWords(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) timeWords(item, into);
  }
  return into;
}
