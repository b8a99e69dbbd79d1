/**
 * The texts of an order (issue 29, decision 0150): a part ordered from the supplier (with its
 * day, when staff have it), shipped to us (with the carrier's tracking link), a part's date set or moved, ready for pickup or out for
 * delivery, and the 'still waiting for you' reminders (the acceptance's own text says when the part
 * is expected: quote-messages.ts); each with the customer's link and within two SMS segments.
 * Pure.
 */
import type { Handover } from '../orders/orders.ts';
import { withPart } from './quote-messages.ts';

type Order = { siteName: string; caseNumber: string; part: string; url: string };

export function orderedText(o: Order & { day: string | null }): string {
  const day = o.day ? ` Expected ${o.day}.` : '';
  return withPart(
    `${o.siteName}: We ordered your part ({part}) for order ${o.caseNumber} from our supplier.${day} Follow it: ${o.url}`,
    o.part,
  );
}

/**
 * The part on its way to us (issue 48 item 6), with the carrier's tracking page when staff gave
 * the carrier and the number.
 */
export function shippedText(o: Order & { tracking: { carrier: string; url: string } | null }): string {
  const tracking = o.tracking ? ` ${o.tracking.carrier} tracking: ${o.tracking.url}` : '';
  return withPart(
    `${o.siteName}: Your part ({part}) for order ${o.caseNumber} has shipped to us.${tracking} Follow it: ${o.url}`,
    o.part,
  );
}

export function dateMovedText(o: Order & { day: string; why: string | null }): string {
  const why = o.why ? ` (${o.why})` : '';
  return withPart(
    `${o.siteName}: New date for your part ({part}), order ${o.caseNumber}: ${o.day}${why}. Follow it: ${o.url}`,
    o.part,
  );
}

export function readyText(o: Order & { handover: Handover }): string {
  return withPart(
    o.handover === 'pickup'
      ? `${o.siteName}: Your part ({part}) for order ${o.caseNumber} is ready for pickup. Address and hours: ${o.url}`
      : `${o.siteName}: Your part ({part}) for order ${o.caseNumber} is out for delivery. Follow it: ${o.url}`,
    o.part,
  );
}

export function reminderText(o: Order): string {
  return withPart(
    `${o.siteName}: Your part ({part}) for order ${o.caseNumber} is still waiting for you. Address and hours: ${o.url}`,
    o.part,
  );
}
