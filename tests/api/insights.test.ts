/**
 * GET /api/admin/insights (issue 16, docs/stats.md) on both engines, against a fixed set of leads,
 * events and clicks on a fixed clock: every figure asserted. The 30-day range crosses the end of
 * daylight time (1 November 2026), has a week without a single lead, a lost lead without a
 * reason, a request made on a Sunday evening (Monday in UTC) and an order placed in the range
 * for a request made before it. The shop's hours are the owner's (decision 0204): here Mon-Fri
 * 7-6 and Saturday 8-4, so response times count Saturday's open minutes too.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#app/modules/shared/csv.ts';
import { marginSummary, suppliersSummary, type Insights } from '#app/modules/insights/insights.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { REPLY_PROMISE_MINUTES } from '#app/modules/site/site.ts';
import type { DB } from '#server/db/index.ts';
import { insertCatalogItem } from '#server/db/repo/catalog.ts';
import { insertLead, type NewLead } from '#server/db/repo/leads.ts';
import { insertLinesAsTheyStand, insertSupplier } from '#server/db/repo/orders.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

/** Wednesday 25 November 2026, 12:00 in Winnipeg (CST, UTC−6). */
const NOW = new Date('2026-11-25T18:00:00.000Z');

type Step = { to: LeadStatus; at: string; reason?: string };

