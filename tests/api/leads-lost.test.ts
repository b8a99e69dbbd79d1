/**
 * Lost leads (issue 31) on both engines: they have a list of their own with the reason, when, by
 * whom and the status each left (the leads screen with `?show=lost`, paged by the board's cursor);
 * the board's search counts the lost leads it found and GET /api/leads finds them; Reopen (the
 * dialog's intent 'reopen', decision 0182) puts a lost lead back to the status
 * it left, read from the event of its move to lost, with a 'reopened' event, through the one
 * transition (moveLead); and two processes on one database reopening, or marking lost, the same
 * leads at once never lose an update: each lead moves once, to the status it really left.
 */
import type { Kysely } from 'kysely';
import type { RouterContextProvider } from 'react-router';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseBoardCursor,
  type LeadBoard,
  type LeadDetails,
  type LostLeadsPage,
} from '#app/modules/leads/lead-admin.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { reopenRefusal } from '#app/modules/leads/status.ts';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as leadsRoute from '#app/routes/admin-leads.tsx';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { openDatabase, type Database, type DB } from '#server/db/index.ts';
import { insertLead, type NewLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { routeContext } from '../support/route-context.ts';
import { screenDoors } from '../support/screen-door.ts';

/** Saturday 21 November 2026, 12:00 in Winnipeg. */
const NOW = new Date('2026-11-21T18:00:00.000Z');
const MINUTE = 60_000;
/** when the tests' leads are lost, and when what follows happens */
const LOST_AT = new Date(NOW.getTime() + 5 * MINUTE);
const LATER = new Date(NOW.getTime() + 10 * MINUTE);
const SESSION = {
  user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
  csrfToken: 'token',
};

type Args<F extends (args: never) => unknown> = Parameters<F>[0];

async function addLead(db: Kysely<DB>, fields: Partial<NewLead>, minutesAgo = 60): Promise<number> {
  const { id } = await insertLead(
    db,
    { urgency: 'flexible', source: 'web', name: 'Dana Friesen', phone: '(204) 555-0123', ...fields },
    [],
    { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() - minutesAgo * MINUTE) },
  );
  return id;
}

