/**
 * Leads as the back office works with them (product.md §2 'Lead Management', §3, §5 'Quote form'):
 * the board's shapes, the timeline, the quote form (checked with the server's quote schema,
 * app/modules/quotes/quote.ts), the status payload (one zod schema, used by the dialog and by the
 * server) and the card's age label. The quote text the customer receives is in
 * app/modules/messages/quote-messages.ts.
 * Pure: no React, no I/O.
 */
import type { NameCheck } from '#app/modules/customers/name-check.ts';
import { z } from 'zod';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, type Difficulty } from '../pricing/pricing.ts';
import { PART_NAME_CHARS } from '../messages/part-name.ts';
import { dollarsToCents } from '../site/money.ts';
import { parseRowId } from '../site/row-id.ts';
import { LEAD_STATUSES, type Lead, type LeadStatus, type Urgency } from './leads.ts';
import { quoteSendSchema, type QuoteOptionPayload, type QuoteVersion } from '../quotes/quote.ts';
import { BOARD_STATUSES, type BoardStatus } from './status.ts';

/** A lead as a board card shows it: enough for the card, nothing more (10,000 leads stay light). */
export type LeadCard = {
  id: number;
  caseNumber: string;
  status: LeadStatus;
  urgency: Urgency;
  name: string;
  phone: string;
  equipment: string | null;
  description: string | null;
  sellPrice: number | null;
  /** the customer's views of the current quote, and when it stops holding (the card's 'Viewed' / 'Expired' mark) */
  quoteViews: number;
  quoteExpiresAt: string | null;
  photoCount: number;
  createdAt: string;
};

/** One board column: the newest leads, how many there are in all, and where the next page starts. */
export type BoardColumn = { total: number; leads: LeadCard[]; nextBefore: string | null };
/** The board's five columns, and how many lost leads (which have no column) match its search. */
export type LeadBoard = { columns: Record<BoardStatus, BoardColumn>; lost: { total: number }; query: string };
export type BoardPage = { leads: LeadCard[]; nextBefore: string | null };

/**
 * A lost lead in the lost view (issue 31): its card, why it was lost, when and by whom, and the
 * status it left (where Reopen takes it). `lostAt`, `lostBy` and `leftStatus` come from its move to
 * lost; a lead entered as lost has none of its own (its creation stands in, and Reopen makes it new).
 */
export type LostLeadCard = LeadCard & {
  lostReason: string | null;
  lostAt: string;
  lostBy: string;
  leftStatus: LeadStatus;
};
export type LostLeadsPage = { total: number; leads: LostLeadCard[]; nextBefore: string | null };

export const BOARD_PAGE_SIZE = 50;
export const BOARD_MAX_PAGE = 200;
/** Card descriptions are cut here on the server (the card shows two lines). */
export const CARD_DESCRIPTION_CHARS = 240;

/** A row of the lead's history: created, status changes, quotes, messages in. */
export type LeadEvent = {
  id: number;
  type: string;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  actor: string;
  detail: Record<string, unknown> | null;
  createdAt: string;
};

/** A message to the customer or staff about this lead (the outbox, decision 0041). */
export type LeadMessage = {
  id: number;
  channel: string;
  recipient: string;
  body: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
};

/**
 * One text (or e-mail copy) of the conversation with the customer (issue 8), oldest first:
 * texts in from the customer and messages out from the business (quotes, staff replies, the
 * automatic replies to YES/NO/HELP and to a new text request).
 *
 * `status` of a message out: 'logged' (SMS_PROVIDER=log: recorded, not sent), 'queued',
 * 'sending', 'sent', 'delivered', 'failed'
 * (`error` says why), 'blocked' (the number has opted out; never sent), 'cancelled' (a follow-up
 * the customer's answer made unneeded; never sent), 'withheld' (a text the public caused, past the
 * limits on such texts; never sent; decision 0175). A text in is 'received'.
 */
export type ConversationStatus =
  | 'received'
  | 'logged'
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'failed'
  | 'blocked'
  | 'cancelled'
  | 'withheld';
export type ConversationMessage = {
  /** unique within the lead: 'in-{id}' or 'out-{id}' */
  key: string;
  direction: 'in' | 'out';
  /** 'web': a question the customer asked on the quote page */
  channel: 'sms' | 'email' | 'web';
  body: string;
  status: ConversationStatus;
  /** why a message out failed or was blocked or withheld, in words staff understand; otherwise null */
  error: string | null;
  /** photos that came with a text in (MMS) */
  photoCount: number;
  at: string;
};

