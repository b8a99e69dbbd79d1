/**
 * 'Ships in' estimate (SPEC §2 'Catalog', DESIGN §4): deterministic, from the item's stock and the
 * region of the chosen city, always within 2-6 days, so the server's HTML and the browser agree.
 *
 * - First day: 2 when the part is on hand (any stock), 3 when it must be ordered in.
 * - Last day: first day + 2, plus 1 outside Winnipeg and the three regions next to it (the
 *   Steinbach Region, Portage Plains and Interlake Area). With no city chosen the wider range is
 *   shown: promising less and delivering sooner beats the opposite.
 *
 * Results: 2-4, 2-5, 3-5 or 3-6 days (SPEC: "about 2-4 to 3-6 days").
 */
import { stockLevel } from './stock.ts';

export type ShipsIn = { minDays: number; maxDays: number };

/** Regions a day closer to the Winnipeg warehouse than the rest of the province. */
export const NEAR_REGIONS: readonly string[] = [
  'Winnipeg Metro',
  'Steinbach Region',
  'Portage Plains',
  'Interlake Area',
];

export const SHIPS_IN_MIN = 2;
export const SHIPS_IN_MAX = 6;

export function shipsIn(stockQty: number | null | undefined, region?: string | null): ShipsIn {
  const minDays = stockLevel(stockQty) === 'contact' ? 3 : 2;
  const extra = region && NEAR_REGIONS.includes(region) ? 0 : 1;
  return { minDays, maxDays: Math.min(SHIPS_IN_MAX, minDays + 2 + extra) };
}

/** '2-4 days' */
export function shipsInLabel({ minDays, maxDays }: ShipsIn): string {
  return `${minDays}-${maxDays} days`;
}
