/**
 * The stock label of product.md §4: missing, zero or less → 'Contact for ETA'; above 10 → 'In Stock';
 * 1 to 10 → '{n} Available'. Structured data counts only the missing/zero case as unavailable.
 */
export type StockLevel = 'in-stock' | 'limited' | 'contact';

export const IN_STOCK_ABOVE = 10;

export function stockLevel(stockQty: number | null | undefined): StockLevel {
  if (stockQty === null || stockQty === undefined || !(stockQty > 0)) return 'contact';
  return stockQty > IN_STOCK_ABOVE ? 'in-stock' : 'limited';
}

export function stockLabel(stockQty: number | null | undefined): string {
  const level = stockLevel(stockQty);
  if (level === 'contact') return 'Contact for ETA';
  if (level === 'in-stock') return 'In Stock';
  return `${stockQty} Available`;
}

/** schema.org availability for the Product offer (product.md §4: only missing or zero is unavailable). */
export function stockAvailability(
  stockQty: number | null | undefined,
): 'https://schema.org/InStock' | 'https://schema.org/OutOfStock' {
  return stockQty === null || stockQty === undefined || stockQty === 0
    ? 'https://schema.org/OutOfStock'
    : 'https://schema.org/InStock';
}
