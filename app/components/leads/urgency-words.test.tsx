// @vitest-environment node
/**
 * Words that mean one thing (issue 48 item 7, decision 0195): the urgency reads the same to staff
 * as to the customer who chose it (product.md §9 'Urgency options'). The board's badge (the card,
 * the Lead Details dialog, the calculator and the lost leads all show it), the calculator's uplift,
 * the CSV report and the staff alert say the words of the request form, from the one table of
 * app/modules/leads/urgency.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_MARKUP } from '#app/modules/pricing/pricing.ts';
import { describe, expect, it } from 'vitest';
import { LEAD_CSV_HEADER, leadCsvRow } from '#app/modules/leads/lead-csv.ts';
import { URGENCIES, type Lead, type Urgency } from '#app/modules/leads/leads.ts';
import { markupBreakdown } from '#app/modules/leads/markup.ts';
import { URGENCY_OPTIONS, URGENCY_WORDS, urgencyWord } from '#app/modules/leads/urgency.ts';
import { CATEGORIES } from '#app/modules/site/reference.ts';
import { UrgencyBadge } from './urgency-badge.tsx';

/** The customer's words, as product.md §9 writes them. */
const SPEC: Record<Urgency, string> = {
  today: 'Emergency repair',
  '48h': 'Soon as possible',
  flexible: 'When convenient',
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function lead(urgency: Urgency): Lead {
  return {
    id: 7,
    caseNumber: 'Q-10007',
    status: 'new',
    urgency,
    source: 'web',
    name: 'Dana Prairie',
    phone: '204 555 0147',
    email: null,
    city: null,
    equipment: null,
    make: null,
    model: null,
    year: null,
    partCategory: null,
    partNumber: null,
    description: null,
    photos: [],
    consentAt: null,
    notes: null,
    lostReason: null,
    cost: null,
    markupPct: null,
    sellPrice: null,
    etaDays: null,
    quotedAt: null,
    quoteVersion: 0,
    quoteExpiresAt: null,
    quoteViews: 0,
    quoteFirstViewedAt: null,
    createdAt: '2026-01-15T19:05:00.000Z',
    updatedAt: '2026-01-15T19:05:00.000Z',
    shortPartName: null,
  };
}

describe('the urgency in one set of words (issue 48 item 7)', () => {
  it("is the spec's table, and the request form's choices are made from it", () => {
    expect(URGENCY_WORDS).toEqual(SPEC);
    expect(URGENCY_OPTIONS).toEqual(URGENCIES.map((value) => ({ value, label: SPEC[value] })));
    expect(urgencyWord('someday')).toBe('someday');
  });

  it.each(URGENCIES)('staff read %s in the customer’s words: badge, calculator, CSV report', (urgency) => {
    expect(text(renderToStaticMarkup(<UrgencyBadge urgency={urgency} />))).toBe(`Urgency: ${SPEC[urgency]}`);
    expect(markupBreakdown(DEFAULT_MARKUP, 'moderate', urgency).urgencyLabel).toBe(SPEC[urgency]);
    const row = leadCsvRow(lead(urgency), { cities: [], categories: CATEGORIES });
    expect(row[LEAD_CSV_HEADER.indexOf('Urgency')]).toBe(SPEC[urgency]);
  });

  it('no staff word of old stays: not Today, 48h or Flexible', () => {
    for (const urgency of URGENCIES) {
      const badge = text(renderToStaticMarkup(<UrgencyBadge urgency={urgency} />));
      expect(badge).not.toMatch(/\b(Today|48h|Flexible)\b/);
    }
  });
});
