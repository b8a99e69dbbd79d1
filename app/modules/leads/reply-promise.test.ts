import { describe, expect, it } from 'vitest';
import { replyPromise } from './reply-promise.ts';

/** A wall-clock time in Winnipeg in November (CST, UTC-6). */
const cst = (local: string) => new Date(`${local}-06:00`);

describe('what the request confirmation promises (product.md §2, issue 31 item 9)', () => {
  it('promises contact within 20 minutes while the business is open (product copy)', () => {
    for (const at of ['2026-11-25T10:00:00', '2026-11-27T17:59:00', '2026-11-28T08:00:00']) {
      expect(replyPromise(cst(at))).toBe('We will contact you within 20 minutes during business hours.');
    }
  });

  it.each([
    ['before opening on a weekday', '2026-11-25T06:30:00', 'today at 7 AM'],
    ['on a weekday evening', '2026-11-25T21:00:00', 'tomorrow at 7 AM'],
    ['on a Friday evening', '2026-11-27T18:00:00', 'tomorrow at 8 AM'],
    ['on a Saturday after closing', '2026-11-28T16:00:00', 'Monday at 7 AM'],
    ['on a Sunday', '2026-11-29T11:00:00', 'tomorrow at 7 AM'],
  ])('says when the business opens next %s', (_when, at, opens) => {
    expect(replyPromise(cst(at))).toBe(
      `We're closed right now: we open ${opens} and will contact you first thing.`,
    );
  });
});
