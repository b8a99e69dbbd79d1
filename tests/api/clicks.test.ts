/**
 * Quote-button clicks (product.md §3 'Click event', §7): POST /api/clicks stores a validated,
 * length-bounded click and is rate-limited per client; GET /api/clicks/stats is for staff only and
 * counts today in America/Winnipeg.
 */
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { insertClick } from '#server/db/repo/clicks.ts';
import { createServices } from '#server/services/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

/** 21 November 2026, 12:00 in Winnipeg; the local day began at 06:00Z. */
const NOW = new Date('2026-11-21T18:00:00.000Z');
const valid = { buttonType: 'quote', buttonLocation: 'home-hero', buttonText: 'Get Quote' };

eachEngine('clicks API', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => NOW);
    app = createTestApp(deps, createServices(deps));
    await createStaff(deps);
  });

  it('POST /api/clicks stores buttonType, buttonLocation and buttonText with the time', async () => {
    await request(app).post('/api/clicks').send(valid).expect(201, { ok: true });
    const rows = await ctx().deps.db.selectFrom('click_events').selectAll().execute();
    expect(rows.map((r) => [r.button_type, r.button_location, r.button_text, r.created_at])).toEqual([
      ['quote', 'home-hero', 'Get Quote', NOW.toISOString()],
    ]);
  });

  it.each([
    ['a missing field', { buttonType: 'quote', buttonLocation: 'header' }, ['buttonText']],
    ['empty text', { ...valid, buttonType: '  ' }, ['buttonType']],
    ['too long a type (40 max)', { ...valid, buttonType: 'x'.repeat(41) }, ['buttonType']],
    ['too long a location (60 max)', { ...valid, buttonLocation: 'x'.repeat(61) }, ['buttonLocation']],
    ['too long a text (120 max)', { ...valid, buttonText: 'x'.repeat(121) }, ['buttonText']],
    ['numbers instead of text', { ...valid, buttonText: 42 }, ['buttonText']],
  ])('rejects %s with 400 and field errors', async (_name, body, fields) => {
    const before = await ctx().deps.db.selectFrom('click_events').select('id').execute();
    const res = await request(app).post('/api/clicks').send(body).expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(fields);
    const after = await ctx().deps.db.selectFrom('click_events').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('GET /api/clicks/stats needs a staff session', async () => {
    const res = await request(app).get('/api/clicks/stats').expect(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/clicks/stats counts all clicks, today’s (America/Winnipeg) and clicks per location', async () => {
    const { db } = ctx().deps;
    const header = { buttonType: 'quote', buttonLocation: 'header', buttonText: 'Get a Quote' };
    await insertClick(db, header, new Date('2026-11-21T06:00:00.000Z')); // local midnight: today
    await insertClick(db, header, new Date('2026-11-21T05:59:59.000Z')); // 23:59 yesterday, local
    await insertClick(db, header, new Date('2026-10-02T12:00:00.000Z'));
    await insertClick(
      db,
      { buttonType: 'quote', buttonLocation: 'parts-sourcing-hero', buttonText: 'Text Us Your Part' },
      new Date('2026-11-21T17:00:00.000Z'),
    );
    const session = await signIn(app);
    const res = await request(app).get('/api/clicks/stats').set('Cookie', session.cookie).expect(200);
    // the home-hero click of the first test was recorded at NOW
    expect(res.body).toEqual({
      totalClicks: 5,
      todayClicks: 3,
      buttonBreakdown: { header: 3, 'home-hero': 1, 'parts-sourcing-hero': 1 },
    });
  });

  it('answers zeros when nobody has clicked', async () => {
    await ctx().deps.db.deleteFrom('click_events').execute();
    const session = await signIn(app);
    const res = await request(app).get('/api/clicks/stats').set('Cookie', session.cookie).expect(200);
    expect(res.body).toEqual({ totalClicks: 0, todayClicks: 0, buttonBreakdown: {} });
  });

  it('limits each client to 60 clicks a minute', async () => {
    // counts live in the database, per client address, across app instances (processes): a minute
    // after the clicks above, this client's window has started again
    const later = new Date(NOW.getTime() + 60_000);
    const deps = testDeps(ctx().t, () => later);
    const limited = createTestApp(deps, createServices(deps));
    for (let i = 0; i < 60; i++) await request(limited).post('/api/clicks').send(valid).expect(201);
    const res = await request(limited).post('/api/clicks').send(valid).expect(429);
    expect(res.body).toEqual({
      message: 'Too many clicks recorded from your connection. Please wait a minute.',
    });
    expect(res.headers['ratelimit-policy']).toMatch(/60/);
  });
});
