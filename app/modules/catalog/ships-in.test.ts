import { describe, expect, it } from 'vitest';
import { REGIONS } from '../site/reference.ts';
import { deliveryDays, shipsIn, shipsInLabel } from './ships-in.ts';

describe("'ships in' estimate (decision 0005: deterministic, from stock and region)", () => {
  it.each([
    [150, 'Winnipeg Metro', '2-4 business days'],
    [3, 'Winnipeg Metro', '2-4 business days'],
    [3, 'Steinbach Region', '2-4 business days'],
    [3, 'Portage Plains', '2-4 business days'],
    [3, 'Interlake Area', '2-4 business days'],
    // every town of these two lies within 150 km of Winnipeg, closer than Portage Plains' Gladstone
    [3, 'Eastern Manitoba', '2-4 business days'],
    [3, 'Central Manitoba', '2-4 business days'],
    [3, 'Brandon Region', '2-5 business days'],
    [40, 'Parkland Region', '2-5 business days'],
    [0, 'Winnipeg Metro', '3-5 business days'],
    [0, 'Eastern Manitoba', '3-5 business days'],
    [0, 'Central Manitoba', '3-5 business days'],
    [0, 'Brandon Region', '3-6 business days'],
    [null, 'Interlake Area', '3-5 business days'],
    [5, undefined, '2-5 business days'],
    [0, null, '3-6 business days'],
    [5, 'Atlantis', '2-5 business days'],
  ])('stock %s, %s → %s', (qty, region, label) => {
    expect(shipsInLabel(shipsIn(qty, region))).toBe(label);
  });

  it('is the standard delivery of a part on hand (any stock) or to be ordered in', () => {
    for (const region of [...REGIONS, undefined]) {
      expect(shipsIn(7, region)).toEqual(deliveryDays(true, region));
      expect(shipsIn(0, region)).toEqual(deliveryDays(false, region));
      expect(shipsIn(null, region)).toEqual(deliveryDays(false, region));
    }
  });

  it('always lies within 2 to 6 days and gives the same answer every time', () => {
    for (const region of [...REGIONS, undefined]) {
      for (const qty of [null, -1, 0, 1, 10, 11, 1000]) {
        const first = shipsIn(qty, region);
        expect(shipsIn(qty, region)).toEqual(first);
        expect(first.minDays).toBeGreaterThanOrEqual(2);
        expect(first.maxDays).toBeLessThanOrEqual(6);
        expect(first.maxDays - first.minDays).toBeGreaterThanOrEqual(2);
      }
    }
  });
});
