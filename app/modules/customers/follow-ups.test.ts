import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '#app/modules/site/opening-hours.ts';
import {
  DEFAULT_SETTINGS,
  answerByText,
  dueFollowUp,
  fillText,
  FOLLOW_UP_KINDS,
  reviewDue,
  SAMPLE_VALUES,
  settingsSchema,
  SETTINGS_MESSAGES,
  smsSegments,
  withDefaults,
  type FollowUpKind,
} from './follow-ups.ts';

const HOUR = 3_600_000;
const QUIET = { from: 20, until: 8 };
/** the first values: Mon-Fri 7-6, quiet 20-8 */
const SHOP = { quietHours: QUIET, hours: DEFAULT_HOURS };
const NO_QUIET = { quietHours: null, hours: DEFAULT_HOURS };
const ALL = new Set<FollowUpKind>(FOLLOW_UP_KINDS);
/** Monday 23 November 2026, 9:00 in Winnipeg (CST, UTC-6); open 7 AM-6 PM on weekdays. */
const SENT = new Date('2026-11-23T15:00:00.000Z');
const at = (hours: number) => new Date(SENT.getTime() + hours * HOUR);
const quote = (over: Partial<Parameters<typeof dueFollowUp>[0]> = {}) => ({
  sentAt: SENT,
  expiresAt: at(48),
  firstViewedAt: null,
  sent: new Map<FollowUpKind, Date>(),
  ...over,
});

describe('which follow-up is due (a fixed clock)', () => {
  it('not opened: 4 business hours after sending, not before', () => {
    expect(dueFollowUp(quote(), at(3.9), ALL, SHOP)).toBeNull();
    expect(dueFollowUp(quote(), at(4), ALL, SHOP)).toBe('unviewed');
  });

  it('counts business hours: sent at 5 PM, due the next morning at 10 (the shop opens at 7)', () => {
    const evening = new Date('2026-11-23T23:00:00.000Z'); // 5 PM
    const q = quote({ sentAt: evening, expiresAt: new Date(evening.getTime() + 48 * HOUR) });
    expect(dueFollowUp(q, new Date('2026-11-24T15:59:00.000Z'), ALL, SHOP)).toBeNull(); // 9:59
    expect(dueFollowUp(q, new Date('2026-11-24T16:00:00.000Z'), ALL, SHOP)).toBe('unviewed'); // 10:00
  });

  it('opened: 24 hours after the first view, spaced 12 hours from the one before', () => {
    const viewed = quote({ firstViewedAt: at(1) });
    expect(dueFollowUp(viewed, at(4), ALL, SHOP)).toBeNull();
    // the day before it expires comes first (24 h after sending); the opened one waits 12 hours
    expect(dueFollowUp(viewed, at(24), ALL, SHOP)).toBe('expiring');
    const afterExpiring = { ...viewed, sent: new Map([['expiring', at(24)]] as [FollowUpKind, Date][]) };
    expect(dueFollowUp(afterExpiring, at(25), ALL, NO_QUIET)).toBeNull();
    expect(dueFollowUp(afterExpiring, at(36), ALL, NO_QUIET)).toBe('viewed');
    // with quiet hours, 12 hours after a 9 AM text is 9 PM: held to 8 AM, an hour before expiry, too late
    expect(dueFollowUp(afterExpiring, at(36), ALL, SHOP)).toBeNull();
    expect(dueFollowUp(afterExpiring, at(47), ALL, SHOP)).toBeNull();
  });

  it('each once per version; none switched off; none in the last hour before expiry', () => {
    const sent = new Map<FollowUpKind, Date>([
      ['unviewed', at(4)],
      ['expiring', at(24)],
    ]);
    expect(dueFollowUp(quote({ sent }), at(40), ALL, SHOP)).toBeNull();
    expect(dueFollowUp(quote(), at(24), new Set<FollowUpKind>(['unviewed']), SHOP)).toBe('unviewed');
    expect(dueFollowUp(quote(), at(24), new Set<FollowUpKind>(), SHOP)).toBeNull();
    expect(dueFollowUp(quote({ firstViewedAt: at(20) }), at(47.5), ALL, NO_QUIET)).toBeNull();
  });

  it('quiet hours 20:00-08:00 in Winnipeg: nothing then, whatever is due', () => {
    // sent Monday 9 AM: due Tuesday 9 AM ('expiring'); at 7:59 PM Monday the unviewed one is due
    expect(dueFollowUp(quote(), new Date('2026-11-24T01:59:00.000Z'), ALL, SHOP)).toBe('unviewed'); // 7:59 PM
    expect(dueFollowUp(quote(), new Date('2026-11-24T02:00:00.000Z'), ALL, SHOP)).toBeNull(); // 8 PM
    expect(dueFollowUp(quote(), new Date('2026-11-24T13:59:00.000Z'), ALL, SHOP)).toBeNull(); // 7:59 AM
    expect(dueFollowUp(quote(), new Date('2026-11-24T14:00:00.000Z'), ALL, SHOP)).toBe('unviewed'); // 8 AM
    expect(dueFollowUp(quote(), new Date('2026-11-24T02:00:00.000Z'), ALL, NO_QUIET)).toBe('unviewed');
  });
});

