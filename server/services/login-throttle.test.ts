/**
 * The sign-in throttle in the database (decision 0176), on both engines: waits per account and
 * client and per client, doubling to a cap; a count forgotten a day after its last failure; a
 * success forgets; attempts sent at once, from two processes, counted once each; a restart
 * forgets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachEngine } from '../../tests/support/databases.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { clientOf } from '../http/client.ts';
import { createLoginThrottle, SIGN_IN_THROTTLE, waitAfter } from './login-throttle.ts';
import type { ServiceDeps } from './context.ts';
import { SWEEP_EVERY_MS } from './rate-limits.ts';

/** A client's key as the HTTP edge reads it (an IPv6 client by its /56). */
const keyOf = (address: string) => clientOf(address, '').key;

const T0 = new Date('2026-11-21T18:00:00.000Z').getTime();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('waitAfter', () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, MIN],
    [6, 2 * MIN],
    [7, 4 * MIN],
    [8, 8 * MIN],
    [9, 15 * MIN],
    [50, 15 * MIN],
    [1000, 15 * MIN],
  ])('an account and client waits after failure %i: %i ms', (failures, wait) => {
    expect(waitAfter(SIGN_IN_THROTTLE.account, failures)).toBe(wait);
  });

  it('lets a client fail 19 times over every username before a wait', () => {
    expect(waitAfter(SIGN_IN_THROTTLE.client, 19)).toBe(0);
    expect(waitAfter(SIGN_IN_THROTTLE.client, 20)).toBe(MIN);
  });
});

eachEngine('login throttle', (ctx, engine) => {
  // another process: on PostgreSQL connections of its own; SQLite is one process (decision 0092)
  // whose one connection takes transactions in turn (node:sqlite waits for a lock synchronously)
  let other: Database | undefined;
  let otherDeps: Pick<ServiceDeps, 'db' | 'engine'>;
  beforeAll(() => {
    if (engine === 'postgres') other = openDatabase(ctx().t.config.database, { poolSize: 4 });
    otherDeps = other ? { db: other.db, engine: other.engine } : ctx().deps;
  });
  afterAll(async () => {
    await other?.close();
  });

  it('makes an account wait from one client only, from the fifth failure', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < 5; i++) expect(await throttle.attempt('Alice', '192.0.2.1', T0 + i * 1000)).toBe(0);
    // the same account from the same client, however the name is typed
    expect(await throttle.attempt(' ALICE ', '192.0.2.1', T0 + 5000)).toBe(MIN - 1000);
    // another client, another account
    expect(await throttle.attempt('alice', '192.0.2.2', T0 + 5000)).toBe(0);
    expect(await throttle.attempt('bob', '192.0.2.1', T0 + 5000)).toBe(0);
    // the wait over, the next failure doubles it
    expect(await throttle.attempt('alice', '192.0.2.1', T0 + 4000 + MIN)).toBe(0);
    expect(await throttle.attempt('alice', '192.0.2.1', T0 + 4001 + MIN)).toBe(2 * MIN - 1);
  });

  it('counts one client over every username, and an IPv6 client by its /56', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < 20; i++)
      expect(
        await throttle.attempt(`user-${i}`, keyOf(`2001:db8:7:${(i * 13).toString(16)}::${i}`), T0),
      ).toBe(0);
    expect(await throttle.attempt('someone-else', keyOf('2001:db8:7:ff::1'), T0 + 1)).toBe(MIN - 1);
    expect(await throttle.attempt('someone-else', keyOf('2001:db8:7:100::1'), T0 + 1)).toBe(0);
  });

  it('forgets a count a day after its last failure', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < 4; i++) await throttle.attempt('carol', '198.51.100.1', T0 + i);
    expect(await throttle.attempt('carol', '198.51.100.1', T0 + 3 + DAY)).toBe(0);
    for (let i = 0; i < 3; i++) await throttle.attempt('carol', '198.51.100.1', T0 + 4 + DAY + i);
    // four since the day passed: no wait yet
    expect(await throttle.attempt('carol', '198.51.100.1', T0 + 10 + DAY)).toBe(0);
    expect(await throttle.attempt('carol', '198.51.100.1', T0 + 11 + DAY)).toBeGreaterThan(0);
  });

  it('a success forgets the account and client count and the client count', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    for (let i = 0; i < 4; i++) await throttle.attempt('dave', '192.0.2.40', T0 + i);
    await throttle.recordSuccess('dave', '192.0.2.40');
    for (let i = 0; i < 4; i++) await throttle.attempt('dave', '192.0.2.40', T0 + 10 + i);
    expect(await throttle.attempt('dave', '192.0.2.40', T0 + 20)).toBe(0);
  });

  it('gives attempts sent at once from two processes five tries, and a restarted one the wait', async () => {
    const here = createLoginThrottle(ctx().deps);
    const there = createLoginThrottle(otherDeps);
    const waits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? here : there).attempt('erin', '192.0.2.60', T0 + i)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    const restarted = createLoginThrottle(otherDeps);
    expect(await restarted.attempt('erin', '192.0.2.60', T0 + 30_000)).toBeGreaterThan(0);
  });

  it('stores a username holding U+0000 as a key PostgreSQL accepts', async () => {
    const throttle = createLoginThrottle(ctx().deps);
    expect(await throttle.attempt('nul\u0000name', '192.0.2.70', T0)).toBe(0);
    expect(await throttle.attempt('nul\u0000name', '192.0.2.70', T0)).toBe(0);
  });

  it('removes counts a day old whose wait is over', async () => {
    const { db } = ctx().deps;
    const throttle = createLoginThrottle(ctx().deps);
    const later = T0 + 10 * DAY; // long after every attempt above
    await throttle.attempt('frank', '192.0.2.80', later);
    const rows = await db.selectFrom('login_throttle').select('key').execute();
    expect(rows.map((r) => r.key).sort()).toEqual(['c:192.0.2.80', 'p:192.0.2.80 frank']);
    // the next sweep is one interval later
    await throttle.attempt('grace', '192.0.2.81', later + SWEEP_EVERY_MS - 1);
    expect(await db.selectFrom('login_throttle').select('key').execute()).toHaveLength(4);
  });
});
