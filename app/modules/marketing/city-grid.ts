/**
 * The home page's 'We Serve All of Manitoba' grid (product.md §2 Home, §9): the first 14 cities as cards,
 * then one '& N+ more' card where N is the total minus 14, never below 0.
 */
export const CITY_GRID_LIMIT = 14;

export type CityGrid<T> = { shown: T[]; moreCount: number; moreLabel: string };

export function cityGrid<T>(cities: readonly T[], limit = CITY_GRID_LIMIT): CityGrid<T> {
  const moreCount = Math.max(0, cities.length - limit);
  return { shown: cities.slice(0, limit), moreCount, moreLabel: `& ${moreCount}+ more` };
}
