// @vitest-environment node
/**
 * The board's summary cards as the server renders them (product.md §2 'Lead Management'): five
 * cards with the month's revenue; four, with no trace of it, when the lead summary has none (a
 * staff member the owner has not allowed to see money, decision 0204), the grid then four wide on
 * a wide screen so no gap is left where the card was. The summary's side: tests/api/stats.test.ts
 * and tests/api/leads-screen.test.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LeadStats } from '#app/modules/leads/lead-stats.ts';
import { SummaryCards } from './summary-cards.tsx';

const CLICKS = { totalClicks: 12, todayClicks: 3, buttonBreakdown: {} };
const STATS: Omit<LeadStats, 'monthlyRevenue'> = {
  statusCounts: { new: 2, qualified: 1, quoted: 0, ordered: 1, fulfilled: 0, lost: 0 },
  todayLeads: 2,
  pendingQuotes: 3,
  avgResponseTime: 14,
};

/** The cards' titles, in order, and the grid's classes. */
function rendered(stats: Partial<LeadStats>) {
  const html = renderToStaticMarkup(<SummaryCards stats={stats} clicks={CLICKS} />);
  return {
    html,
    titles: [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]!.replace('&#x27;', "'")),
    grid: /^<div class="([^"]*)"/.exec(html)![1]!.split(' '),
  };
}

describe('the summary cards', () => {
  it("show the month's revenue when the summary has it (the owner, or staff the owner allows)", () => {
    const { titles, html, grid } = rendered({ ...STATS, monthlyRevenue: 1234.5 });
    expect(titles).toEqual([
      'Quote Button Clicks',
      "Today's Leads",
      'Pending Quotes',
      'Monthly Revenue',
      'Avg Response',
    ]);
    expect(html).toContain('$1,234.50');
    expect(grid).toEqual(expect.arrayContaining(['grid-cols-2', 'lg:grid-cols-5']));
  });

  it('leave the card out, not at $0.00, when the summary has no revenue (staff, decision 0204)', () => {
    const { titles, html, grid } = rendered(STATS);
    expect(titles).toEqual(['Quote Button Clicks', "Today's Leads", 'Pending Quotes', 'Avg Response']);
    expect(html).not.toMatch(/Revenue|This month|\$/);
    // four cards: two rows of two on a phone, one row of four from 1024 px
    expect(grid).toEqual(expect.arrayContaining(['grid-cols-2', 'lg:grid-cols-4']));
    expect(grid).not.toContain('lg:grid-cols-5');
  });
});
