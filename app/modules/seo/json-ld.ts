/**
 * Structured data (schema.org JSON-LD) for the public pages: the business itself (product.md §3
 * 'Structured business data'), FAQ pages and breadcrumbs. Pure: returns plain objects that
 * buildMeta's `jsonLd` emits as <script type="application/ld+json">.
 */
import { timeField, WEEKDAYS } from '../site/opening-hours.ts';
import type { SiteInfo } from '../site/site.ts';
import { REPLY_PROMISE, SLOGAN } from '../site/site.ts';
import { absoluteUrl } from './meta.ts';

type JsonLd = Record<string, unknown>;

/** Winnipeg, the centre of the service-area circle. */
export const SERVICE_AREA_CENTRE = { latitude: 49.8951, longitude: -97.1384 } as const;
export const SERVICE_RADIUS_METRES = 500_000;
/** The hard-coded rating of product.md §3/§9. */
export const BUSINESS_RATING = { ratingValue: 4.9, ratingCount: 127, bestRating: 5, worstRating: 1 } as const;
export const PAYMENT_METHODS = ['Cash', 'Credit Card', 'Debit Card', 'Bank Transfer'] as const;

export const BUSINESS_DESCRIPTION =
  'Same-day quotes on heavy equipment, truck, trailer and agricultural parts across Manitoba. ' +
  'Text a photo of the part and a real person replies with an all-in price and an ETA.';

/** The three services of the offer catalogue, with their pages. */
export const BUSINESS_SERVICES = [
  {
    name: 'Parts Sourcing',
    path: '/parts-sourcing',
    description: 'Hard-to-find heavy duty, truck, trailer and ag parts hunted down across suppliers.',
  },
  {
    name: 'Quote Service',
    path: '/quote-service',
    description: `All-in parts quotes ${REPLY_PROMISE}, good for 48 hours, with no hidden fees.`,
  },
  {
    name: 'Parts Logistics',
    path: '/logistics',
    description: 'Standard, express, emergency rush and personal delivery of parts across Manitoba.',
  },
] as const;

export const BUSINESS_TOPICS = [
  'Heavy duty parts',
  'Truck parts',
  'Trailer parts',
  'Agricultural equipment parts',
  'Hydraulics',
  'Snow and ice equipment',
  'Parts sourcing',
] as const;

const MANITOBA = { '@type': 'AdministrativeArea', name: 'Manitoba' } as const;

/** product.md §3: a circle of 500 km around Winnipeg. */
function serviceCircle(): JsonLd {
  return {
    '@type': 'GeoCircle',
    geoMidpoint: { '@type': 'GeoCoordinates', ...SERVICE_AREA_CENTRE },
    geoRadius: SERVICE_RADIUS_METRES,
  };
}

const businessId = (site: SiteInfo) => `${absoluteUrl(site.baseUrl, '/')}#business`;

/** The owner's opening hours as schema.org states them: days with the same hours together. */
function openingHours(site: SiteInfo): JsonLd[] {
  const byHours = new Map<string, { opens: string; closes: string; days: string[] }>();
  site.hours.forEach((hours, weekday) => {
    if (!hours) return;
    const opens = timeField(hours.open);
    const closes = timeField(hours.close);
    const group = byHours.get(`${opens}-${closes}`) ?? { opens, closes, days: [] };
    group.days.push(WEEKDAYS[weekday]!);
    byHours.set(`${opens}-${closes}`, group);
  });
  return [...byHours.values()].map(({ opens, closes, days }) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days.length === 1 ? days[0] : days,
    opens,
    closes,
  }));
}

/** The business as an auto parts store (a LocalBusiness) serving Manitoba. */
export function localBusinessJsonLd(site: SiteInfo): JsonLd {
  const url = absoluteUrl(site.baseUrl, '/');
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoPartsStore',
    '@id': businessId(site),
    name: site.name,
    description: BUSINESS_DESCRIPTION,
    slogan: SLOGAN,
    url,
    logo: absoluteUrl(site.baseUrl, '/logo.svg'),
    image: absoluteUrl(site.baseUrl, '/social-card.png'),
    telephone: site.phone,
    email: site.email,
    priceRange: '$$',
    currenciesAccepted: 'CAD',
    paymentAccepted: PAYMENT_METHODS.join(', '),
    address: { '@type': 'PostalAddress', addressRegion: 'MB', addressCountry: 'CA' },
    // areaServed replaced schema.org's retired serviceArea; it takes the province and the circle
    areaServed: [MANITOBA, serviceCircle()],
    openingHoursSpecification: openingHours(site),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Parts Services',
      itemListElement: BUSINESS_SERVICES.map((s) => ({
        '@type': 'Offer',
        priceCurrency: 'CAD',
        itemOffered: {
          '@type': 'Service',
          name: s.name,
          description: s.description,
          url: absoluteUrl(site.baseUrl, s.path),
        },
      })),
    },
    knowsAbout: [...BUSINESS_TOPICS],
    aggregateRating: { '@type': 'AggregateRating', ...BUSINESS_RATING },
  };
}

/**
 * A service page (parts sourcing, quote service, logistics) as a schema.org Service offered by the
 * business, whose full description is on the home page (linked by its @id).
 */
export function serviceJsonLd(site: SiteInfo, name: (typeof BUSINESS_SERVICES)[number]['name']): JsonLd {
  const service = BUSINESS_SERVICES.find((s) => s.name === name)!;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    serviceType: service.name,
    description: service.description,
    url: absoluteUrl(site.baseUrl, service.path),
    provider: {
      '@type': 'AutoPartsStore',
      '@id': businessId(site),
      name: site.name,
      url: absoluteUrl(site.baseUrl, '/'),
      telephone: site.phone,
    },
    areaServed: MANITOBA,
  };
}

export function faqPageJsonLd(faqs: readonly { question: string; answer: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}

/** Breadcrumbs from the home page down to the current page (the last crumb has no link of its own). */
export function breadcrumbJsonLd(site: SiteInfo, crumbs: readonly { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(site.baseUrl, c.path),
    })),
  };
}
