import { DEFAULT_HOURS } from '../site/opening-hours.ts';
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, faqPageJsonLd, localBusinessJsonLd, serviceJsonLd } from './json-ld.ts';

const site = {
  hours: DEFAULT_HOURS,
  name: 'Parts Hunters MB',
  phone: '+12045550147',
  email: 'q@example.com',
  baseUrl: 'https://p.ca',
};

describe('structured data', () => {
  it('describes the business as product.md §3 lists it, with the configured contact details', () => {
    const ld = localBusinessJsonLd(site);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoPartsStore',
      name: 'Parts Hunters MB',
      slogan: 'Parts hunted, problems solved.',
      url: 'https://p.ca/',
      telephone: '+12045550147',
      email: 'q@example.com',
      priceRange: expect.any(String),
      currenciesAccepted: 'CAD',
      paymentAccepted: 'Cash, Credit Card, Debit Card, Bank Transfer',
      areaServed: [
        { '@type': 'AdministrativeArea', name: 'Manitoba' },
        {
          '@type': 'GeoCircle',
          geoMidpoint: { '@type': 'GeoCoordinates', latitude: 49.8951, longitude: -97.1384 },
          geoRadius: 500000,
        },
      ],
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.9,
        ratingCount: 127,
        bestRating: 5,
        worstRating: 1,
      },
    });
    // schema.org retired serviceArea in favour of areaServed
    expect(ld).not.toHaveProperty('serviceArea');
    expect(typeof ld.description).toBe('string');
    const offers = (
      ld.hasOfferCatalog as { itemListElement: { itemOffered: { name: string; url: string } }[] }
    ).itemListElement;
    expect(offers.map((o) => [o.itemOffered.name, o.itemOffered.url])).toEqual([
      ['Parts Sourcing', 'https://p.ca/parts-sourcing'],
      ['Quote Service', 'https://p.ca/quote-service'],
      ['Parts Logistics', 'https://p.ca/logistics'],
    ]);
    expect((ld.knowsAbout as string[]).length).toBeGreaterThan(0);
  });

  it("states the owner's opening hours: the first values, Mon-Fri 7AM-6PM", () => {
    expect(localBusinessJsonLd(site).openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '07:00',
        closes: '18:00',
      },
    ]);
  });

  it('states a Saturday the owner opens on as its own specification', () => {
    const saturdays = [...DEFAULT_HOURS.slice(0, 5), { open: 8 * 3600, close: 16 * 3600 }, null];
    expect(localBusinessJsonLd({ ...site, hours: saturdays }).openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '07:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '08:00', closes: '16:00' },
    ]);
  });

  it('describes each service page as a Service of the business', () => {
    expect(serviceJsonLd(site, 'Quote Service')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Quote Service',
      serviceType: 'Quote Service',
      description: expect.stringContaining('48 hours'),
      url: 'https://p.ca/quote-service',
      provider: {
        '@type': 'AutoPartsStore',
        '@id': 'https://p.ca/#business',
        name: 'Parts Hunters MB',
        url: 'https://p.ca/',
        telephone: '+12045550147',
      },
      areaServed: { '@type': 'AdministrativeArea', name: 'Manitoba' },
    });
    expect(serviceJsonLd(site, 'Parts Logistics').url).toBe('https://p.ca/logistics');
    expect((localBusinessJsonLd(site) as { '@id': string })['@id']).toBe('https://p.ca/#business');
  });

  it('turns FAQs into a FAQPage', () => {
    expect(faqPageJsonLd([{ question: 'Q?', answer: 'A.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
    });
  });

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(site, [
        { name: 'Home', path: '/' },
        { name: 'Winnipeg', path: '/mb/winnipeg/trailer-parts' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://p.ca/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Winnipeg',
          item: 'https://p.ca/mb/winnipeg/trailer-parts',
        },
      ],
    });
  });
});
