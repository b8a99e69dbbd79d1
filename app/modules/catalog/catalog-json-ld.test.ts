import { DEFAULT_HOURS } from '../site/opening-hours.ts';
import { describe, expect, it } from 'vitest';
import type { PublicCatalogItem } from './catalog.ts';
import { catalogListJsonLd, productJsonLd } from './catalog-json-ld.ts';

const site = {
  hours: DEFAULT_HOURS,
  name: 'Parts Hunters MB',
  phone: '+12045550147',
  email: 'q@example.com',
  baseUrl: 'https://p.ca',
};

const item = (fields: Partial<PublicCatalogItem> = {}) =>
  ({
    slug: 'dexter-axle',
    title: 'Dexter 7,000 lb Axle',
    description: 'Electric brakes.',
    category: 'trailer-parts',
    price: 93015,
    stockQty: 4,
    images: ['/uploads/catalog/a.webp'],
    brand: 'Dexter',
    sku: 'PH-1',
    supplierSku: 'DEX-1',
    specs: { Capacity: '7,000 lb' },
    ...fields,
  }) as PublicCatalogItem;

describe('productJsonLd', () => {
  it('is a Product with one priced Offer in CAD', () => {
    const ld = productJsonLd(site, item(), { categoryName: 'Trailer Parts' });
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Dexter 7,000 lb Axle',
      category: 'Trailer Parts',
      offers: {
        '@type': 'Offer',
        price: '930.15',
        priceCurrency: 'CAD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('is left out for an item without a price: never an Offer without a price', () => {
    expect(productJsonLd(site, item({ price: null }))).toBeNull();
  });
});

describe('catalogListJsonLd', () => {
  it('numbers the items from the page offset', () => {
    const ld = catalogListJsonLd(site, [item(), item({ slug: 'b', title: 'B' })], 24);
    expect(
      (ld.itemListElement as { position: number; url: string }[]).map((e) => [e.position, e.url]),
    ).toEqual([
      [25, 'https://p.ca/catalog/dexter-axle'],
      [26, 'https://p.ca/catalog/b'],
    ]);
  });
});
