/**
 * express-rate-limit's store over the database counters (services.rateLimits, decision 0092), so a
 * limit counts once across every process and machine and survives a restart. express-rate-limit
 * still decides and answers (429, Retry-After, RateLimit headers, the route's message); only where
 * it counts changes. One store per limiter: `prefix` keeps each limiter's keys apart.
 */
import type { Store } from 'express-rate-limit';
import type { RateLimitService } from '../services/rate-limits.ts';

export function databaseStore(limits: RateLimitService, prefix: string): Store {
  let windowMs = 60_000;
  return {
    prefix,
    // keys counted here are seen by every instance (every process): no double-count warning applies
    localKeys: false,
    init(options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      const { hits, resetsAt } = await limits.hit(prefix + key, windowMs);
      return { totalHits: hits, resetTime: new Date(resetsAt) };
    },
    async decrement(key) {
      await limits.undo(prefix + key);
    },
    async resetKey(key) {
      await limits.reset(prefix + key);
    },
  };
}
