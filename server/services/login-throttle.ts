/**
 * Sign-in throttling that cannot be turned against the people it protects (issue 47 item 2,
 * decision 0176). Failures are counted per account and client, and per client over every username;
 * a client is its key as the HTTP edge reads it (`clientOf`, server/http/client.ts: its address, an
 * IPv6 one by its /56, as every other per-client limit counts). Past a few failures a key waits before its next attempt, the wait
 * doubling with each further failure up to a cap. Nothing counted from one client ever refuses
 * another: the right password from elsewhere always gets in.
 *
 * Each attempt is counted as a failure before the password is checked, in one transaction that
 * first sees whether a wait is running (so many attempts sent at once get no more tries than one
 * after another), and a success forgets it. In the database (decision 0092): every process counts
 * the same attempts, and a restart does not hand an attacker a fresh set of tries.
 */
import {
  deleteStaleThrottleRows,
  deleteThrottleRows,
  lockThrottleRows,
  saveThrottleRow,
} from '../db/repo/login-throttle.ts';
import type { ServiceDeps } from './context.ts';
import { SWEEP_EVERY_MS } from './rate-limits.ts';

/** A key's waits: none before its `waitFrom`-th failure, then `firstWaitMs`, doubling, at most `maxWaitMs`. */
export type ThrottleRule = { waitFrom: number; firstWaitMs: number; maxWaitMs: number };

const MINUTE = 60_000;

export const SIGN_IN_THROTTLE = {
  /** one account from one client: a person mistyping gets four tries before any wait */
  account: { waitFrom: 5, firstWaitMs: MINUTE, maxWaitMs: 15 * MINUTE },
  /** one client over every username: an office's staff together, or one client guessing names */
  client: { waitFrom: 20, firstWaitMs: MINUTE, maxWaitMs: 15 * MINUTE },
  /** a key's count starts again this long after its last failure */
  forgetAfterMs: 24 * 60 * MINUTE,
} as const satisfies { account: ThrottleRule; client: ThrottleRule; forgetAfterMs: number };

/** The wait a key gets after its `failures`-th failure (0: none). */
export function waitAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.waitFrom) return 0;
  return Math.min(rule.firstWaitMs * 2 ** (failures - rule.waitFrom), rule.maxWaitMs);
}

/** PostgreSQL text cannot hold U+0000; a key only has to tell clients apart, so it is replaced. */
const storable = (key: string) => key.replaceAll('\u0000', '\uFFFD');

export function createLoginThrottle(
  { db, engine }: Pick<ServiceDeps, 'db' | 'engine'>,
  rules: typeof SIGN_IN_THROTTLE = SIGN_IN_THROTTLE,
) {
  const keys = (username: string, client: string) => {
    // a client key holds no space, so the first space ends it whatever the username
    return [
      { key: storable(`p:${client} ${username.trim().toLowerCase()}`), rule: rules.account },
      { key: storable(`c:${client}`), rule: rules.client },
    ];
  };
  let nextSweepAt = 0;

  return {
    /**
     * Counts an attempt by `username` from the client `client` (its key) as a failure, unless one of its keys is
     * waiting: then nothing is counted and the answer is the milliseconds left (0: go ahead and
     * check the password; a success calls `recordSuccess`).
     */
    async attempt(username: string, client: string, now: number): Promise<number> {
      if (now >= nextSweepAt) {
        nextSweepAt = now + SWEEP_EVERY_MS;
        await deleteStaleThrottleRows(db, now - rules.forgetAfterMs, now);
      }
      const counted = keys(username, client);
      return db.transaction().execute(async (trx) => {
        const rows = await lockThrottleRows(
          trx,
          engine,
          counted.map((k) => k.key),
        );
        const waitUntil = Math.max(...rows.map((r) => r.waitUntil));
        if (waitUntil > now) return waitUntil - now;
        for (const { key, rule } of counted) {
          const row = rows.find((r) => r.key === key)!;
          const failures = (row.lastFailedAt > now - rules.forgetAfterMs ? row.failures : 0) + 1;
          const wait = waitAfter(rule, failures);
          // no wait is 0, not `now`: another process's clock a moment behind must not read it as one
          await saveThrottleRow(trx, { key, failures, lastFailedAt: now, waitUntil: wait ? now + wait : 0 });
        }
        return 0;
      });
    },
    /** The right password: forgets the attempt's account-and-client count and the client's. */
    async recordSuccess(username: string, client: string): Promise<void> {
      await deleteThrottleRows(
        db,
        keys(username, client).map((k) => k.key),
      );
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
