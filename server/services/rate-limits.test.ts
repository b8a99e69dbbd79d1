/**
 * The request rate limits' counters in the database (decision 0092), on both engines: fixed windows,
 * every hit counted exactly once even when two processes (two connections to one database) hit the
 * same key at the same moment, and ended windows removed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachEngine, testDeps } from '../../tests/support/databases.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { rateLimitService, SWEEP_EVERY_MS } from './rate-limits.ts';

const T0 = new Date('2026-11-21T18:00:00.000Z').getTime();
const WINDOW = 60_000;

eachEngine('rate limit counters', (ctx) => {
  let clock = T0;
  let other: Database;
  const limits = () => rateLimitService({ ...ctx().deps, now: () => new Date(clock) });
  beforeAll(() => {
    // a second process: its own connection(s) to the same database
    other = openDatabase(ctx().t.config.database, { poolSize: 4 });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('counts hits of a key in a fixed window and starts again when it ends', async () => {
    clock = T0;
    const service = limits();
    expect(await service.hit('a', WINDOW)).toEqual({ hits: 1, resetsAt: T0 + WINDOW });
    clock = T0 + 59_000;
    expect(await service.hit('a', WINDOW)).toEqual({ hits: 2, resetsAt: T0 + WINDOW });
    expect(await service.hit('b', WINDOW)).toEqual({ hits: 1, resetsAt: clock + WINDOW });
    clock = T0 + WINDOW;
    expect(await service.hit('a', WINDOW)).toEqual({ hits: 1, resetsAt: clock + WINDOW });
  });

  it('takes back a hit and forgets a key', async () => {
    clock = T0 + 10 * WINDOW;
    const service = limits();
    await service.hit('undo', WINDOW);
    await service.hit('undo', WINDOW);
    await service.undo('undo');
    expect((await service.hit('undo', WINDOW)).hits).toBe(2);
    await service.reset('undo');
    expect((await service.hit('undo', WINDOW)).hits).toBe(1);
  });

  it('counts concurrent hits from two processes once each', async () => {
    clock = T0 + 20 * WINDOW;
    const here = limits();
    const there = rateLimitService({ ...testDeps(ctx().t), db: other.db, now: () => new Date(clock) });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? here : there).hit('shared', WINDOW)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(new Set(results.map((r) => r.resetsAt))).toEqual(new Set([clock + WINDOW]));
  });

  it('removes ended windows, at most once per sweep interval', async () => {
    const { db } = ctx().deps;
    await db.deleteFrom('rate_limits').execute();
    clock = T0 + 100 * WINDOW;
    const service = limits();
    await service.hit('old', WINDOW); // first hit of this process: sweeps (nothing yet), then counts
    clock += WINDOW;
    await service.hit('fresh', WINDOW); // within the sweep interval: 'old' (ended) stays for now
    const keys = async () =>
      (await db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map((r) => r.key);
    expect(await keys()).toEqual(['fresh', 'old']);
    clock += SWEEP_EVERY_MS;
    await service.hit('later', WINDOW);
    expect(await keys()).toEqual(['later']);
  });
});
