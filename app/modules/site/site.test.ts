import { describe, expect, it } from 'vitest';
import { copyrightYears, smsHref, trackAttributes } from './site.ts';

describe('site helpers', () => {
  it('builds sms: links that work on iOS and Android, with an encoded body', () => {
    expect(smsHref('+12045550147')).toBe('sms:+12045550147');
    expect(smsHref('+12045550147', 'Quote: Dexter axle & hubs?')).toBe(
      'sms:+12045550147?&body=Quote%3A%20Dexter%20axle%20%26%20hubs%3F',
    );
  });

  it('marks quote buttons for tracking', () => {
    expect(trackAttributes('header', 'Get a Quote')).toEqual({
      'data-track-type': 'quote',
      'data-track-location': 'header',
      'data-track-text': 'Get a Quote',
    });
  });

  it("runs the footer's copyright from the spec's 2024 to the current year", () => {
    expect(copyrightYears(2024)).toBe('2024');
    expect(copyrightYears(2026)).toBe('2024–2026');
    expect(copyrightYears(2031)).toBe('2024–2031');
  });
});
