/**
 * Lead Management's API (product.md §2, §4, §7; decision 0005; decision 0050) on both engines with a fixed
 * clock: the list and board, every status transition (allowed and refused) with its lead event,
 * quotes recomputed on the server (a price in the payload is ignored) with the customer's SMS in
 * the outbox, the stats the cards show after real changes, the CSV report and 'Generate SEO Pages'.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#app/modules/shared/csv.ts';
import type { LeadBoard, LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { LEAD_STATUSES, type Lead, type LeadStatus, type Urgency } from '#app/modules/leads/leads.ts';
import { canTransition } from '#app/modules/leads/status.ts';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead, type NewLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { answerOf, routeContext } from '../support/route-context.ts';
import * as settingsRoute from '#app/routes/admin-settings.tsx';

/** Saturday 21 November 2026, 12:00 in Winnipeg (CST, UTC-6). */
const NOW = new Date('2026-11-21T18:00:00.000Z');
const MINUTE = 60_000;

async function addLead(
  db: Kysely<DB>,
  fields: Partial<NewLead> = {},
  createdAt = new Date(NOW.getTime() - 60 * MINUTE),
): Promise<number> {
  const { id } = await insertLead(
    db,
    { urgency: 'flexible', source: 'web', name: 'Dana Friesen', phone: '(204) 555-0123', ...fields },
    [],
    { now: NOW, actor: 'customer', createdAt },
  );
  return id;
}

/** The owner, who reads the month's revenue (staff do not, unless allowed: decision 0204) */
const OWNER = { username: 'olivia', password: 'owner horse battery staple' };

