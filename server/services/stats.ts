/**
 * The figures behind GET /api/admin/stats (product.md §3 'Lead stats', decision 0005): four public figures
 * for the marketing pages, and the lead summary for staff. Definitions: docs/stats.md.
 */
import { businessMinutesBetween } from '#app/modules/shared/business-hours.ts';
import { zonedDayRange, zonedMonthRange } from '#app/modules/shared/calendar.ts';
import {
  AVERAGE_WINDOW_DAYS,
  MARKETING_BASELINES,
  MIN_QUOTES_FOR_AVERAGES,
  type PublicStats,
} from '#app/modules/marketing/stats.ts';
import { leadStatsFrom, type LeadStats } from '#app/modules/leads/lead-stats.ts';
import { allowed } from '#app/modules/site/shop-settings.ts';
import {
  countLeadsByStatus,
  countLeadsCreatedBetween,
  countOrderedLeads,
  listQuotesBetween,
  sumOrderedSellPricesBetween,
} from '../db/repo/stats.ts';
import type { SessionUser } from './auth.ts';
import type { ContentChanges } from './changes.ts';
import type { ServiceDeps } from './context.ts';
import { createMemo } from './memo.ts';
import type { ReferenceService } from './reference.ts';

export type { PublicStats } from '#app/modules/marketing/stats.ts';

const DAY_MS = 24 * 60 * 60_000;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * How long a page's live figures are kept (docs/performance.md). The page cache keeps a page with them
 * for up to a minute (issue 15 item 1), so a page rendered per request may show figures this much
 * older than the database: far less than what a cached page already shows, and they are then
 * computed at most once per 10 s per process however many pages are rendered, instead of reading
 * and timing 90 days of quotes for every one.
 */
export const PAGE_FIGURES_TTL_MS = 10_000;

export function statsService(
  { db, now, shop }: ServiceDeps,
  { reference, changes }: { reference: ReferenceService; changes: ContentChanges },
) {
  /** Average ETA (days, 1 decimal) and response time (minutes) of recent quotes, or the baselines. */
  async function quoteAverages(at: Date): Promise<Pick<PublicStats, 'avgETA' | 'avgResponseTime'>> {
    const from = new Date(at.getTime() - AVERAGE_WINDOW_DAYS * DAY_MS);
    const quotes = await listQuotesBetween(db, from, new Date(at.getTime() + 1));
    const etas = quotes.flatMap((q) => (q.etaDays && q.etaDays > 0 ? [q.etaDays] : []));
    // minutes the business was open between request and quote: the promise is 'within 20 minutes
    // during business hours', and a text at midnight answered at 7:05 took 5 of them (docs/stats.md)
    const minutes = quotes
      .filter((q) => q.quotedAt >= q.createdAt)
      .map((q) => businessMinutesBetween(shop.current().hours, new Date(q.createdAt), new Date(q.quotedAt)));
    return {
      avgETA:
        etas.length >= MIN_QUOTES_FOR_AVERAGES
          ? Math.round(mean(etas) * 10) / 10
          : MARKETING_BASELINES.avgETA,
      avgResponseTime:
        minutes.length >= MIN_QUOTES_FOR_AVERAGES
          ? Math.max(1, Math.round(mean(minutes)))
          : MARKETING_BASELINES.avgResponseTime,
    };
  }

  /**
   * The four figures the home and service pages show (and all that GET /api/admin/stats tells a
   * visitor without a session): live where there is enough data, the marketing baselines otherwise.
   */
  async function publicStats(): Promise<PublicStats> {
    const at = now();
    const [averages, ordered, cities] = await Promise.all([
      quoteAverages(at),
      countOrderedLeads(db),
      // the memoized list the page's other parts read too (docs/performance.md)
      reference.listCities(),
    ]);
    return {
      avgETA: averages.avgETA,
      partsSourced: MARKETING_BASELINES.partsSourced + ordered,
      citiesServed: Math.max(MARKETING_BASELINES.citiesServed, cities.length),
      avgResponseTime: averages.avgResponseTime,
    };
  }

  const pageFigures = createMemo<PublicStats>({
    ttlMs: PAGE_FIGURES_TTL_MS,
    maxEntries: 1,
    // the service's clock, which tests move (a clock set back counts as expired: memo.ts)
    clock: () => now().getTime(),
  });
  // a city added or removed changes 'cities served' at once, like the pages that list the cities
  changes.onChange(() => pageFigures.clear());

  return {
    publicStats,

    /** publicStats as the public pages show it: at most PAGE_FIGURES_TTL_MS old (docs/performance.md). */
    pageStats: (): Promise<PublicStats> => pageFigures.get('', publicStats),

    /**
     * The admin summary cards as `viewer` may see them: status counts, today's leads, pending
     * quotes, and this month's revenue, a business total that is the owner's unless the owner
     * allows staff to see money (decision 0204): not counted at all for a staff member who may not.
     */
    async leadStats(viewer: Pick<SessionUser, 'role'>): Promise<LeadStats> {
      const at = now();
      const today = zonedDayRange(at);
      const month = zonedMonthRange(at);
      const money = allowed(shop.current(), viewer, 'seeMoney');
      const [byStatus, todayLeads, revenueCents, averages] = await Promise.all([
        countLeadsByStatus(db),
        countLeadsCreatedBetween(db, today.start, today.end),
        money ? sumOrderedSellPricesBetween(db, month.start, month.end) : null,
        quoteAverages(at),
      ]);
      return leadStatsFrom({
        byStatus,
        todayLeads,
        monthlyRevenueCents: revenueCents,
        avgResponseTime: averages.avgResponseTime,
      });
    },
  };
}
export type StatsService = ReturnType<typeof statsService>;
