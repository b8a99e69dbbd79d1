import { describe, expect, it } from 'vitest';
import {
  boardCursor,
  leadAge,
  parseBoardCursor,
  quoteFormSchema,
  quoteFormToPayload,
  quotePayloadSchema,
  statusPayloadSchema,
} from './lead-admin.ts';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const H = 3_600_000;

describe('lead age (SPEC §2)', () => {
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

describe('quote payload', () => {
  it('keeps cost, ETA, notes and difficulty; drops a price sent with it', () => {
    const parsed = quotePayloadSchema.parse({ cost: 12_345, etaDays: 3, notes: ' OEM ', sellPrice: 1 });
    expect(parsed).toEqual({ cost: 12_345, etaDays: 3, notes: 'OEM', difficulty: 'moderate' });
  });

  it.each([
    [{ cost: 0, etaDays: 3 }, 'Cost must be greater than 0'],
    [{ cost: 10.5, etaDays: 3 }, 'Cost must be a whole number of cents'],
    [{ cost: 100, etaDays: 0 }, 'ETA must be at least 1 day'],
    [{ cost: 100, etaDays: 3, difficulty: 'extreme' }, undefined],
  ])('refuses %j', (payload, message) => {
    const result = quotePayloadSchema.safeParse(payload);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('quote form (the calculator, SPEC §5)', () => {
  const first = (form: Record<string, unknown>) => quoteFormSchema.safeParse(form).error?.issues[0]?.message;

  it.each([
    [{ cost: '', etaDays: '3' }, 'cost', 'Cost must be greater than 0'],
    [{ cost: 'abc', etaDays: '3' }, 'cost', 'Cost must be greater than 0'],
    [{ cost: '0.004', etaDays: '3' }, 'cost', 'Cost must be greater than 0'],
    [{ cost: '1000000.01', etaDays: '3' }, 'cost', 'Cost is too large'],
    [{ cost: '12', etaDays: '' }, 'etaDays', 'ETA must be at least 1 day'],
    [{ cost: '12', etaDays: '0' }, 'etaDays', 'ETA must be at least 1 day'],
    [{ cost: '12', etaDays: '2.5' }, 'etaDays', 'ETA must be at least 1 day'],
    [{ cost: '12', etaDays: '400' }, 'etaDays', 'ETA can be at most 365 days'],
  ])('refuses %j: %s, %s', (form, field, message) => {
    const error = quoteFormSchema.safeParse(form).error;
    expect(error?.issues[0]?.path).toEqual([field]);
    expect(first(form)).toBe(message);
  });

  it('turns the typed form into the quote call: dollars to cents, empty notes left out', () => {
    const form = quoteFormSchema.parse({ cost: '142.5', etaDays: '3', notes: '  ', difficulty: 'hard' });
    expect(quoteFormToPayload(form)).toEqual({
      cost: 14_250,
      etaDays: 3,
      notes: undefined,
      difficulty: 'hard',
    });
    expect(quotePayloadSchema.parse(quoteFormToPayload(form))).toEqual({
      cost: 14_250,
      etaDays: 3,
      notes: null,
      difficulty: 'hard',
    });
  });

  it('refuses on the server what the calculator refuses, with the same words (cost in cents)', () => {
    for (const [form, payload] of [
      [
        { cost: '0', etaDays: '3' },
        { cost: 0, etaDays: 3 },
      ],
      [
        { cost: '1000000.01', etaDays: '3' },
        { cost: 100_000_001, etaDays: 3 },
      ],
      [
        { cost: '12', etaDays: '0' },
        { cost: 1200, etaDays: 0 },
      ],
      [
        { cost: '12', etaDays: '366' },
        { cost: 1200, etaDays: 366 },
      ],
      [
        { cost: '12', etaDays: '3', notes: 'x'.repeat(2001) },
        { cost: 1200, etaDays: 3, notes: 'x'.repeat(2001) },
      ],
    ] as const) {
      const server = quotePayloadSchema.safeParse(payload).error?.issues[0];
      const browser = quoteFormSchema.safeParse(form).error?.issues[0];
      expect(server?.message).toBeDefined();
      expect({ path: server?.path, message: server?.message }).toEqual({
        path: browser?.path,
        message: browser?.message,
      });
    }
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
