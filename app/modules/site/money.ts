/**
 * Money at the edges (product.md §9, CONVENTIONS 'Data'): amounts are integer cents everywhere and are
 * shown as dollars with two decimals; the catalog item page adds the currency. Percentages are
 * fractions (0.35) shown with one decimal. Pure and locale-independent, so the server's HTML and
 * the browser's render are the same characters.
 */

/** 123456 → '$1,234.56'; with `{ currency: true }` → '$1,234.56 CAD'. Negative amounts → '-$12.34'. */
export function formatMoney(cents: number, options: { currency?: boolean } = {}): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
  return options.currency ? `${text} CAD` : text;
}

/** What a shopper sees for a price: the amount in CAD, or 'Contact for price' when there is none. */
export const NO_PRICE = 'Contact for price';
export function priceLabel(cents: number | null | undefined, options: { currency?: boolean } = {}): string {
  return cents === null || cents === undefined ? NO_PRICE : formatMoney(cents, options);
}

/** Dollars as typed (12.5) → cents (1250), rounded to the nearest cent. */
export function dollarsToCents(dollars: number): number {
  // toFixed first: 1.005 * 100 is 100.49999… in binary floating point
  return Math.round(Number((dollars * 100).toFixed(4)));
}

/** Cents → a plain dollar amount for inputs and spreadsheets: 1250 → '12.50'. */
export function centsToDollarText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A fraction as a percentage with one decimal: 0.35 → '35.0%'. */
export function formatPercent(fraction: number): string {
  return `${(Math.round(fraction * 1000) / 10).toFixed(1)}%`;
}
