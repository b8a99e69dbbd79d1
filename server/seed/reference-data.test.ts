/**
 * The city list against the map (issue 31 item 5, decision 0141): every community served has
 * coordinates; what its page says about where it is (the distance and direction from Winnipeg in
 * its region blurb, the towns a hub's sentences name, the places listed as near it) is true to
 * them (haversine from Winnipeg); and the regions the delivery times go by are what they claim.
 */
import { describe, expect, it } from 'vitest';
import { NEAR_REGIONS } from '#app/modules/catalog/ships-in.ts';
import { regionBlurb, REGION_EXTRAS } from '#app/modules/marketing/city-page.ts';
import {
  bearingDegrees,
  CITY_COORDINATES,
  citiesNear,
  DIRECTIONS,
  distanceKm,
  HOME_BASE,
  haversineKm,
  NEARBY_KM,
} from '#app/modules/marketing/geography.ts';
import { CATEGORIES, REGIONS } from '#app/modules/site/reference.ts';
import { CITIES } from './reference-data.ts';

const home = CITY_COORDINATES[HOME_BASE]!;
const fromWinnipeg = (slug: string) => haversineKm(home, CITY_COORDINATES[slug]!);
/** How far (in degrees) a bearing is from a compass direction. */
function offCourse(bearing: number, direction: string): number {
  const aim = DIRECTIONS.indexOf(direction as (typeof DIRECTIONS)[number]) * 45;
  const off = Math.abs(bearing - aim) % 360;
  return Math.min(off, 360 - off);
}

describe('every community served, against the map', () => {
  it('has coordinates in Manitoba, and no coordinates are left over', () => {
    expect(Object.keys(CITY_COORDINATES).sort()).toEqual(CITIES.map((c) => c.slug).sort());
    for (const { slug } of CITIES) {
      const { lat, lon } = CITY_COORDINATES[slug]!;
      // the province's southern part: the 49th parallel to Swan River, Saskatchewan to Ontario
      expect(lat, slug).toBeGreaterThanOrEqual(49);
      expect(lat, slug).toBeLessThan(53);
      expect(lon, slug).toBeGreaterThan(-101.5);
      expect(lon, slug).toBeLessThan(-95.1);
    }
  });

  it.each(CITIES.filter((c) => c.slug !== HOME_BASE).map((c) => [c.name, c] as const))(
    "%s: its page's distance and direction from Winnipeg are true",
    (_name, city) => {
      const text = regionBlurb(city, CATEGORIES[0]!).join(' ');
      const stated = /It lies about (\d+) km (\w+) of Winnipeg\./.exec(text);
      expect(stated, text).not.toBeNull();
      const [, km, direction] = stated!;
      // 'about': rounded to 5 km near Winnipeg and to 10 km farther out
      expect(Math.abs(Number(km) - fromWinnipeg(city.slug)), city.slug).toBeLessThanOrEqual(5);
      expect(offCourse(bearingDegrees(home, CITY_COORDINATES[city.slug]!), direction!)).toBeLessThanOrEqual(
        22.5,
      );
      expect(text).toContain(`${city.name} is part of our ${city.region} service area.`);
    },
  );

  it('says nothing about distance on the Winnipeg page itself', () => {
    const winnipeg = CITIES.find((c) => c.slug === HOME_BASE)!;
    expect(regionBlurb(winnipeg, CATEGORIES[0]!).join(' ')).not.toMatch(/ km /);
  });

  it(`lists as near a city only communities within ${NEARBY_KM} km, and every city has one`, () => {
    for (const city of CITIES) {
      const near = citiesNear(city, CITIES);
      expect(near.length, city.slug).toBeGreaterThan(0);
      for (const other of near)
        expect(distanceKm(city.slug, other.slug)!, `${city.slug}→${other.slug}`).toBeLessThanOrEqual(
          NEARBY_KM,
        );
    }
    // the tester's case: Brandon is not near Winnipeg, nor Winnipeg near Brandon
    const slugs = (slug: string) =>
      citiesNear(
        CITIES.find((c) => c.slug === slug)!,
        CITIES,
      ).map((c) => c.slug);
    expect(slugs('winnipeg')).not.toContain('brandon');
    expect(slugs('brandon')).not.toContain('winnipeg');
  });

  it("places the towns the hubs' sentences name where the sentences say", () => {
    const named = (slug: string) =>
      CITIES.filter((c) => c.slug !== slug && REGION_EXTRAS[slug]!.includes(c.name));
    // 'From Steinbach we cover the southeast, from Niverville and Ste. Anne to Grunthal and La Broquerie'
    expect(
      named('steinbach')
        .map((c) => c.slug)
        .sort(),
    ).toEqual(['grunthal', 'la-broquerie', 'niverville', 'ste-anne'].sort());
    for (const town of named('steinbach')) {
      expect(distanceKm('steinbach', town.slug)!, town.slug).toBeLessThanOrEqual(30);
      // south to east of Winnipeg: the province's southeast
      const bearing = bearingDegrees(home, CITY_COORDINATES[town.slug]!);
      expect(bearing, town.slug).toBeGreaterThanOrEqual(90);
      expect(bearing, town.slug).toBeLessThanOrEqual(180);
    }
    // 'In Brandon and across Westman … from Virden to Neepawa'
    expect(
      named('brandon')
        .map((c) => c.slug)
        .sort(),
    ).toEqual(['neepawa', 'virden']);
    for (const town of named('brandon')) {
      expect(distanceKm('brandon', town.slug)!, town.slug).toBeLessThanOrEqual(80);
      expect(fromWinnipeg(town.slug), town.slug).toBeGreaterThan(150);
    }
  });

  it('puts Winnipeg Metro within 30 km of Winnipeg and every other region beyond it', () => {
    for (const city of CITIES) {
      if (city.region === 'Winnipeg Metro')
        expect(fromWinnipeg(city.slug), city.slug).toBeLessThanOrEqual(30);
      else expect(fromWinnipeg(city.slug), city.slug).toBeGreaterThan(25);
    }
  });

  it('takes a day less to the regions the delivery times call near: all within 150 km, the rest beyond', () => {
    expect(NEAR_REGIONS.every((r) => (REGIONS as readonly string[]).includes(r))).toBe(true);
    for (const city of CITIES) {
      const km = fromWinnipeg(city.slug);
      if (NEAR_REGIONS.includes(city.region)) expect(km, city.slug).toBeLessThanOrEqual(150);
      else expect(km, city.slug).toBeGreaterThan(150);
    }
  });
});
