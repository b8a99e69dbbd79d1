/**
 * The urgency's words (product.md §9 'Urgency options'), the one table every screen reads: the
 * request form the customer picks from, the board's badge, the Lead Details dialog, the new lead
 * dialog, the calculator's uplift, the CSV report and the staff alert. Staff read the customer's own
 * words (issue 48 item 7, decision 0195). Pure.
 */
import { URGENCIES, type Urgency } from './leads.ts';

export const URGENCY_WORDS: Readonly<Record<Urgency, string>> = {
  today: 'Emergency repair',
  '48h': 'Soon as possible',
  flexible: 'When convenient',
};

/** The choices, in the order of product.md §9. */
export const URGENCY_OPTIONS: readonly { value: Urgency; label: string }[] = URGENCIES.map((value) => ({
  value,
  label: URGENCY_WORDS[value],
}));

/** An urgency's words; a value no urgency has (an old row) as stored. */
export function urgencyWord(urgency: string): string {
  return Object.hasOwn(URGENCY_WORDS, urgency) ? URGENCY_WORDS[urgency as Urgency] : urgency;
}
