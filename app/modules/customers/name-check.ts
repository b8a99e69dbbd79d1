/**
 * The right customer (issue 48 item 2, decision 0193): a request matched to a customer by its
 * phone or e-mail but under another name is linked and flagged until staff say whether it is the
 * same person. Pure: when names differ, and the flag's words; server/db/repo/name-checks.ts stores
 * the flag and server/services/customers.ts resolves it.
 */

/** A name as names are compared: lower case, its words separated by one space. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A name that names no one: empty, or a number (a lead by text is named by its number). */
export function isPlaceholderName(name: string): boolean {
  return name.trim() === '' || /^[\d\s()+.-]+$/.test(name.trim());
}

/**
 * Whether a request's name is another name than the customer's on file and every name already
 * known as theirs (the names of their requests staff did not question): no flag for an empty or
 * placeholder name on either side, the same name in other letters or spacing, or a name whose
 * words are all in the other ('Dale' for 'Dale Friesen', 'Dale Friesen' for 'Dale').
 */
export function namesDiffer(given: string, onFile: string, known: readonly string[] = []): boolean {
  if (isPlaceholderName(given) || isPlaceholderName(onFile)) return false;
  const words = (name: string) => nameKey(name).split(' ');
  const within = (a: string[], b: string[]) => a.every((w) => b.includes(w));
  const g = words(given);
  return [onFile, ...known]
    .filter((name) => !isPlaceholderName(name))
    .every((name) => {
      const n = words(name);
      return !within(g, n) && !within(n, g);
    });
}

/** A request flagged: the lead, its case number, the name it gave and the customer's on file. */
export type NameCheck = {
  leadId: number;
  caseNumber: string;
  requestName: string;
  customerId: number;
  customerName: string;
};

export const NAME_CHECK_TEXT = {
  requestFrom: 'Request from',
  onFileAs: 'on file as',
  question: 'Same person?',
  same: 'Same person',
  different: 'Different person',
  sameHint: 'keeps this name as another name of the customer',
  differentHint: 'makes a new customer with this name and moves the request',
  notFlagged: 'This request has no other name to check: it was settled already.',
  leadNotFound: 'Lead not found',
  noCustomer: 'This request is not linked to a customer yet.',
} as const;
