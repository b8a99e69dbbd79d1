/**
 * Quiet hours (decisions 0150, 0181): the hours of the night in which customers' texts wait for the
 * morning in Winnipeg. Orders and follow-ups schedule their texts past them, and the outbox worker
 * checks them again right before it sends (a retry, a backlog after a restart). Pure.
 */
import { BUSINESS_TIME_ZONE, offsetMs, wallClock } from './calendar.ts';

/** The hours of the night in which customers' texts wait for the morning (America/Winnipeg). */
export type QuietHours = { from: number; until: number };
/**
 * The hours quiet hours may begin (an evening, 6 PM to 11 PM) and end (a morning, 5 AM to 11 AM):
 * the one rule of TEXT_QUIET_HOURS and of the owner's Settings, and the Settings' choices.
 */
export const QUIET_FROM_HOURS: readonly number[] = [18, 19, 20, 21, 22, 23];
export const QUIET_UNTIL_HOURS: readonly number[] = [5, 6, 7, 8, 9, 10, 11];

/** Whether `from`-`until` are quiet hours the product keeps (an evening, then a morning). */
export function isQuietHours(from: number, until: number): boolean {
  return QUIET_FROM_HOURS.includes(from) && QUIET_UNTIL_HOURS.includes(until);
}

/** None from 20:00 to 08:00 unless configured otherwise (TEXT_QUIET_HOURS). */
export const QUIET_HOURS: QuietHours = { from: 20, until: 8 };

/**
 * When a text due at `at` may be sent: `at` itself in the day, else the morning's first hour
 * (`quiet.until`) in Winnipeg. `null`: no quiet hours.
 */
export function afterQuietHours(at: Date, quiet: QuietHours | null = QUIET_HOURS): Date {
  if (!quiet) return at;
  const { year, month, day, hour } = wallClock(at);
  if (hour >= quiet.until && hour < quiet.from) return at;
  // before the morning: this morning's; from the evening: tomorrow's (Date.UTC rolls the day over)
  const wall = Date.UTC(year, month - 1, hour < quiet.until ? day : day + 1, quiet.until);
  const guess = wall - offsetMs(new Date(wall), BUSINESS_TIME_ZONE);
  // the offset at 08:00 may differ from the one at the guess (a DST change in the night)
  return new Date(wall - offsetMs(new Date(guess), BUSINESS_TIME_ZONE));
}
