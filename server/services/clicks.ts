/** Quote-button click tracking (POST /api/clicks) and its summary (GET /api/clicks/stats, admin). */
import { zonedDayRange } from '#app/modules/shared/calendar.ts';
import { clickEventSchema, type ClickStats } from '#app/modules/site/click.schema.ts';
import { countClicks, insertClick } from '../db/repo/clicks.ts';
import { parseInput } from '../validation.ts';
import type { ServiceDeps } from './context.ts';

export function clicksService({ db, now }: ServiceDeps) {
  return {
    /** Validates and stores one click; bad input is an AppError 400 with field errors. */
    async recordClick(input: unknown): Promise<void> {
      const click = parseInput(clickEventSchema, input);
      await insertClick(db, click, now());
    },

    /** All clicks, today's clicks (America/Winnipeg) and clicks per button location. */
    async clickStats(): Promise<ClickStats> {
      const counts = await countClicks(db, zonedDayRange(now()).start);
      return { totalClicks: counts.total, todayClicks: counts.since, buttonBreakdown: counts.byLocation };
    },
  };
}
