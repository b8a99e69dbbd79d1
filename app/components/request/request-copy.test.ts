import { describe, expect, it } from 'vitest';
import { URGENCY_OPTIONS } from '#app/modules/leads/urgency.ts';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { COPY, urgencyHint } from './request-copy.ts';

describe("the request form's words", () => {
  it("says where the urgency is chosen which choices cost more: those the owner's rules price higher", () => {
    const hint = urgencyHint(DEFAULT_MARKUP)!;
    expect(hint).toBe(
      'Emergency repair and Soon as possible are priced higher than When convenient: finding and shipping a part fast costs more. Your quote shows the full price before you decide.',
    );
    for (const { value, label } of URGENCY_OPTIONS) {
      const named = hint.split(' priced higher than ')[0]!.includes(label);
      expect(named, label).toBe(DEFAULT_MARKUP.urgency[value] > 0);
    }
    // rules the owner changed: only the emergency costs more; none does, so no hint at all
    const emergencyOnly = { ...DEFAULT_MARKUP, urgency: { flexible: 0, '48h': 0, today: 0.15 } };
    expect(urgencyHint(emergencyOnly)).toMatch(
      /^Emergency repair is priced higher than Soon as possible or When convenient:/,
    );
    expect(urgencyHint({ ...DEFAULT_MARKUP, urgency: { flexible: 0, '48h': 0, today: 0 } })).toBeNull();
  });

  it('makes the one reply promise, and has a touch-screen wording for the photo area', () => {
    expect(COPY.intro).toContain('within 20 minutes during business hours.');
    expect(COPY.replyBadge).toBe('Reply within 20 minutes during business hours');
    expect(COPY.confirmation.promise).toBe('We will contact you within 20 minutes during business hours.');
    expect(COPY.photos.tapTitle).toBe('Tap to add photos');
  });
});
