/**
 * An ETA in words (issue 48 item 7, decision 0195): a number of business days, Monday to Friday, as
 * the quote page counts them (`etaDate`, quote.ts). One formatter for every place an ETA is read:
 * the calculator's field, the lead's history and quote versions, the customer's page and card, the
 * quote text and e-mail. Pure, imports nothing.
 */

/** The calculator's field, whose number this is. */
export const ETA_FIELD_LABEL = 'ETA (business days)';

/** '1 business day', '3 business days'. */
export function businessDays(days: number): string {
  return days === 1 ? '1 business day' : `${days} business days`;
}
