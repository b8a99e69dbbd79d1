import { describe, expect, it } from 'vitest';
import { isIndexableCityPage, MIN_ACTIVE_ITEMS, PRIORITY_CITY_SLUGS } from './indexability.ts';

describe('city page indexability', () => {
  it('priority cities are the three hubs with their own regional copy', () => {
    expect(PRIORITY_CITY_SLUGS).toEqual(['winnipeg', 'brandon', 'steinbach']);
    expect(MIN_ACTIVE_ITEMS).toBe(3);
  });

  it.each([
    // city, active items in the category, local guides, indexable
    ['winnipeg', 3, 0, true],
    ['brandon', 12, 0, true],
    ['steinbach', 2, 0, false],
    ['winnipeg', 0, 4, false],
    ['morden', 5, 0, false],
    ['morden', 5, 1, true],
    ['morden', 2, 1, false],
    ['gimli', 0, 0, false],
  ] as const)('%s with %i items and %i local guides: %s', (citySlug, activeItems, localGuides, expected) => {
    expect(isIndexableCityPage({ citySlug, activeItems, localGuides })).toBe(expected);
  });

  it('takes another rule, as Generate SEO Pages may', () => {
    const rule = { priorityCities: ['gimli'], minActiveItems: 1 };
    expect(isIndexableCityPage({ citySlug: 'gimli', activeItems: 1, localGuides: 0 }, rule)).toBe(true);
    expect(isIndexableCityPage({ citySlug: 'winnipeg', activeItems: 9, localGuides: 0 }, rule)).toBe(false);
  });
});
