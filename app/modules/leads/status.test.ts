import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES, type LeadStatus } from './leads.ts';
import {
  canQuote,
  canTransition,
  losingNeedsConfirmation,
  quoteRefusal,
  reopenRefusal,
  reopenTarget,
  transitionRefusal,
} from './status.ts';

const ALLOWED: [LeadStatus, LeadStatus][] = [
  ['new', 'qualified'],
  ['quoted', 'ordered'],
  ['ordered', 'fulfilled'],
  ['new', 'lost'],
  ['qualified', 'lost'],
  ['quoted', 'lost'],
  ['ordered', 'lost'],
  ['fulfilled', 'lost'],
];

describe('lead status transitions (product.md §4)', () => {
  const all = LEAD_STATUSES.flatMap((from) => LEAD_STATUSES.map((to) => [from, to] as const));
  it.each(all)('%s → %s', (from, to) => {
    const expected = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(expected);
  });

  it.each([
    ['new', true],
    ['qualified', true],
    ['quoted', true],
    ['ordered', false],
    ['fulfilled', false],
    ['lost', false],
  ] as const)('a %s lead can be quoted: %s', (status, expected) => {
    expect(canQuote(status)).toBe(expected);
  });

  it('explains a refusal', () => {
    expect(transitionRefusal('new', 'ordered')).toBe('A new lead cannot be marked as ordered.');
    expect(transitionRefusal('ordered', 'new')).toBe('An ordered lead cannot be marked as new.');
    expect(quoteRefusal('ordered')).toBe('An ordered lead cannot be quoted.');
    expect(transitionRefusal('lost', 'new')).toMatch(/lost/);
    expect(transitionRefusal('quoted', 'quoted')).toBe('This lead is already quoted.');
  });

  it('reopens a lost lead to the status it left; without a recorded one, to new', () => {
    for (const status of ['new', 'qualified', 'quoted', 'ordered', 'fulfilled'] as const)
      expect(reopenTarget(status)).toBe(status);
    expect(reopenTarget('lost')).toBe('new');
    expect(reopenTarget(null)).toBe('new');
    expect(reopenTarget(undefined)).toBe('new');
    expect(reopenTarget('archived')).toBe('new');
    expect(reopenRefusal('quoted')).toBe('A quoted lead is not lost: there is nothing to reopen.');
    expect(transitionRefusal('lost', 'new')).toBe('This lead is lost: reopen it first.');
  });

  it.each([
    ['new', false],
    ['qualified', false],
    ['quoted', false],
    ['ordered', true],
    ['fulfilled', true],
  ] as const)('marking a %s lead lost asks for confirmation: %s', (status, expected) => {
    expect(losingNeedsConfirmation(status)).toBe(expected);
  });
});
