/**
 * Customers (issue 30 item 1, decision 0161): who a lead belongs to and how that is decided, what
 * staff may edit, how two are merged, and the words of the customers screens. Pure: the rules are
 * table-tested here; server/db/repo/customers.ts looks the candidates up and writes the outcome.
 */
import { z } from 'zod';
import { stepLabel } from '#app/modules/orders/orders.ts';
import { businessDays } from '#app/modules/quotes/eta.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import type { ThreadMessage } from './conversation.ts';
import type { NameCheck } from './name-check.ts';
import { isEmailAddress } from '#app/modules/site/email-address.ts';
import { formatPhone, phoneDigits, toE164 } from '#app/modules/site/phone.ts';
import { rowIdSchema } from '#app/modules/site/row-id.ts';

/** How a lead's contact is compared: its phone in E.164 and its e-mail in lower case, or null. */
export type ContactKeys = { phone: string | null; email: string | null };

export function contactKeys(contact: { phone?: string | null; email?: string | null }): ContactKeys {
  const email = contact.email?.trim().toLowerCase() || null;
  return {
    phone: contact.phone ? toE164(contact.phone) : null,
    email: email && isEmailAddress(email) ? email : null,
  };
}

/** A customer as matching sees it. */
export type MatchCandidate = { id: number; phone: string | null; email: string | null };

/**
 * Which customer a lead belongs to: the one with its phone, else the one with its e-mail, else a
 * new one. The phone comes first because texts are how customers reach the business and a number
 * is personal, while an e-mail may be a shop's shared address. Then what the chosen customer
 * learns: a phone or e-mail it lacks, unless another customer holds it (a merge is staff's call).
 */
export function matchCustomer(
  keys: ContactKeys,
  byPhone: MatchCandidate | undefined,
  byEmail: MatchCandidate | undefined,
): { customerId: number | null; learn: Partial<ContactKeys> } {
  const chosen = byPhone ?? byEmail;
  if (!chosen) return { customerId: null, learn: {} };
  const learn: Partial<ContactKeys> = {};
  if (!chosen.phone && keys.phone && !byPhone) learn.phone = keys.phone;
  if (!chosen.email && keys.email && !byEmail) learn.email = keys.email;
  return { customerId: chosen.id, learn };
}

/**
 * The name a customer keeps when a new lead brings one: a lead by text is named by its number
 * ('(204) 555-0147'), which a real name from a form or staff replaces; a real name stays.
 */
export function betterName(current: string, incoming: string): string {
  const placeholder = (name: string) => name.trim() === '' || /^[\d\s()+.-]+$/.test(name.trim());
  return placeholder(current) && !placeholder(incoming) ? incoming.trim() : current;
}

/** What a customers search compares: name, company, e-mail and phone digits, in lower case. */
export function customerSearchText(c: {
  name: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
}): string {
  return [c.name, c.company ?? '', c.email ?? '', c.phone ? phoneDigits(c.phone) : '']
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A search as the customers list compares it: lower case; a phone typed any way as its digits. */
export function customerSearchTerm(search: string): string {
  const term = search.trim().toLowerCase();
  return /^[\d\s()+.-]+$/.test(term) && phoneDigits(term).length >= 3
    ? phoneDigits(term).replace(/^1(?=\d{10}$)/, '')
    : term;
}

/** The statuses whose price counts as spent: the customer said yes. */
export const SPENT_STATUSES = ['ordered', 'fulfilled'] as const;

export type CustomerSort = 'last_contact' | 'total_spent';
export const CUSTOMER_SORTS: readonly CustomerSort[] = ['last_contact', 'total_spent'];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  last_contact: 'Last contact',
  total_spent: 'Total spent',
};

/** A customer in the list. */
export type CustomerSummary = {
  id: number;
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  fleet: boolean;
  leadCount: number;
  /** cents */
  totalSpent: number;
  firstContactAt: string | null;
  lastContactAt: string | null;
};

/** A customer with what staff edit. */
export type Customer = CustomerSummary & {
  notes: string | null;
  noReviews: boolean;
  mergedInto: number | null;
  assignedUserId: number | null;
  unread: number;
  doneAt: string | null;
  createdAt: string;
};