describe('review requests', () => {
  const done = new Date('2026-11-23T18:00:00.000Z'); // Monday noon
  const state = { finishedAt: done, lastRequestAt: null, excluded: false };
  const plus = (h: number) => new Date(done.getTime() + h * HOUR);

  it('24 hours after the handover, not before, and not a week later', () => {
    expect(reviewDue(state, plus(23.9), QUIET)).toBe(false);
    expect(reviewDue(state, plus(24), QUIET)).toBe(true);
    expect(reviewDue(state, plus(24 * 8), QUIET)).toBe(false);
  });

  it('once in 90 days per customer, never to one excluded, never in quiet hours', () => {
    expect(reviewDue({ ...state, lastRequestAt: plus(-24 * 88) }, plus(24), QUIET)).toBe(false);
    expect(reviewDue({ ...state, lastRequestAt: plus(-24 * 91) }, plus(24), QUIET)).toBe(true);
    expect(reviewDue({ ...state, excluded: true }, plus(24), QUIET)).toBe(false);
    expect(reviewDue(state, plus(33), QUIET)).toBe(false); // 9 PM Tuesday
  });
});

describe('the owner’s wording', () => {
  it('fills every placeholder; the part is shortened to keep two segments', () => {
    const text = fillText(DEFAULT_SETTINGS.followUps.expiring.text, SAMPLE_VALUES);
    expect(text).toBe(
      'Parts Hunters MB: Your quote PH-1234 for hydraulic pump, 2015 John Deere 6120 expires Thu Nov 27, 10:15 AM. Accept it here: https://partshuntersmb.ca/q/Xy7kQ2mN9pLr4sT8vW1zA3bC Reply YES to order or NO to pass.',
    );
    // with several options a YES orders nothing (decision 0188): the text asks for the number
    expect(answerByText(2)).toBe('Reply 1 or 2 to order that option, or NO to pass.');
    expect(answerByText(3)).toBe('Reply 1, 2 or 3 to order that option, or NO to pass.');
    const long = fillText('{part} {link}', { ...SAMPLE_VALUES, part: 'pump '.repeat(100) });
    expect(long.length).toBeLessThanOrEqual(306);
  });

  it('counts SMS segments: GSM-7 160/153, two places for ^{}[]~|€, UCS-2 70/67', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2 });
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(70)}’`)).toEqual({ encoding: 'UCS-2', characters: 71, segments: 2 });
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('refuses a follow-up without its link, an unknown placeholder, reviews on without a page', () => {
    const bad = (patch: object) =>
      settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...patch }).error?.issues.map((i) => i.message);
    expect(
      bad({ followUps: { ...DEFAULT_SETTINGS.followUps, viewed: { on: true, text: 'Hi {name}' } } }),
    ).toEqual([SETTINGS_MESSAGES.needsLink]);
    expect(
      bad({ followUps: { ...DEFAULT_SETTINGS.followUps, viewed: { on: true, text: '{link} {price}' } } }),
    ).toEqual([SETTINGS_MESSAGES.unknownPlaceholder('{price}')]);
    expect(bad({ reviews: { ...DEFAULT_SETTINGS.reviews, on: true, url: '' } })).toEqual([
      SETTINGS_MESSAGES.reviewUrlNeeded,
    ]);
    expect(bad({ reviews: { ...DEFAULT_SETTINGS.reviews, url: 'http://x.ca' } })).toEqual([
      SETTINGS_MESSAGES.reviewUrl,
    ]);
  });

  it('reads what was never saved, or no longer fits, as the defaults: follow-ups on, reviews off', () => {
    expect(withDefaults(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(withDefaults({ nonsense: true })).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.reviews.on).toBe(false);
    expect(FOLLOW_UP_KINDS.every((k) => DEFAULT_SETTINGS.followUps[k].on)).toBe(true);
  });
});
