/**
 * A quote as the customer answers it (issue 28, docs/decisions/0125-quote-link.md): one to three
 * options, each priced by the shared pricing engine, sent as a version that holds 48 hours; the
 * payload staff send (the spec's one-option `{ cost, etaDays, notes }` or `options`), the customer's
 * answers on the quote page (accept, decline with a reason, a question) and their rules.
 * Pure: no React, no I/O.
 */
import { z } from 'zod';
import {
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  priceQuote,
  roundMargin,
  type Difficulty,
  type MarkupRules,
} from '../pricing/pricing.ts';
import { localSeconds } from '../shared/business-hours.ts';
import { rowIdSchema } from '../site/row-id.ts';
import { BUSINESS_TIME_ZONE } from '../shared/calendar.ts';

export const QUOTE_MESSAGES = {
  cost: 'Cost must be greater than 0',
  eta: 'ETA must be at least 1 day',
} as const;

/** A price staff set by hand (issue 31; not spec copy). */
export const PRICE_OVERRIDE_MESSAGES = {
  price: 'Price must be greater than 0',
  reason: 'Give a reason for the price you set',
  withoutPrice: 'Type the price you set, or leave the reason empty',
} as const;

export const MAX_ETA_DAYS = 365;
/** A quote above this (in cents: $1,000,000) is a typo, not a part. */
export const MAX_COST_CENTS = 100_000_000;
export const MAX_NOTES = 2_000;
export const MAX_OPTIONS = 3;
/** How long a sent quote holds (the quote text has always said 48 hours; now it is enforced). */
export const QUOTE_VALID_MS = 48 * 3_600_000;
export const MAX_OPTION_LABEL = 40;
export const MAX_OPTION_TEXT = 120;
export const MAX_CUSTOMER_NOTE = 500;
/** A price set by hand above this (in cents: $10,000,000) is a typo. */
export const MAX_PRICE_CENTS = 10 * MAX_COST_CENTS;
export const MAX_PRICE_REASON = 200;
export const MAX_QUESTION = 1_000;
export const MAX_DECLINE_DETAIL = 500;
export const MAX_SIGNER_NAME = 120;
export const MAX_PO_NUMBER = 60;

/** One option of a quote as stored and shown: the price the server computed, never the browser's. */
export type QuoteOption = {
  /** what the customer reads first, e.g. 'New OEM' (default 'Option 1', …) */
  label: string;
  cost: number;
  markupPct: number;
  sellPrice: number;
  difficulty: Difficulty;
  etaDays: number;
  warranty: string | null;
  brand: string | null;
  partNumber: string | null;
  /** for the customer (staff's own notes stay on the lead) */
  note: string | null;
  /**
   * When staff set the price by hand (issue 31): the price the pricing engine gave and why it was
   * changed; `sellPrice` is staff's and `markupPct` follows from it. Absent on a computed price.
   * Staff's only: the customer's page never shows them.
   */
  calculatedPrice?: number | null;
  priceReason?: string | null;
};

/** One sent version of a lead's quote. */
export type QuoteVersion = {
  version: number;
  options: QuoteOption[];
  sentAt: string;
  expiresAt: string;
  sentBy: string;
  /** SHA-256 of the version's content as sent (the accepted content, recorded with the acceptance) */
  contentHash: string;
  acceptedOption: number | null;
  acceptedAt: string | null;
};

/** A text field that may be left out or blank (then null), at most `max` characters. */
export const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} can be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => v || null);

/**
 * One option as staff send it: cost in cents (as product.md §7's quote call), the rest as typed; and,
 * when staff set the price by hand (issue 31), `priceOverride` in cents with `priceReason`. Any
 * other price sent along (`sellPrice`, `markupPct`) is dropped: the server prices the option.
 */
const optionFields = z.object({
  label: optionalText(MAX_OPTION_LABEL, 'The option name'),
  cost: z.coerce
    .number({ message: QUOTE_MESSAGES.cost })
    .int('Cost must be a whole number of cents')
    .min(1, QUOTE_MESSAGES.cost)
    .max(MAX_COST_CENTS, 'Cost is too large'),
  etaDays: z.coerce
    .number({ message: QUOTE_MESSAGES.eta })
    .int('ETA must be a whole number of days')
    .min(1, QUOTE_MESSAGES.eta)
    .max(MAX_ETA_DAYS, `ETA can be at most ${MAX_ETA_DAYS} days`),
  difficulty: z.enum(DIFFICULTIES).default(DEFAULT_DIFFICULTY),
  warranty: optionalText(MAX_OPTION_TEXT, 'The warranty'),
  brand: optionalText(MAX_OPTION_TEXT, 'The brand'),
  partNumber: optionalText(MAX_OPTION_TEXT, 'The part number'),
  note: optionalText(MAX_CUSTOMER_NOTE, 'The note to the customer'),
  priceOverride: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ message: PRICE_OVERRIDE_MESSAGES.price })
      .int('Price must be a whole number of cents')
      .min(1, PRICE_OVERRIDE_MESSAGES.price)
      .max(MAX_PRICE_CENTS, 'Price is too large')
      .optional(),
  ),
  // undefined rather than null when absent: an option priced by the engine has no such field
  priceReason: z
    .string()
    .trim()
    .max(MAX_PRICE_REASON, `The reason can be at most ${MAX_PRICE_REASON} characters`)
    .optional()
    .nullable()
    .transform((v) => v || undefined),
});

