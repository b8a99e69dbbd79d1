/** The price of a quote option: the engine's, or one staff set by hand (issue 31). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { priceQuote } from '../pricing/pricing.ts';
import { optionPrice } from './quote.ts';

describe('optionPrice', () => {
  it("is the pricing engine's price when staff set none", () => {
    for (const priceOverride of [undefined, null]) {
      expect(
        optionPrice({ cost: 10_000, difficulty: 'moderate', priceOverride }, 'today', DEFAULT_MARKUP),
      ).toEqual({
        ...priceQuote({ costCents: 10_000, difficulty: 'moderate', urgency: 'today', rules: DEFAULT_MARKUP }),
        calculatedPrice: null,
      });
    }
    expect(optionPrice({ cost: 10_000 }, 'flexible', DEFAULT_MARKUP)).toMatchObject({
      sellPrice: 14_250,
      markupPct: 0.425,
    });
  });

  it.each([
    // cost, urgency, price by hand, markup that follows, the engine's price beside it
    [10_000, 'today', 15_000, 0.5, 16_250],
    [10_000, 'flexible', 14_250, 0.425, 14_250],
    [30_000, '48h', 40_000, 0.3333, 45_750],
    // below cost: a negative markup, shown as it is
    [10_000, 'flexible', 9_000, -0.1, 14_250],
  ] as const)(
    'cost %s (%s), price %s: markup %s, engine %s',
    (cost, urgency, priceOverride, markupPct, engine) => {
      expect(optionPrice({ cost, difficulty: 'moderate', priceOverride }, urgency, DEFAULT_MARKUP)).toEqual({
        cost,
        markupPct,
        sellPrice: priceOverride,
        calculatedPrice: engine,
      });
    },
  );
});
