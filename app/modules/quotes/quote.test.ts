/**
 * The quote's rules (issue 28) on fixed instants: 48 hours of validity to the millisecond, the time
 * left as the page words it, Central time (America/Winnipeg, CST and CDT), ETA dates in business
 * days, when the business opens next, the payload staff send (the product's one option or one to three),
 * the page's accept / decline / question forms, and the content a version's hash covers.
 */
import { describe, expect, it } from 'vitest';
import {
  acceptFormSchema,
  centralDay,
  centralTime,
  DECLINE_REASONS,
  declineFormSchema,
  etaDate,
  isExpired,
  MAX_OPTIONS,
  QUOTE_MESSAGES,
  QUOTE_PAGE_MESSAGES,
  QUOTE_VALID_MS,
  questionFormSchema,
  quoteExpiresAt,
  quoteSendSchema,
  timeLeft,
  versionContent,
  type QuoteOption,
} from './quote.ts';
import { nextOpening } from '../shared/business-hours.ts';
import { DEFAULT_HOURS, type WeekHours } from '../site/opening-hours.ts';

/** A shop open Saturdays 8-4 too, as an owner may set it. */
const WITH_SATURDAY: WeekHours = [...DEFAULT_HOURS.slice(0, 5), { open: 8 * 3600, close: 16 * 3600 }, null];

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Saturday 21 November 2026, 12:00 in Winnipeg (CST, UTC-6). */
const SENT = new Date('2026-11-21T18:00:00.000Z');
/** Winnipeg wall-clock time in November (CST, UTC-6) as an instant. */
const cst = (local: string) => new Date(`${local}-06:00`);

/** The field messages of a failed parse, by path; the data of a successful one. */
function parse(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown } },
  v: unknown,
) {
  const result = schema.safeParse(v);
  if (result.success) return { data: result.data };
  const issues = (result.error as { issues: { path: PropertyKey[]; message: string }[] }).issues;
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return { errors };
}

const send = (payload: unknown) => parse(quoteSendSchema(payload), payload);

describe('validity (48 hours)', () => {
  const expiresAt = quoteExpiresAt(SENT).toISOString();

  it('expires exactly 48 hours after it was sent', () => {
    expect(QUOTE_VALID_MS).toBe(48 * HOUR);
    expect(expiresAt).toBe('2026-11-23T18:00:00.000Z');
  });

  it('holds at 47:59 and at the last millisecond, and is expired at 48:00 and after', () => {
    expect(isExpired(expiresAt, SENT)).toBe(false);
    expect(isExpired(expiresAt, new Date(SENT.getTime() + 47 * HOUR + 59 * MINUTE))).toBe(false);
    expect(isExpired(expiresAt, new Date(SENT.getTime() + 48 * HOUR - 1))).toBe(false);
    expect(isExpired(expiresAt, new Date(SENT.getTime() + 48 * HOUR))).toBe(true);
    expect(isExpired(expiresAt, new Date(SENT.getTime() + 72 * HOUR))).toBe(true);
  });

  it('words the time left in hours and minutes, minutes alone under an hour, and Expired at the end', () => {
    const at = (ms: number) => timeLeft(expiresAt, new Date(SENT.getTime() + ms));
    expect(at(0)).toBe('48 h 0 min left');
    expect(at(48 * MINUTE)).toBe('47 h 12 min left');
    expect(at(47 * HOUR - MINUTE)).toBe('1 h 1 min left');
    expect(at(47 * HOUR)).toBe('1 h 0 min left');
    expect(at(47 * HOUR + 48 * MINUTE)).toBe('12 min left');
    expect(at(47 * HOUR + 59 * MINUTE)).toBe('1 min left');
    // part of a minute counts down: 1 min 30 s left is '1 min'
    expect(at(47 * HOUR + 58 * MINUTE + 30_000)).toBe('1 min left');
    // the last seconds still hold: never 'Expired' before the quote has
    expect(at(48 * HOUR - 20_000)).toBe('1 min left');
    expect(at(48 * HOUR)).toBe('Expired');
    expect(at(49 * HOUR)).toBe('Expired');
  });
});