eachEngine('lost leads: their list, search and Reopen', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let services: Services;
  let session: { cookie: string; token: string };
  let clock = NOW;
  const as = () => ({ Cookie: session.cookie, 'X-CSRF-Token': session.token });
  const get = (url: string) => request(app).get(url).set(as());
  const patch = (id: number, body: object) => request(app).patch(`/api/leads/${id}`).set(as()).send(body);
  let context: () => RouterContextProvider;
  let screens: ReturnType<typeof screenDoors>;
  let staff: { user: { id: number; username: string; displayName: string; role: 'staff' } };
  /** Reopen: the dialog's intent, for the lead in its address, as the signed-in staff member. */
  const reopen = (id: number | string, as: typeof staff | null = staff) =>
    screens.act(leadDetailsRoute, as, 'reopen', {}, { id });
  /** The lead as the dialog's loader reads it. */
  const dialogLead = async (id: number) => {
    const read = await screens.load(leadDetailsRoute, staff, `/admin/leads/${id}`, { id });
    expect(read.status).toBe(200);
    return read.body.lead as LeadDetails;
  };
  /** Reopens a lead through the dialog and answers it as the dialog then reads it. */
  const reopened = async (id: number) => {
    expect(await reopen(id)).toEqual({
      status: 200,
      body: { ok: true, intent: 'reopen' },
      location: undefined,
    });
    return dialogLead(id);
  };
  /** The lost leads' list as the leads screen shows it (`?show=lost`, its search `q`). */
  const lostList = async (query = '') => {
    const read = await screens.load(leadsRoute, staff, `/admin/leads?show=lost${query}`);
    expect(read.status).toBe(200);
    return read.body.lost as LostLeadsPage;
  };

  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => clock);
    services = createServices(deps);
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps);
    session = await signIn(app);
    context = () => routeContext(services, deps, SESSION);
    screens = screenDoors(services, deps);
    const row = await deps.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('username', '=', STAFF.username)
      .executeTakeFirstOrThrow();
    staff = { user: { id: row.id, username: STAFF.username, displayName: row.display_name, role: 'staff' } };
  });

  /** A lead moved to `status` and then lost by staff through the API, `minutesAgo` created. */
  async function lostFrom(status: LeadStatus, fields: Partial<NewLead> = {}, reason?: string) {
    const id = await addLead(ctx().deps.db, { status, ...fields });
    clock = LOST_AT;
    await patch(id, reason ? { status: 'lost', reason } : { status: 'lost' }).expect(200);
    clock = LATER;
    return id;
  }

  describe('Reopen', () => {
    for (const status of ['new', 'qualified', 'quoted', 'ordered', 'fulfilled'] as const) {
      it(`puts a lead lost from ${status} back to ${status}, with a 'reopened' event`, async () => {
        const id = await lostFrom(status, {}, 'Found it locally');
        const lead = await reopened(id);
        expect(lead.status).toBe(status);
        // a lead that is not lost has no lost reason; its history keeps it
        expect(lead.lostReason).toBeNull();
        expect(lead.events.at(-1)).toMatchObject({
          type: 'reopened',
          fromStatus: 'lost',
          toStatus: status,
          actor: STAFF.username,
          detail: { lostReason: 'Found it locally' },
          createdAt: LATER.toISOString(),
        });
      });
    }

    it('goes back to the last status it left when a lead was lost, reopened and lost again', async () => {
      const id = await lostFrom('quoted');
      await reopened(id);
      await patch(id, { status: 'ordered' }).expect(200);
      await patch(id, { status: 'lost', reason: 'Cancelled the order' }).expect(200);
      const lead = await reopened(id);
      expect(lead.status).toBe('ordered');
      expect(lead.events.filter((e) => e.type === 'reopened').map((e) => e.toStatus)).toEqual([
        'quoted',
        'ordered',
      ]);
    });

    it('a lead entered as lost (no move to lost on record) goes back to new', async () => {
      const id = await addLead(ctx().deps.db, { status: 'lost', lostReason: 'Found a used kit locally.' });
      const lead = await reopened(id);
      expect(lead.status).toBe('new');
      expect(lead.events.at(-1)).toMatchObject({ type: 'reopened', fromStatus: 'lost', toStatus: 'new' });
    });

    it('refuses a lead that is not lost (409, nothing written), an unknown one (404) and an id that is not one (400)', async () => {
      const id = await addLead(ctx().deps.db, { status: 'quoted' });
      const res = await reopen(id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ ok: false, message: reopenRefusal('quoted'), fieldErrors: {} });
      const after = await dialogLead(id);
      expect(after.status).toBe('quoted');
      expect(after.events.map((e) => e.type)).toEqual(['created']);
      const unknown = await reopen(999_999);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Lead not found');
      // not an id at all: 400 with the id's words (decision 0178)
      expect(await reopen('abc')).toMatchObject({
        status: 400,
        body: { ok: false, message: ROW_ID_MESSAGE, fieldErrors: {} },
      });
      // a lost lead cannot be moved anywhere by a status change: Reopen is the way back
      const lost = await lostFrom('new');
      expect((await patch(lost, { status: 'new' }).expect(409)).body.message).toBe(
        'This lead is lost: reopen it first.',
      );
    });

    it('is staff-only', async () => {
      const id = await lostFrom('new');
      // a visitor without a session is sent to sign in, by the dialog's action and the list's loader
      expect(await reopen(id, null)).toMatchObject({ status: 302, location: '/admin/login' });
      expect(await screens.load(leadsRoute, null, '/admin/leads?show=lost')).toMatchObject({
        status: 302,
        location: '/admin/login',
      });
      expect((await services.leadAdmin.getLead(id)).status).toBe('lost');
    });

    it("is the dialog's intent 'reopen', in the signed-in staff member's name", async () => {
      const id = await lostFrom('ordered', {}, 'No answer');
      const body = new URLSearchParams({ intent: 'reopen' }).toString();
      const answer = (await leadDetailsRoute.action({
        request: new Request(`http://localhost/admin/leads/${id}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': String(body.length),
          },
          body,
        }),
        params: { id: String(id) },
        context: context(),
      } as unknown as Args<typeof leadDetailsRoute.action>)) as { ok: boolean };
      expect(answer).toEqual({ ok: true, intent: 'reopen' });
      const lead = await services.leadAdmin.getLead(id);
      expect(lead.status).toBe('ordered');
      expect(lead.events.at(-1)).toMatchObject({ type: 'reopened', actor: 'sam' });
    });
  });

  describe('the lost leads list and search', () => {
    let oldest: number;
    let newest: number;
    let caseOfNewest: string;

    beforeAll(async () => {
      // a fresh set of names the other tests of this file do not use
      oldest = await lostFrom(
        'quoted',
        { name: 'Marie-Ève Tremblay', phone: '204-555-0177' },
        'Price too high',
      );
      newest = await lostFrom('ordered', { name: 'Harold Penner', phone: '+12045550166' });
      caseOfNewest = (await services.leadAdmin.getLead(newest)).caseNumber;
      // older than the first, and not lost: never in the list
      await addLead(ctx().deps.db, { name: 'Harold Penner', status: 'qualified' }, 600);
    });

    it('lists lost leads newest first with the reason, when, by whom and the status each left', async () => {
      const page = await lostList('&q=penner');
      expect(page.total).toBe(1);
      expect(page.leads).toHaveLength(1);
      expect(page.leads[0]).toMatchObject({
        id: newest,
        caseNumber: caseOfNewest,
        status: 'lost',
        lostReason: null,
        lostAt: LOST_AT.toISOString(),
        lostBy: STAFF.username,
        leftStatus: 'ordered',
      });
      const all = await lostList();
      const ids = all.leads.map((l) => l.id);
      expect(ids.indexOf(newest)).toBeLessThan(ids.indexOf(oldest));
      expect(all.leads.find((l) => l.id === oldest)).toMatchObject({
        lostReason: 'Price too high',
        leftStatus: 'quoted',
      });
      expect(all.leads.every((l) => l.status === 'lost')).toBe(true);
      expect(all.total).toBe(all.leads.length);
    });

    it('pages with the board cursor, as a column does', async () => {
      // the screen's 'Load more' (`?lost=n`) reads the list page by page from this cursor
      const first = await services.leadAdmin.lostLeads({ limit: 1 });
      expect(first.leads).toHaveLength(1);
      expect(first.nextBefore).toEqual(expect.any(String));
      const next = await services.leadAdmin.lostLeads({
        limit: 1,
        before: parseBoardCursor(first.nextBefore)!,
      });
      expect(next.leads).toHaveLength(1);
      expect(next.leads[0]!.id).not.toBe(first.leads[0]!.id);
      // a cursor that is none is refused where an address carries one (GET /api/leads)
      await get('/api/leads?before=junk').expect(400);
    });

    it('search finds lost leads: by name (any accent), phone and case number; the board counts them', async () => {
      for (const q of ['marie-eve', 'Tremblay', '555 0177', '(204) 555-0177']) {
        const page = await lostList(`&q=${encodeURIComponent(q)}`);
        expect({ q, ids: page.leads.map((l) => l.id) }).toEqual({ q, ids: [oldest] });
        const board = (await get(`/api/leads/board?q=${encodeURIComponent(q)}`).expect(200))
          .body as LeadBoard;
        expect({ q, lost: board.lost.total }).toEqual({ q, lost: 1 });
      }
      const byCase = await lostList(`&q=${caseOfNewest}`);
      expect(byCase.leads.map((l) => l.id)).toEqual([newest]);
      // GET /api/leads finds them too, with their reason
      const listed = (await get('/api/leads?q=tremblay').expect(200)).body as LeadDetails[];
      expect(listed.map((l) => [l.id, l.status, l.lostReason])).toEqual([[oldest, 'lost', 'Price too high']]);
      // the board without a search counts every lost lead
      const board = (await get('/api/leads/board').expect(200)).body as LeadBoard;
      const all = await lostList('&lost=500');
      expect(board.lost.total).toBe(all.leads.length);
    });

    it("the leads screen shows them with '?show=lost' (with its search and 'Load more'), and only then", async () => {
      const screen = (search: string) =>
        leadsRoute.loader({
          request: new Request(`http://localhost/admin/leads${search}`),
          params: {},
          context: context(),
        } as unknown as Args<typeof leadsRoute.loader>);
      const lost = await screen('?show=lost&q=penner');
      expect(lost.lost?.leads.map((l) => l.id)).toEqual([newest]);
      expect(lost.board.lost.total).toBe(1);
      // a status a phone shows: the board, no list of lost leads read
      expect((await screen('?show=quoted')).lost).toBeNull();
      expect((await screen('')).lost).toBeNull();
      const everyLost = (await screen('?show=lost')).lost!;
      expect(everyLost.leads.length).toBe(Math.min(everyLost.total, 50));
    });
  });
});