export const CUSTOMER_TEXT = {
  title: 'Customers',
  subtitle: 'Everyone who has asked for a part, with their requests, quotes, orders and messages.',
  search: 'Search customers',
  searchHint: 'Name, company, phone or e-mail',
  sortBy: 'Sort by',
  none: 'No customers yet.',
  noMatch: 'No customer matches that search.',
  more: 'More customers',
  fleet: 'Fleet account',
  fleetHint: 'Their quotes ask for a PO number.',
  noReviews: 'Do not ask for reviews',
  edit: 'Edit customer',
  save: 'Save',
  saving: 'Saving...',
  saved: 'Customer saved',
  merge: 'Merge with another customer',
  mergeInto: 'Merge this customer into',
  merging: 'Merging...',
  merged: 'Customers merged',
  notesCut: (name: string) =>
    `[Notes cut to 4,000 characters when ${name} was merged into this customer: the whole text is in the audit log.]`,
  mergeHint:
    'Every request, quote, order and message of this customer moves to the one you choose. This cannot be undone, but the merge is recorded.',
  notFound: 'Customer not found',
  mergedAway: 'This customer was merged into another one.',
  sameCustomer: 'Choose another customer to merge with.',
  name: 'Name',
  company: 'Company',
  notes: 'Notes',
  notesHint: 'Only staff see these.',
  leads: 'Requests',
  messages: 'Messages',
  totalSpent: 'Total spent',
  firstContact: 'First contact',
  lastContact: 'Last contact',
  phone: 'Phone',
  email: 'E-mail',
  // the screens (/admin/customers, /admin/customers/{id})
  customer: 'Customer',
  searchButton: 'Search',
  firstPage: 'Back to the first page',
  pages: 'Pages of customers',
  list: 'Customers found',
  allCustomers: 'All customers',
  requestCount: (n: number) => (n === 1 ? '1 request' : `${n} requests`),
  newestShown: (n: number) => `The newest ${n} requests, with their quotes and orders.`,
  showAll: (n: number) => `Show all ${n} requests`,
  noNotes: 'No notes.',
  noReviewsSet: 'Not asked for reviews',
  openMerged: 'Open the customer it was merged into',
  openInbox: 'Open the conversation in the inbox',
  totals: 'Totals',
  contact: 'Contact',
  quotes: 'Quotes',
  orders: 'Orders',
  noLeads: 'No requests yet.',
  noQuotes: 'No quotes sent yet.',
  noOrders: 'Nothing ordered yet.',
  noMessages: 'No messages yet.',
  caseNumber: 'Case',
  part: 'Part',
  status: 'Status',
  price: 'Price',
  date: 'Date',
  supplier: 'Supplier',
  promised: 'Promised',
  version: (caseNumber: string, n: number) => `${caseNumber}, version ${n}`,
  sentOn: (day: string) => `Sent ${day}`,
  accepted: 'Accepted',
  option: (n: number) => `Option ${n}`,
  eta: businessDays,
  /** an ordered part's step, whatever the way it reaches the customer */
  steps: {
    to_order: stepLabel('to_order', 'pickup'),
    ordered: stepLabel('ordered', 'pickup'),
    shipped: stepLabel('shipped', 'pickup'),
    arrived: stepLabel('arrived', 'pickup'),
    ready: 'Ready for the customer',
    done: 'Handed over',
  } as Record<string, string>,
  mergeSearch: 'Find the customer to keep',
  mergeSearching: 'Searching...',
  mergeNone: 'No other customer matches.',
  mergeChoose: 'Choose the customer to keep, then merge.',
  mergeButton: 'Merge',
} as const;

export const CUSTOMER_MESSAGES = {
  name: 'Please enter the customer’s name',
  nameLong: 'The name can be at most 120 characters',
  companyLong: 'The company can be at most 120 characters',
  notesLong: 'Notes can be at most 4,000 characters',
  sort: 'Sort by last contact or total spent.',
  mergeTarget: 'Choose the customer to merge into.',
  requests: "Show the newest requests ('newest') or all of them ('all').",
} as const;

/** The most notes a customer may have (the edit form's limit). */
export const MAX_NOTES = 4_000;

/**
 * The kept customer's notes after a merge: theirs, then the merged customer's. Past MAX_NOTES the
 * end is cut and the notes say so, naming the merged customer (whose whole notes the audit log's
 * record of the merge keeps), so the customer can still be saved as it is.
 */