describe('Central time (America/Winnipeg)', () => {
  it('gives the exact time with its zone: CST in winter, CDT in summer', () => {
    // 18:00 UTC is noon in Winnipeg in November (UTC-6), 13:00 in July (UTC-5)
    expect(centralTime('2026-11-21T18:00:00.000Z')).toMatch(/^Sat, Nov 21, 2026, 12:00 ?(p\.m\.|PM) CST$/);
    expect(centralTime(new Date('2026-07-01T19:05:00.000Z'))).toMatch(
      /^Wed, Jul 1, 2026, 2:05 ?(p\.m\.|PM) CDT$/,
    );
    // the day changes at Winnipeg's midnight, not UTC's
    expect(centralTime('2026-11-22T05:59:00.000Z')).toMatch(/^Sat, Nov 21, 2026, 11:59 ?(p\.m\.|PM) CST$/);
    expect(centralTime('2026-11-22T06:00:00.000Z')).toMatch(/^Sun, Nov 22, 2026, 12:00 ?(a\.m\.|AM) CST$/);
  });

  it('names a day as the customer reads it', () => {
    expect(centralDay(new Date('2026-11-22T05:59:00.000Z'))).toBe('Saturday, November 21');
    expect(centralDay(new Date('2026-11-22T06:00:00.000Z'))).toBe('Sunday, November 22');
  });
});

describe('ETA dates in business days', () => {
  const day = (from: string, days: number) => centralDay(etaDate(cst(from), days));

  it('counts Monday to Friday only', () => {
    // Wednesday + 2 = Friday
    expect(day('2026-11-25T10:00:00', 2)).toBe('Friday, November 27');
    // Friday + 1 = Monday (the weekend does not count)
    expect(day('2026-11-20T10:00:00', 1)).toBe('Monday, November 23');
    // Friday + 3 = Wednesday
    expect(day('2026-11-20T10:00:00', 3)).toBe('Wednesday, November 25');
    // Saturday + 1 and Sunday + 1 = Monday
    expect(day('2026-11-21T12:00:00', 1)).toBe('Monday, November 23');
    expect(day('2026-11-22T12:00:00', 1)).toBe('Monday, November 23');
    // Monday + 5 = the next Monday; + 10 = two weeks on
    expect(day('2026-11-23T10:00:00', 5)).toBe('Monday, November 30');
    expect(day('2026-11-23T10:00:00', 10)).toBe('Monday, December 7');
  });

  it('keeps the weekday right late in the evening, across the end of daylight time', () => {
    // Friday 30 October 2026, 23:30 CDT + 1 business day: Monday 2 November (clocks went back on Sunday)
    expect(centralDay(etaDate(new Date('2026-10-30T23:30:00-05:00'), 1))).toBe('Monday, November 2');
    // Friday 6 March 2026, 23:30 CST + 1: Monday 9 March (clocks went forward on Sunday)
    expect(centralDay(etaDate(new Date('2026-03-06T23:30:00-06:00'), 1))).toBe('Monday, March 9');
  });
});

describe('when the business answers (nextOpening)', () => {
  it('with the first values (Mon-Fri 7-6), a Saturday is closed: Monday at 7 AM', () => {
    expect(nextOpening(DEFAULT_HOURS, cst('2026-11-28T08:00:00'))).toEqual({
      open: false,
      when: 'Monday at 7 AM',
    });
    expect(nextOpening(DEFAULT_HOURS, cst('2026-11-27T18:00:00'))).toEqual({
      open: false,
      when: 'Monday at 7 AM',
    });
  });

  it('is open on a weekday at 10:00 CT, on Friday at 17:59, on Saturday at 8:00', () => {
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-25T10:00:00'))).toEqual({ open: true });
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-27T17:59:00'))).toEqual({ open: true });
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-28T08:00:00'))).toEqual({ open: true });
  });

  it('before opening on a weekday: today at 7 AM', () => {
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-23T06:00:00'))).toEqual({
      open: false,
      when: 'today at 7 AM',
    });
  });

  it('after 18:00 on Friday: tomorrow (Saturday) at 8 AM', () => {
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-27T18:00:00'))).toEqual({
      open: false,
      when: 'tomorrow at 8 AM',
    });
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-27T23:30:00'))).toEqual({
      open: false,
      when: 'tomorrow at 8 AM',
    });
  });

  it('closed over Sunday: Monday at 7 AM from Saturday evening, tomorrow at 7 AM on Sunday itself', () => {
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-28T16:00:00'))).toEqual({
      open: false,
      when: 'Monday at 7 AM',
    });
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-28T21:00:00'))).toEqual({
      open: false,
      when: 'Monday at 7 AM',
    });
    expect(nextOpening(WITH_SATURDAY, cst('2026-11-29T10:00:00'))).toEqual({
      open: false,
      when: 'tomorrow at 7 AM',
    });
  });
});