/** A price set by hand says why; a reason says which price. */
function overrideRule(option: { priceOverride?: number; priceReason?: string }, ctx: z.RefinementCtx) {
  if (option.priceOverride !== undefined && !option.priceReason)
    ctx.addIssue({ code: 'custom', path: ['priceReason'], message: PRICE_OVERRIDE_MESSAGES.reason });
  if (option.priceOverride === undefined && option.priceReason)
    ctx.addIssue({ code: 'custom', path: ['priceOverride'], message: PRICE_OVERRIDE_MESSAGES.withoutPrice });
}

export const quoteOptionPayloadSchema = optionFields.superRefine(overrideRule);
export type QuoteOptionPayload = z.input<typeof quoteOptionPayloadSchema>;
export type QuoteOptionInput = z.output<typeof quoteOptionPayloadSchema>;

const notesSchema = z
  .string()
  .trim()
  .max(MAX_NOTES, `Notes can be at most ${MAX_NOTES} characters`)
  .optional()
  .nullable()
  .transform((v) => v || null);

const optionsSchema = z.object({
  options: z
    .array(quoteOptionPayloadSchema, { message: 'Send one to three options' })
    .min(1, 'Send one to three options')
    .max(MAX_OPTIONS, `A quote has at most ${MAX_OPTIONS} options`),
  notes: notesSchema,
});

const oneOptionSchema = optionFields
  .extend({ notes: notesSchema })
  .superRefine(overrideRule)
  .transform(({ notes, ...option }) => ({ options: [option], notes }));

/**
 * The schema of a quote staff send (POST /api/leads/{id}/quote, the dialog's Send Quote): with
 * `options`, one to three of them; without, product.md §7's `{ cost, etaDays, notes }` (and the
 * calculator's `difficulty`) as a one-option quote, with its own field messages. `notes` are
 * staff's internal notes, never shown to the customer.
 */
export function quoteSendSchema(payload: unknown): typeof optionsSchema | typeof oneOptionSchema {
  return typeof payload === 'object' && payload !== null && 'options' in payload
    ? optionsSchema
    : oneOptionSchema;
}
export type QuoteSendPayload = z.input<typeof optionsSchema> | z.input<typeof oneOptionSchema>;
export type QuoteSendInput = z.output<typeof optionsSchema>;

/**
 * An option's figures: the pricing engine's price from its cost, difficulty and the lead's
 * urgency, or the price staff set by hand (issue 31), whose markup then follows from it (rounded as
 * the engine's; below cost it is negative) and which keeps the engine's price beside it. The
 * calculator shows these and the server stores and sends them.
 */
export function optionPrice(
  option: { cost: number; difficulty?: Difficulty; priceOverride?: number | null },
  urgency: string | undefined,
  /** the owner's markup rules in force (the Settings screen) */
  rules: MarkupRules,
): { cost: number; markupPct: number; sellPrice: number; calculatedPrice: number | null } {
  const engine = priceQuote({ costCents: option.cost, difficulty: option.difficulty, urgency, rules });
  const override = option.priceOverride;
  if (override === undefined || override === null || !(option.cost > 0))
    return { ...engine, calculatedPrice: null };
  return {
    cost: option.cost,
    markupPct: roundMargin(override / option.cost - 1),
    sellPrice: override,
    calculatedPrice: engine.sellPrice,
  };
}

/** An option's name as shown: its own, else 'Option n'. */
export function optionLabel(option: { label: string | null }, index: number): string {
  return option.label || `Option ${index + 1}`;
}

/** When a version sent at `sentAt` stops holding. */
export function quoteExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + QUOTE_VALID_MS);
}

export function isExpired(expiresAt: string, now: Date): boolean {
  return now.getTime() >= Date.parse(expiresAt);
}

