import { describe, expect, it } from 'vitest';
import { quoteSendSchema } from '../quotes/quote.ts';
import {
  boardCursor,
  emptyQuoteOption,
  leadAge,
  parseBoardCursor,
  quoteFormSchema,
  quotePayloadFields,
  quotePayloadOfFields,
  statusPayloadSchema,
  type QuoteOptionForm,
} from './lead-admin.ts';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const H = 3_600_000;

describe('lead age (product.md §2)', () => {
  it.each([
    [0, 'Just now'],
    [H - 1, 'Just now'],
    [-5 * H, 'Just now'], // a clock a little ahead
    [H, '1h ago'],
    [23 * H + 59 * 60_000, '23h ago'],
    [24 * H, '1d ago'],
    [49 * H, '2d ago'],
  ])('%s ms → %s', (ms, expected) => {
    expect(leadAge(ago(ms), NOW)).toBe(expected);
  });
});

/** One option as the calculator holds it: the typed text of each field. */
const typed = (fields: Partial<QuoteOptionForm> = {}): QuoteOptionForm => ({
  ...emptyQuoteOption(3),
  ...fields,
});
const form = (options: Partial<QuoteOptionForm>[], notes = '') => ({ options: options.map(typed), notes });
const firstIssue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
};
/** The server's schema on a payload, as services/quotes.ts `send` parses it. */
const server = (payload: Record<string, unknown>) => quoteSendSchema(payload).safeParse(payload);

describe('quote payload (the server: quoteSendSchema)', () => {
  it("keeps the spec's cost, ETA, notes and difficulty as a one-option quote", () => {
    const parsed = server({ cost: 12_345, etaDays: 3, notes: ' OEM ' });
    expect(parsed.data).toEqual({
      options: [
        {
          label: null,
          cost: 12_345,
          etaDays: 3,
          difficulty: 'moderate',
          warranty: null,
          brand: null,
          partNumber: null,
          note: null,
        },
      ],
      notes: 'OEM',
    });
  });

  it('drops a price or markup sent along: the server prices every option itself', () => {
    for (const payload of [
      { cost: 12_345, etaDays: 3, sellPrice: 1, markupPct: 5 },
      { options: [{ cost: 12_345, etaDays: 3, sellPrice: 1, markupPct: 5 }], sellPrice: 1 },
    ]) {
      const parsed = server(payload).data!;
      expect(parsed).not.toHaveProperty('sellPrice');
      expect(parsed.options[0]).not.toHaveProperty('sellPrice');
      expect(parsed.options[0]).not.toHaveProperty('markupPct');
      expect(parsed.options[0]!.cost).toBe(12_345);
    }
  });

  it.each([
    [{ cost: 0, etaDays: 3 }, 'cost', 'Cost must be greater than 0'],
    [{ cost: 10.5, etaDays: 3 }, 'cost', 'Cost must be a whole number of cents'],
    [{ cost: 100, etaDays: 0 }, 'etaDays', 'ETA must be at least 1 day'],
    [{ cost: 100, etaDays: 3, difficulty: 'extreme' }, 'difficulty', undefined],
  ])('refuses %j, with options or without', (payload, field, message) => {
    for (const [result, path] of [
      [server(payload), field],
      [server({ options: [{ cost: 100, etaDays: 3 }, payload] }), `options.1.${field}`],
    ] as const) {
      expect(result.success).toBe(false);
      expect(firstIssue(result)?.path).toBe(path);
      if (message) expect(firstIssue(result)?.message).toBe(message);
    }
  });

  it('takes one to three options', () => {
    const option = { cost: 100, etaDays: 3 };
    expect(firstIssue(server({ options: [] }))).toEqual({
      path: 'options',
      message: 'Send one to three options',
    });
    expect(server({ options: [option, option, option] }).success).toBe(true);
    expect(firstIssue(server({ options: [option, option, option, option] }))).toEqual({
      path: 'options',
      message: 'A quote has at most 3 options',
    });
  });
});

