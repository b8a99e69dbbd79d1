import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slug.ts';

describe('slug rule (product.md §5)', () => {
  it.each([
    [
      'Dexter 7,000 lb Electric Brake Trailer Axle, 8-Lug',
      'dexter-7000-lb-electric-brake-trailer-axle-8-lug',
    ],
    ['Hello World', 'hello-world'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Tabs\tand\nnewlines   too', 'tabs-and-newlines-too'],
    ['12 x 2 in Hub & Drum', '12-x-2-in-hub-drum'],
    ['Double--hyphen --- run', 'double-hyphen-run'],
    ['-Hitch pin-', 'hitch-pin'],
    ['1/2" NPT Coupler (Female)', '12-npt-coupler-female'],
    ['Café Crème Brûlée', 'cafe-creme-brulee'],
    ['UPPER CASE', 'upper-case'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    if (slug) expect(slug).toMatch(SLUG_PATTERN);
  });

  it('stays within 120 characters and never ends on a hyphen', () => {
    const slug = slugify(`${'a'.repeat(119)} b`);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});