describe('the quote staff send (quoteSendSchema)', () => {
  it("turns the product's one-option payload { cost, etaDays, notes } into one option", () => {
    expect(send({ cost: 12_000, etaDays: 3, notes: '  Call the supplier first  ' })).toEqual({
      data: {
        options: [
          {
            label: null,
            cost: 12_000,
            etaDays: 3,
            difficulty: 'moderate',
            warranty: null,
            brand: null,
            partNumber: null,
            note: null,
          },
        ],
        notes: 'Call the supplier first',
      },
    });
    // the calculator's difficulty is kept; numbers typed as text are read
    expect(send({ cost: '4500', etaDays: '1', difficulty: 'hard' })).toMatchObject({
      data: { options: [{ cost: 4_500, etaDays: 1, difficulty: 'hard' }], notes: null },
    });
  });

  it('takes one to three options with their own words', () => {
    const options = [
      {
        label: 'New OEM',
        cost: 20_000,
        etaDays: 5,
        warranty: '1 year',
        brand: 'Dexter',
        partNumber: '046-126-00',
      },
      { label: 'Aftermarket', cost: 9_000, etaDays: 2, note: '  In stock in Winnipeg ' },
      { cost: 5_000, etaDays: 1, difficulty: 'easy' },
    ];
    const parsed = send({ options, notes: null });
    expect(parsed).toMatchObject({
      data: {
        options: [
          { label: 'New OEM', cost: 20_000, etaDays: 5, warranty: '1 year', brand: 'Dexter', note: null },
          { label: 'Aftermarket', cost: 9_000, etaDays: 2, note: 'In stock in Winnipeg' },
          { label: null, cost: 5_000, etaDays: 1, difficulty: 'easy' },
        ],
        notes: null,
      },
    });
  });

  it('refuses no option and more than three, each with its message', () => {
    expect(send({ options: [] })).toEqual({ errors: { options: ['Send one to three options'] } });
    const four = Array.from({ length: MAX_OPTIONS + 1 }, () => ({ cost: 100, etaDays: 1 }));
    expect(send({ options: four })).toEqual({ errors: { options: ['A quote has at most 3 options'] } });
    expect(send({ options: 'two' })).toEqual({ errors: { options: ['Send one to three options'] } });
  });

  it("refuses a cost of 0 or less and an ETA under a day with the product's messages", () => {
    expect(QUOTE_MESSAGES).toEqual({
      cost: 'Cost must be greater than 0',
      eta: 'ETA must be at least 1 day',
    });
    expect(send({ cost: 0, etaDays: 0 })).toEqual({
      errors: { cost: ['Cost must be greater than 0'], etaDays: ['ETA must be at least 1 day'] },
    });
    expect(send({})).toEqual({
      errors: { cost: ['Cost must be greater than 0'], etaDays: ['ETA must be at least 1 day'] },
    });
    expect(send({ cost: 'abc', etaDays: -2 })).toEqual({
      errors: { cost: ['Cost must be greater than 0'], etaDays: ['ETA must be at least 1 day'] },
    });
    // in options, the same messages at the option's place
    expect(
      send({
        options: [
          { cost: 100, etaDays: 1 },
          { cost: -5, etaDays: 2 },
          { cost: 100, etaDays: 0 },
        ],
      }),
    ).toEqual({
      errors: {
        'options.1.cost': ['Cost must be greater than 0'],
        'options.2.etaDays': ['ETA must be at least 1 day'],
      },
    });
  });
});

