/**
 * A catalog item's price (product.md §7 'POST /api/catalog'): cost × (1 + markup), in integer cents,
 * rounded, whenever both are set. The browser shows it as a preview; the server recomputes it and
 * never stores a price it was sent next to a cost.
 */
export function itemPrice(
  cost: number | null | undefined,
  markupPct: number | null | undefined,
): number | null {
  if (cost === null || cost === undefined || markupPct === null || markupPct === undefined) return null;
  return Math.round(cost * (1 + markupPct));
}

/** The price to store: recomputed from cost and markup when there is a cost, else the price given (or none). */
export function resolvePrice(item: {
  cost: number | null;
  markupPct: number;
  price?: number | null;
}): number | null {
  return item.cost === null ? (item.price ?? null) : itemPrice(item.cost, item.markupPct);
}
