/** A quote-button click as the browser reports it (product.md §3 'Click event'), and the clicks' summary. */
import { z } from 'zod';

const label = (max: number) => z.string().trim().min(1).max(max);

export const clickEventSchema = z.object({
  buttonType: label(40),
  buttonLocation: label(60),
  buttonText: label(120),
});
export type ClickEventInput = z.infer<typeof clickEventSchema>;

/** GET /api/clicks/stats: the 'Quote Button Clicks' summary card's figures. */
export type ClickStats = {
  totalClicks: number;
  /** Clicks since midnight, America/Winnipeg */
  todayClicks: number;
  /** Clicks per button location (header, home-hero, parts-sourcing-hero, …) */
  buttonBreakdown: Record<string, number>;
};