describe("the page's forms", () => {
  it('accept: the version, the option, a typed name (trimmed), an optional PO, the terms', () => {
    expect(
      parse(acceptFormSchema, {
        version: '2',
        option: '1',
        name: '  Dana Friesen ',
        po: ' PO-77 ',
        terms: 'yes',
      }),
    ).toEqual({ data: { version: 2, option: 1, name: 'Dana Friesen', po: 'PO-77', terms: 'yes' } });
    // an empty PO is no PO
    expect(
      parse(acceptFormSchema, { version: '1', option: '0', name: 'Dana', po: '', terms: 'yes' }),
    ).toEqual({
      data: { version: 1, option: 0, name: 'Dana', po: null, terms: 'yes' },
    });
  });

  it('accept refuses a missing option, name and terms with the words the page shows', () => {
    expect(parse(acceptFormSchema, { version: '1' })).toEqual({
      errors: {
        option: [QUOTE_PAGE_MESSAGES.option],
        name: [QUOTE_PAGE_MESSAGES.name],
        terms: [QUOTE_PAGE_MESSAGES.terms],
      },
    });
    expect(QUOTE_PAGE_MESSAGES.terms).toBe('Tick the box to agree to the terms');
    // an option past the third, a one-letter name, a box sent with another value
    expect(parse(acceptFormSchema, { version: '1', option: '3', name: ' D ', terms: 'on' })).toEqual({
      errors: {
        option: [QUOTE_PAGE_MESSAGES.option],
        name: [QUOTE_PAGE_MESSAGES.name],
        terms: [QUOTE_PAGE_MESSAGES.terms],
      },
    });
    expect(
      parse(acceptFormSchema, { version: '1', option: '0', name: 'Dana', terms: 'yes', po: 'x'.repeat(61) }),
    ).toEqual({ errors: { po: ['The PO number can be at most 60 characters'] } });
  });

  it('decline: one of the reasons, and optional words', () => {
    expect(
      parse(declineFormSchema, { version: '1', reason: 'price', detail: '  Cheaper in Brandon ' }),
    ).toEqual({
      data: { version: 1, reason: 'price', detail: 'Cheaper in Brandon' },
    });
    expect(parse(declineFormSchema, { version: '1', reason: 'eta', detail: '   ' })).toEqual({
      data: { version: 1, reason: 'eta', detail: null },
    });
    expect(DECLINE_REASONS.price).toBe('Price too high');
    expect(parse(declineFormSchema, { version: '1' })).toEqual({ errors: { reason: ['Choose a reason'] } });
    expect(parse(declineFormSchema, { version: '1', reason: 'Price too high' })).toEqual({
      errors: { reason: ['Choose a reason'] },
    });
  });

  it('a question needs words', () => {
    expect(parse(questionFormSchema, { body: '  Does it fit the 2019 model? ' })).toEqual({
      data: { body: 'Does it fit the 2019 model?' },
    });
    expect(parse(questionFormSchema, { body: '   ' })).toEqual({
      errors: { body: ['Type your question first'] },
    });
    expect(parse(questionFormSchema, {})).toEqual({ errors: { body: ['Type your question first'] } });
  });
});

describe('what a version hash covers (versionContent)', () => {
  const option = (sellPrice: number): QuoteOption => ({
    label: 'New OEM',
    cost: 10_000,
    markupPct: 0.425,
    sellPrice,
    difficulty: 'moderate',
    etaDays: 3,
    warranty: '1 year',
    brand: 'Dexter',
    partNumber: '046-126-00',
    note: null,
  });
  const version = (options: QuoteOption[]) => ({
    caseNumber: 'Q-10042',
    version: 1,
    options,
    sentAt: SENT.toISOString(),
    expiresAt: quoteExpiresAt(SENT).toISOString(),
  });

  it('is the same for the same content, whatever the order of the fields', () => {
    const a = versionContent(version([option(14_250), option(9_000)]));
    const reordered = Object.fromEntries(Object.entries(option(14_250)).reverse()) as QuoteOption;
    expect(versionContent(version([option(14_250), option(9_000)]))).toBe(a);
    expect(versionContent(version([reordered, option(9_000)]))).toBe(a);
    expect(versionContent(JSON.parse(JSON.stringify(version([option(14_250), option(9_000)]))))).toBe(a);
  });

  it('changes when a price, the order of the options, the version or the time changes', () => {
    const a = versionContent(version([option(14_250), option(9_000)]));
    expect(versionContent(version([option(14_251), option(9_000)]))).not.toBe(a);
    expect(versionContent(version([option(9_000), option(14_250)]))).not.toBe(a);
    expect(versionContent({ ...version([option(14_250), option(9_000)]), version: 2 })).not.toBe(a);
    expect(versionContent({ ...version([option(14_250), option(9_000)]), caseNumber: 'Q-10043' })).not.toBe(
      a,
    );
    expect(
      versionContent({ ...version([option(14_250), option(9_000)]), expiresAt: '2026-11-23T18:00:01.000Z' }),
    ).not.toBe(a);
    expect(
      versionContent(version([{ ...option(14_250), note: 'Core charge included' }, option(9_000)])),
    ).not.toBe(a);
  });
});
