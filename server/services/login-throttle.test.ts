/**
 * The sign-in throttle in the database (decision 0092), on both engines: the same rules as before
 * (5 failures per username, 20 per client, in a sliding 15-minute window; a 15-minute lock; a
 * success clears), now shared by every process and kept across a restart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachEngine } from '../../tests/support/databases.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { createLoginThrottle, DEFAULT_THROTTLE } from './login-throttle.ts';
import { SWEEP_EVERY_MS } from './rate-limits.ts';

const T0 = new Date('2026-11-21T18:00:00.000Z').getTime();
const MIN = 60_000;

eachEngine('login throttle', (ctx) => {
  let other: Database;
  beforeAll(() => {
    other = openDatabase(ctx().t.config.database, { poolSize: 4 });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('locks a username for 15 minutes at the fifth failure within 15 minutes', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < 4; i++) await throttle.recordFailure('Alice', '192.0.2.1', T0 + i * MIN);
    expect(await throttle.retryAfterMs('alice', '192.0.2.2', T0 + 4 * MIN)).toBe(0);
    await throttle.recordFailure(' ALICE ', '192.0.2.3', T0 + 4 * MIN);
    // locked for the username whatever the client, and from the lock's start
    expect(await throttle.retryAfterMs('alice', '192.0.2.9', T0 + 5 * MIN)).toBe(14 * MIN);
    expect(await throttle.retryAfterMs('alice', '192.0.2.9', T0 + 19 * MIN)).toBe(0);
    expect(await throttle.retryAfterMs('bob', '192.0.2.1', T0 + 5 * MIN)).toBe(0);
  });

  it('counts failures in a sliding window: older ones no longer count', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < 4; i++) await throttle.recordFailure('carol', `198.51.100.${i}`, T0 + i * MIN);
    // the first failure (T0) has left the window 15 minutes later
    await throttle.recordFailure('carol', '198.51.100.9', T0 + 15 * MIN);
    expect(await throttle.retryAfterMs('carol', '198.51.100.9', T0 + 15 * MIN)).toBe(0);
    await throttle.recordFailure('carol', '198.51.100.9', T0 + 15 * MIN + 1);
    expect(await throttle.retryAfterMs('carol', '198.51.100.9', T0 + 16 * MIN)).toBeGreaterThan(0);
  });

  it('locks a client after 20 failures over any usernames', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < DEFAULT_THROTTLE.maxPerClient; i++)
      await throttle.recordFailure(`user-${i}`, '203.0.113.50', T0 + i * 1000);
    expect(await throttle.retryAfterMs('someone-else', '203.0.113.50', T0 + 30_000)).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs('someone-else', '203.0.113.51', T0 + 30_000)).toBe(0);
  });

  it('a success clears the failures of that username', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < 4; i++) await throttle.recordFailure('dave', '192.0.2.40', T0 + i);
    await throttle.recordSuccess('dave', '192.0.2.40');
    for (let i = 0; i < 4; i++) await throttle.recordFailure('dave', '192.0.2.40', T0 + 10 + i);
    expect(await throttle.retryAfterMs('dave', '192.0.2.40', T0 + 20)).toBe(0);
  });

  it('counts once across processes and survives a restart', async () => {
    const here = createLoginThrottle(ctx().deps);
    const there = createLoginThrottle({ db: other.db });
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        (i % 2 ? here : there).recordFailure('erin', `192.0.2.6${i}`, T0 + i),
      ),
    );
    // a process started afterwards (a restart) sees the lock
    const restarted = createLoginThrottle({ db: other.db });
    expect(await restarted.retryAfterMs('erin', '192.0.2.99', T0 + MIN)).toBeGreaterThan(13 * MIN);
  });

  it('stores a username holding U+0000 as a key PostgreSQL accepts', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    await throttle.recordFailure('nul\u0000name', '192.0.2.70', T0);
    expect(await throttle.retryAfterMs('nul\u0000name', '192.0.2.70', T0)).toBe(0);
  });

  it('removes failures older than the window and ended locks', async () => {
    const { db } = ctx().deps;
    const throttle = createLoginThrottle(ctx().deps);
    const later = T0 + 10 * 24 * 60 * MIN; // long after every failure and lock above
    await throttle.recordFailure('frank', '192.0.2.80', later);
    const failures = await db.selectFrom('login_failures').select('key').execute();
    expect(failures.map((r) => r.key).sort()).toEqual(['c:192.0.2.80', 'u:frank']);
    expect(await db.selectFrom('login_locks').select('key').execute()).toEqual([]);
    // the next sweep is one interval later
    await throttle.recordFailure('grace', '192.0.2.81', later + SWEEP_EVERY_MS - 1);
    expect(await db.selectFrom('login_failures').select('key').execute()).toHaveLength(4);
  });
});
