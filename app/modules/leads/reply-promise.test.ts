import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, type WeekHours } from '../site/opening-hours.ts';
import { replyPromise } from './reply-promise.ts';

/** Open Saturdays 8-4 too, as an owner may set it. */
const WITH_SATURDAY: WeekHours = [...DEFAULT_HOURS.slice(0, 5), { open: 8 * 3600, close: 16 * 3600 }, null];

/** A wall-clock time in Winnipeg in November (CST, UTC-6). */
const cst = (local: string) => new Date(`${local}-06:00`);

describe('what the request confirmation promises (product.md §2, issue 31 item 9)', () => {
  it('with the first values (Mon-Fri 7-6) a Saturday morning is closed: we open Monday', () => {
    expect(replyPromise(DEFAULT_HOURS, cst('2026-11-28T08:00:00'))).toBe(
      "We're closed right now: we open Monday at 7 AM and will contact you first thing.",
    );
  });

  it('promises contact within 20 minutes while the business is open (product copy)', () => {
    for (const at of ['2026-11-25T10:00:00', '2026-11-27T17:59:00', '2026-11-28T08:00:00']) {
      expect(replyPromise(WITH_SATURDAY, cst(at))).toBe(
        'We will contact you within 20 minutes during business hours.',
      );
    }
  });

  it.each([
    ['before opening on a weekday', '2026-11-25T06:30:00', 'today at 7 AM'],
    ['on a weekday evening', '2026-11-25T21:00:00', 'tomorrow at 7 AM'],
    ['on a Friday evening', '2026-11-27T18:00:00', 'tomorrow at 8 AM'],
    ['on a Saturday after closing', '2026-11-28T16:00:00', 'Monday at 7 AM'],
    ['on a Sunday', '2026-11-29T11:00:00', 'tomorrow at 7 AM'],
  ])('says when the business opens next %s', (_when, at, opens) => {
    expect(replyPromise(WITH_SATURDAY, cst(at))).toBe(
      `We're closed right now: we open ${opens} and will contact you first thing.`,
    );
  });
});
