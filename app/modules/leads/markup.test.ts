import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { DIFFICULTIES, priceQuote } from '../pricing/pricing.ts';
import { URGENCIES } from './leads.ts';
import { markupBreakdown } from './markup.ts';

describe('how the markup is made (issue 31)', () => {
  it.each([
    // difficulty, urgency, base (middle of the range), uplift, markup
    ['easy', 'flexible', 0.3, 0, 0.3],
    ['moderate', 'flexible', 0.425, 0, 0.425],
    ['moderate', '48h', 0.425, 0.1, 0.525],
    // the tester's case: the chip says 35%–50%, the result is 62.5 %: the middle plus 20 points
    ['moderate', 'today', 0.425, 0.2, 0.625],
    ['hard', '48h', 0.65, 0.1, 0.75],
    ['hard', 'today', 0.65, 0.2, 0.85],
  ] as const)('%s, %s: %s + %s = %s', (difficulty, urgency, base, uplift, markup) => {
    expect(markupBreakdown(DEFAULT_MARKUP, difficulty, urgency)).toMatchObject({ base, uplift, markup });
  });

  it('names the range and the urgency as the calculator shows them', () => {
    expect(markupBreakdown(DEFAULT_MARKUP, 'moderate', 'today')).toMatchObject({
      difficultyLabel: 'Moderate',
      range: { min: 0.35, max: 0.5 },
      urgencyLabel: 'Emergency repair',
    });
    expect(markupBreakdown(DEFAULT_MARKUP, 'easy', '48h').urgencyLabel).toBe('Soon as possible');
    expect(markupBreakdown(DEFAULT_MARKUP, 'easy', 'flexible').urgencyLabel).toBe('When convenient');
  });

  it('adds up to the markup the pricing engine uses, for every difficulty and urgency', () => {
    for (const difficulty of DIFFICULTIES)
      for (const urgency of URGENCIES) {
        const b = markupBreakdown(DEFAULT_MARKUP, difficulty, urgency);
        expect(b.markup).toBe(
          priceQuote({ costCents: 10_000, difficulty, urgency, rules: DEFAULT_MARKUP }).markupPct,
        );
        // no floor or cap hides a part of it (the calculator shows base + uplift = markup)
        expect(b.markup).toBeCloseTo(b.base + b.uplift, 10);
        expect(b.base).toBeGreaterThanOrEqual(b.range.min);
        expect(b.base).toBeLessThanOrEqual(b.range.max);
      }
  });
});
