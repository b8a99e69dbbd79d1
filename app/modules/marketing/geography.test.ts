import { describe, expect, it } from 'vitest';
import { SERVICE_AREA_CENTRE } from '../seo/json-ld.ts';
import {
  bearingDegrees,
  CITY_COORDINATES,
  citiesNear,
  compassDirection,
  distanceKm,
  fromHomeBase,
  haversineKm,
  NEARBY_KM,
  roundedKm,
} from './geography.ts';

describe('distances and directions on the map', () => {
  it('measures great-circle distances (known pairs within a kilometre)', () => {
    // Winnipeg to Brandon is about 201 km as the crow flies (214 by the Trans-Canada)
    expect(haversineKm(CITY_COORDINATES.winnipeg!, CITY_COORDINATES.brandon!)).toBeCloseTo(201, -1);
    // one degree of latitude is 111.2 km anywhere
    expect(haversineKm({ lat: 50, lon: -97 }, { lat: 51, lon: -97 })).toBeCloseTo(111.2, 0);
    expect(haversineKm({ lat: 50, lon: -97 }, { lat: 50, lon: -97 })).toBe(0);
    expect(distanceKm('winnipeg', 'steinbach')).toBeCloseTo(52, -1);
    expect(distanceKm('winnipeg', 'atlantis')).toBeUndefined();
  });

  it('names the compass direction of a bearing', () => {
    expect(bearingDegrees({ lat: 50, lon: -97 }, { lat: 51, lon: -97 })).toBeCloseTo(0, 5);
    expect(bearingDegrees({ lat: 50, lon: -97 }, { lat: 50, lon: -96 })).toBeCloseTo(89.6, 0);
    expect([0, 22, 23, 90, 135, 180, 225, 270, 315, 338, 359.9, -45].map((b) => compassDirection(b))).toEqual(
      [
        'north',
        'north',
        'northeast',
        'east',
        'southeast',
        'south',
        'southwest',
        'west',
        'northwest',
        'north',
        'north',
        'northwest',
      ],
    );
  });

  it('rounds a distance the way the pages say it', () => {
    expect([2, 12, 13, 19, 47.4, 52, 83, 201.7, 379].map(roundedKm)).toEqual([
      5, 10, 15, 20, 45, 50, 80, 200, 380,
    ]);
  });

  it('says where a place lies from Winnipeg, and nothing for Winnipeg or a place off the map', () => {
    expect(fromHomeBase('brandon')).toEqual({ km: expect.closeTo(201, -1), direction: 'west' });
    expect(fromHomeBase('steinbach')?.direction).toBe('southeast');
    expect(fromHomeBase('gimli')?.direction).toBe('north');
    expect(fromHomeBase('winnipeg')).toBeUndefined();
    expect(fromHomeBase('atlantis')).toBeUndefined();
  });

  it("measures from the structured data's Winnipeg", () => {
    expect(CITY_COORDINATES.winnipeg).toEqual({
      lat: SERVICE_AREA_CENTRE.latitude,
      lon: SERVICE_AREA_CENTRE.longitude,
    });
  });

  it(`lists as near only places within ${NEARBY_KM} km, nearest first`, () => {
    const cities = ['brandon', 'steinbach', 'west-st-paul', 'selkirk', 'atlantis', 'winnipeg'].map(
      (slug) => ({
        slug,
      }),
    );
    expect(citiesNear({ slug: 'winnipeg' }, cities).map((c) => c.slug)).toEqual([
      'west-st-paul',
      'selkirk',
      'steinbach',
    ]);
    // Brandon is 200 km from Winnipeg: not near it, and Winnipeg not near Brandon
    expect(citiesNear({ slug: 'brandon' }, cities).map((c) => c.slug)).toEqual([]);
    expect(citiesNear({ slug: 'atlantis' }, cities)).toEqual([]);
  });
});