describe('quote form (the calculator, product.md §5; issue 28)', () => {
  it.each([
    [{ cost: '', etaDays: '3' }, 'cost', 'Cost must be greater than 0'],
    [{ cost: 'abc', etaDays: '3' }, 'cost', 'Cost must be greater than 0'],
    [{ cost: '0.004', etaDays: '3' }, 'cost', 'Cost must be greater than 0'],
    [{ cost: '1000000.01', etaDays: '3' }, 'cost', 'Cost is too large'],
    [{ cost: '12', etaDays: '' }, 'etaDays', 'ETA must be at least 1 day'],
    [{ cost: '12', etaDays: '0' }, 'etaDays', 'ETA must be at least 1 day'],
    [{ cost: '12', etaDays: '2.5' }, 'etaDays', 'ETA must be a whole number of days'],
    [{ cost: '12', etaDays: '400' }, 'etaDays', 'ETA can be at most 365 days'],
    [{ cost: '12', label: 'x'.repeat(41) }, 'label', 'The option name can be at most 40 characters'],
    [{ cost: '12', warranty: 'x'.repeat(121) }, 'warranty', 'The warranty can be at most 120 characters'],
    [{ cost: '12', brand: 'x'.repeat(121) }, 'brand', 'The brand can be at most 120 characters'],
    [
      { cost: '12', partNumber: 'x'.repeat(121) },
      'partNumber',
      'The part number can be at most 120 characters',
    ],
    [{ cost: '12', note: 'x'.repeat(501) }, 'note', 'The note to the customer can be at most 500 characters'],
  ])('refuses %j: %s, %s (in the first option and in the third)', (option, field, message) => {
    expect(firstIssue(quoteFormSchema.safeParse(form([option])))).toEqual({
      path: `options.0.${field}`,
      message,
    });
    expect(firstIssue(quoteFormSchema.safeParse(form([{ cost: '10' }, { cost: '20' }, option])))).toEqual({
      path: `options.2.${field}`,
      message,
    });
  });

  it('refuses internal notes over 2,000 characters, and more than three options', () => {
    expect(firstIssue(quoteFormSchema.safeParse(form([{ cost: '12' }], 'x'.repeat(2001))))).toEqual({
      path: 'notes',
      message: 'Notes can be at most 2000 characters',
    });
    expect(
      firstIssue(
        quoteFormSchema.safeParse(form([{ cost: '1' }, { cost: '2' }, { cost: '3' }, { cost: '4' }])),
      ),
    ).toEqual({
      path: 'options',
      message: 'A quote has at most 3 options',
    });
  });

  it('reports every wrong field at once, each on its own path', () => {
    const result = quoteFormSchema.safeParse(form([{ cost: '' }, { cost: '12', etaDays: '0' }]));
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'options.0.cost: Cost must be greater than 0',
      'options.1.etaDays: ETA must be at least 1 day',
    ]);
  });

  it('turns the typed form into the quote call: dollars to cents, empty text as none', () => {
    const parsed = quoteFormSchema.parse(
      form(
        [
          { cost: '142.5', etaDays: '3', difficulty: 'hard' },
          { label: ' Aftermarket ', cost: '80', etaDays: '5', warranty: '90 days', note: 'Core included' },
        ],
        '  ',
      ),
    );
    const blank = { label: null, warranty: null, brand: null, partNumber: null, note: null };
    expect(parsed).toEqual({
      options: [
        { ...blank, cost: 14_250, etaDays: 3, difficulty: 'hard' },
        {
          ...blank,
          label: 'Aftermarket',
          cost: 8_000,
          etaDays: 5,
          difficulty: 'moderate',
          warranty: '90 days',
          note: 'Core included',
        },
      ],
      notes: null,
    });
    // as the dialog posts it, and as the route's action reads it back for the server
    const fields = quotePayloadFields(parsed);
    expect(fields).toEqual({
      'options.0.cost': '14250',
      'options.0.etaDays': '3',
      'options.0.difficulty': 'hard',
      'options.1.label': 'Aftermarket',
      'options.1.cost': '8000',
      'options.1.etaDays': '5',
      'options.1.difficulty': 'moderate',
      'options.1.warranty': '90 days',
      'options.1.note': 'Core included',
    });
    const payload = quotePayloadOfFields(Object.entries(fields))!;
    expect(server(payload).data).toEqual(parsed);
  });

  it('takes a price set by hand with its reason, in cents, to the server and back (issue 31)', () => {
    const parsed = quoteFormSchema.parse(
      form([
        { cost: '100', etaDays: '3', priceOverride: '150', priceReason: ' Matched the dealer ' },
        { cost: '80', etaDays: '5' },
      ]),
    );
    expect(parsed.options[0]).toMatchObject({
      cost: 10_000,
      priceOverride: 15_000,
      priceReason: 'Matched the dealer',
    });
    // an option priced by the engine carries neither
    expect(parsed.options[1]).not.toHaveProperty('priceOverride');
    expect(parsed.options[1]!.priceReason).toBeUndefined();
    const fields = quotePayloadFields(parsed);
    expect(fields).toMatchObject({
      'options.0.priceOverride': '15000',
      'options.0.priceReason': 'Matched the dealer',
    });
    expect(Object.keys(fields).filter((k) => k.startsWith('options.1.price'))).toEqual([]);
    expect(server(quotePayloadOfFields(Object.entries(fields))!).data).toEqual(parsed);
  });

  it.each([
    [{ priceOverride: '150' }, 'options.0.priceReason', 'Give a reason for the price you set'],
    [
      { priceOverride: '150', priceReason: '   ' },
      'options.0.priceReason',
      'Give a reason for the price you set',
    ],
    [
      { priceReason: 'Regular customer' },
      'options.0.priceOverride',
      'Type the price you set, or leave the reason empty',
    ],
    [{ priceOverride: '0', priceReason: 'Free' }, 'options.0.priceOverride', 'Price must be greater than 0'],
    [
      { priceOverride: 'abc', priceReason: 'Free' },
      'options.0.priceOverride',
      'Price must be greater than 0',
    ],
    [
      { priceOverride: '150', priceReason: 'x'.repeat(201) },
      'options.0.priceReason',
      'The reason can be at most 200 characters',
    ],
  ])('refuses a price by hand %j: %s, %s', (fields, path, message) => {
    expect(firstIssue(quoteFormSchema.safeParse(form([{ cost: '100', etaDays: '3', ...fields }])))).toEqual({
      path,
      message,
    });
  });

  it('the fields the dialog posts carry no price: anything but an option field is left out', () => {
    expect(
      quotePayloadOfFields([
        ['intent', 'quote'],
        ['notes', 'Supplier: Green Acres'],
        ['options.0.cost', '10000'],
        ['options.0.etaDays', '4'],
        ['options.0.sellPrice', '1'],
        ['options.0.markupPct', '0'],
        ['sellPrice', '1'],
      ]),
    ).toEqual({ options: [{ cost: '10000', etaDays: '4' }], notes: 'Supplier: Green Acres' });
    // the spec's one-option fields are not options: the action sends them as they are
    expect(
      quotePayloadOfFields([
        ['cost', '10000'],
        ['etaDays', '4'],
      ]),
    ).toBeUndefined();
  });

  it('a missing or a fourth option reaches the server, which refuses it', () => {
    const gap = quotePayloadOfFields([
      ['options.0.cost', '100'],
      ['options.0.etaDays', '3'],
      ['options.2.cost', '100'],
      ['options.2.etaDays', '3'],
    ])!;
    expect(firstIssue(server(gap))).toEqual({
      path: 'options.1.cost',
      message: 'Cost must be greater than 0',
    });
    const four = quotePayloadOfFields(
      [0, 1, 2, 3].flatMap((i) => [
        [`options.${i}.cost`, '100'],
        [`options.${i}.etaDays`, '3'],
      ]) as [string, string][],
    )!;
    expect(firstIssue(server(four))?.message).toBe('A quote has at most 3 options');
    // an index past 99 is no option field at all (no array of a million options)
    expect(quotePayloadOfFields([['options.1000000.cost', '1']])).toBeUndefined();
  });

  it('refuses on the server what the calculator refuses, with the same words (cost in cents)', () => {
    for (const [typedOption, payload] of [
      [{ cost: '0' }, { cost: 0, etaDays: 3 }],
      [{ cost: '1000000.01' }, { cost: 100_000_001, etaDays: 3 }],
      [
        { cost: '12', etaDays: '0' },
        { cost: 1200, etaDays: 0 },
      ],
      [
        { cost: '12', etaDays: '366' },
        { cost: 1200, etaDays: 366 },
      ],
      [
        { cost: '12', label: 'x'.repeat(41) },
        { cost: 1200, etaDays: 3, label: 'x'.repeat(41) },
      ],
    ] as const) {
      const browser = firstIssue(quoteFormSchema.safeParse(form([{ cost: '5' }, typedOption])));
      const withOptions = firstIssue(server({ options: [{ cost: 500, etaDays: 3 }, payload] }));
      expect(withOptions?.message).toBeDefined();
      expect(withOptions).toEqual(browser);
      // the spec's one-option call: the same words, on the field itself
      const spec = firstIssue(server(payload));
      expect(spec?.message).toBe(browser?.message);
      expect(`options.1.${spec?.path}`).toBe(browser?.path);
    }
    const notes = 'x'.repeat(2001);
    expect(firstIssue(server({ cost: 1200, etaDays: 3, notes }))).toEqual(
      firstIssue(quoteFormSchema.safeParse(form([{ cost: '12' }], notes))),
    );
  });
});

