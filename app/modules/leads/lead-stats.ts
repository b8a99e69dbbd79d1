/**
 * The staff summary of the leads (product.md §3 'Lead stats'): what GET /api/admin/stats adds to the
 * public figures for a signed-in staff member, and what the Lead Management summary cards show.
 * The server counts in SQL (server/services/stats.ts, definitions in docs/stats.md); this says how
 * the counts become the summary. Pure.
 */
import { LEAD_STATUSES, type LeadStatus } from './leads.ts';

export type LeadStats = {
  /** Every lead status with its count (0 when none) */
  statusCounts: Record<LeadStatus, number>;
  /** Leads created since midnight, America/Winnipeg */
  todayLeads: number;
  /** Leads waiting for a price: new + qualified */
  pendingQuotes: number;
  /**
   * Sell prices of leads ordered this calendar month (America/Winnipeg), in dollars. Absent (not 0)
   * for a staff member the owner has not allowed to see money: a business total is the owner's
   * (decision 0204), and the board then shows no Monthly Revenue card.
   */
  monthlyRevenue?: number;
  /** Average minutes from request to quote (baseline while there are too few quotes) */
  avgResponseTime: number;
};

/**
 * The summary from what the database counted: every status present (0 for one with no lead, a
 * status the counts do not know is left out), the leads waiting for a price, and the month's
 * revenue in dollars from cents (none when it was not counted: the viewer may not see money).
 */
export function leadStatsFrom(counted: {
  byStatus: Partial<Record<string, number>>;
  todayLeads: number;
  monthlyRevenueCents: number | null;
  avgResponseTime: number;
}): LeadStats {
  const statusCounts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, counted.byStatus[s] ?? 0])) as Record<
    LeadStatus,
    number
  >;
  return {
    statusCounts,
    todayLeads: counted.todayLeads,
    pendingQuotes: statusCounts.new + statusCounts.qualified,
    ...(counted.monthlyRevenueCents === null
      ? {}
      : { monthlyRevenue: Math.round(counted.monthlyRevenueCents) / 100 }),
    avgResponseTime: counted.avgResponseTime,
  };
}
