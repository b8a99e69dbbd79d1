/**
 * GET /api/admin/stats (product.md §3 'Lead stats', decision 0005) on a fixed clock: four public figures for
 * everyone, computed from live data with the marketing baselines where data is thin; the lead
 * summary (America/Winnipeg day and month) only with a staff session; its month's revenue only for
 * the owner, and for staff once the owner allows them to see money (decision 0204).
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeDoor } from '#server/changes/index.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead, type NewLead } from '#server/db/repo/leads.ts';
import { findUserByUsername } from '#server/db/repo/users.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import { PAGE_FIGURES_TTL_MS } from '#server/services/stats.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

/** Saturday 21 November 2026, 12:00 in Winnipeg (CST, UTC-6). */
const NOW = new Date('2026-11-21T18:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PUBLIC_KEYS = ['avgETA', 'citiesServed', 'partsSourced', 'avgResponseTime'].sort();
/** The owner's account beside the staff member's (tests/support/admin.ts) */
const OWNER = { username: 'olivia', password: 'owner horse battery staple' };

async function lead(
  db: Kysely<DB>,
  createdAt: string,
  fields: Partial<NewLead> = {},
  orderedAt?: string,
): Promise<number> {
  // a lead ordered later came in, was quoted, then moved on: its final status is set afterwards
  const { id } = await insertLead(
    db,
    {
      urgency: 'flexible',
      source: 'web',
      name: 'Test',
      phone: '+12045550100',
      ...fields,
      ...(orderedAt ? { status: 'quoted' } : {}),
    },
    [],
    { now: NOW, actor: 'test', createdAt: new Date(createdAt) },
  );
  if (orderedAt) {
    await db
      .insertInto('lead_events')
      .values({
        lead_id: id,
        type: 'status',
        from_status: 'quoted',
        to_status: 'ordered',
        actor: 'staff',
        detail: null,
        created_at: orderedAt,
      })
      .execute();
    await db
      .updateTable('leads')
      .set({ status: fields.status ?? 'ordered' })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

/** A lead quoted `afterMinutes` after it came in, `daysAgo` days before NOW. */
const quoted = (
  db: Kysely<DB>,
  daysAgo: number,
  afterMinutes: number,
  etaDays: number,
  status = 'quoted',
) => {
  const created = NOW.getTime() - daysAgo * DAY;
  return lead(db, new Date(created).toISOString(), {
    status: status as NewLead['status'],
    etaDays,
    cost: 10000,
    markupPct: 0.4,
    sellPrice: 14000,
    quotedAt: new Date(created + afterMinutes * MINUTE).toISOString(),
  });
};

eachEngine('stats API', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createServices>;
  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => NOW);
    services = createServices(deps);
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps);
    await createStaff(deps, OWNER, 'owner');
  });

  it('without data, shows the product.md §9 baselines (cities served counts the real cities above 30)', async () => {
    const res = await request(app).get('/api/admin/stats').expect(200);
    expect(res.body).toEqual({ avgETA: 2.3, partsSourced: 12847, citiesServed: 36, avgResponseTime: 18 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the averages at their baselines until there are 5 quotes in the last 90 days', async () => {
    const { db } = ctx().deps;
    for (const [daysAgo, minutes, eta] of [
      [1, 10, 1],
      [2, 20, 2],
      [3, 30, 3],
      [4, 40, 4],
    ]) {
      await quoted(db, daysAgo!, minutes!, eta!);
    }
    // a quote older than the window does not count
    await quoted(db, 120, 600, 30);
    expect((await request(app).get('/api/admin/stats').expect(200)).body).toMatchObject({
      avgETA: 2.3,
      avgResponseTime: 18,
    });

    await quoted(db, 5, 50, 5, 'ordered');
    // Saturday noon: closed with the first hours (Mon-Fri 7-6), so its 30 minutes count nothing
    // (docs/stats.md: only the minutes the shop is open count; decision 0204)
    await quoted(db, 7, 30, 3, 'fulfilled');
    // 6 quotes in the window: ETAs 1,2,3,4,5,3 → 3.0 days; 10,20,30,40,50,0 minutes → 25
    const res = await request(app).get('/api/admin/stats').expect(200);
    expect(res.body).toEqual({ avgETA: 3, partsSourced: 12847 + 2, citiesServed: 36, avgResponseTime: 25 });
  });

  it('without a session tells only the four public figures', async () => {
    const res = await request(app).get('/api/admin/stats').expect(200);
    expect(Object.keys(res.body).sort()).toEqual(PUBLIC_KEYS);
    // a forged or stale cookie is no session either
    const forged = await request(app)
      .get('/api/admin/stats')
      .set('Cookie', 'phmb_session=forged')
      .expect(200);
    expect(Object.keys(forged.body).sort()).toEqual(PUBLIC_KEYS);
  });

  it('with the owner’s session adds status counts, today, pending quotes and this month’s revenue (America/Winnipeg)', async () => {
    const { db } = ctx().deps;
    // today in Winnipeg began at 06:00Z
    await lead(db, '2026-11-21T06:00:00.000Z', { status: 'new' });
    await lead(db, '2026-11-21T17:59:00.000Z', { status: 'qualified' });
    await lead(db, '2026-11-21T05:59:59.000Z', { status: 'new' }); // 23:59 yesterday, local
    // this month in Winnipeg began on 1 November at 05:00Z (CDT until that day's 02:00)
    await lead(
      db,
      '2026-10-30T12:00:00.000Z',
      { status: 'ordered', sellPrice: 12345 },
      '2026-11-01T05:00:00.000Z',
    );
    await lead(
      db,
      '2026-10-30T12:00:00.000Z',
      { status: 'fulfilled', sellPrice: 6789 },
      '2026-11-20T16:00:00.000Z',
    );
    // ordered on 31 October, local time: last month
    await lead(
      db,
      '2026-10-30T12:00:00.000Z',
      { status: 'ordered', sellPrice: 50000 },
      '2026-11-01T04:59:00.000Z',
    );
    // ordered this month but lost afterwards
    await lead(
      db,
      '2026-11-02T12:00:00.000Z',
      { status: 'lost', sellPrice: 70000 },
      '2026-11-03T12:00:00.000Z',
    );

    // the owner's: a staff member gets no revenue until the owner allows it (the next suite)
    const session = await signIn(app, OWNER);
    const res = await request(app).get('/api/admin/stats').set('Cookie', session.cookie).expect(200);
    expect(res.body).toEqual({
      avgETA: 3,
      partsSourced: 12847 + 5,
      citiesServed: 36,
      // the Saturday quote of the test before counts no open minute (Mon-Fri hours)
      avgResponseTime: 25,
      statusCounts: { new: 2, qualified: 1, quoted: 5, ordered: 3, fulfilled: 2, lost: 1 },
      todayLeads: 2,
      pendingQuotes: 3,
      // 123.45 + 67.89, and 140.00 each for the two leads created as ordered and fulfilled on
      // 16 and 14 November (a lead created in that status counts from its creation)
      monthlyRevenue: 471.34,
    });
  });
});