describe('status payload', () => {
  it('takes lost with or without a reason (a blank one counts as none)', () => {
    expect(statusPayloadSchema.parse({ status: 'lost' })).toEqual({ status: 'lost' });
    expect(statusPayloadSchema.parse({ status: 'lost', reason: '  ' })).toEqual({ status: 'lost' });
    expect(statusPayloadSchema.parse({ status: 'lost', reason: ' Bought local ' })).toEqual({
      status: 'lost',
      reason: 'Bought local',
    });
    expect(statusPayloadSchema.safeParse({ status: 'lost', reason: 'x'.repeat(501) }).success).toBe(false);
    expect(statusPayloadSchema.safeParse({ status: 'qualified' }).success).toBe(true);
    expect(statusPayloadSchema.safeParse({ status: 'archived' }).success).toBe(false);
  });
});

describe('board cursor', () => {
  it('round-trips and refuses junk', () => {
    const cursor = boardCursor({ createdAt: '2026-11-21T18:00:00.000Z', id: 42 });
    expect(parseBoardCursor(cursor)).toEqual({ createdAt: '2026-11-21T18:00:00.000Z', id: 42 });
    expect(parseBoardCursor("2026-11-21' or 1=1_4")).toBeUndefined();
    expect(parseBoardCursor(undefined)).toBeUndefined();
  });

  it('refuses what the database cannot compare with: an id above 2^31 - 1, year 0', () => {
    expect(parseBoardCursor('2026-11-21T18:00:00.000Z_2147483647')?.id).toBe(2_147_483_647);
    expect(parseBoardCursor('2026-11-21T18:00:00.000Z_2147483648')).toBeUndefined();
    expect(parseBoardCursor('2026-11-21T18:00:00.000Z_0')).toBeUndefined();
    expect(parseBoardCursor('0001-01-01T00:00:00.000Z_1')?.createdAt).toBe('0001-01-01T00:00:00.000Z');
    expect(parseBoardCursor('0000-12-31T23:59:59.999Z_1')).toBeUndefined();
  });
});
