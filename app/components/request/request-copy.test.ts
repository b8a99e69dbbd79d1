import { describe, expect, it } from 'vitest';
import { URGENCY_OPTIONS } from '#app/modules/leads/urgency.ts';
import { PRICING_CONFIG } from '#app/modules/pricing/pricing.ts';
import { COPY } from './request-copy.ts';

describe("the request form's words", () => {
  it('says where the urgency is chosen which choices cost more: those the pricing engine prices higher', () => {
    expect(COPY.urgencyHint).toBe(
      'Emergency repair and Soon as possible are priced higher than When convenient: finding and shipping a part fast costs more. Your quote shows the full price before you decide.',
    );
    for (const { value, label } of URGENCY_OPTIONS) {
      const named = COPY.urgencyHint.split(' priced higher than ')[0]!.includes(label);
      expect(named, label).toBe(PRICING_CONFIG.urgencyUplift[value] > 0);
    }
  });

  it('makes the one reply promise, and has a touch-screen wording for the photo area', () => {
    expect(COPY.intro).toContain('within 20 minutes during business hours.');
    expect(COPY.replyBadge).toBe('Reply within 20 minutes during business hours');
    expect(COPY.confirmation.promise).toBe('We will contact you within 20 minutes during business hours.');
    expect(COPY.photos.tapTitle).toBe('Tap to add photos');
  });
});
