/**
 * Standard delivery time, in business days (product.md §2 'Catalog', decision 0005): deterministic, from
 * whether the part is on hand and the region it goes to, always within 2-6 days, so the server's
 * HTML and the browser agree. The one source of shipping days by region (decision 0140): the
 * catalog's 'ships in', the logistics page's regions and the city pages' delivery answer all read it.
 *
 * - First day: 2 when the part is on hand (any stock), 3 when it must be ordered in.
 * - Last day: first day + 2, plus 1 beyond the regions within a day's drive of Winnipeg (every
 *   community of NEAR_REGIONS lies within 150 km of it, every other one farther: the Brandon
 *   Region and the Parkland, tested against the map in server/seed/reference-data.test.ts). With no
 *   city chosen the wider range is shown: promising less and delivering sooner beats the opposite.
 *
 * Results: 2-4, 2-5, 3-5 or 3-6 business days (docs/product.md: "about 2-4 to 3-6 days").
 */
import { stockLevel } from './stock.ts';

export type ShipsIn = { minDays: number; maxDays: number };

/** Regions a day closer to the Winnipeg warehouse than the rest of the province. */
export const NEAR_REGIONS: readonly string[] = [
  'Winnipeg Metro',
  'Steinbach Region',
  'Portage Plains',
  'Interlake Area',
  'Eastern Manitoba',
  'Central Manitoba',
];

export const SHIPS_IN_MIN = 2;
export const SHIPS_IN_MAX = 6;

/** Standard delivery of a part on hand or to be ordered in, to a region (none: anywhere). */
export function deliveryDays(onHand: boolean, region?: string | null): ShipsIn {
  const minDays = onHand ? 2 : 3;
  const extra = region && NEAR_REGIONS.includes(region) ? 0 : 1;
  return { minDays, maxDays: Math.min(SHIPS_IN_MAX, minDays + 2 + extra) };
}

/** A catalog item's 'ships in': on hand when it has stock. */
export function shipsIn(stockQty: number | null | undefined, region?: string | null): ShipsIn {
  return deliveryDays(stockLevel(stockQty) !== 'contact', region);
}

/** '2-4 business days' */
export function shipsInLabel({ minDays, maxDays }: ShipsIn): string {
  return `${minDays}-${maxDays} business days`;
}
