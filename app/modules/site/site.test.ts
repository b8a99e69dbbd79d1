import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, hoursInALine, hoursLines } from './opening-hours.ts';
import { copyrightYears, DEFAULT_SITE, REPLY_PROMISE, siteHours, smsHref, trackAttributes } from './site.ts';

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

  it("says the owner's hours, whose first values are the footer's Mon-Fri 7AM-6PM CT", () => {
    // one reading everywhere (issue 49 item 1): the footer, the home page and the confirmation
    expect(siteHours(DEFAULT_SITE)).toEqual(['Mon-Fri 7AM-6PM CT']);
    expect(hoursLines(DEFAULT_HOURS)).toEqual(['Mon-Fri 7AM-6PM CT']);
    expect(hoursInALine(DEFAULT_HOURS)).toBe('Mon-Fri 7AM-6PM CT');
    const saturdays = [...DEFAULT_HOURS.slice(0, 5), { open: 8 * 3600, close: 16 * 3600 }, null];
    expect(siteHours({ hours: saturdays })).toEqual(['Mon-Fri 7AM-6PM CT', 'Sat 8AM-4PM CT']);
    expect(hoursInALine(saturdays)).toBe('Mon-Fri 7AM-6PM, Sat 8AM-4PM CT');
  });

  it('writes any calendar: runs of equal days joined, half hours, noon, closed days left out', () => {
    const h = (open: number, close: number) => ({ open: open * 3600, close: close * 3600 });
    expect(hoursLines([h(7.5, 17), h(7.5, 17), null, h(7.5, 17), h(12, 20), h(9, 12), h(9, 12)])).toEqual([
      'Mon-Tue 7:30AM-5PM CT',
      'Thu 7:30AM-5PM CT',
      'Fri 12PM-8PM CT',
      'Sat-Sun 9AM-12PM CT',
    ]);
    expect(hoursLines([null, null, null, null, null, null, null])).toEqual([]);
  });

  it('makes the reply promise of product.md §9 in one phrase', () => {
    expect(REPLY_PROMISE).toBe('within 20 minutes during business hours');
  });
});
