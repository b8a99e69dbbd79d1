/**
 * What the request confirmation promises (product.md §2, issue 31 item 9): during business hours, contact
 * within 20 minutes; outside them, when the business opens next, instead of a promise it cannot
 * keep. The opening hours and 'opens next' are the quote page's (app/modules/quotes/quote.ts).
 * Decided by the server, which answers a request with it (server/services/leads.ts): the
 * browser's time-zone data may put Winnipeg an hour off (decision 0192: one clock).
 */
import { nextOpening } from '#app/modules/shared/business-hours.ts';
import type { WeekHours } from '#app/modules/site/opening-hours.ts';
import { REPLY_PROMISE } from '#app/modules/site/site.ts';

export const REPLY_TEXT = {
  promise: `We will contact you ${REPLY_PROMISE}.`,
  /** outside business hours, instead of the promise: when the business opens next */
  closed: (when: string) => `We're closed right now: we open ${when} and will contact you first thing.`,
} as const;

export function replyPromise(hours: WeekHours, now: Date): string {
  const opening = nextOpening(hours, now);
  return opening.open ? REPLY_TEXT.promise : REPLY_TEXT.closed(opening.when);
}