export type LeadDetails = Lead & {
  events: LeadEvent[];
  messages: LeadMessage[];
  /** texts in and out (and e-mail copies), oldest first */
  conversation: ConversationMessage[];
  /** the customer's number has opted out (STOP): no text can be sent until they send START */
  smsOptedOut: boolean;
  /** every quote sent, oldest first (issue 28) */
  quoteVersions: QuoteVersion[];
  /** the request gave another name than its customer's, not yet settled (decision 0193) */
  nameCheck: NameCheck | null;
};

/** Texting the customer from the Lead Details dialog (issue 8). */
export const MAX_SMS_BODY = 1_000;
export const CONVERSATION_TEXT = {
  heading: 'Conversation',
  empty: 'No messages yet',
  label: 'Text the customer',
  placeholder: 'Type a text message…',
  send: 'Send Text',
  sending: 'Sending...',
  optedOut: 'This customer has opted out of texts (STOP). They can send START to opt back in.',
  sent: { title: 'Text Sent', description: 'Your message is on its way to the customer' },
  emptyBody: 'Type a message first',
  /** the reply form's box: the text begins with the business's name (issue 48 item 5) */
  withName: 'Start with our name',
  withNameInvalid: 'Choose whether the text starts with our name',
} as const;

/** The Lead Details dialog's 'text': a text from staff to the customer. */
export const messagePayloadSchema = z.object({
  body: z
    .string({ message: CONVERSATION_TEXT.emptyBody })
    .trim()
    .min(1, CONVERSATION_TEXT.emptyBody)
    .max(MAX_SMS_BODY, `A text can be at most ${MAX_SMS_BODY} characters`),
  /**
   * Whether the text begins with the business's name (`staffText`, app/modules/messages): yes
   * unless staff untick 'Start with our name' for this one message. A form's 'true' / 'false' (or
   * 'on' / 'off'), or JSON's own booleans; absent is yes.
   */
  withName: z.preprocess(
    (v) =>
      v === undefined ? true : v === 'true' || v === 'on' ? true : v === 'false' || v === 'off' ? false : v,
    z.boolean({ message: CONVERSATION_TEXT.withNameInvalid }),
  ),
});
export type MessagePayload = z.input<typeof messagePayloadSchema>;

/** The lead dialog's short part name (issue 48 item 5): what texts and the customer's page call the part. */
export const PART_NAME_TEXT = {
  label: 'Short part name',
  hint: (fallback: string) => `Texts and the customer's page call the part this. Left empty: '${fallback}'.`,
  save: 'Save name',
  saving: 'Saving...',
  saved: 'Part name saved',
  tooLong: `A short part name is at most ${PART_NAME_CHARS} characters`,
} as const;

/** The short part name as staff type it: trimmed, at most PART_NAME_CHARS; empty clears it. */
export const partNamePayloadSchema = z.object({
  shortPartName: z
    .string({ message: PART_NAME_TEXT.tooLong })
    .trim()
    .max(PART_NAME_CHARS, PART_NAME_TEXT.tooLong)
    .transform((name) => name || null),
});

/** Texts of the screen (product.md §2, §7, §8), word for word, in one place. */
export const LEADS_TEXT = {
  title: 'Lead Management',
  exportReport: 'Export Report',
  noLeads: 'No leads',
  unknownEquipment: 'Unknown',
  na: 'N/A',
  noDescription: 'No description provided',
  markQualified: 'Mark as Qualified',
  markOrdered: 'Mark as Ordered',
  markFulfilled: 'Mark as Fulfilled',
  markLost: 'Mark as Lost',
  // issue 31: not spec copy (the spec's board has no place for lost leads)
  reopen: 'Reopen',
  lost: 'Lost',
  lostHeading: 'Lost leads',
  noLostLeads: 'No lost leads',
  backToBoard: 'Back to the board',
  newLead: 'New lead',
  leadCreated: (caseNumber: string) => ({
    title: 'Lead created',
    description: `${caseNumber} is on the board under New.`,
  }),
  sendQuote: 'Send Quote',
  currentQuote: 'Current Quote',
  calculatedPricing: 'Calculated Pricing',
  updated: { title: 'Success', description: 'Lead updated successfully' },
  quoteSent: { title: 'Quote Sent', description: 'Quote has been sent to the customer' },
  // after a quote was sent (issue 48 item 8, decision 0192): what was sent, then a new version on request
  sentSummary: (version: number) => `Sent: version ${version}`,
  newVersion: 'Send a new version',
  newVersionHint: (version: number) => `The form starts from version ${version}, as sent.`,
  sendVersion: (version: number) => `Send version ${version}`,
  replaceQuestion: (current: number, next: number) =>
    `The customer's link shows version ${current} now, and they may be reading it. Send version ${next} in its place? They get a text with it.`,
  keepVersion: (version: number) => `Keep version ${version}`,
  // staff's own: what the customer should read goes in an option's note
  notesPlaceholder: 'Supplier, sourcing details, fitment notes…',
} as const;

