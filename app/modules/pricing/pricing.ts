/**
 * The pricing engine (product.md §9 'Pricing engine'), shared by the admin calculator and the server:
 * the browser shows exactly the margin and sell price the server recomputes, stores and sends
 * (decision 0005). Money is integer cents; margins are fractions (0.425 = 42.5 %). Pure.
 */
import type { Urgency } from '#app/modules/leads/leads.ts';

export const DIFFICULTIES = ['easy', 'moderate', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DEFAULT_DIFFICULTY: Difficulty = 'moderate';

export type MarginRange = { min: number; max: number };

/**
 * The shared pricing configuration (product.md §9: the only values given). The difficulty ranges
 * and urgency uplifts here are only the first values: the owner sets them on the Settings screen
 * (app/modules/site/shop-settings.ts, decision 0204) and the calculator and the server price with
 * the rules in force (`MarkupRules`); the floor, cap, shipping and discount stay product.md's.
 */
export const PRICING_CONFIG = {
  baseDifficulty: {
    easy: { min: 0.25, max: 0.35 },
    moderate: { min: 0.35, max: 0.5 },
    hard: { min: 0.5, max: 0.8 },
  } satisfies Record<Difficulty, MarginRange>,
  urgencyUplift: { flexible: 0, '48h': 0.1, today: 0.2 } satisfies Record<Urgency, number>,
  marginFloor: 0.22,
  marginCap: 0.85,
  shippingHandlingRate: 0.08,
  shippingHandlingMinCents: 999,
  b2bDiscount: 0.1,
} as const;

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  easy: 'Easy',
  moderate: 'Moderate',
  hard: 'Hard',
};

/** Rounds a fraction to 4 decimals (0.62500000001 → 0.625). */
export function roundMargin(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === 'string' && (DIFFICULTIES as readonly string[]).includes(value);
}

/** The owner's markup rules: each difficulty's range, each urgency's uplift (fractions). */
export type MarkupRules = {
  difficulty: Readonly<Record<Difficulty, MarginRange>>;
  urgency: Readonly<Record<Urgency, number>>;
};

/** The first values of the rules, product.md §9's, until the owner changes them. */
export const DEFAULT_MARKUP: MarkupRules = {
  difficulty: PRICING_CONFIG.baseDifficulty,
  urgency: PRICING_CONFIG.urgencyUplift,
};

/** The midpoint of a difficulty's range (unknown or missing difficulty: moderate). */
export function baseMargin(
  rules: MarkupRules,
  difficulty: Difficulty | undefined = DEFAULT_DIFFICULTY,
): number {
  const range = rules.difficulty[isDifficulty(difficulty) ? difficulty : DEFAULT_DIFFICULTY];
  return roundMargin((range.min + range.max) / 2);
}

/** The uplift an urgency adds to the margin (unknown urgency: none). */
export function urgencyUplift(rules: MarkupRules, urgency: Urgency | string | undefined): number {
  const uplift = rules.urgency as Record<string, number>;
  return urgency !== undefined && Object.hasOwn(uplift, urgency) ? uplift[urgency]! : 0;
}

/**
 * The margin for a job: difficulty midpoint plus urgency uplift, held between the floor (0.22)
 * and the cap (0.85), rounded to 4 decimals.
 */
export function computeMargin(
  rules: MarkupRules,
  difficulty: Difficulty | undefined,
  urgency: Urgency | string | undefined,
): number {
  const raw = baseMargin(rules, difficulty) + urgencyUplift(rules, urgency);
  const bounded = Math.min(PRICING_CONFIG.marginCap, Math.max(PRICING_CONFIG.marginFloor, raw));
  return roundMargin(bounded);
}

/** cost × (1 + margin), rounded to a cent; 0 for no cost (≤ 0), a negative margin or a non-number. */
export function sellPrice(costCents: number, margin: number): number {
  if (!Number.isFinite(costCents) || !Number.isFinite(margin)) return 0;
  if (costCents <= 0 || margin < 0) return 0;
  return Math.round(costCents * (1 + margin));
}

/** Shipping and handling on an amount: 8 %, at least 999 cents; nothing on nothing. */
export function shippingAndHandling(amountCents: number): number {
  if (!Number.isFinite(amountCents) || amountCents <= 0) return 0;
  return Math.max(
    PRICING_CONFIG.shippingHandlingMinCents,
    Math.round(amountCents * PRICING_CONFIG.shippingHandlingRate),
  );
}

/** A business customer's price: 10 % off, rounded to a cent (never below 0). */
export function b2bPrice(priceCents: number): number {
  if (!Number.isFinite(priceCents) || priceCents <= 0) return 0;
  return Math.round(priceCents * (1 - PRICING_CONFIG.b2bDiscount));
}

export type Quote = { cost: number; markupPct: number; sellPrice: number };

/** The quote for a cost (cents), difficulty and urgency: what the calculator shows and the server stores. */
export function priceQuote(input: {
  costCents: number;
  difficulty?: Difficulty;
  urgency: Urgency | string | undefined;
  rules: MarkupRules;
}): Quote {
  const markupPct = computeMargin(input.rules, input.difficulty, input.urgency);
  return { cost: input.costCents, markupPct, sellPrice: sellPrice(input.costCents, markupPct) };
}
