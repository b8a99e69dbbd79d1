import { describe, expect, it } from 'vitest';
import { categoryName, categorySlugOf } from './catalog.ts';

const CATEGORIES = [
  { slug: 'trailer-parts', name: 'Trailer Parts' },
  { slug: 'safety-compliance', name: 'Safety & Compliance' },
];

describe('categoryName (issue 31: the name staff know, not the slug)', () => {
  it.each([
    ['safety-compliance', 'Safety & Compliance'],
    ['trailer-parts', 'Trailer Parts'],
    // a slug no category has any more: the spec's hyphens as spaces
    ['snow-ice-control', 'snow ice control'],
  ])('%s → %s', (slug, name) => {
    expect(categoryName(slug, CATEGORIES)).toBe(name);
  });
});

describe('categorySlugOf (a sheet names a category by slug or by name)', () => {
  it.each([
    ['safety-compliance', 'safety-compliance'],
    ['Safety & Compliance', 'safety-compliance'],
    ['  safety &   COMPLIANCE ', 'safety-compliance'],
    ['TRAILER-PARTS', 'trailer-parts'],
    ['Safety and Compliance', undefined],
    ['', undefined],
  ])('%j → %s', (text, slug) => {
    expect(categorySlugOf(text, CATEGORIES)).toBe(slug);
  });
});
