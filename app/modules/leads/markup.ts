/**
 * How a quote's markup is made, in the pricing calculator's words (issue 31: the difficulty chip
 * said 'Moderate 35%–50%' while the result was 62.5 %): the middle of the difficulty's range, plus
 * the uplift of the lead's urgency. The figures are the pricing engine's own
 * (app/modules/pricing/pricing.ts), so the breakdown adds up to the markup the server stores: with
 * product.md §9's values no sum reaches the floor (22 %) or passes the cap (85 %); markup.test.ts fails if
 * that ever changes, and the calculator would then have to say so. Pure.
 */
import type { Urgency } from './leads.ts';
import { urgencyWord } from './urgency.ts';
import {
  baseMargin,
  computeMargin,
  DIFFICULTY_LABELS,
  urgencyUplift,
  type Difficulty,
  type MarkupRules,
  type MarginRange,
} from '../pricing/pricing.ts';

export type MarkupBreakdown = {
  difficulty: Difficulty;
  /** 'Moderate' */
  difficultyLabel: string;
  range: MarginRange;
  /** the middle of the range: what the difficulty adds */
  base: number;
  /** 'Emergency repair' */
  urgencyLabel: string;
  uplift: number;
  /** the markup used: base + uplift */
  markup: number;
};

export function markupBreakdown(
  rules: MarkupRules,
  difficulty: Difficulty,
  urgency: Urgency,
): MarkupBreakdown {
  const base = baseMargin(rules, difficulty);
  const uplift = urgencyUplift(rules, urgency);
  const markup = computeMargin(rules, difficulty, urgency);
  return {
    difficulty,
    difficultyLabel: DIFFICULTY_LABELS[difficulty],
    range: rules.difficulty[difficulty],
    base,
    urgencyLabel: urgencyWord(urgency),
    uplift,
    markup,
  };
}
