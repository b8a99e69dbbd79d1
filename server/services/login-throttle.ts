/**
 * Brute-force protection for sign-in: failures are counted per username and per client address
 * in a sliding window; past the limit, that key is locked for a cooling-off period. A success
 * clears both keys. In memory: one process serves the site (DESIGN), and a restart forgets only
 * the failures, never a session.
 */
export type ThrottleOptions = { windowMs: number; lockMs: number; maxPerUser: number; maxPerClient: number };

export const DEFAULT_THROTTLE: ThrottleOptions = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxPerUser: 5,
  maxPerClient: 20,
};

type Entry = { failures: number[]; lockedUntil: number };

export function createLoginThrottle(options: ThrottleOptions = DEFAULT_THROTTLE) {
  const entries = new Map<string, Entry>();
  const keys = (username: string, client: string) => [
    { key: `u:${username.trim().toLowerCase()}`, max: options.maxPerUser },
    { key: `c:${client}`, max: options.maxPerClient },
  ];

  return {
    /** Milliseconds until this username/client may try again; 0 when allowed. */
    retryAfterMs(username: string, client: string, now: number): number {
      let wait = 0;
      for (const { key } of keys(username, client)) {
        const entry = entries.get(key);
        if (entry && entry.lockedUntil > now) wait = Math.max(wait, entry.lockedUntil - now);
      }
      return wait;
    },
    recordFailure(username: string, client: string, now: number): void {
      for (const { key, max } of keys(username, client)) {
        const entry = entries.get(key) ?? { failures: [], lockedUntil: 0 };
        entry.failures = [...entry.failures.filter((t) => now - t < options.windowMs), now];
        if (entry.failures.length >= max) {
          entry.lockedUntil = now + options.lockMs;
          entry.failures = [];
        }
        entries.set(key, entry);
      }
      if (entries.size > 10_000) {
        for (const [key, entry] of entries) {
          if (entry.lockedUntil <= now && entry.failures.every((t) => now - t >= options.windowMs))
            entries.delete(key);
        }
      }
    },
    recordSuccess(username: string, client: string): void {
      for (const { key } of keys(username, client)) entries.delete(key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
