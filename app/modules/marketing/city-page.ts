/**
 * The copy of a city × category landing page (product.md §2 'City-category page'): the SEO title,
 * description and heading the server sends, the four FAQs, the common uses and the region blurb
 * with its extra sentences for Winnipeg, Steinbach and Brandon. Pure, so the server builds the
 * `seo` object and the page renders the rest from the same words.
 */
import type { Category, City } from '../site/reference.ts';
import { deliveryAnswer } from './delivery.ts';
import { fromHomeBase, roundedKm } from './geography.ts';

export type CityPageSeo = { title: string; description: string; h1: string };
export type Faq = { question: string; answer: string };
export type CommonUse = { audience: 'Contractors' | 'Farmers' | 'Fleet Operators'; text: string };

/** How each category reads inside a sentence, and what it typically covers. */
const CATEGORY_WORDS: Record<string, { phrase: string; examples: string }> = {
  'trailer-parts': { phrase: 'trailer parts', examples: 'axles, leaf springs, hubs and drums' },
  'truck-upfit': { phrase: 'truck upfit parts', examples: 'truck boxes, warning lights and towing gear' },
  'snow-ice': {
    phrase: 'snow and ice equipment parts',
    examples: 'cutting edges, plow hydraulics and spreader parts',
  },
  'lighting-electrical': {
    phrase: 'lighting and electrical parts',
    examples: 'tail lights, marker lights and trailer connectors',
  },
  'hydraulics-fittings': {
    phrase: 'hydraulic parts and fittings',
    examples: 'cylinders, hoses, couplers and valves',
  },
  'cargo-control': {
    phrase: 'cargo control gear',
    examples: 'winch straps, ratchet straps, chain and binders',
  },
  'ag-heavy-equipment': {
    phrase: 'ag and heavy equipment parts',
    examples: 'PTO drivelines, belts and tillage wear parts',
  },
  'safety-compliance': {
    phrase: 'safety and compliance gear',
    examples: 'reflective tape, roadside kits, extinguishers and SMV signs',
  },
};

function wordsFor(category: Category) {
  return (
    CATEGORY_WORDS[category.slug] ?? {
      phrase: `${category.name.toLowerCase()} parts`,
      examples: `${category.name.toLowerCase()} parts`,
    }
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Winnipeg Metro', 'Eastern Manitoba' stand alone; 'the Interlake Area', 'the Parkland Region'. */
export function regionPhrase(region: string): string {
  return /^(Winnipeg|Eastern|Central|Western|Northern|Southern)\b/.test(region) ? region : `the ${region}`;
}

/** Title, meta description and heading: unique for every city and category pair. */
export function cityPageSeo(city: City, category: Category): CityPageSeo {
  const { phrase } = wordsFor(category);
  return {
    title: `${category.name} in ${city.name}, Manitoba`,
    description:
      // within 160 characters for every city and category (search results cut longer ones)
      `${capitalize(phrase)} in ${city.name}, quoted the same day. Text a photo for an all-in price ` +
      `and ETA, delivered across ${regionPhrase(city.region)}.`,
    h1: `${category.name} in ${city.name}`,
  };
}

/**
 * The four FAQs (also emitted as FAQPage structured data). Claims from product.md §1 and §9; the delivery
 * times are the region's standard delivery (delivery.ts, decision 0140).
 */
export function cityPageFaqs(city: City, category: Category): Faq[] {
  const { phrase } = wordsFor(category);
  return [
    {
      question: `How fast can I get ${phrase} in ${city.name}?`,
      answer: deliveryAnswer(city.name, city.region),
    },
    {
      question: 'Do I need a part number to get a quote?',
      answer:
        'No. A clear photo of the part and its serial or part number tag is enough 80% of the time. ' +
        'Add a measurement or two and we confirm the fit before you order.',
    },
    {
      question: 'How long is my quote good for?',
      answer:
        'Every quote is one all-in price with no hidden fees, and it is good for 48 hours. ' +
        'Text YES to order or NO to pass.',
    },
    {
      question: `Do you deliver ${phrase} to ${city.name}?`,
      answer:
        `Yes. We deliver to farms, shops and job sites in ${city.name} and across ${regionPhrase(city.region)}, ` +
        'by standard, express or emergency rush delivery, or in person, direct to your site.',
    },
  ];
}

/** Who typically needs this category here (product.md §2: contractors, farmers, fleet operators). */
export function cityPageCommonUses(city: City, category: Category): CommonUse[] {
  const { examples } = wordsFor(category);
  return [
    {
      audience: 'Contractors',
      text: `Keep crews working in ${city.name}: ${examples} for job-site trucks, trailers and equipment.`,
    },
    {
      audience: 'Farmers',
      text: `Seeding and harvest wait for no one. We find ${examples} for farms around ${city.name}.`,
    },
    {
      audience: 'Fleet Operators',
      text: `Less downtime for your units: ${examples}, quoted fast and delivered to your yard.`,
    },
  ];
}

/**
 * The extra sentences of the three hub cities (product.md §2). The places they name are checked against
 * the map (server/seed/reference-data.test.ts).
 */
export const REGION_EXTRAS: Readonly<Record<string, string>> = {
  winnipeg:
    'Winnipeg has the deepest supplier network in the province, so many common parts are ready the same ' +
    'or next day, and we deliver to shops, yards and job sites anywhere in the city.',
  steinbach:
    'From Steinbach we cover the southeast, from Niverville and Ste. Anne to Grunthal and La Broquerie, ' +
    'with regular runs to the farms and trucking yards along Highways 12 and 52.',
  brandon:
    'In Brandon and across Westman we serve farms, fleets and contractors from Virden to Neepawa, ' +
    'with parts shipped along the Trans-Canada and Highway 10.',
};

/** Where a community lies from Winnipeg, as its page says it: 'It lies about 200 km west of Winnipeg.' */
export function distanceSentence(city: Pick<City, 'slug'>): string | undefined {
  const where = fromHomeBase(city.slug);
  return where && `It lies about ${roundedKm(where.km)} km ${where.direction} of Winnipeg.`;
}

/**
 * The region blurb: one paragraph for every city (its region, and how far it is from Winnipeg,
 * from its coordinates: geography.ts), plus the hub's extra sentences.
 */
export function regionBlurb(city: City, category: Category): string[] {
  const { phrase } = wordsFor(category);
  const distance = distanceSentence(city);
  const base =
    `${city.name} is part of our ${city.region} service area. ${distance ? `${distance} ` : ''}` +
    `We quote ${phrase} for ${city.name} the same day you ask and take responsibility for getting them ` +
    `to you, wherever you work in ${regionPhrase(city.region)}.`;
  const extra = REGION_EXTRAS[city.slug];
  return extra ? [base, extra] : [base];
}