export const DEFAULT_ETA_DAYS = 3;
export const MAX_LOST_REASON = 500;

/**
 * The quote form as typed (product.md §5 'Quote form'; issue 28: one to three options): per option its
 * name, difficulty, cost in dollars, ETA in days, warranty, brand, part number and a note to the
 * customer; and staff's internal notes, never shown to the customer. The calculator checks it with
 * quoteFormSchema: the typed text turned into the quote call's payload (cost in cents), then the
 * server's own schema (quoteSendSchema, app/modules/quotes/quote.ts), so the browser refuses what
 * the server refuses, with the same words, on the same paths ('options.1.cost', 'notes').
 */
export type QuoteOptionForm = {
  label: string;
  difficulty: Difficulty;
  /** dollars, as typed */
  cost: string;
  etaDays: string;
  warranty: string;
  brand: string;
  partNumber: string;
  /** shown to the customer on the quote page */
  note: string;
  /** a price set by hand, in dollars as typed ('' for the engine's price), and why (issue 31) */
  priceOverride: string;
  priceReason: string;
};
export type QuoteForm = { options: QuoteOptionForm[]; notes: string };

/** The fields of one option, in the order the form shows them (the first bad one takes the focus). */
export const QUOTE_OPTION_FIELDS = [
  'label',
  'difficulty',
  'cost',
  'etaDays',
  'priceOverride',
  'priceReason',
  'warranty',
  'brand',
  'partNumber',
  'note',
] as const satisfies readonly (keyof QuoteOptionForm)[];
export type QuoteOptionField = (typeof QUOTE_OPTION_FIELDS)[number];

/** A new option: no cost yet, moderate, the ETA given (the lead's, else 3 days). */
export function emptyQuoteOption(etaDays: number | null = DEFAULT_ETA_DAYS): QuoteOptionForm {
  return {
    label: '',
    difficulty: DEFAULT_DIFFICULTY,
    cost: '',
    etaDays: String(etaDays ?? DEFAULT_ETA_DAYS),
    warranty: '',
    brand: '',
    partNumber: '',
    note: '',
    priceOverride: '',
    priceReason: '',
  };
}

/** The quote call with options (POST /api/leads/{id}/quote, the dialog's Send Quote). */
export type QuotePayload = { options: QuoteOptionPayload[]; notes?: string | null };

/** The server's schema of a quote with options (quoteSendSchema's, for a payload with `options`). */
const optionsPayloadSchema = quoteSendSchema({ options: [] }) as Exclude<
  ReturnType<typeof quoteSendSchema>,
  z.ZodPipe<z.ZodType, z.ZodType>
>;

/** Typed dollars as cents: '142.5' → 14250; '' → 0 and 'abc' → NaN, which the cost's rule refuses. */
function typedCents(dollars: string): number {
  return dollarsToCents(Number(dollars.trim()));
}

/** The quote call's payload from the form as typed: dollars to cents, days as a number, text as typed. */
export function quoteFormToPayload(form: QuoteForm): QuotePayload {
  return {
    options: form.options.map((o) => ({
      label: o.label,
      difficulty: o.difficulty,
      cost: typedCents(o.cost),
      etaDays: Number(o.etaDays.trim()),
      warranty: o.warranty,
      brand: o.brand,
      partNumber: o.partNumber,
      note: o.note,
      // the engine's price unless staff typed one (issue 31)
      ...(o.priceOverride.trim() === '' ? {} : { priceOverride: typedCents(o.priceOverride) }),
      priceReason: o.priceReason,
    })),
    notes: form.notes,
  };
}

