/**
 * The start-up lock: on PostgreSQL, processes preparing one schema take turns (however long the
 * wait), and a process on another schema does not wait for them; on either engine the work's
 * result comes back.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, eachEngine, type TestDatabase } from '../../tests/support/databases.ts';
import { openDatabase, type Database } from './index.ts';
import { withStartupLock } from './startup-lock.ts';

const WEB_TIMEOUT_MS = 1_000;

eachEngine('start-up lock', (ctx, engine) => {
  it('runs the work and returns its result', async () => {
    expect(await withStartupLock(ctx().t.database, async () => 42)).toBe(42);
  });

  if (engine !== 'postgres') return;

  let second: Database;
  let elsewhere: TestDatabase;
  beforeAll(async () => {
    // a web pool with a short statement timeout (DATABASE_TIMEOUT_MS), to outwait it sooner
    second = openDatabase(ctx().t.config.database, { poolSize: 2, timeoutMs: WEB_TIMEOUT_MS });
    elsewhere = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await second?.close();
    await elsewhere?.drop();
  });

  it('makes two processes on one schema take turns, and lets another schema through', async () => {
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const firstIsIn = new Promise<void>((resolve) => (firstStarted = resolve));

    const first = withStartupLock(ctx().t.database, async () => {
      events.push('first in');
      firstStarted();
      await firstMayEnd;
      events.push('first out');
    });
    await firstIsIn;
    const waiting = withStartupLock(second, async () => {
      events.push('second in');
    });
    await waitUntilSomeoneWaitsForTheLock(ctx().t.database);
    // another schema's start-up is not held up by this one's
    await withStartupLock(elsewhere.database, async () => {
      events.push('other schema');
    });
    // the second process still waits; its work runs only once the first is done
    expect(events).toEqual(['first in', 'other schema']);
    releaseFirst();
    await Promise.all([first, waiting]);
    expect(events).toEqual(['first in', 'other schema', 'first out', 'second in']);
  });

  it("waits for the lock longer than the web pool's statement timeout", async () => {
    const first = withStartupLock(
      ctx().t.database,
      () => new Promise((resolve) => setTimeout(resolve, WEB_TIMEOUT_MS + 1_000)),
    );
    await waitUntilSomeoneHoldsTheLock(ctx().t.database);
    expect(await withStartupLock(second, async () => 'second')).toBe('second');
    await first;
  }, 20_000);

  it('releases the lock when the work fails', async () => {
    await expect(
      withStartupLock(ctx().t.database, async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    expect(await withStartupLock(second, async () => 'next')).toBe('next');
  });
});

/** Polls pg_locks until a session holds a start-up lock. */
async function waitUntilSomeoneHoldsTheLock(database: Database) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ holding: number }>`
      select count(*) as holding from pg_locks
      where locktype = 'advisory' and granted and classid = ${0x50484d42}`.execute(database.db);
    if (Number(rows[0]?.holding) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no session held the start-up lock within 10 s');
}

/** Polls pg_locks until a session waits for a start-up lock (the second process is blocked there). */
async function waitUntilSomeoneWaitsForTheLock(database: Database) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*) as waiting from pg_locks
      where locktype = 'advisory' and not granted and classid = ${0x50484d42}`.execute(database.db);
    if (Number(rows[0]?.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no session waited for the start-up lock within 10 s');
}
