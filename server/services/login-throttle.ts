/**
 * Brute-force protection for sign-in: failures are counted per username and per client address
 * in a sliding window; past the limit, that key is locked for a cooling-off period. A success
 * clears both keys. Kept in the database (decision 0092): every process counts the same failures,
 * and a restart does not hand an attacker a fresh set of tries.
 */
import {
  clearLogin,
  countLoginFailures,
  deleteExpiredLoginRows,
  findLoginLock,
  insertLoginFailure,
  lockLogin,
} from '../db/repo/login-throttle.ts';
import type { ServiceDeps } from './context.ts';
import { SWEEP_EVERY_MS } from './rate-limits.ts';

export type ThrottleOptions = { windowMs: number; lockMs: number; maxPerUser: number; maxPerClient: number };

export const DEFAULT_THROTTLE: ThrottleOptions = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxPerUser: 5,
  maxPerClient: 20,
};

/** PostgreSQL text cannot hold U+0000; a key only has to tell clients apart, so it is replaced. */
const storable = (key: string) => key.replaceAll('\u0000', '\uFFFD');

export function createLoginThrottle(
  { db }: Pick<ServiceDeps, 'db'>,
  options: ThrottleOptions = DEFAULT_THROTTLE,
) {
  const keys = (username: string, client: string) => [
    { key: storable(`u:${username.trim().toLowerCase()}`), max: options.maxPerUser },
    { key: storable(`c:${client}`), max: options.maxPerClient },
  ];
  let nextSweepAt = 0;

  return {
    /** Milliseconds until this username/client may try again; 0 when allowed. */
    async retryAfterMs(username: string, client: string, now: number): Promise<number> {
      const until = await findLoginLock(
        db,
        keys(username, client).map((k) => k.key),
        now,
      );
      return until === undefined ? 0 : until - now;
    },
    async recordFailure(username: string, client: string, now: number): Promise<void> {
      if (now >= nextSweepAt) {
        nextSweepAt = now + SWEEP_EVERY_MS;
        await deleteExpiredLoginRows(db, now, options.windowMs);
      }
      for (const { key, max } of keys(username, client)) {
        await insertLoginFailure(db, key, now);
        // a failure another process records at the same moment is counted by one of the two
        if ((await countLoginFailures(db, key, now - options.windowMs)) >= max)
          await lockLogin(db, key, now + options.lockMs);
      }
    },
    async recordSuccess(username: string, client: string): Promise<void> {
      await clearLogin(
        db,
        keys(username, client).map((k) => k.key),
      );
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