/** A lead created at `createdAt` that then moved through `steps` (events at their times). */
async function lead(
  db: Kysely<DB>,
  createdAt: string,
  fields: Partial<NewLead> & { quote?: { at: string; cost: number; sellPrice: number } },
  steps: Step[] = [],
): Promise<number> {
  const { quote, ...rest } = fields;
  const { id } = await insertLead(
    db,
    { urgency: 'flexible', source: 'web', name: 'Test', phone: '+12045550100', ...rest },
    [],
    { now: NOW, actor: 'test', createdAt: new Date(createdAt) },
  );
  let status: LeadStatus = 'new';
  const all: (Step & { type: string })[] = [
    ...(quote ? [{ to: 'quoted' as const, at: quote.at, type: 'quote' }] : []),
    ...steps.map((s) => ({ ...s, type: 'status' })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  for (const step of all) {
    await db
      .insertInto('lead_events')
      .values({
        lead_id: id,
        type: step.type,
        from_status: status,
        to_status: step.to,
        actor: 'staff',
        detail: step.reason ? JSON.stringify({ reason: step.reason }) : null,
        created_at: step.at,
      })
      .execute();
    status = step.to;
  }
  await db
    .updateTable('leads')
    .set({
      status,
      lost_reason: all.find((s) => s.to === 'lost')?.reason ?? null,
      ...(quote
        ? {
            quoted_at: quote.at,
            cost: quote.cost,
            sell_price: quote.sellPrice,
            markup_pct: 0.35,
            eta_days: 3,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

async function click(db: Kysely<DB>, at: string, location: string) {
  await db
    .insertInto('click_events')
    .values({ button_type: 'quote', button_location: location, button_text: 'Get a Quote', created_at: at })
    .execute();
}

async function seedFixture(db: Kysely<DB>) {
  // before the range (it begins Tue 27 Oct, 00:00 CDT = 05:00Z)
  await lead(db, '2026-10-26T15:00:00.000Z', {
    partCategory: 'trailer-parts',
    city: 'selkirk',
    quote: { at: '2026-10-26T15:04:00.000Z', cost: 1000, sellPrice: 1500 },
  });
  // requested before the range, ordered in it (Thu 29 Oct): its revenue counts in October
  await lead(
    db,
    '2026-10-20T15:00:00.000Z',
    { partCategory: 'trailer-parts', quote: { at: '2026-10-20T16:00:00.000Z', cost: 0, sellPrice: 5000 } },
    [{ to: 'ordered', at: '2026-10-29T15:00:00.000Z' }],
  );
  await db.updateTable('leads').set({ cost: null }).where('sell_price', '=', 5000).execute();

  // week of 26 Oct
  // L1 Tue 27 Oct 09:00 CDT, quoted 09:12 (12 min), ordered Wed 28 Oct, fulfilled 3 Nov
  await lead(
    db,
    '2026-10-27T14:00:00.000Z',
    {
      equipment: 'truck',
      city: 'winnipeg',
      partCategory: 'hydraulics-fittings',
      quote: { at: '2026-10-27T14:12:00.000Z', cost: 10000, sellPrice: 13500 },
    },
    [
      { to: 'ordered', at: '2026-10-28T15:00:00.000Z' },
      { to: 'fulfilled', at: '2026-11-03T16:00:00.000Z' },
    ],
  );
  // L2 by text Fri 30 Oct 17:50 CDT, quoted Sat 08:20 (10 + 20 = 30 business minutes), then lost
  // without a reason
  await lead(
    db,
    '2026-10-30T22:50:00.000Z',
    {
      source: 'sms',
      city: 'brandon',
      quote: { at: '2026-10-31T13:20:00.000Z', cost: 2000, sellPrice: 2700 },
    },
    [{ to: 'lost', at: '2026-11-02T15:00:00.000Z' }],
  );
  // L3 Sat 31 Oct 15:00 CDT, quoted Mon 2 Nov 07:30 CST, after the clocks went back
  // (60 on Saturday + 30 on Monday = 90 business minutes)
  await lead(db, '2026-10-31T20:00:00.000Z', {
    equipment: 'ag',
    city: 'steinbach',
    partCategory: 'ag-heavy-equipment',
    quote: { at: '2026-11-02T13:30:00.000Z', cost: 3000, sellPrice: 4000 },
  });

  // week of 2 Nov: no lead at all

  // week of 9 Nov
  // L4 Tue 10 Nov 10:00 CST, quoted 10:05 (5 min), ordered Wed 11 Nov
  await lead(
    db,
    '2026-11-10T16:00:00.000Z',
    {
      equipment: 'truck',
      city: 'winnipeg',
      partCategory: 'hydraulics-fittings',
      quote: { at: '2026-11-10T16:05:00.000Z', cost: 15000, sellPrice: 20000 },
    },
    [{ to: 'ordered', at: '2026-11-11T17:00:00.000Z' }],
  );
  // L5 Thu 12 Nov, lost with a reason, never quoted
  await lead(
    db,
    '2026-11-12T19:00:00.000Z',
    { equipment: 'trailer', city: 'winnipeg', partCategory: 'trailer-parts' },
    [{ to: 'lost', at: '2026-11-13T15:00:00.000Z', reason: 'Found it locally' }],
  );

  // week of 16 Nov: L6 by text on Sunday 22 Nov 20:00 CST (Monday 02:00 in UTC), quoted Monday
  // 07:10 (10 business minutes)
  await lead(db, '2026-11-23T02:00:00.000Z', {
    source: 'sms',
    city: 'winnipeg',
    quote: { at: '2026-11-23T13:10:00.000Z', cost: 5000, sellPrice: 6500 },
  });

  // week of 23 Nov
  await lead(db, '2026-11-25T15:00:00.000Z', {
    equipment: 'truck',
    city: 'brandon',
    partCategory: 'hydraulics-fittings',
  });
  await lead(
    db,
    '2026-11-24T16:00:00.000Z',
    { equipment: 'truck', city: 'steinbach', partCategory: 'lighting-electrical' },
    [{ to: 'lost', at: '2026-11-24T18:00:00.000Z', reason: '  Found it locally ' }],
  );

  await click(db, '2026-10-20T15:00:00.000Z', 'header'); // before the range
  await click(db, '2026-10-27T15:00:00.000Z', 'header');
  await click(db, '2026-10-28T15:00:00.000Z', 'header');
  await click(db, '2026-11-10T15:00:00.000Z', 'home-hero');
  await click(db, '2026-11-24T15:00:00.000Z', 'header');

  // three active hydraulics items: Winnipeg (a priority city) gets an indexed city page
  for (const n of [1, 2, 3]) {
    await insertCatalogItem(
      db,
      {
        slug: `hose-${n}`,
        title: `Hydraulic hose ${n}`,
        description: null,
        category: 'hydraulics-fittings',
        subcategory: null,
        price: 1000,
        cost: 700,
        markupPct: 0.35,
        stockQty: 1,
        images: [],
        brand: null,
        sku: null,
        supplierSku: null,
        specs: {},
        status: 'active',
      },
      NOW,
    );
  }
}

const WEEKS = ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];

eachEngine('insights API', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let cookie: string;
  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => NOW);
    const services = createServices(deps);
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps);
    ({ cookie } = await signIn(app));
    await seedFixture(deps.db);
    // this shop opens Saturdays 8-4 too, and lets staff see the money figures (the owner's Settings)
    const owner = { id: 0, username: 'olivia', displayName: 'Olivia', role: 'owner' as const };
    const open = (from: string, until: string) => ({ open: 'on', from, until });
    await services.shop.update(
      'hours',
      {
        hours: {
          0: open('07:00', '18:00'),
          1: open('07:00', '18:00'),
          2: open('07:00', '18:00'),
          3: open('07:00', '18:00'),
          4: open('07:00', '18:00'),
          5: open('08:00', '16:00'),
        },
      },
      owner,
    );
    // (the hours first: a day's figures are rolled up by the hours in force at its first read)
    // money figures are the owner's until the owner shares them (decision 0204)
    const staffView = (await request(app).get('/api/admin/insights?range=30d').set('Cookie', cookie))
      .body as Insights;
    expect(staffView.revenue).toBeNull();
    expect(staffView.orders.margins).toBeNull();
    await services.shop.update('staff', { staff: { seeMoney: 'on' } }, owner);
  });

  const get = async (range: string) =>
    (await request(app).get(`/api/admin/insights?range=${range}`).set('Cookie', cookie).expect(200))
      .body as Insights;

  it('is for staff only: 401 without a session, 400 with the message for an unknown range', async () => {
    const anonymous = await request(app).get('/api/admin/insights?range=30d');
    expect(anonymous.status).toBe(401);
    const csv = await request(app).get('/api/admin/insights.csv?range=30d');
    expect(csv.status).toBe(401);
    const bad = await request(app).get('/api/admin/insights?range=7d').set('Cookie', cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Range must be 30d, 90d or 365d',
      fieldErrors: { range: ['Range must be 30d, 90d or 365d'] },
    });
    const twice = await request(app).get('/api/admin/insights?range=30d&range=90d').set('Cookie', cookie);
    expect(twice.status).toBe(400);
  });

  it('30 days: the range, leads per week by source (an empty week stays as zeros), the funnel and lost reasons', async () => {
    const i = await get('30d');
    expect(i.range).toBe('30d');
    expect([i.from, i.to]).toEqual(['2026-10-27', '2026-11-25']);
    // the promise customers read (issue 31 item 5), not the marketing average
    expect(i.promisedResponseMinutes).toBe(REPLY_PROMISE_MINUTES);
    expect(i.leads).toEqual({
      total: 8,
      web: 6,
      sms: 2,
      weeks: [
        { week: WEEKS[0], web: 2, sms: 1 },
        { week: WEEKS[1], web: 0, sms: 0 },
        { week: WEEKS[2], web: 2, sms: 0 },
        { week: WEEKS[3], web: 0, sms: 1 },
        { week: WEEKS[4], web: 2, sms: 0 },
      ],
    });
    expect(i.funnel).toEqual({ requests: 8, quoted: 5, ordered: 2, fulfilled: 1, lost: 3 });
    expect(i.lostReasons).toEqual([
      { reason: 'Found it locally', count: 2 },
      { reason: null, count: 1 },
    ]);
  });

  it('30 days: response time in business minutes, median and 90th percentile, overall and per week', async () => {
    const i = await get('30d');
    // 5, 10, 12, 30, 90 minutes
    expect(i.response.quotes).toBe(5);
    expect(i.response.median).toBeCloseTo(12, 6);
    expect(i.response.p90).toBeCloseTo(66, 6);
    expect(i.response.weeks.map((w) => w.week)).toEqual(WEEKS);
    expect(i.response.weeks.map((w) => w.quotes)).toEqual([3, 0, 1, 1, 0]);
    const figures = i.response.weeks.map((w) => [w.median, w.p90]);
    // 12, 30, 90 → median 30, p90 30 + 0.8 × 60
    expect(figures[0]![0]).toBeCloseTo(30, 6);
    expect(figures[0]![1]).toBeCloseTo(78, 6);
    expect(figures[1]).toEqual([null, null]);
    expect(figures[2]![0]).toBeCloseTo(5, 6);
    expect(figures[2]![1]).toBeCloseTo(5, 6);
    expect(figures[3]![0]).toBeCloseTo(10, 6);
    expect(figures[3]![1]).toBeCloseTo(10, 6);
    expect(figures[4]).toEqual([null, null]);
  });

  it('30 days: revenue per month by order date, profit and margin over orders with a known cost', async () => {
    const i = await get('30d');
    expect(i.revenue!.orders).toBe(3);
    expect(i.revenue!.revenue).toBe(13500 + 5000 + 20000);
    expect(i.revenue!.profit).toBe(3500 + 5000);
    expect(i.revenue!.margin).toBeCloseTo(8500 / 33500, 9);
    expect(i.revenue!.months.map((m) => m.month)).toEqual(['2026-10', '2026-11']);
    const [october, november] = i.revenue!.months;
    expect({ ...october, margin: undefined }).toEqual({
      month: '2026-10',
      orders: 2,
      revenue: 18500,
      profit: 3500,
      margin: undefined,
    });
    expect(october!.margin).toBeCloseTo(3500 / 13500, 9);
    expect(november).toEqual({ month: '2026-11', orders: 1, revenue: 20000, profit: 5000, margin: 0.25 });
  });

  it('30 days: clicks per week by location and per request; the top categories, equipment and cities', async () => {
    const i = await get('30d');
    expect(i.clicks.total).toBe(4);
    expect(i.clicks.perLead).toBeCloseTo(0.5, 9);
    expect(i.clicks.locations).toEqual(['header', 'home-hero']);
    expect(i.clicks.weeks).toEqual([
      { week: WEEKS[0], total: 2, byLocation: { header: 2 } },
      { week: WEEKS[1], total: 0, byLocation: {} },
      { week: WEEKS[2], total: 1, byLocation: { 'home-hero': 1 } },
      { week: WEEKS[3], total: 0, byLocation: {} },
      { week: WEEKS[4], total: 1, byLocation: { header: 1 } },
    ]);
    expect(i.top.categories).toEqual([
      { key: 'hydraulics-fittings', label: 'Hydraulics & Fittings', count: 3 },
      { key: 'ag-heavy-equipment', label: 'Ag & Heavy Equipment', count: 1 },
      { key: 'lighting-electrical', label: 'Lighting & Electrical', count: 1 },
      { key: 'trailer-parts', label: 'Trailer Parts', count: 1 },
    ]);
    expect(i.top.equipment).toEqual([
      { key: 'truck', label: 'Truck', count: 4 },
      { key: 'ag', label: 'Agricultural Equipment', count: 1 },
      { key: 'trailer', label: 'Trailer', count: 1 },
    ]);
    expect(i.top.cities).toEqual([
      { key: 'winnipeg', label: 'Winnipeg', count: 4, indexedPage: true },
      { key: 'brandon', label: 'Brandon', count: 2, indexedPage: true },
      { key: 'steinbach', label: 'Steinbach', count: 2, indexedPage: true },
    ]);
  });

  it('90 days takes in the earlier requests; no range means 90 days', async () => {
    const i = await get('90d');
    expect([i.from, i.to]).toEqual(['2026-08-28', '2026-11-25']);
    expect(i.leads.total).toBe(10);
    expect(i.funnel).toEqual({ requests: 10, quoted: 7, ordered: 3, fulfilled: 1, lost: 3 });
    expect(i.response.quotes).toBe(7);
    expect(i.top.cities.find((c) => c.key === 'selkirk')).toEqual({
      key: 'selkirk',
      label: 'Selkirk',
      count: 1,
      indexedPage: false,
    });
    expect(i.leads.weeks[0]!.week).toBe('2026-08-24');
    expect(i.revenue!.months.map((m) => m.month)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    const plain = await request(app).get('/api/admin/insights').set('Cookie', cookie).expect(200);
    expect(plain.body).toEqual(i);
  });

  it('the CSV holds the same figures, one row per figure', async () => {
    const res = await request(app).get('/api/admin/insights.csv?range=30d').set('Cookie', cookie).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="insights-30d-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['Chart', 'Period', 'Series', 'Value', 'Unit']);
    const find = (chart: string, period: string, series: string) =>
      rows.find((r) => r[0] === chart && r[1] === period && r[2] === series)?.[3];
    const range = '2026-10-27 to 2026-11-25';
    expect(find('Leads per week', WEEKS[0]!, 'Web form')).toBe('2');
    expect(find('Leads per week', WEEKS[1]!, 'Text message')).toBe('0');
    expect(find('From request to fulfilled', range, 'Ordered')).toBe('2');
    expect(find('From request to fulfilled', range, 'Ordered of requests')).toBe('0.25');
    expect(find('Lost leads by reason', range, 'No reason given')).toBe('1');
    expect(find('Response time in business minutes', range, 'Median')).toBe('12');
    expect(find('Response time in business minutes', range, '90th percentile')).toBe('66');
    expect(find('Response time in business minutes', WEEKS[1]!, 'Median')).toBe('');
    expect(find('Revenue per month', '2026-11', 'Revenue')).toBe('200');
    expect(find('Revenue per month', '2026-10', 'Orders')).toBe('2');
    // the places of the buttons by the names the page shows (issue 31)
    expect(find('Quote-button clicks per week', WEEKS[2]!, 'Home page hero')).toBe('1');
    expect(find('Quote-button clicks per week', WEEKS[2]!, 'home-hero')).toBeUndefined();
    expect(find('Most requested: City', range, 'Winnipeg')).toBe('4');
  });
});

describe('insights of an empty database', () => {
  eachEngine('insights API, nothing yet', (ctx) => {
    it('answers zeros and empty lists, never a broken figure', async () => {
      const deps = testDeps(ctx().t, () => NOW);
      const services = createServices(deps);
      await seedReference(deps);
      const i = await services.insights.insights('365d', { role: 'owner' });
      expect([i.from, i.to]).toEqual(['2025-11-26', '2026-11-25']);
      expect(i.leads.weeks).toHaveLength(53);
      expect(i.leads.weeks.every((w) => w.web === 0 && w.sms === 0)).toBe(true);
      expect(i.funnel).toEqual({ requests: 0, quoted: 0, ordered: 0, fulfilled: 0, lost: 0 });
      expect(i.lostReasons).toEqual([]);
      expect(i.response).toMatchObject({ quotes: 0, median: null, p90: null });
      expect(i.revenue).toMatchObject({ orders: 0, revenue: 0, profit: 0, margin: null });
      expect(i.revenue!.months).toHaveLength(13);
      expect(i.clicks).toMatchObject({ total: 0, perLead: null, locations: [] });
      expect(i.top).toEqual({ categories: [], equipment: [], cities: [] });
    });
  });
});

describe('what orders really earned, and how suppliers delivered (issue 29)', () => {
  eachEngine('insights API, orders', (ctx) => {
    it('margin quoted and made per month, over orders whose parts all have their cost; suppliers on time and median days', async () => {
      const deps = testDeps(ctx().t, () => NOW);
      const services = createServices(deps);
      await seedReference(deps);
      const db = deps.db;
      const supplier = (name: string) =>
        insertSupplier(
          db,
          {
            name,
            phone: null,
            email: null,
            website: null,
            accountNumber: null,
            leadTimeDays: 2,
            notes: null,
          },
          NOW,
        );
      const [prairie, westman] = [await supplier('Prairie Hydraulics'), await supplier('Westman Ag Parts')];
      const order = async (sell: number) =>
        (
          await insertLead(
            db,
            {
              status: 'ordered',
              urgency: 'flexible',
              source: 'web',
              name: 'Dana',
              phone: '+12045550111',
              sellPrice: sell,
            },
            [],
            { now: NOW, actor: 'test', createdAt: new Date('2026-10-20T16:00:00Z') },
          )
        ).id;
      const line = (
        leadId: number,
        supplierId: number,
        costs: [number, number | null],
        ordered: string,
        promised: string,
        arrived: string | null,
      ) => ({
        leadId,
        supplierId,
        part: 'Part',
        quotedCost: costs[0],
        actualCost: costs[1],
        step: arrived ? ('arrived' as const) : ('ordered' as const),
        promisedDate: promised,
        orderedAt: new Date(ordered),
        arrivedAt: arrived ? new Date(arrived) : null,
        readyAt: null,
        doneAt: null,
        createdAt: new Date(ordered),
      });
      const [one, two, three] = [await order(10_000), await order(20_000), await order(8_000)];
      await insertLinesAsTheyStand(db, [
        // on time (arrived the 4th, promised the 4th), 2 days 4 hours
        line(one, prairie, [6_000, 6_500], '2026-11-02T16:00:00Z', '2026-11-04', '2026-11-04T20:00:00Z'),
        // a day late, 2 days
        line(two, prairie, [12_000, 11_000], '2026-11-10T16:00:00Z', '2026-11-11', '2026-11-12T16:00:00Z'),
        // an order of two parts, one without its actual cost yet: no margin made for October
        line(three, westman, [2_000, 2_500], '2026-10-28T16:00:00Z', '2026-11-02', '2026-11-01T16:00:00Z'),
        line(three, westman, [2_000, null], '2026-10-28T17:00:00Z', '2026-11-03', null),
      ]);

      const i = await services.insights.insights('30d', { role: 'owner' });
      expect(i.orders.margins!).toEqual([
        { month: '2026-10', orders: 1, quoted: 0.5, actual: null },
        { month: '2026-11', orders: 2, quoted: 0.4, actual: expect.closeTo(12_500 / 30_000, 9) },
      ]);
      expect(i.orders.suppliers).toEqual([
        {
          supplier: 'Prairie Hydraulics',
          arrived: 2,
          onTime: 0.5,
          medianDays: expect.closeTo((2 + 2 + 4 / 24) / 2, 9),
        },
        { supplier: 'Westman Ag Parts', arrived: 1, onTime: 1, medianDays: 4 },
      ]);
      expect(marginSummary(i.orders.margins!)).toBe(
        'Over 2 orders, the margin made was 42%, 1.7 points better than quoted (40%).',
      );
      expect(suppliersSummary(i.orders.suppliers)).toBe(
        '3 parts arrived from 2 suppliers; least on time: Prairie Hydraulics (50%).',
      );
      const { csv } = await services.insights.insightsCsv('30d', { role: 'owner' });
      expect(csv).toContain('Margin quoted and made per month,2026-11,Actual margin,0.4167,fraction');
      expect(csv).toContain(
        'Suppliers: on time and how long,2026-10-27 to 2026-11-25,Prairie Hydraulics: on time,0.5,fraction',
      );
    });
  });
});
