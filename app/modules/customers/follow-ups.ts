/**
 * Follow-ups that close quotes and review requests (issue 30 items 3 and 4, decision 0161): which
 * automatic text is due for a quote or a finished order, the owner's settings for them (on or off,
 * the wording), the wording filled in, and how many SMS segments it takes. Pure and table-tested:
 * server/services/follow-ups.ts reads the quotes and writes the texts.
 */
import { z } from 'zod';
import { addBusinessMinutes } from '#app/modules/shared/business-hours.ts';
import { hourWords, type WeekHours } from '#app/modules/site/opening-hours.ts';
import { afterQuietHours, type QuietHours } from '#app/modules/shared/quiet-hours.ts';
import { withPart } from '#app/modules/messages/quote-messages.ts';

export const FOLLOW_UP_KINDS = ['unviewed', 'viewed', 'expiring'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

const HOUR = 3_600_000;
/** 'a quote not yet viewed after 4 business hours' */
export const UNVIEWED_AFTER_BUSINESS_MINUTES = 4 * 60;
/** 'a quote viewed but unanswered after 24 hours' */
export const VIEWED_AFTER_MS = 24 * HOUR;
/** 'the day before it expires' */
export const EXPIRING_BEFORE_MS = 24 * HOUR;
/** no follow-up this close to the expiry: the customer could not act on it */
export const TOO_LATE_BEFORE_EXPIRY_MS = 1 * HOUR;
/** two follow-ups of one quote are at least this far apart; the later one waits */
export const FOLLOW_UP_SPACING_MS = 12 * HOUR;
/** 'one text 24 hours after a part is picked up or delivered' */
export const REVIEW_AFTER_MS = 24 * HOUR;
/** 'at most once per customer in 90 days' */
export const REVIEW_EVERY_MS = 90 * 24 * HOUR;
/** a finished order older than this gets no review request (a server down for a while, or turned on later) */
export const REVIEW_WITHIN_MS = 7 * 24 * HOUR;

/** A quote as the follow-up pass reads it. */
export type QuoteState = {
  sentAt: Date;
  expiresAt: Date;
  firstViewedAt: Date | null;
  /** the follow-ups of this version written so far, with when */
  sent: ReadonlyMap<FollowUpKind, Date>;
};

/**
 * The follow-up due now for a quote still open and unanswered, or null: the first of the kinds
 * switched on whose time has come (not yet viewed 4 business hours after sending; viewed 24 hours
 * after the first view; 24 hours before it expires), each once per version; none in quiet hours
 * (the pass sends it in the morning), none in the last hour before expiry, and none within 12
 * hours of another follow-up of the same quote (it waits).
 */
export function dueFollowUp(
  quote: QuoteState,
  now: Date,
  on: ReadonlySet<FollowUpKind>,
  shop: { quietHours: QuietHours | null; hours: WeekHours },
): FollowUpKind | null {
  const quiet = shop.quietHours;
  const t = now.getTime();
  if (t >= quote.expiresAt.getTime() - TOO_LATE_BEFORE_EXPIRY_MS) return null;
  if (afterQuietHours(now, quiet).getTime() !== t) return null;
  const latest = Math.max(0, ...[...quote.sent.values()].map((d) => d.getTime()));
  if (latest && t < latest + FOLLOW_UP_SPACING_MS) return null;
  const dueAt: Record<FollowUpKind, number | null> = {
    unviewed: quote.firstViewedAt
      ? null
      : addBusinessMinutes(shop.hours, quote.sentAt, UNVIEWED_AFTER_BUSINESS_MINUTES).getTime(),
    viewed: quote.firstViewedAt ? quote.firstViewedAt.getTime() + VIEWED_AFTER_MS : null,
    expiring: quote.expiresAt.getTime() - EXPIRING_BEFORE_MS,
  };
  for (const kind of FOLLOW_UP_KINDS) {
    const at = dueAt[kind];
    if (on.has(kind) && !quote.sent.has(kind) && at !== null && t >= at) return kind;
  }
  return null;
}

/** A finished order as the review pass reads it. */
export type ReviewState = {
  finishedAt: Date;
  /** the customer's last review request */
  lastRequestAt: Date | null;
  /** asked not to get them, opted out of texts, or declined a quote since the last order */
  excluded: boolean;
};

/** Whether a review request is due now: 24 hours after the order was finished, once in 90 days. */
export function reviewDue(state: ReviewState, now: Date, quiet: QuietHours | null): boolean {
  const t = now.getTime();
  if (state.excluded) return false;
  if (t < state.finishedAt.getTime() + REVIEW_AFTER_MS) return false;
  if (t > state.finishedAt.getTime() + REVIEW_WITHIN_MS) return false;
  if (state.lastRequestAt && t < state.lastRequestAt.getTime() + REVIEW_EVERY_MS) return false;
  return afterQuietHours(now, quiet).getTime() === t;
}

/** What a text's wording may name, filled in for each customer. */
export const PLACEHOLDERS = [
  '{name}',
  '{case}',
  '{part}',
  '{link}',
  '{expires}',
  '{business}',
  '{review_url}',
  '{answer}',
] as const;

export const FOLLOW_UP_LABELS: Record<FollowUpKind, { title: string; when: string }> = {
  unviewed: {
    title: 'Quote not opened',
    when: '4 business hours after sending, if the customer has not opened it',
  },
  viewed: { title: 'Quote opened, no answer', when: '24 hours after the customer first opened it' },
  expiring: { title: 'Quote expires tomorrow', when: '24 hours before the quote expires' },
};

export const DEFAULT_SETTINGS: Settings = {
  followUps: {
    unviewed: {
      on: true,
      text: '{business}: Your quote {case} for {part} is ready. See it and choose: {link} {answer}',
    },
    viewed: {
      on: true,
      text: '{business}: Any questions about quote {case} for {part}? Reply here or ask on your quote: {link}',
    },
    expiring: {
      on: true,
      text: '{business}: Your quote {case} for {part} expires {expires}. Accept it here: {link} {answer}',
    },
  },
  reviews: {
    on: false,
    url: '',
    text: '{business}: Thanks for your order {case}, {name}! If we did right by you, a review helps a lot: {review_url}',
  },
};

export const SETTINGS_MESSAGES = {
  textEmpty: 'Write the text.',
  textLong: 'Keep the text to 480 characters.',
  needsLink: 'The text must include {link}: the customer answers there.',
  needsReviewUrl: 'The text must include {review_url}.',
  reviewUrl: 'Enter the review page as https://…',
  reviewUrlNeeded: 'Enter the review page before turning review requests on.',
  unknownPlaceholder: (name: string) => `${name} is not a placeholder we know.`,
} as const;

const wording = (required: '{link}' | '{review_url}') =>
  z
    .string({ message: SETTINGS_MESSAGES.textEmpty })
    .trim()
    .min(1, SETTINGS_MESSAGES.textEmpty)
    .max(480, SETTINGS_MESSAGES.textLong)
    .refine(
      (t) => t.includes(required),
      required === '{link}' ? SETTINGS_MESSAGES.needsLink : SETTINGS_MESSAGES.needsReviewUrl,
    )
    .superRefine((t, ctx) => {
      const unknown = (t.match(/\{[^{}]*\}/g) ?? []).find(
        (p) => !(PLACEHOLDERS as readonly string[]).includes(p),
      );
      if (unknown) ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.unknownPlaceholder(unknown) });
    });