export function mergedNotes(
  kept: string | null,
  merged: string | null,
  mergedName: string,
): { notes: string | null; cut: boolean } {
  const whole = [kept, merged].filter(Boolean).join('\n\n');
  if (whole.length <= MAX_NOTES) return { notes: whole || null, cut: false };
  const said = CUSTOMER_TEXT.notesCut(mergedName);
  const room = MAX_NOTES - said.length - 3; // the ellipsis and the blank line before what is said
  return { notes: `${whole.slice(0, room).trimEnd()}…\n\n${said}`, cut: true };
}

export const customerEditSchema = z.object({
  name: z
    .string({ message: CUSTOMER_MESSAGES.name })
    .trim()
    .min(1, CUSTOMER_MESSAGES.name)
    .max(120, CUSTOMER_MESSAGES.nameLong),
  company: z
    .string()
    .trim()
    .max(120, CUSTOMER_MESSAGES.companyLong)
    .nullish()
    .transform((v) => v || null),
  notes: z
    .string()
    .trim()
    .max(MAX_NOTES, CUSTOMER_MESSAGES.notesLong)
    .nullish()
    .transform((v) => v || null),
  fleet: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()),
  noReviews: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()),
});
export type CustomerEdit = z.output<typeof customerEditSchema>;

export const customerListQuerySchema = z.object({
  search: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || undefined),
  sort: z
    .enum(CUSTOMER_SORTS as [CustomerSort, ...CustomerSort[]], { message: CUSTOMER_MESSAGES.sort })
    .default('last_contact'),
  /** the page after this one: `${sortValue}|${id}` of the last row shown */
  after: z.string().max(100).optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** Which of a customer's requests their page shows: the newest (the default), or all of them. */
export const customerPageQuerySchema = z.object({
  requests: z.enum(['newest', 'all'], { message: CUSTOMER_MESSAGES.requests }).default('newest'),
});

export const customerMergeSchema = z.object({
  into: rowIdSchema(CUSTOMER_MESSAGES.mergeTarget),
});

/** The first word of a name; '' when there is none (a lead by text is named by its phone number). */
export function firstNameOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return /\p{L}/u.test(first) ? first : '';
}

/** A customer's name as a list shows it: with the company when there is one. */
export function customerLabel(c: { name: string; company: string | null }): string {
  return c.company ? `${c.name} (${c.company})` : c.name;
}

/** A customer's phone as read, or an empty text. */
export function customerPhone(c: { phone: string | null }): string {
  return c.phone ? formatPhone(c.phone) : '';
}

/** A lead on a customer's page. */
export type CustomerLead = {
  id: number;
  caseNumber: string;
  status: LeadStatus;
  source: string;
  /** what it is for: 'hydraulic pump, 2015 John Deere 6120' */
  part: string;
  createdAt: string;
  /** cents: the quoted (or accepted) price */
  sellPrice: number | null;
};

/** A quote version on a customer's page. */
export type CustomerQuote = {
  leadId: number;
  caseNumber: string;
  version: number;
  sentAt: string;
  expiresAt: string;
  options: { label: string; sellPrice: number; etaDays: number }[];
  acceptedOption: number | null;
};

/** An ordered part on a customer's page. */
export type CustomerOrder = {
  lineId: number;
  leadId: number;
  caseNumber: string;
  part: string;
  step: string;
  supplierName: string | null;
  promisedDate: string | null;
};

/** Everything about one customer (GET /api/customers/{id}, /admin/customers/{id}). */
export type CustomerPage = {
  customer: Customer & { assignedName: string | null };
  /** the newest of the customer's requests, or all of them (up to a thousand) */
  requests: 'newest' | 'all';
  /** the customer has older requests than those shown */
  moreLeads: boolean;
  /** the requests shown, newest first; the quotes and orders are theirs */
  leads: CustomerLead[];
  quotes: CustomerQuote[];
  orders: CustomerOrder[];
  /** the newest messages of every lead, oldest first */
  conversation: ThreadMessage[];
  smsOptedOut: boolean;
  /** requests that gave another name than the customer's, not yet settled (decision 0193) */
  nameChecks: NameCheck[];
};
