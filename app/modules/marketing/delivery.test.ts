import { describe, expect, it } from 'vitest';
import { shipsIn, shipsInLabel } from '../catalog/ships-in.ts';
import { REGIONS } from '../site/reference.ts';
import {
  deliveryAnswer,
  ON_HAND_DELIVERY,
  regionDeliveryLine,
  STANDARD_DELIVERY,
  standardDelivery,
} from './delivery.ts';

describe('delivery times, one set of figures for every page (decision 0140)', () => {
  it("is the catalog's 'ships in' for a part on hand and one ordered in, region by region", () => {
    for (const region of REGIONS) {
      expect(standardDelivery(region)).toEqual({ onHand: shipsIn(3, region), orderedIn: shipsIn(0, region) });
    }
  });

  it('spans every region for the province-wide figures', () => {
    expect(STANDARD_DELIVERY).toBe('2-6 business days');
    expect(ON_HAND_DELIVERY).toBe('2-5 business days');
  });

  it('says each region its own days on the logistics page', () => {
    expect(regionDeliveryLine('Winnipeg Metro')).toBe(
      'Standard delivery: 2-4 business days for parts on hand, 3-5 business days if we order the part in.',
    );
    expect(regionDeliveryLine('Parkland Region')).toBe(
      'Standard delivery: 2-5 business days for parts on hand, 3-6 business days if we order the part in.',
    );
  });

  it("answers a city page's 'how fast' with its region's days, as the catalog shows them there", () => {
    const answer = deliveryAnswer('Dauphin', 'Parkland Region');
    expect(answer).toContain(`reach Dauphin in ${shipsInLabel(shipsIn(1, 'Parkland Region'))}`);
    expect(answer).toContain(`take ${shipsInLabel(shipsIn(0, 'Parkland Region'))}`);
    expect(answer).toContain('emergency rush delivery to Dauphin is available the same or next day');
  });
});