eachEngine('lost and reopened across two processes', (ctx, engine) => {
  let one: Services;
  let two: Services;
  let second: Database | undefined;
  const LEADS = 8;
  const STATUSES = ['new', 'qualified', 'quoted', 'ordered', 'fulfilled'] as const;

  beforeAll(async () => {
    const { t } = ctx();
    const deps = testDeps(t, () => NOW);
    one = createServices(deps);
    // PostgreSQL: a pool of its own, as a second machine would have; SQLite shares its connection
    second =
      engine === 'postgres'
        ? openDatabase(t.config.database, { poolSize: 4, timeoutMs: t.config.databaseTimeoutMs })
        : undefined;
    two = createServices(second ? { ...deps, db: second.db } : { ...deps });
  });
  afterAll(async () => {
    one.messaging.outbox.stop();
    two.messaging.outbox.stop();
    await second?.close();
  });

  const settle = (p: Promise<unknown>) =>
    p.then(
      () => 'done',
      (err: Error & { status?: number }) => {
        if (err.status !== 409) throw err;
        return 409;
      },
    );

  it(`each of ${LEADS} leads is lost once and reopened once, to the status it left`, async () => {
    const { db } = ctx().deps;
    for (let i = 0; i < LEADS; i++) {
      const left = STATUSES[i % STATUSES.length]!;
      const id = await addLead(db, { status: left, phone: `+1204555${3300 + i}` });
      // both processes mark it lost at once: one does, the other is told it already is
      const lost = await Promise.all([
        settle(one.leadAdmin.changeStatus(id, { status: 'lost', reason: 'one' }, 'ann')),
        settle(two.leadAdmin.changeStatus(id, { status: 'lost', reason: 'two' }, 'bob')),
      ]);
      expect(lost.sort()).toEqual([409, 'done']);
      // both reopen it at once: one does, to where it was; the other is told it is not lost
      const reopened = await Promise.all([
        settle(one.leadAdmin.reopen(id, 'ann')),
        settle(two.leadAdmin.reopen(id, 'bob')),
      ]);
      expect(reopened.sort()).toEqual([409, 'done']);
      const lead = await one.leadAdmin.getLead(id);
      expect({ i, status: lead.status }).toEqual({ i, status: left });
      const moves = lead.events
        .filter((e) => e.type !== 'created')
        .map((e) => `${e.fromStatus}→${e.toStatus}`);
      expect({ i, moves }).toEqual({ i, moves: [`${left}→lost`, `lost→${left}`] });
    }
  });
});
