/**
 * What the request confirmation promises (product.md §2, issue 31 item 9): during business hours, contact
 * within 20 minutes; outside them, when the business opens next, instead of a promise it cannot
 * keep. The opening hours and 'opens next' are the quote page's (app/modules/quotes/quote.ts).
 */
import { nextOpening } from '#app/modules/shared/business-hours.ts';
import { COPY } from './request-copy.ts';

export function replyPromise(now: Date): string {
  const opening = nextOpening(now);
  return opening.open ? COPY.confirmation.promise : COPY.confirmation.closed(opening.when);
}
