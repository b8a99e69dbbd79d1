/**
 * Request rate limits counted in the database (decision 0092): every process, and every machine on
 * one PostgreSQL database, counts in the same fixed-window counters, and a restart forgets nothing.
 * server/http/rate-limit.ts plugs this into express-rate-limit, which keeps deciding and answering.
 */
import {
  decrementCounter,
  deleteCounter,
  deleteExpiredCounters,
  hitCounter,
  readCounter,
  type Counter,
} from '../db/repo/rate-limits.ts';
import type { ServiceDeps } from './context.ts';

/** How often a process removes ended windows (on the next hit, so an idle process costs nothing). */
export const SWEEP_EVERY_MS = 10 * 60_000;

export function rateLimitService({ db, now }: ServiceDeps) {
  let nextSweepAt = 0;
  return {
    /** Counts one request of `key` in a window of `windowMs`; returns the count and the window's end (epoch ms). */
    async hit(key: string, windowMs: number): Promise<Counter> {
      const at = now().getTime();
      if (at >= nextSweepAt) {
        nextSweepAt = at + SWEEP_EVERY_MS;
        await deleteExpiredCounters(db, at);
      }
      return hitCounter(db, key, windowMs, at);
    },
    /** The hits counted for `key` in its current window, without counting one. */
    async count(key: string): Promise<number> {
      return readCounter(db, key, now().getTime());
    },
    /** Takes back one counted request of `key`. */
    async undo(key: string): Promise<void> {
      await decrementCounter(db, key);
    },
    /** Forgets `key`'s count. */
    async reset(key: string): Promise<void> {
      await deleteCounter(db, key);
    },
  };
}
export type RateLimitService = ReturnType<typeof rateLimitService>;