/** 'Expires in 47 h 12 min' / 'Expires in 12 min' / 'Expired'. */
export function timeLeft(expiresAt: string, now: Date): string {
  const ms = Date.parse(expiresAt) - now.getTime();
  if (ms <= 0) return 'Expired';
  // the last minute still holds: '1 min', never 'Expired' before it has
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}

// formatters are built once: a new Intl.DateTimeFormat costs about 70 µs, a format with a kept one 1
const CENTRAL_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const CENTRAL_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** The exact time in Central time, e.g. 'Sat, Nov 28, 2026, 2:05 p.m. CST' (en-CA). */
export function centralTime(instant: string | Date): string {
  return CENTRAL_TIME.format(typeof instant === 'string' ? new Date(instant) : instant).replace(
    /\u202f/g,
    ' ',
  );
}

/** A day as the customer reads it, e.g. 'Tuesday, December 1'. */
export function centralDay(instant: Date): string {
  return CENTRAL_DAY.format(instant);
}

/**
 * The day a part with an ETA of `days` business days arrives when ordered at `from`: Monday to
 * Friday count, weekends do not (America/Winnipeg).
 */
export function etaDate(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += 86_400_000;
    const weekday = (Math.floor(localSeconds(new Date(at)) / 86_400) + 3) % 7;
    if (weekday < 5) left--;
  }
  return new Date(at);
}

/** Why a customer passes on a quote (issue 28 item 6); the lead's lost reason is the label. */
export const DECLINE_REASONS = {
  price: 'Price too high',
  eta: 'ETA too long',
  elsewhere: 'Found it elsewhere',
  not_needed: 'No longer needed',
  wrong_part: 'Wrong part',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;

export const QUOTE_PAGE_MESSAGES = {
  option: 'Choose an option',
  name: 'Type your full name',
  terms: 'Tick the box to agree to the terms',
  reason: 'Choose a reason',
  question: 'Type your question first',
  po: 'Enter your PO number: your account needs one on every order',
  /** staff signed in on a customer's page: its answers are the customer's own (decision 0169) */
  staff:
    "You are signed in as staff: answers on this page are the customer's. Record an answer they gave you on the lead, in Leads.",
} as const;

/** Accept on the quote page: the option, a typed full name, an optional PO number, the terms. */
export const acceptFormSchema = z.object({
  version: rowIdSchema(),
  option: z.coerce
    .number({ message: QUOTE_PAGE_MESSAGES.option })
    .int(QUOTE_PAGE_MESSAGES.option)
    .min(0, QUOTE_PAGE_MESSAGES.option)
    .max(MAX_OPTIONS - 1, QUOTE_PAGE_MESSAGES.option),
  name: z
    .string({ message: QUOTE_PAGE_MESSAGES.name })
    .trim()
    .min(2, QUOTE_PAGE_MESSAGES.name)
    .max(MAX_SIGNER_NAME, `The name can be at most ${MAX_SIGNER_NAME} characters`),
  po: z
    .string()
    .trim()
    .max(MAX_PO_NUMBER, `The PO number can be at most ${MAX_PO_NUMBER} characters`)
    .optional()
    .transform((v) => v || null),
  terms: z.literal('yes', { message: QUOTE_PAGE_MESSAGES.terms }),
});
export type AcceptForm = z.output<typeof acceptFormSchema>;

export const declineFormSchema = z.object({
  version: rowIdSchema(),
  reason: z.enum(Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]], {
    message: QUOTE_PAGE_MESSAGES.reason,
  }),
  detail: z
    .string()
    .trim()
    .max(MAX_DECLINE_DETAIL, `Keep it under ${MAX_DECLINE_DETAIL} characters`)
    .optional()
    .transform((v) => v || null),
});
export type DeclineForm = z.output<typeof declineFormSchema>;

export const questionFormSchema = z.object({
  body: z
    .string({ message: QUOTE_PAGE_MESSAGES.question })
    .trim()
    .min(1, QUOTE_PAGE_MESSAGES.question)
    .max(MAX_QUESTION, `A question can be at most ${MAX_QUESTION} characters`),
});

/** The content of a version that its hash covers, in a fixed order. */
export function versionContent(input: {
  caseNumber: string;
  version: number;
  options: readonly QuoteOption[];
  sentAt: string;
  expiresAt: string;
}): string {
  return JSON.stringify({
    caseNumber: input.caseNumber,
    version: input.version,
    sentAt: input.sentAt,
    expiresAt: input.expiresAt,
    options: input.options.map((o) => [
      o.label,
      o.cost,
      o.markupPct,
      o.sellPrice,
      o.difficulty,
      o.etaDays,
      o.warranty,
      o.brand,
      o.partNumber,
      o.note,
    ]),
  });
}
