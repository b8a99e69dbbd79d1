/**
 * Leads as the back office works with them (SPEC §2 'Lead Management', §3, §5 'Quote form'):
 * the board's shapes, the timeline, the quote and status payloads (one zod schema each, used by
 * the dialog and by the server) and the card's age label. The quote text the customer receives is
 * in app/modules/messages/messages.ts with every other message.
 * Pure: no React, no I/O.
 */
import { z } from 'zod';
import { DIFFICULTIES, type Difficulty } from '../pricing/pricing.ts';
import { dollarsToCents } from '../site/money.ts';
import { parseRowId } from '../site/row-id.ts';
import { LEAD_STATUSES, type Lead, type LeadStatus, type Urgency } from './leads.ts';
import {
  MAX_COST_CENTS,
  MAX_ETA_DAYS,
  MAX_NOTES,
  QUOTE_MESSAGES,
  type QuoteVersion,
} from '../quotes/quote.ts';
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
export type LeadBoard = { columns: Record<BoardStatus, BoardColumn>; query: string };
export type BoardPage = { leads: LeadCard[]; nextBefore: string | null };

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
 * 'sending', 'sent', 'delivered', 'failed' (`error` says why), 'blocked' (the number has
 * opted out; never sent). A text in is 'received'.
 */
export type ConversationStatus =
  'received' | 'logged' | 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'blocked';
export type ConversationMessage = {
  /** unique within the lead: 'in-{id}' or 'out-{id}' */
  key: string;
  direction: 'in' | 'out';
  /** 'web': a question the customer asked on the quote page */
  channel: 'sms' | 'email' | 'web';
  body: string;
  status: ConversationStatus;
  /** why a message out failed or was blocked, in words staff understand; otherwise null */
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
} as const;

/** POST /api/leads/{id}/messages: a text from staff to the customer. */
export const messagePayloadSchema = z.object({
  body: z
    .string({ message: CONVERSATION_TEXT.emptyBody })
    .trim()
    .min(1, CONVERSATION_TEXT.emptyBody)
    .max(MAX_SMS_BODY, `A text can be at most ${MAX_SMS_BODY} characters`),
});
export type MessagePayload = z.input<typeof messagePayloadSchema>;

/** Texts of the screen (SPEC §2, §7, §8), word for word, in one place. */
export const LEADS_TEXT = {
  title: 'Lead Management',
  exportReport: 'Export Report',
  generateSeo: 'Generate SEO Pages',
  noLeads: 'No leads',
  unknownEquipment: 'Unknown',
  na: 'N/A',
  noDescription: 'No description provided',
  markQualified: 'Mark as Qualified',
  markOrdered: 'Mark as Ordered',
  markFulfilled: 'Mark as Fulfilled',
  markLost: 'Mark as Lost',
  sendQuote: 'Send Quote',
  currentQuote: 'Current Quote',
  calculatedPricing: 'Calculated Pricing',
  updated: { title: 'Success', description: 'Lead updated successfully' },
  quoteSent: { title: 'Quote Sent', description: 'Quote has been sent to the customer' },
  notesPlaceholder: 'Sourcing details, fitment notes, warranty…',
} as const;

export const DEFAULT_ETA_DAYS = 3;
export const MAX_LOST_REASON = 500;

/**
 * The quote form as typed (SPEC §5 'Quote form'): cost in dollars, ETA in days, notes,
 * difficulty. The calculator checks it in the browser; the server checks the same rules on the
 * quote call through quotePayloadSchema below. Typed text is coerced ('' is 0: too small).
 */
export const quoteFormSchema = z.object({
  cost: z.coerce
    .number({ message: QUOTE_MESSAGES.cost })
    .min(0.01, QUOTE_MESSAGES.cost)
    .max(MAX_COST_CENTS / 100, 'Cost is too large'),
  etaDays: z.coerce
    .number({ message: QUOTE_MESSAGES.eta })
    .int(QUOTE_MESSAGES.eta)
    .min(1, QUOTE_MESSAGES.eta)
    .max(MAX_ETA_DAYS, `ETA can be at most ${MAX_ETA_DAYS} days`),
  notes: z.string().trim().max(MAX_NOTES, `Notes can be at most ${MAX_NOTES} characters`).optional(),
  difficulty: z.enum(DIFFICULTIES).default('moderate'),
});
export type QuoteForm = z.input<typeof quoteFormSchema>;

/**
 * POST /api/leads/{id}/quote (SPEC §7: cost in cents): whole cents and whole days, then the
 * quote form's own rules on the cost in dollars, so browser and server refuse the same quotes
 * with the same words. Out: cost in cents, ETA, notes (null when empty), difficulty; anything
 * else sent (a price) is dropped: the server prices the quote itself.
 */
export const quotePayloadSchema = z
  .looseObject({
    cost: z.coerce.number({ message: QUOTE_MESSAGES.cost }).int('Cost must be a whole number of cents'),
    etaDays: z.coerce.number({ message: QUOTE_MESSAGES.eta }).int('ETA must be a whole number of days'),
  })
  .transform((payload): QuoteForm => ({ ...payload, cost: payload.cost / 100 }))
  .pipe(quoteFormSchema)
  .transform((form) => ({
    cost: dollarsToCents(form.cost),
    etaDays: form.etaDays,
    notes: form.notes || null,
    difficulty: form.difficulty,
  }));
export type QuotePayload = z.input<typeof quotePayloadSchema>;
export type QuoteInput = z.output<typeof quotePayloadSchema>;

/** The quote call's payload from the form as checked: dollars to cents, empty notes left out. */
export function quoteFormToPayload(form: z.output<typeof quoteFormSchema>): QuotePayload {
  return {
    cost: dollarsToCents(form.cost),
    etaDays: form.etaDays,
    notes: form.notes || undefined,
    difficulty: form.difficulty,
  };
}

/**
 * PATCH /api/leads/{id}: a status, and for 'lost' an optional reason (SPEC §7 sends the status
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

/** SPEC §2: 'Just now' under an hour, '{n}h ago' under a day, otherwise '{n}d ago'. */
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
