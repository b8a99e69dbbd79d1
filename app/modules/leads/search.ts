/**
 * Lead search as staff type it on the board and in GET /api/leads?q= (decision 0050): what a name
 * looks like to search (stored in `leads.search_name`), and what a search text asks for (a case
 * number, a name, a phone number). Pure, so the rules have table tests; the SQL that applies them
 * is in server/db/repo/lead-board.ts.
 */
import { phoneDigits } from '../site/phone.ts';

/**
 * A name as search compares it (stored in `leads.search_name`, migration 0004): lower case, accents
 * and other combining marks removed, runs of white space as one space. The same function
 * normalises the search text, so 'emile' finds 'Émile' on both engines.
 */
export function leadSearchName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a search text can match; a lead matches when any of the present parts does. */
export type LeadSearchTerms = {
  /** a substring of `leads.search_name` (already normalised), or null: not a name search */
  name: string | null;
  /** an exact case number ('Q-10005'), or null */
  caseNumber: string | null;
  /** a substring of `leads.phone_digits`, or null: not a phone search */
  digits: string | null;
};

const CASE_NUMBER = /^(?:q-?)?(\d{5,})$/i;
/** Only digits and what people type around them in a phone number. */
const PHONE_TEXT = /^[\d\s()+.-]+$/;
/** Fewer digits would match most phone numbers: such a search is a name or case number only. */
const MIN_PHONE_DIGITS = 3;

/**
 * The parts of a search: a case number (exact: Q-10005, q10005 or 10005), a name (substring of
 * the normalised name) or a phone (substring of its digits, for a search made of digits and phone
 * punctuation). 'Q-10005' can only be a case number, so it is not also a name search (one lookup
 * in the unique index, no scan). Undefined for a blank search: no condition at all.
 */
export function leadSearchTerms(search: string | undefined): LeadSearchTerms | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const caseMatch = CASE_NUMBER.exec(text);
  // the digits as `leads.phone_digits` holds them (its phoneDigits: every non-digit removed)
  const digits = phoneDigits(text);
  const name = /^q/i.test(text) && caseMatch ? '' : leadSearchName(text);
  return {
    name: name || null,
    caseNumber: caseMatch ? `Q-${caseMatch[1]}` : null,
    digits: PHONE_TEXT.test(text) && digits.length >= MIN_PHONE_DIGITS ? digits : null,
  };
}