eachEngine('the month’s revenue in the lead summary (decision 0204)', (ctx) => {
  it('is absent for staff until the owner allows them to see money; the owner always has it', async () => {
    const deps = testDeps(ctx().t, () => NOW);
    const services = createServices(deps);
    const app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps);
    await createStaff(deps, OWNER, 'owner');
    await lead(
      deps.db,
      '2026-10-30T12:00:00.000Z',
      { status: 'ordered', sellPrice: 12345 },
      '2026-11-02T12:00:00.000Z',
    );
    await lead(deps.db, '2026-11-21T07:00:00.000Z', { status: 'new' });
    const staff = await signIn(app);
    const owner = await signIn(app, OWNER);
    const statsOf = async (session: { cookie: string }) =>
      (await request(app).get('/api/admin/stats').set('Cookie', session.cookie).expect(200)).body as Record<
        string,
        unknown
      >;

    // staff: the rest of the summary as before, and no revenue at all (absent, not 0)
    const hidden = await statsOf(staff);
    expect(hidden).not.toHaveProperty('monthlyRevenue');
    expect(hidden).toMatchObject({
      statusCounts: expect.objectContaining({ new: 1, ordered: 1 }),
      todayLeads: 1,
      pendingQuotes: 1,
      avgResponseTime: 18,
    });
    expect(await statsOf(owner)).toMatchObject({ monthlyRevenue: 123.45, todayLeads: 1 });

    // the owner allows staff on Settings (the change the Settings screen's 'staff' form performs)
    const { id, username, displayName } = (await findUserByUsername(deps.db, OWNER.username))!;
    const staffMay = (staff: Record<string, string>) =>
      changeDoor(services).perform(
        'settings.shop',
        { section: 'staff', staff },
        { id, username, displayName, role: 'owner' },
      );
    await staffMay({ seeMoney: 'on' });
    expect(await statsOf(staff)).toMatchObject({ monthlyRevenue: 123.45, todayLeads: 1 });

    // and takes it back: gone again
    await staffMay({});
    expect(await statsOf(staff)).not.toHaveProperty('monthlyRevenue');
  });
});

describe('cities served', () => {
  eachEngine('stats without cities', (ctx) => {
    it('never shows fewer than 30 cities served', async () => {
      const stats = await createServices(testDeps(ctx().t, () => NOW)).stats.publicStats();
      expect(stats.citiesServed).toBe(30);
    });
  });
});

describe('the figures the public pages show (docs/performance.md)', () => {
  eachEngine('page figures', (ctx) => {
    it('are kept up to 10 s, or until a content change, while the API reads them anew', async () => {
      let clock = NOW;
      const deps = testDeps(ctx().t, () => clock);
      const services = createServices(deps);
      await seedReference(deps);
      expect((await services.stats.pageStats()).partsSourced).toBe(12847);
      await quoted(deps.db, 1, 10, 2, 'ordered');
      expect((await services.stats.publicStats()).partsSourced).toBe(12848);
      clock = new Date(NOW.getTime() + PAGE_FIGURES_TTL_MS - 1);
      expect((await services.stats.pageStats()).partsSourced).toBe(12847);
      clock = new Date(NOW.getTime() + PAGE_FIGURES_TTL_MS);
      expect((await services.stats.pageStats()).partsSourced).toBe(12848);
      await quoted(deps.db, 2, 20, 3, 'fulfilled');
      await services.changes.publish();
      expect((await services.stats.pageStats()).partsSourced).toBe(12849);
    });
  });
});
