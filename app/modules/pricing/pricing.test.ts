import { describe, expect, it } from 'vitest';
import {
  b2bPrice,
  DEFAULT_MARKUP,
  baseMargin,
  computeMargin,
  isDifficulty,
  PRICING_CONFIG,
  priceQuote,
  roundMargin,
  sellPrice,
  shippingAndHandling,
  urgencyUplift,
  type Difficulty,
} from './pricing.ts';

describe('base margin: the midpoint of the difficulty range (product.md §9)', () => {
  it.each([
    ['easy', 0.3],
    ['moderate', 0.425],
    ['hard', 0.65],
    [undefined, 0.425],
    ['extreme', 0.425],
  ] as const)('%s → %s', (difficulty, expected) => {
    expect(baseMargin(DEFAULT_MARKUP, difficulty as Difficulty | undefined)).toBe(expected);
  });

  it('the ranges are the spec values', () => {
    expect(PRICING_CONFIG.baseDifficulty).toEqual({
      easy: { min: 0.25, max: 0.35 },
      moderate: { min: 0.35, max: 0.5 },
      hard: { min: 0.5, max: 0.8 },
    });
  });
});

describe('urgency uplift', () => {
  it.each([
    ['flexible', 0],
    ['48h', 0.1],
    ['today', 0.2],
    ['someday', 0],
    [undefined, 0],
    ['toString', 0],
  ] as const)('%s → %s', (urgency, expected) => {
    expect(urgencyUplift(DEFAULT_MARKUP, urgency)).toBe(expected);
  });
});

describe('margin: midpoint + uplift, floor 0.22, cap 0.85, 4 decimals', () => {
  it.each([
    ['easy', 'flexible', 0.3],
    ['easy', '48h', 0.4],
    ['easy', 'today', 0.5],
    ['moderate', 'flexible', 0.425],
    ['moderate', '48h', 0.525],
    ['moderate', 'today', 0.625],
    ['hard', 'flexible', 0.65],
    ['hard', '48h', 0.75],
    ['hard', 'today', 0.85], // 0.65 + 0.2 lands exactly on the cap (0.8500000000000001 unrounded)
    [undefined, 'today', 0.625],
  ] as const)('%s + %s → %s', (difficulty, urgency, expected) => {
    expect(computeMargin(DEFAULT_MARKUP, difficulty, urgency)).toBe(expected);
  });

  it('is never below the floor nor above the cap, whatever the configuration would give', () => {
    for (const d of ['easy', 'moderate', 'hard'] as const) {
      for (const u of ['flexible', '48h', 'today'] as const) {
        const m = computeMargin(DEFAULT_MARKUP, d, u);
        expect(m).toBeGreaterThanOrEqual(0.22);
        expect(m).toBeLessThanOrEqual(0.85);
      }
    }
  });

  it.each([
    [0.123456, 0.1235],
    [0.12344, 0.1234],
    [0.62500000001, 0.625],
    [0.85, 0.85],
  ])('rounds %s to %s', (value, expected) => {
    expect(roundMargin(value)).toBe(expected);
  });
});

describe('sell price = round(cost × (1 + margin)); 0 for no cost or a negative margin', () => {
  it.each([
    [10_000, 0.425, 14_250],
    [12_345, 0.625, 20_061], // 20060.625 → 20061
    [1, 0.3, 1], // 1.3 → 1
    [2, 0.25, 3], // 2.5 → 3
    [10_000, 0, 10_000],
    [10_000, 0.85, 18_500],
    [0, 0.425, 0],
    [-500, 0.425, 0],
    [10_000, -0.01, 0],
    [Number.NaN, 0.3, 0],
    [10_000, Number.NaN, 0],
  ])('cost %s at %s → %s', (cost, margin, expected) => {
    expect(sellPrice(cost, margin)).toBe(expected);
  });
});

describe('shipping and handling: 8 %, at least 999 cents', () => {
  it.each([
    [0, 0],
    [-100, 0],
    [100, 999],
    [12_487, 999], // 998.96 → 999
    [12_488, 999], // 999.04 → 999
    [12_500, 1_000],
    [100_000, 8_000],
  ])('%s → %s', (amount, expected) => {
    expect(shippingAndHandling(amount)).toBe(expected);
  });
});

describe('B2B discount 10 %', () => {
  it.each([
    [10_000, 9_000],
    [12_345, 11_111], // 11110.5 → 11111
    [0, 0],
    [-5, 0],
  ])('%s → %s', (price, expected) => {
    expect(b2bPrice(price)).toBe(expected);
  });
});

describe('priceQuote', () => {
  it('combines margin and price, moderate by default', () => {
    expect(priceQuote({ costCents: 10_000, urgency: 'flexible', rules: DEFAULT_MARKUP })).toEqual({
      cost: 10_000,
      markupPct: 0.425,
      sellPrice: 14_250,
    });
    expect(
      priceQuote({ costCents: 10_000, difficulty: 'hard', urgency: 'today', rules: DEFAULT_MARKUP }),
    ).toEqual({
      cost: 10_000,
      markupPct: 0.85,
      sellPrice: 18_500,
    });
  });

  it('recognises difficulties', () => {
    expect(isDifficulty('easy')).toBe(true);
    expect(isDifficulty('EASY')).toBe(false);
    expect(isDifficulty(undefined)).toBe(false);
  });
});