const typedOption = z.object({
  label: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  cost: z.string(),
  etaDays: z.string(),
  warranty: z.string(),
  brand: z.string(),
  partNumber: z.string(),
  note: z.string(),
  priceOverride: z.string(),
  priceReason: z.string(),
});

/** The options form's schema: as typed in, the server's rules and words on the payload it becomes. */
export const quoteFormSchema = z
  .object({ options: z.array(typedOption), notes: z.string() })
  .transform(quoteFormToPayload)
  .pipe(optionsPayloadSchema);

/**
 * The payload as the dialog posts it to its route's action: `notes` and one field per option's
 * value, named by its path ('options.1.cost'), empty values left out.
 */
export function quotePayloadFields(payload: QuotePayload): Record<string, string> {
  const fields: Record<string, string> = payload.notes ? { notes: payload.notes } : {};
  payload.options.forEach((option, i) => {
    for (const [name, value] of Object.entries(option))
      if (value !== undefined && value !== null && value !== '')
        fields[`options.${i}.${name}`] = String(value);
  });
  return fields;
}

/** An option's field in a posted form: 'options.{0-99}.{field}'. */
const OPTION_FIELD = /^options\.(\d{1,2})\.(\w+)$/;

/**
 * The quote call's payload from the fields the dialog posted (quotePayloadFields): with
 * 'options.n.*' fields, `{ options, notes }` (an option's fields it knows, any other (a price)
 * left out; a missing option is an empty one, which the server refuses); without, undefined (the
 * spec's one-option form).
 */
export function quotePayloadOfFields(
  fields: Iterable<[string, FormDataEntryValue]>,
): { options: Record<string, string>[]; notes: string } | undefined {
  const options: Record<string, string>[] = [];
  let notes = '';
  let found = false;
  for (const [name, value] of fields) {
    if (typeof value !== 'string') continue;
    if (name === 'notes') notes = value;
    const match = OPTION_FIELD.exec(name);
    if (!match || !(QUOTE_OPTION_FIELDS as readonly string[]).includes(match[2]!)) continue;
    found = true;
    const index = Number(match[1]);
    while (options.length <= index) options.push({});
    options[index]![match[2]!] = value;
  }
  return found ? { options, notes } : undefined;
}

/**
 * PATCH /api/leads/{id}: a status, and for 'lost' an optional reason (product.md §7 sends the status
 * alone; staff are asked for a reason but not made to give one). A blank reason is no reason.
 */
export const statusPayloadSchema = z.object({
  status: z.enum(LEAD_STATUSES, { message: 'Unknown status' }),
  reason: z
    .string()
    .trim()
    .max(MAX_LOST_REASON, `The reason can be at most ${MAX_LOST_REASON} characters`)
    .optional()
    .transform((v) => v || undefined),
});
export type StatusPayload = z.output<typeof statusPayloadSchema>;

/** product.md §2: 'Just now' under an hour, '{n}h ago' under a day, otherwise '{n}d ago'. */
export function leadAge(createdAt: string, now: Date): string {
  const ms = now.getTime() - Date.parse(createdAt);
  const hours = Math.floor(ms / 3_600_000);
  if (!Number.isFinite(hours) || hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** Cursor of a board column page: the last card's creation time and id. */
export function boardCursor(card: { createdAt: string; id: number }): string {
  return `${card.createdAt}_${card.id}`;
}

/** The first instant of year 1: PostgreSQL's timestamptz has no year 0 ('0000-…' is an error). */
const FIRST_YEAR_ONE = Date.parse('0001-01-01T00:00:00Z');

/**
 * A cursor as `boardCursor` writes it, or undefined: a time in year 1 or later (PostgreSQL has
 * no year 0) and an id within the id columns (`parseRowId`), so a cursor never reaches the
 * database with a value it refuses.
 */
export function parseBoardCursor(value: unknown): { createdAt: string; id: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)_(\d{1,12})$/.exec(value);
  const time = match ? Date.parse(match[1]!) : NaN;
  const id = parseRowId(match?.[2]);
  if (Number.isNaN(time) || time < FIRST_YEAR_ONE || id === undefined) return undefined;
  return { createdAt: new Date(time).toISOString(), id };
}

export function isBoardStatus(value: unknown): value is BoardStatus {
  return typeof value === 'string' && (BOARD_STATUSES as readonly string[]).includes(value);
}

export type { Difficulty };
