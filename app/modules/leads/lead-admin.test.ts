import { describe, expect, it } from 'vitest';
import {
  boardCursor,
  leadAge,
  parseBoardCursor,
  quoteMessage,
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

describe('quote message', () => {
  it('carries the price in CAD, the ETA, the 48-hour validity and how to answer', () => {
    expect(
      quoteMessage({ siteName: 'Parts Hunters MB', caseNumber: 'Q-10001', sellPrice: 14_250, etaDays: 3 }),
    ).toBe(
      'Parts Hunters MB quote Q-10001: $142.50 CAD, ETA 3 days. Quote valid 48 hours. Reply YES to order or NO to pass.',
    );
    expect(quoteMessage({ siteName: 'X', caseNumber: 'Q-1', sellPrice: 100, etaDays: 1 })).toBe(
      'X quote Q-1: $1.00 CAD, ETA 1 day. Quote valid 48 hours. Reply YES to order or NO to pass.',
    );
  });
});

describe('board cursor', () => {
  it('round-trips and refuses junk', () => {
    const cursor = boardCursor({ createdAt: '2026-11-21T18:00:00.000Z', id: 42 });
    expect(parseBoardCursor(cursor)).toEqual({ createdAt: '2026-11-21T18:00:00.000Z', id: 42 });
    expect(parseBoardCursor("2026-11-21' or 1=1_4")).toBeUndefined();
    expect(parseBoardCursor(undefined)).toBeUndefined();
  });
});
