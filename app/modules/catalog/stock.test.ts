import { describe, expect, it } from 'vitest';
import { stockAvailability, stockLabel, stockLevel } from './stock.ts';

describe('stock label (product.md §4)', () => {
  it.each([
    [undefined, 'Contact for ETA', 'contact', 'https://schema.org/OutOfStock'],
    [null, 'Contact for ETA', 'contact', 'https://schema.org/OutOfStock'],
    [0, 'Contact for ETA', 'contact', 'https://schema.org/OutOfStock'],
    // 'zero or less' is Contact for ETA; structured data counts only missing/zero as unavailable
    [-3, 'Contact for ETA', 'contact', 'https://schema.org/InStock'],
    [1, '1 Available', 'limited', 'https://schema.org/InStock'],
    [7, '7 Available', 'limited', 'https://schema.org/InStock'],
    [10, '10 Available', 'limited', 'https://schema.org/InStock'],
    [11, 'In Stock', 'in-stock', 'https://schema.org/InStock'],
    [150, 'In Stock', 'in-stock', 'https://schema.org/InStock'],
  ])('stockQty %s → %s', (qty, label, level, availability) => {
    expect(stockLabel(qty)).toBe(label);
    expect(stockLevel(qty)).toBe(level);
    expect(stockAvailability(qty)).toBe(availability);
  });
});
