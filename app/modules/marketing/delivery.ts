/**
 * Delivery times as the marketing pages state them (product.md §2 'Logistics', issue 31 item 5): one set
 * of figures, from the catalog's standard delivery by region (catalog/ships-in.ts), so the
 * logistics page, the city pages and the catalog's 'ships in' can never disagree (decision 0140).
 * Pure.
 */
import { deliveryDays, shipsInLabel, type ShipsIn } from '../catalog/ships-in.ts';
import { REGIONS } from '../site/reference.ts';

/** product.md §2 'Logistics': the faster options, the same words wherever they are offered. */
export const EXPRESS_DELIVERY = '1-2 business days';
export const RUSH_DELIVERY = 'Same/next day';
/** Rare and specialty parts: the longest a part usually takes (product.md §9's FAQ claim). */
export const SPECIALTY_MAX_DAYS = 10;

/** The range covering some estimates: '2-6 business days'. */
function spanning(estimates: readonly ShipsIn[]): ShipsIn {
  return {
    minDays: Math.min(...estimates.map((e) => e.minDays)),
    maxDays: Math.max(...estimates.map((e) => e.maxDays)),
  };
}

/** Standard delivery to a region: a part on hand, and one we order in. */
export function standardDelivery(region?: string | null): { onHand: ShipsIn; orderedIn: ShipsIn } {
  return { onHand: deliveryDays(true, region), orderedIn: deliveryDays(false, region) };
}

/** Standard delivery anywhere in the province, parts on hand or ordered in: '2-6 business days'. */
export const STANDARD_DELIVERY = shipsInLabel(
  spanning(REGIONS.flatMap((r) => Object.values(standardDelivery(r)))),
);
/** Parts on hand, anywhere in the province: '2-5 business days'. */
export const ON_HAND_DELIVERY = shipsInLabel(spanning(REGIONS.map((r) => standardDelivery(r).onHand)));

/** One region's standard delivery, on the logistics page. */
export function regionDeliveryLine(region: string): string {
  const { onHand, orderedIn } = standardDelivery(region);
  return `Standard delivery: ${shipsInLabel(onHand)} for parts on hand, ${shipsInLabel(orderedIn)} if we order the part in.`;
}

/** A city page's answer to 'How fast can I get … in {city}?'. */
export function deliveryAnswer(cityName: string, region: string): string {
  const { onHand, orderedIn } = standardDelivery(region);
  return (
    `By standard delivery, parts we have on hand reach ${cityName} in ${shipsInLabel(onHand)} and parts ` +
    `we order in take ${shipsInLabel(orderedIn)}; rare specialty parts can take up to ${SPECIALTY_MAX_DAYS}. ` +
    `When a machine is down, emergency rush delivery to ${cityName} is available the same or next day.`
  );
}
