import { describe, expect, it } from 'vitest';
import { centsToDollarText, dollarsToCents, formatMoney, formatPercent, priceLabel } from './money.ts';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [93015, '$930.15'],
    [100000000, '$1,000,000.00'],
    [-1234, '-$12.34'],
    [1234.6, '$12.35'],
  ])('%d cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('adds the currency on request (the item page: "$1,234.56 CAD")', () => {
    expect(formatMoney(123456, { currency: true })).toBe('$1,234.56 CAD');
  });
});

describe('priceLabel', () => {
  it.each([
    [null, {}, 'Contact for price'],
    [undefined, {}, 'Contact for price'],
    [0, {}, '$0.00'],
    [123456, { currency: true }, '$1,234.56 CAD'],
    [null, { currency: true }, 'Contact for price'],
  ])('%s → %s', (cents, options, text) => {
    expect(priceLabel(cents, options)).toBe(text);
  });
});

describe('dollars and cents', () => {
  it.each([
    [0, 0],
    [12.5, 1250],
    [689, 68900],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [19.99, 1999],
    [1234.565, 123457],
  ])('%d dollars → %d cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([
    [0, '0.00'],
    [1250, '12.50'],
    [68900, '689.00'],
    [5, '0.05'],
    [123456789, '1234567.89'],
  ])('%d cents → %s for inputs and sheets', (cents, text) => {
    expect(centsToDollarText(cents)).toBe(text);
    expect(dollarsToCents(Number(text))).toBe(cents);
  });

  it.each([
    [0.35, '35.0%'],
    [0, '0.0%'],
    [1, '100.0%'],
    [0.3333, '33.3%'],
    [0.1234, '12.3%'],
  ])('percent %d → %s', (fraction, text) => {
    expect(formatPercent(fraction)).toBe(text);
  });
});
