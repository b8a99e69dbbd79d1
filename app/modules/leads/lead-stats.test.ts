import { describe, expect, it } from 'vitest';
import { leadStatsFrom } from './lead-stats.ts';

describe('leadStatsFrom', () => {
  it('lists every status, counts new and qualified as pending, and gives the revenue in dollars', () => {
    const stats = leadStatsFrom({
      byStatus: { new: 3, qualified: 2, ordered: 4, archived: 9 },
      todayLeads: 1,
      monthlyRevenueCents: 123_456.4,
      avgResponseTime: 14,
    });
    expect(stats).toEqual({
      statusCounts: { new: 3, qualified: 2, quoted: 0, ordered: 4, fulfilled: 0, lost: 0 },
      todayLeads: 1,
      pendingQuotes: 5,
      monthlyRevenue: 1234.56,
      avgResponseTime: 14,
    });
  });

  it('is all zeros for an empty board', () => {
    const stats = leadStatsFrom({ byStatus: {}, todayLeads: 0, monthlyRevenueCents: 0, avgResponseTime: 18 });
    expect(Object.values(stats.statusCounts)).toEqual([0, 0, 0, 0, 0, 0]);
    expect([stats.pendingQuotes, stats.monthlyRevenue]).toEqual([0, 0]);
  });

  it('has no revenue at all, not 0, when it was not counted (a viewer who may not see money: decision 0204)', () => {
    const stats = leadStatsFrom({
      byStatus: {},
      todayLeads: 2,
      monthlyRevenueCents: null,
      avgResponseTime: 18,
    });
    expect(stats).not.toHaveProperty('monthlyRevenue');
    expect(stats).toMatchObject({ todayLeads: 2, pendingQuotes: 0, avgResponseTime: 18 });
  });
});
