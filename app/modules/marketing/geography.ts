/**
 * Where the communities served are (decision 0141): their coordinates, and the distances and
 * directions the city pages state, so that what a page says about a place is true to the map
 * (issue 31 item 5: Brandon, 200 km west, had been listed as near Winnipeg). Distances are great
 * circle (haversine), in km; roads are somewhat longer, which 'about' covers. Pure.
 */
import type { City } from '../site/reference.ts';

export type LatLon = { lat: number; lon: number };

/** Every community of the city list (server/seed/reference-data.ts), by slug: town centres. */
export const CITY_COORDINATES: Readonly<Record<string, LatLon>> = {
  winnipeg: { lat: 49.8951, lon: -97.1384 },
  brandon: { lat: 49.8485, lon: -99.9501 },
  steinbach: { lat: 49.5258, lon: -96.6839 },
  'portage-la-prairie': { lat: 49.9728, lon: -98.2919 },
  winkler: { lat: 49.1817, lon: -97.9411 },
  selkirk: { lat: 50.1436, lon: -96.8839 },
  morden: { lat: 49.1919, lon: -98.1014 },
  dauphin: { lat: 51.1494, lon: -100.05 },
  altona: { lat: 49.1047, lon: -97.5586 },
  stonewall: { lat: 50.1344, lon: -97.3264 },
  niverville: { lat: 49.6022, lon: -97.0422 },
  gimli: { lat: 50.6336, lon: -96.9908 },
  neepawa: { lat: 50.2286, lon: -99.4664 },
  virden: { lat: 49.8508, lon: -100.9317 },
  beausejour: { lat: 50.0622, lon: -96.5164 },
  carman: { lat: 49.4992, lon: -98.0017 },
  morris: { lat: 49.3547, lon: -97.3656 },
  souris: { lat: 49.6172, lon: -100.2614 },
  carberry: { lat: 49.8686, lon: -99.3597 },
  'swan-river': { lat: 52.1058, lon: -101.2669 },
  roblin: { lat: 51.23, lon: -101.3564 },
  russell: { lat: 50.7772, lon: -101.285 },
  teulon: { lat: 50.3858, lon: -97.2614 },
  arborg: { lat: 50.9083, lon: -97.2181 },
  pinawa: { lat: 50.1486, lon: -95.88 },
  'lac-du-bonnet': { lat: 50.2536, lon: -96.0617 },
  whitemouth: { lat: 49.9553, lon: -95.9836 },
  'ste-anne': { lat: 49.6656, lon: -96.6506 },
  grunthal: { lat: 49.4064, lon: -96.8583 },
  'la-broquerie': { lat: 49.5153, lon: -96.5031 },
  macgregor: { lat: 49.9631, lon: -98.7769 },
  gladstone: { lat: 50.2294, lon: -98.9486 },
  headingley: { lat: 49.8722, lon: -97.4042 },
  'east-st-paul': { lat: 49.9772, lon: -97.0092 },
  'west-st-paul': { lat: 50.0044, lon: -97.1142 },
  oakbank: { lat: 49.9383, lon: -96.8375 },
};

/** Where distances are measured from: Winnipeg, where parts come in and the business is. */
export const HOME_BASE = 'winnipeg';

/** A city page lists as 'near' only communities within this distance. */
export const NEARBY_KM = 100;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** Initial bearing from a to b in degrees, 0 = north, 90 = east. */
export function bearingDegrees(a: LatLon, b: LatLon): number {
  const dLon = radians(b.lon - a.lon);
  const y = Math.sin(dLon) * Math.cos(radians(b.lat));
  const x =
    Math.cos(radians(a.lat)) * Math.sin(radians(b.lat)) -
    Math.sin(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.cos(dLon);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

export const DIRECTIONS = [
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The nearest of the eight compass directions to a bearing. */
export function compassDirection(bearing: number): Direction {
  return DIRECTIONS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8]!;
}

/** A distance as the pages say it: to 5 km under 50 km, to 10 km beyond ('about 200 km'). */
export function roundedKm(km: number): number {
  const step = km < 50 ? 5 : 10;
  return Math.max(step, Math.round(km / step) * step);
}

/** Where a community lies from Winnipeg; undefined for Winnipeg itself or a place not on the map. */
export function fromHomeBase(slug: string): { km: number; direction: Direction } | undefined {
  const home = CITY_COORDINATES[HOME_BASE]!;
  const place = CITY_COORDINATES[slug];
  if (!place || slug === HOME_BASE) return undefined;
  return { km: haversineKm(home, place), direction: compassDirection(bearingDegrees(home, place)) };
}

/** The distance in km between two communities; undefined when either is not on the map. */
export function distanceKm(from: string, to: string): number | undefined {
  const a = CITY_COORDINATES[from];
  const b = CITY_COORDINATES[to];
  return a && b ? haversineKm(a, b) : undefined;
}

/**
 * The communities within NEARBY_KM of a city, nearest first (a city not on the map has none: the
 * page then says nothing is near rather than guess).
 */
export function citiesNear<C extends Pick<City, 'slug'>>(
  city: Pick<City, 'slug'>,
  cities: readonly C[],
): C[] {
  return cities
    .flatMap((other) => {
      if (other.slug === city.slug) return [];
      const km = distanceKm(city.slug, other.slug);
      return km !== undefined && km <= NEARBY_KM ? [{ other, km }] : [];
    })
    .sort((a, b) => a.km - b.km)
    .map(({ other }) => other);
}
