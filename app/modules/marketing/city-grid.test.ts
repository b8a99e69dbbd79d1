import { describe, expect, it } from 'vitest';
import { cityGrid, CITY_GRID_LIMIT } from './city-grid.ts';

const cities = (n: number) => Array.from({ length: n }, (_, i) => `city-${i + 1}`);

describe('home page city grid', () => {
  it('shows at most 14 cities', () => {
    expect(CITY_GRID_LIMIT).toBe(14);
  });

  it.each([
    [36, 14, 22, '& 22+ more'],
    [15, 14, 1, '& 1+ more'],
    [14, 14, 0, '& 0+ more'],
    [5, 5, 0, '& 0+ more'],
    [0, 0, 0, '& 0+ more'],
  ])('%i cities: %i cards and %i more (%s)', (total, shown, more, label) => {
    const grid = cityGrid(cities(total));
    expect(grid.shown).toEqual(cities(total).slice(0, shown));
    expect(grid.moreCount).toBe(more);
    expect(grid.moreLabel).toBe(label);
  });
});