eachEngine('lead management API', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let session: { cookie: string; token: string };
  let owner: { cookie: string; token: string };
  const clock = NOW;
  const as = () => ({ Cookie: session.cookie, 'X-CSRF-Token': session.token });
  const get = (url: string) => request(app).get(url).set(as());
  const patch = (id: number, body: object) => request(app).patch(`/api/leads/${id}`).set(as()).send(body);
  const quote = (id: number, body: object) =>
    request(app).post(`/api/leads/${id}/quote`).set(as()).send(body);

  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => clock);
    const services = createServices(deps);
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps);
    await createStaff(deps, OWNER, 'owner');
    session = await signIn(app);
    owner = await signIn(app, OWNER);
  });

  describe('status transitions (product.md §4)', () => {
    const leadIn = async (status: LeadStatus) => addLead(ctx().deps.db, { status });

    for (const from of LEAD_STATUSES) {
      for (const to of LEAD_STATUSES) {
        const allowed = canTransition(from, to);
        it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused with 409'}`, async () => {
          const id = await leadIn(from);
          const res = await patch(
            id,
            to === 'lost' ? { status: to, reason: 'Found it locally' } : { status: to },
          );
          if (!allowed) {
            expect(res.status).toBe(409);
            expect(res.body.message).toEqual(expect.any(String));
            const after = (await get(`/api/leads/${id}`).expect(200)).body as LeadDetails;
            expect(after.status).toBe(from);
            expect(after.events.map((e) => e.type)).toEqual(['created']);
            return;
          }
          expect(res.status).toBe(200);
          const body = res.body as LeadDetails;
          expect(body.status).toBe(to);
          expect(body.events.at(-1)).toMatchObject({
            type: 'status',
            fromStatus: from,
            toStatus: to,
            actor: STAFF.username,
            createdAt: NOW.toISOString(),
          });
          if (to === 'lost') {
            expect(body.lostReason).toBe('Found it locally');
            expect(body.events.at(-1)!.detail).toEqual({ reason: 'Found it locally' });
          }
        });
      }
    }

    it('lost takes the status alone as product.md §7 sends it; a reason given is kept and on the timeline', async () => {
      const alone = await leadIn('qualified');
      const res = await patch(alone, { status: 'lost' }).expect(200);
      const lost = res.body as LeadDetails;
      expect(lost.status).toBe('lost');
      expect(lost.lostReason).toBeNull();
      expect(lost.events.at(-1)).toMatchObject({ type: 'status', fromStatus: 'qualified', toStatus: 'lost' });
      expect(lost.events.at(-1)!.detail).toBeNull();
      // a blank reason is no reason
      const blank = await leadIn('new');
      expect(
        ((await patch(blank, { status: 'lost', reason: '   ' }).expect(200)).body as LeadDetails).lostReason,
      ).toBeNull();
      // a reason is stored trimmed, read back, and carried by the status event
      const reasoned = await leadIn('quoted');
      await patch(reasoned, { status: 'lost', reason: '  Price too high  ' }).expect(200);
      const after = (await get(`/api/leads/${reasoned}`).expect(200)).body as LeadDetails;
      expect(after.lostReason).toBe('Price too high');
      expect(after.events.at(-1)!.detail).toEqual({ reason: 'Price too high' });
    });

    it('an overlong reason or an unknown status is a 400; an unknown lead a 404', async () => {
      const id = await leadIn('new');
      await patch(id, { status: 'lost', reason: 'x'.repeat(501) }).expect(400);
      await patch(id, { status: 'archived' }).expect(400);
      const missing = await patch(999_999, { status: 'qualified' }).expect(404);
      expect(missing.body.message).toBe('Lead not found');
      expect((await get('/api/leads/abc').expect(400)).body).toEqual({ message: ROW_ID_MESSAGE });
    });
  });

  describe('quotes (product.md §7, decision 0005)', () => {
    it.each([
      ['easy', 'flexible', 0.3, 13_000],
      ['moderate', '48h', 0.525, 15_250],
      ['hard', 'today', 0.85, 18_500],
      [undefined, 'today', 0.625, 16_250],
    ] as const)(
      'difficulty %s on a %s lead: the server prices it (%s → %s cents) and ignores a price sent along',
      async (difficulty, urgency, markupPct, sellPrice) => {
        const { db } = ctx().deps;
        const id = await addLead(db, { urgency: urgency as Urgency, phone: '+12045550199' });
        const res = await quote(id, {
          cost: 10_000,
          etaDays: 4,
          notes: 'OEM Dexter spring pair',
          ...(difficulty ? { difficulty } : {}),
          sellPrice: 1,
          markupPct: 5,
        }).expect(200);
        const lead = res.body as LeadDetails;
        expect(lead).toMatchObject({
          status: 'quoted',
          cost: 10_000,
          markupPct,
          sellPrice,
          etaDays: 4,
          notes: 'OEM Dexter spring pair',
          quotedAt: NOW.toISOString(),
        });
        expect(lead.events.at(-1)).toMatchObject({
          type: 'quote',
          fromStatus: 'new',
          toStatus: 'quoted',
          actor: 'staff',
        });
        const dollars = `$${(sellPrice / 100).toFixed(2)} CAD`;
        expect(lead.messages).toEqual([
          expect.objectContaining({
            channel: 'sms',
            recipient: '+12045550199',
            status: 'logged',
            // issue 28: the part named, and the link to the customer's page
            body: expect.stringMatching(
              new RegExp(
                `^Parts Hunters MB quote ${lead.caseNumber} for your part: \\${dollars}, ETA 4 business days\\. Valid 48 hours\\. See it: http://localhost:\\d+/q/[A-Za-z0-9_-]{24} Reply YES to order or NO to pass\\.$`,
              ),
            ),
          }),
        ]);
      },
    );

    it('a quoted lead can be re-quoted; ordered, fulfilled and lost leads cannot (409, nothing stored)', async () => {
      const { db } = ctx().deps;
      const id = await addLead(db, { status: 'qualified' });
      await quote(id, { cost: 5_000, etaDays: 2 }).expect(200);
      const again = (await quote(id, { cost: 6_000, etaDays: 3, difficulty: 'easy' }).expect(200))
        .body as LeadDetails;
      expect(again).toMatchObject({ status: 'quoted', cost: 6_000, sellPrice: 7_800, etaDays: 3 });
      expect(again.messages).toHaveLength(2);
      for (const status of ['ordered', 'fulfilled', 'lost'] as const) {
        const other = await addLead(db, { status });
        const res = await quote(other, { cost: 5_000, etaDays: 2 }).expect(409);
        expect(res.body.message).toBe(
          `${status === 'ordered' ? 'An' : 'A'} ${status} lead cannot be quoted.`,
        );
        const after = (await get(`/api/leads/${other}`).expect(200)).body as LeadDetails;
        expect(after).toMatchObject({ status, cost: null, sellPrice: null });
        expect(after.messages).toEqual([]);
      }
    });

    it('validates the quote: cost in cents at least 1, ETA at least 1 day, a known difficulty', async () => {
      const id = await addLead(ctx().deps.db);
      expect((await quote(id, { cost: 0, etaDays: 3 }).expect(400)).body.message).toBe(
        'Cost must be greater than 0',
      );
      expect((await quote(id, { cost: 100, etaDays: 0 }).expect(400)).body.message).toBe(
        'ETA must be at least 1 day',
      );
      await quote(id, { cost: 100, etaDays: 3, difficulty: 'extreme' }).expect(400);
      await quote(id, { etaDays: 3 }).expect(400);
    });
  });

  describe('reading', () => {
    it('GET /api/leads lists newest first with photo URLs, pages with before, searches', async () => {
      const { db } = ctx().deps;
      const older = await addLead(
        db,
        { name: 'Old Olafson', phone: '204-555-0777' },
        new Date(NOW.getTime() - 5 * 86_400_000),
      );
      const { id: withPhoto } = await insertLead(
        db,
        { urgency: 'today', source: 'web', name: 'Photo Person', phone: '+12045550888' },
        [
          {
            storageKey: `leads/${'a'.repeat(32)}.jpg`,
            contentType: 'image/jpeg',
            width: 10,
            height: 10,
            sizeBytes: 100,
          },
        ],
        { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() + MINUTE) },
      );
      const list = (await get('/api/leads').expect(200)).body as Lead[];
      expect(list[0]!.id).toBe(withPhoto);
      expect(list[0]!.photos).toEqual([`/api/leads/photos/leads/${'a'.repeat(32)}.jpg`]);
      const times = list.map((l) => l.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      const two = (await get('/api/leads?limit=2').expect(200)).body as Lead[];
      const before = `${two[1]!.createdAt}_${two[1]!.id}`;
      const next = (await get(`/api/leads?limit=2&before=${encodeURIComponent(before)}`).expect(200))
        .body as Lead[];
      expect(next[0]!.id).toBe(list[2]!.id);
      await get('/api/leads?before=junk').expect(400);

      const byName = (await get('/api/leads?q=olafs').expect(200)).body as Lead[];
      expect(byName.map((l) => l.id)).toEqual([older]);
      const byPhone = (await get('/api/leads?q=(204) 5550777').expect(200)).body as Lead[];
      expect(byPhone.map((l) => l.id)).toEqual([older]);
      const caseNumber = list.find((l) => l.id === older)!.caseNumber;
      const byCase = (await get(`/api/leads?q=${caseNumber.toLowerCase()}`).expect(200)).body as Lead[];
      expect(byCase.map((l) => l.id)).toEqual([older]);
      // LIKE wildcards are text, not patterns
      expect((await get('/api/leads?q=%25').expect(200)).body).toEqual([]);
    });

    it('the board: five columns, totals, newest first, more on demand, search', async () => {
      const { db } = ctx().deps;
      for (let i = 0; i < 5; i++)
        await addLead(db, { status: 'ordered', name: `Board ${i}` }, new Date(NOW.getTime() - i * MINUTE));
      const board = (await get('/api/leads/board?limit=2').expect(200)).body as LeadBoard;
      expect(Object.keys(board.columns)).toEqual(['new', 'qualified', 'quoted', 'ordered', 'fulfilled']);
      const stats = (await get('/api/admin/stats').expect(200)).body as {
        statusCounts: Record<string, number>;
      };
      for (const [status, column] of Object.entries(board.columns)) {
        expect(column.total).toBe(stats.statusCounts[status]);
        expect(column.leads.length).toBe(Math.min(2, column.total));
      }
      const ordered = board.columns.ordered;
      expect(ordered.leads.map((l) => l.name)).toEqual(['Board 0', 'Board 1']);
      const more = (
        await get(
          `/api/leads/board/ordered?limit=2&before=${encodeURIComponent(ordered.nextBefore!)}`,
        ).expect(200)
      ).body as { leads: { name: string }[] };
      expect(more.leads.map((l) => l.name)).toEqual(['Board 2', 'Board 3']);
      const found = (await get('/api/leads/board?q=board 3').expect(200)).body as LeadBoard;
      expect(found.columns.ordered).toMatchObject({ total: 1, nextBefore: null });
      expect(found.columns.new.total).toBe(0);
      await get('/api/leads/board/lost').expect(404);
    });
  });

  it('stats follow real changes: pending quotes, revenue of leads ordered this month, response time', async () => {
    const { db } = ctx().deps;
    // the staff member changes the lead; the owner reads the revenue, which is theirs (decision 0204)
    const stats = async () =>
      (await request(app).get('/api/admin/stats').set('Cookie', owner.cookie).expect(200)).body as {
        pendingQuotes: number;
        monthlyRevenue: number;
      };
    const before = await stats();
    const id = await addLead(db, { urgency: 'flexible' });
    expect((await get('/api/admin/stats').expect(200)).body.pendingQuotes).toBe(before.pendingQuotes + 1);
    await quote(id, { cost: 10_000, etaDays: 3, difficulty: 'easy' }).expect(200);
    await patch(id, { status: 'ordered' }).expect(200);
    const after = await stats();
    expect(after.pendingQuotes).toBe(before.pendingQuotes);
    expect(after.monthlyRevenue).toBeCloseTo(before.monthlyRevenue + 130, 2);
    expect((await get('/api/admin/stats').expect(200)).body).not.toHaveProperty('monthlyRevenue');
  });

  it('Export Report: a CSV of every lead that a spreadsheet opens safely', async () => {
    const { db } = ctx().deps;
    await addLead(
      db,
      {
        name: '=HYPERLINK("http://evil.example","click")',
        description: 'Line one,\n"two"',
        city: 'portage-la-prairie',
        equipment: 'ag',
        partCategory: 'safety-compliance',
      },
      new Date(NOW.getTime() + 2 * MINUTE),
    );
    const res = await get('/api/leads/export.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.text;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Case Number',
      'Created',
      'Quoted',
      'Status',
      'Name',
      'Phone',
      'Email',
      'City',
      'Equipment',
      'Make',
      'Model',
      'Year',
      'Part Category',
      'Part Number',
      'Description',
      'Urgency',
      'Cost (CAD)',
      'Markup %',
      'Price (CAD)',
      'ETA (business days)',
      'Lost Reason',
    ]);
    const total = (await get('/api/leads?limit=500').expect(200)).body.length as number;
    expect(rows.length - 1).toBe(total);
    const hostile = rows[1]!;
    expect(hostile[4]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(hostile[5]).toBe(`(204) 555-0123`);
    expect(hostile[14]).toBe('Line one,\n"two"');
    // what staff see (issue 31 item 12, decision 0136): Winnipeg time, names, the status's word
    expect(hostile[1]).toBe('2026-11-21 12:02');
    expect([hostile[3], hostile[7], hostile[8], hostile[12], hostile[15]]).toEqual([
      'New',
      'Portage la Prairie',
      'Agricultural Equipment',
      'Safety & Compliance',
      'When convenient',
    ]);
    const quotedRow = rows.find((r) => r[16] === '100.00' && r[18] === '130.00');
    expect(quotedRow?.[17]).toBe('30.0');
    expect(quotedRow?.[19]).toBe('3');
  });

  // the owner's tool on Settings (issue 49 item 4; decision 0182: one door, the screen's action)
  it("'Show city pages … in search results' reports the number of indexable city pages, to the owner only", async () => {
    const { services, deps } = ctx();
    const user = (await services.team.list()).find((m) => m.username === STAFF.username)!;
    const post = async (role: 'owner' | 'staff') => {
      const body = 'intent=city-pages';
      const answer = settingsRoute.action({
        request: new Request('http://localhost/admin/settings', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': String(body.length),
          },
          body,
        }),
        context: routeContext(services, deps, { user: { ...user, role }, csrfToken: 'token' }),
        params: {},
      } as never);
      // a refusal may be thrown (the owner's screen) or answered (the change's who)
      return answerOf(await answer.catch((thrown: unknown) => thrown));
    };
    const owner = await post('owner');
    expect(owner.status).toBe(200);
    const pages = await services.cityPages.indexablePages();
    expect((owner.body as { count: unknown }).count).toBe(pages.length);
    // staff are refused: the button is the owner's, on the owner's screen
    expect((await post('staff')).status).toBe(403);
  });
});
