/**
 * The clock of an order (issue 29, docs/decisions/0150-orders.md): which 'still waiting for you'
 * reminder is due for a part ready and not collected (at 3 and 14 days), and which lines need staff
 * first on the orders screen. When its texts may go out is ../shared/quiet-hours.ts. Pure: every
 * function takes the time it reasons about.
 */
import { wallClock } from '../shared/calendar.ts';
import { etaDate } from '../quotes/quote.ts';
import type { LineStep } from './orders.ts';

/** A day in milliseconds: the unit of the order's clock (the reminders, the exceptions). */
export const DAY_MS = 86_400_000;

/** The reminders of a part ready and not collected, by days since it became ready. */
export const REMINDER_DAYS = [3, 14] as const;
export type ReminderDay = (typeof REMINDER_DAYS)[number];

/**
 * The reminder due now for a line ready since `readyAt` whose reminders `sent` went out already:
 * the latest one whose day has come and that was not sent (a server down for a week sends the
 * 14-day one, not both). Undefined when none is due.
 */
export function dueReminder(readyAt: Date, now: Date, sent: readonly number[]): ReminderDay | undefined {
  const days = (now.getTime() - readyAt.getTime()) / DAY_MS;
  const due = REMINDER_DAYS.filter((d) => days >= d);
  const latest = due[due.length - 1];
  if (latest === undefined || sent.some((s) => s >= latest)) return undefined;
  return latest;
}

/** Why a line is on top of the orders screen. */
export type OrderException = 'late' | 'uncollected' | 'not_ordered';

export const EXCEPTION_LABELS: Record<OrderException, string> = {
  late: 'Past its promised date',
  uncollected: 'Ready, not collected for over 3 days',
  not_ordered: 'Still to order a business day after yes',
};

/** Days a part may wait, ready, before it is an exception. */
export const UNCOLLECTED_DAYS = 3;

/** Today's date in Winnipeg as YYYY-MM-DD. */
export function businessDay(at: Date): string {
  const { year, month, day } = wallClock(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What is wrong with a line now, if anything: not arrived after its promised date (a whole day
 * past it, in Winnipeg), ready and not collected for more than 3 days, or still to order more than
 * one business day after the customer said yes.
 */
export function lineException(
  line: { step: LineStep; promisedDate: string | null; readyAt: Date | null; acceptedAt: Date },
  now: Date,
): OrderException | undefined {
  const arrived = ['arrived', 'ready', 'done'].includes(line.step);
  if (!arrived && line.promisedDate && line.promisedDate < businessDay(now)) return 'late';
  if (
    line.step === 'ready' &&
    line.readyAt &&
    now.getTime() - line.readyAt.getTime() > UNCOLLECTED_DAYS * DAY_MS
  )
    return 'uncollected';
  if (line.step === 'to_order' && now.getTime() > etaDate(line.acceptedAt, 1).getTime()) return 'not_ordered';
  return undefined;
}
