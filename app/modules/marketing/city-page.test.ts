import { describe, expect, it } from 'vitest';
import { CATEGORIES, type City } from '../site/reference.ts';
import {
  cityPageCommonUses,
  cityPageFaqs,
  cityPageSeo,
  distanceSentence,
  regionBlurb,
  regionPhrase,
  REGION_EXTRAS,
} from './city-page.ts';
import { deliveryAnswer } from './delivery.ts';

const winnipeg: City = { slug: 'winnipeg', name: 'Winnipeg', region: 'Winnipeg Metro' };
const steinbach: City = { slug: 'steinbach', name: 'Steinbach', region: 'Steinbach Region' };
const brandon: City = { slug: 'brandon', name: 'Brandon', region: 'Brandon Region' };
const gimli: City = { slug: 'gimli', name: 'Gimli', region: 'Interlake Area' };
const trailer = CATEGORIES[0]!;

describe('city × category page copy', () => {
  it('builds title, description and heading from the city and category', () => {
    expect(cityPageSeo(winnipeg, trailer)).toEqual({
      title: 'Trailer Parts in Winnipeg, Manitoba',
      description:
        'Trailer parts in Winnipeg, quoted the same day. Text a photo for an all-in price and ETA, delivered across Winnipeg Metro.',
      h1: 'Trailer Parts in Winnipeg',
    });
    expect(cityPageSeo(gimli, trailer).description).toContain('delivered across the Interlake Area.');
  });

  it('gives every city and category pair its own title, description and heading', () => {
    const pages = [winnipeg, steinbach, brandon, gimli].flatMap((c) =>
      CATEGORIES.map((cat) => cityPageSeo(c, cat)),
    );
    for (const key of ['title', 'description', 'h1'] as const) {
      expect(new Set(pages.map((p) => p[key])).size).toBe(pages.length);
    }
  });

  it("has four FAQs naming the city, with its region's delivery times and the photo claims of product.md §9", () => {
    const faqs = cityPageFaqs(steinbach, trailer);
    expect(faqs).toHaveLength(4);
    expect(faqs[0]!.question).toBe('How fast can I get trailer parts in Steinbach?');
    // the catalog's standard delivery to the region (decision 0140), not figures of its own
    expect(faqs[0]!.answer).toBe(deliveryAnswer('Steinbach', 'Steinbach Region'));
    expect(faqs[0]!.answer).toContain('reach Steinbach in 2-4 business days');
    expect(cityPageFaqs(brandon, trailer)[0]!.answer).toContain(
      'reach Brandon in 2-5 business days and parts we order in take 3-6 business days',
    );
    expect(faqs[1]!.answer).toContain('80% of the time');
    expect(faqs[2]!.answer).toContain('48 hours');
    expect(faqs[3]!.answer).toContain('across the Steinbach Region');
  });

  it('names contractors, farmers and fleet operators as the common uses', () => {
    expect(cityPageCommonUses(gimli, trailer).map((u) => u.audience)).toEqual([
      'Contractors',
      'Farmers',
      'Fleet Operators',
    ]);
  });

  it('adds the extra region sentences for winnipeg, steinbach and brandon only', () => {
    expect(Object.keys(REGION_EXTRAS).sort()).toEqual(['brandon', 'steinbach', 'winnipeg']);
    for (const city of [winnipeg, steinbach, brandon]) {
      const blurb = regionBlurb(city, trailer);
      expect(blurb).toHaveLength(2);
      expect(blurb[1]).toBe(REGION_EXTRAS[city.slug]);
    }
    expect(regionBlurb(gimli, trailer)).toEqual([
      'Gimli is part of our Interlake Area service area. It lies about 80 km north of Winnipeg. We quote trailer parts for Gimli the same day you ask and take responsibility for getting them to you, wherever you work in the Interlake Area.',
    ]);
  });

  it('says how far from Winnipeg a place lies, from its coordinates (never for Winnipeg itself)', () => {
    expect(distanceSentence(brandon)).toBe('It lies about 200 km west of Winnipeg.');
    expect(distanceSentence(steinbach)).toBe('It lies about 50 km southeast of Winnipeg.');
    expect(distanceSentence(winnipeg)).toBeUndefined();
    // a community not on the map gets no distance rather than a guess
    const elsewhere: City = { slug: 'atlantis', name: 'Atlantis', region: 'Central Manitoba' };
    expect(distanceSentence(elsewhere)).toBeUndefined();
    expect(regionBlurb(elsewhere, trailer)[0]).toMatch(
      /^Atlantis is part of our Central Manitoba service area\. We quote/,
    );
    expect(regionBlurb(winnipeg, trailer)[0]).toMatch(
      /^Winnipeg is part of our Winnipeg Metro service area\. We quote/,
    );
  });

  it.each([
    ['Winnipeg Metro', 'Winnipeg Metro'],
    ['Eastern Manitoba', 'Eastern Manitoba'],
    ['Central Manitoba', 'Central Manitoba'],
    ['Portage Plains', 'the Portage Plains'],
    ['Parkland Region', 'the Parkland Region'],
  ])('region phrase of %s is %s', (region, phrase) => {
    expect(regionPhrase(region)).toBe(phrase);
  });
});