const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean());

const followUpSetting = z.object({ on: flag, text: wording('{link}') });

export const settingsSchema = z
  .object({
    followUps: z.object({ unviewed: followUpSetting, viewed: followUpSetting, expiring: followUpSetting }),
    reviews: z.object({
      on: flag,
      url: z
        .string()
        .trim()
        .max(300, SETTINGS_MESSAGES.reviewUrl)
        .refine((v) => v === '' || /^https:\/\/[^\s]+\.[^\s]+$/i.test(v), SETTINGS_MESSAGES.reviewUrl)
        .default(''),
      text: wording('{review_url}'),
    }),
  })
  .superRefine((s, ctx) => {
    if (s.reviews.on && !s.reviews.url)
      ctx.addIssue({ code: 'custom', path: ['reviews', 'url'], message: SETTINGS_MESSAGES.reviewUrlNeeded });
  });
export type Settings = z.output<typeof settingsSchema>;

/** Settings as stored, over the defaults: a setting never saved has its default. */
export function withDefaults(stored: unknown): Settings {
  const parsed = settingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export type TextValues = {
  name: string;
  caseNumber: string;
  part: string;
  link: string;
  expires: string;
  business: string;
  reviewUrl: string;
  /** how the customer answers by text: YES for one option, the option's number for several */
  answer: string;
};

/**
 * `{answer}`: what a text reply does on this quote (decision 0188: a YES orders only a one-option
 * quote; with several, the option's number does).
 */
export function answerByText(optionCount: number): string {
  if (optionCount <= 1) return 'Reply YES to order or NO to pass.';
  const numbers = Array.from({ length: optionCount }, (_, i) => String(i + 1));
  return `Reply ${numbers.slice(0, -1).join(', ')} or ${numbers.at(-1)} to order that option, or NO to pass.`;
}

/** A wording with its placeholders filled; the part's name shortened so the text fits two segments. */
export function fillText(template: string, v: TextValues): string {
  const filled = template
    .replaceAll('{name}', v.name)
    .replaceAll('{case}', v.caseNumber)
    .replaceAll('{link}', v.link)
    .replaceAll('{expires}', v.expires)
    .replaceAll('{business}', v.business)
    .replaceAll('{review_url}', v.reviewUrl)
    .replaceAll('{answer}', v.answer);
  return filled.includes('{part}') ? withPart(filled, v.part) : filled;
}

/** What the settings screen's preview fills in. */
export const SAMPLE_VALUES: TextValues = {
  name: 'Dale',
  caseNumber: 'PH-1234',
  part: 'hydraulic pump, 2015 John Deere 6120',
  link: 'https://partshuntersmb.ca/q/Xy7kQ2mN9pLr4sT8vW1zA3bC',
  expires: 'Thu Nov 27, 10:15 AM',
  business: 'Parts Hunters MB',
  reviewUrl: 'https://g.page/r/parts-hunters-mb/review',
  answer: answerByText(1),
};

// GSM 03.38: the basic set, and the extension characters that take two places
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€');

/**
 * How many SMS segments a text takes: GSM-7 (160 characters in one, 153 a segment beyond;
 * ^{}\[~]|€ count twice) or, with any other character, UCS-2 (70 in one, 67 a segment beyond).
 */
export function smsSegments(text: string): {
  encoding: 'GSM-7' | 'UCS-2';
  characters: number;
  segments: number;
} {
  const chars = [...text];
  if (chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c))) {
    const characters = chars.reduce((n, c) => n + (GSM_EXTENDED.has(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', characters, segments: characters <= 160 ? 1 : Math.ceil(characters / 153) };
  }
  const characters = text.length;
  return { encoding: 'UCS-2', characters, segments: characters <= 70 ? 1 : Math.ceil(characters / 67) };
}

/** 20 → '8 PM', 8 → '8 AM', 0 → '12 AM'. */

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The settings screen's words (/admin/settings, app/components/settings/settings-screen.tsx). */
export const SETTINGS_TEXT = {
  title: 'Settings',
  subtitle:
    "Your shop's hours, prices and pickup place, what staff may see and do, and the texts customers get without anyone sending them.",
  followUps: 'Follow-up texts',
  followUpsIntro:
    'Each goes out once per quote version, only while the quote is still open and the customer has not answered.',
  /** the rules, with the quiet hours the server keeps (TEXT_QUIET_HOURS; null: none) */
  followUpRules: (quiet: QuietHours | null) => [
    quiet
      ? `No texts in quiet hours (${hourWords(quiet.from)}–${hourWords(quiet.until)} Winnipeg): one due then goes out at ${hourWords(quiet.until)}.`
      : 'Quiet hours are off: texts go out at any hour.',
    'Never to a number that replied STOP.',
    'An answer from the customer, a status change or a new quote version cancels a follow-up still waiting.',
  ],
  reviews: 'Review requests',
  reviewsIntro: 'Off until you turn them on.',
  reviewRequest: 'Review request',
  reviewRules: [
    'One text 24 hours after a part is picked up or delivered.',
    'At most once per customer in 90 days.',
    'Never to customers who declined a quote, asked not to get them, or opted out of texts.',
  ],
  on: 'On',
  off: 'Off',
  send: 'Send this text',
  sendReviews: 'Send review requests',
  wording: 'Wording',
  needsLink: 'Must include {link}: the customer answers there.',
  needsReviewUrl: 'Must include {review_url}.',
  reviewUrl: 'Review page',
  reviewUrlHint: 'Where customers leave a review, such as your Google review link: https://…',
  preview: 'Preview',
  previewNote: 'with a sample customer’s details',
  previewOff: 'not sent while off',
  placeholders: 'Placeholders you can use',
  /** what each placeholder becomes in the text a customer gets */
  placeholderMeanings: {
    '{name}': 'the customer’s first name',
    '{case}': 'the case number, like PH-1234',
    '{part}': 'the part asked for (shortened so the text fits two segments)',
    '{link}': 'the customer’s private quote page',
    '{expires}': 'when the quote expires, in Winnipeg time',
    '{business}': 'the business name',
    '{review_url}': 'your review page',
    '{answer}': 'how to answer by text: “Reply YES to order…”, or with several options “Reply 1 or 2…”',
  } satisfies Record<(typeof PLACEHOLDERS)[number], string>,
  /** which placeholders mean something in each kind of text */
  followUpPlaceholders: ['{name}', '{case}', '{part}', '{link}', '{expires}', '{business}', '{answer}'],
  reviewPlaceholders: ['{name}', '{case}', '{business}', '{review_url}'],
  /** '1 segment · 142 of 160 characters (GSM-7)' */
  segments: ({ encoding, characters, segments }: ReturnType<typeof smsSegments>) => {
    const room =
      encoding === 'GSM-7' ? (segments === 1 ? 160 : segments * 153) : segments === 1 ? 70 : segments * 67;
    return `${plural(segments, 'segment')} · ${characters} of ${room} characters (${encoding})`;
  },
  /** what a screen reader hears when the count changes */
  segmentsShort: (title: string, segments: number) => `${title}: ${plural(segments, 'segment')}`,
  special: (characters: string[]) =>
    `${characters.join(' ')} ${characters.length === 1 ? 'is a special character' : 'are special characters'}: every segment then holds 70 characters instead of 160.`,
  save: 'Save settings',
  saving: 'Saving…',
  saved: 'Settings saved',
  notSaved: 'Settings not saved',
  unsaved: 'Unsaved changes',
  checkFields: 'Some fields need a change: see the messages under them.',
} as const;
