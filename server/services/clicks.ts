/** Quote-button click tracking (POST /api/clicks) and its summary (GET /api/clicks/stats, admin). */
import { zonedDayRange } from '#app/modules/marketing/calendar.ts';
import { clickEventSchema } from '#app/modules/site/click.schema.ts';
import { countClicks, insertClick } from '../db/repo/clicks.ts';
import type { ServiceDeps } from './context.ts';

export type ClickStats = {
  totalClicks: number;
  /** Clicks since midnight, America/Winnipeg */
  todayClicks: number;
  /** Clicks per button location (header, home-hero, parts-sourcing-hero, …) */
  buttonBreakdown: Record<string, number>;
};

export function clicksService({ db, now }: ServiceDeps) {
  return {
    /** Validates and stores one click; throws a ZodError on bad input. */
    async recordClick(input: unknown): Promise<void> {
      const click = clickEventSchema.parse(input);
      await insertClick(db, click, now());
    },

    /** All clicks, today's clicks (America/Winnipeg) and clicks per button location. */
    async clickStats(): Promise<ClickStats> {
      const counts = await countClicks(db, zonedDayRange(now()).start);
      return { totalClicks: counts.total, todayClicks: counts.since, buttonBreakdown: counts.byLocation };
    },
  };
}
