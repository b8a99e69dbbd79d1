/**
 * Lead Management in React Router's data flow (issue 27 item 4) on both engines: the loaders of
 * admin/leads and admin/leads/:id and the action of admin/leads/:id, called as React Router calls
 * them (a Request, the route's params, the load context server/http/pages.ts builds) over the same
 * services as the /api twins. The board follows the address (?q= searches, ?{status}=n grows a
 * column page by page); a change is made in the signed-in staff member's name and the lead as
 * loaded again shows it; a refused change answers the one error shape with its status; a visitor
 * without a session is sent to the sign-in page. The browser's side (no /api call, no reload):
 * tests/e2e/leads-data-flow.e2e.test.ts.
 */
import type { Kysely } from 'kysely';
import type { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOARD_MAX_PAGE, BOARD_PAGE_SIZE, PART_NAME_TEXT } from '#app/modules/leads/lead-admin.ts';
import { QUOTE_MESSAGES } from '#app/modules/quotes/quote.ts';
import { transitionRefusal } from '#app/modules/leads/status.ts';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as leadsRoute from '#app/routes/admin-leads.tsx';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead, type NewLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { routeContext } from '../support/route-context.ts';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const MINUTE = 60_000;
const SESSION = {
  user: { id: 1, username: 'sam', displayName: 'Sam Staff', role: 'staff' as const },
  csrfToken: 'token',
};
/** The owner: the month's revenue is theirs unless they allow staff (decision 0204) */
const OWNER_SESSION = {
  ...SESSION,
  user: { id: 2, username: 'olivia', displayName: 'Olivia Owner', role: 'owner' as const },
};
/** A visitor without a session */
const NO_SESSION = null;
type Session = typeof SESSION | typeof OWNER_SESSION | typeof NO_SESSION;

async function addLead(db: Kysely<DB>, fields: Partial<NewLead>, minutesAgo: number): Promise<number> {
  const { id } = await insertLead(
    db,
    { urgency: 'flexible', source: 'web', name: 'Dana Friesen', phone: '(204) 555-0123', ...fields },
    [],
    { now: NOW, actor: 'customer', createdAt: new Date(NOW.getTime() - minutesAgo * MINUTE) },
  );
  return id;
}

type Args<F extends (args: never) => unknown> = Parameters<F>[0];

eachEngine('Lead Management screen: loaders and action', (ctx) => {
  let services: Services;
  let coupler: number;
  let context: (session: Session) => RouterContextProvider;

  const boardAt = (search: string, session: Session = SESSION) =>
    leadsRoute.loader({
      request: new Request(`http://localhost/admin/leads${search}`),
      params: {},
      context: context(session),
    } as unknown as Args<typeof leadsRoute.loader>);

  const leadOf = (id: number | string) =>
    leadDetailsRoute.loader({
      request: new Request(`http://localhost/admin/leads/${id}`),
      params: { id: String(id) },
      context: context(SESSION),
    } as unknown as Args<typeof leadDetailsRoute.loader>);

  /** Posts the dialog's form; answers the status and body as React Router would send them. */
  async function post(
    id: number | string,
    fields: Record<string, string>,
    session: Session = SESSION,
    sized = true,
  ) {
    // a browser's form says its length
    const body = new URLSearchParams(fields).toString();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (sized) headers['content-length'] = String(Buffer.byteLength(body));
    const answer: unknown = await leadDetailsRoute.action({
      request: new Request(`http://localhost/admin/leads/${id}`, { method: 'POST', headers, body }),
      params: { id: String(id) },
      context: context(session),
    } as unknown as Args<typeof leadDetailsRoute.action>);
    // data(body, { status }) is a DataWithResponseInit: { data, init }
    if (typeof answer === 'object' && answer !== null && 'init' in answer && 'data' in answer) {
      const { data, init } = answer as { data: unknown; init: ResponseInit | null };
      return { status: init?.status ?? 200, body: data };
    }
    return { status: 200, body: answer };
  }

  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => NOW);
    services = createServices(deps);
    context = (session) => routeContext(services, deps, session);
    await seedReference(deps);
    // New: 260 leads a minute apart (more than one page of BOARD_MAX_PAGE), the newest first
    for (let i = 0; i < 260; i++) await addLead(deps.db, { name: `Walk-in ${i}` }, 10 + i);
    coupler = await addLead(deps.db, { name: 'Amélie Gagnon', phone: '+12045550131' }, 5);
  }, 120_000);

  describe('the board', () => {
    it('is the newest page of every column, with the stats and clicks the cards show', async () => {
      const { board, stats, clicks } = await boardAt('');
      expect(board.columns.new.total).toBe(261);
      expect(board.columns.new.leads).toHaveLength(BOARD_PAGE_SIZE);
      expect(board.columns.new.leads[0]!.id).toBe(coupler);
      expect(board.columns.new.nextBefore).not.toBeNull();
      expect(stats.statusCounts?.new).toBe(261);
      expect(clicks.totalClicks).toBe(0);
    });

    it("has the month's revenue for the owner and none for staff (decision 0204; allowing them: stats.test.ts)", async () => {
      // absent, not 0: the board then shows no Monthly Revenue card (summary-cards.test.tsx)
      expect((await boardAt('')).stats).not.toHaveProperty('monthlyRevenue');
      expect((await boardAt('')).stats.pendingQuotes).toBe(261);
      expect((await boardAt('', OWNER_SESSION)).stats.monthlyRevenue).toBe(0);
    });

    it('searches with ?q=', async () => {
      const { board } = await boardAt('?q=gagnon');
      expect(board.query).toBe('gagnon');
      expect(board.columns.new.leads.map((l) => l.id)).toEqual([coupler]);
    });

    it("grows a column to ?{status}=n across pages, newest first, as 'Load more' asks", async () => {
      const all = (await boardAt('?new=1000')).board.columns.new;
      // 50 from the board, then pages of at most BOARD_MAX_PAGE from the cursor until none is left
      expect(261).toBeGreaterThan(BOARD_PAGE_SIZE + BOARD_MAX_PAGE);
      expect(all.leads).toHaveLength(261);
      expect(all.nextBefore).toBeNull();
      expect(new Set(all.leads.map((l) => l.id)).size).toBe(261);
      const times = all.leads.map((l) => l.createdAt);
      expect(times).toEqual([...times].sort().reverse());

      const some = (await boardAt('?new=100')).board.columns.new;
      expect(some.leads.map((l) => l.id)).toEqual(all.leads.slice(0, 100).map((l) => l.id));
      expect(some.nextBefore).not.toBeNull();
      // a count that is no count, or no more than a page, is the first page
      for (const search of ['?new=abc', '?new=10', '?new=-5', '?new=1e3'])
        expect((await boardAt(search)).board.columns.new.leads, search).toHaveLength(BOARD_PAGE_SIZE);
      // the other columns are left as they are
      expect((await boardAt('?new=100')).board.columns.quoted.leads).toEqual([]);
    });

    it('sends a visitor without a session to the sign-in page', async () => {
      const refused = await boardAt('', NO_SESSION).catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(302);
      expect((refused as Response).headers.get('Location')).toBe('/admin/login');
    });
  });

  describe('the open lead', () => {
    it('is loaded with its history; an unknown one is a 404 with the service words', async () => {
      const { lead } = await leadOf(coupler);
      expect(lead.name).toBe('Amélie Gagnon');
      expect(lead.events.map((e) => e.type)).toEqual(['created']);
      const thrown = (await leadOf('999999').catch((e: unknown) => e)) as {
        data: unknown;
        init: ResponseInit;
      };
      expect(thrown.init.status).toBe(404);
      expect(thrown.data).toEqual({ message: 'Lead not found' });
      // an address whose id is not one: 400 with the id's words (decision 0178)
      const notAnId = (await leadOf('abc').catch((e: unknown) => e)) as { data: unknown; init: ResponseInit };
      expect(notAnId.init.status).toBe(400);
      expect(notAnId.data).toEqual({ message: ROW_ID_MESSAGE });
    });

    it('changes status for the staff member and loads again with the change', async () => {
      const id = await addLead(ctx().deps.db, { name: 'Rene Dueck' }, 7);
      expect(await post(id, { intent: 'status', status: 'qualified' })).toEqual({
        status: 200,
        body: { ok: true, intent: 'status' },
      });
      const { lead } = await leadOf(id);
      expect(lead.status).toBe('qualified');
      expect(lead.events.at(-1)).toMatchObject({
        type: 'status',
        fromStatus: 'new',
        toStatus: 'qualified',
        actor: 'sam',
      });
      const { board } = await boardAt('?q=dueck');
      expect(board.columns.qualified.leads.map((l) => l.id)).toEqual([id]);
      expect(board.columns.new.leads).toEqual([]);
    });

    it('sends the quote priced on the server, and a text', async () => {
      const id = await addLead(ctx().deps.db, { name: 'Lise Bergeron' }, 8);
      const quoted = await post(id, {
        intent: 'quote',
        cost: '10000',
        etaDays: '4',
        notes: 'OEM coupler',
        difficulty: 'easy',
        // never trusted: the server prices the quote itself
        sellPrice: '1',
      });
      expect(quoted).toEqual({ status: 200, body: { ok: true, intent: 'quote' } });
      const { lead } = await leadOf(id);
      expect(lead).toMatchObject({ status: 'quoted', cost: 10000, etaDays: 4, notes: 'OEM coupler' });
      expect(lead.sellPrice).toBeGreaterThan(10000);

      expect(await post(id, { intent: 'text', body: 'It ships today.' })).toEqual({
        status: 200,
        body: { ok: true, intent: 'text' },
      });
      const after = await leadOf(id);
      expect(after.lead.conversation.map((m) => m.body)).toContain('Parts Hunters MB: It ships today.');
    });

    it("sets the short part name the texts use; emptied, the customer's words name the part again", async () => {
      const id = await addLead(
        ctx().deps.db,
        {
          name: 'Nadia Kowalchuk',
          description: 'Driver-side headlight assembly cracked after hitting a deer',
        },
        10,
      );
      const quoteText = async () =>
        (
          await ctx()
            .deps.db.selectFrom('outgoing_messages')
            .select('body')
            .where('lead_id', '=', id)
            .where('channel', '=', 'sms')
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow()
        ).body;
      expect(await post(id, { intent: 'part-name', shortPartName: '  Headlight (driver side) ' })).toEqual({
        status: 200,
        body: { ok: true, intent: 'part-name' },
      });
      expect((await leadOf(id)).lead.shortPartName).toBe('Headlight (driver side)');
      await post(id, { intent: 'quote', cost: '10000', etaDays: '4' });
      // the name staff set, its brackets flattened inside the text's own
      expect(await quoteText()).toMatch(/ quote Q-\d+ for Headlight driver side: \$/);

      const tooLong = await post(id, { intent: 'part-name', shortPartName: 'x'.repeat(41) });
      expect(tooLong).toEqual({
        status: 400,
        body: {
          ok: false,
          message: PART_NAME_TEXT.tooLong,
          fieldErrors: { shortPartName: [PART_NAME_TEXT.tooLong] },
        },
      });
      expect((await leadOf(id)).lead.shortPartName).toBe('Headlight (driver side)');

      expect(await post(id, { intent: 'part-name', shortPartName: '' })).toMatchObject({ status: 200 });
      expect((await leadOf(id)).lead.shortPartName).toBeNull();
      await post(id, { intent: 'quote', cost: '11000', etaDays: '4' });
      expect(await quoteText()).toMatch(/ for Driver-side headlight assembly cracked\.\.\.: \$/);
    });

    it('answers a refused change in the one error shape, with its status', async () => {
      const id = await addLead(ctx().deps.db, { name: 'Marc Sabourin' }, 9);
      expect(await post(id, { intent: 'quote', cost: '0', etaDays: '3' })).toEqual({
        status: 400,
        body: { ok: false, message: expect.any(String), fieldErrors: { cost: [QUOTE_MESSAGES.cost] } },
      });
      expect(await post(id, { intent: 'text', body: '   ' })).toMatchObject({
        status: 400,
        body: { ok: false, fieldErrors: { body: [expect.any(String)] } },
      });
      expect(await post(id, { intent: 'status', status: 'fulfilled' })).toEqual({
        status: 409,
        body: { ok: false, message: transitionRefusal('new', 'fulfilled'), fieldErrors: {} },
      });
      expect(await post(id, { intent: 'status', status: 'gone' })).toMatchObject({
        status: 400,
        body: { ok: false, fieldErrors: { status: ['Unknown status'] } },
      });
      expect(await post(999999, { intent: 'status', status: 'qualified' })).toEqual({
        status: 404,
        body: { ok: false, message: 'Lead not found', fieldErrors: {} },
      });
      expect(await post(id, { intent: 'delete' })).toEqual({
        status: 400,
        body: { ok: false, message: 'Unknown action: delete', fieldErrors: {} },
      });
      // a body too large, or of no stated length, is not read
      expect((await post(id, { intent: 'text', body: 'x'.repeat(70_000) })).status).toBe(413);
      expect((await post(id, { intent: 'status', status: 'qualified' }, SESSION, false)).status).toBe(411);
      // nothing of it happened
      const { lead } = await leadOf(id);
      expect(lead.status).toBe('new');
      expect(lead.events.map((e) => e.type)).toEqual(['created']);
    });

    it('sends a visitor without a session to the sign-in page, changing nothing', async () => {
      const id = await addLead(ctx().deps.db, { name: 'Noah Penner' }, 11);
      const refused = await post(id, { intent: 'status', status: 'qualified' }, NO_SESSION).catch(
        (thrown: unknown) => thrown,
      );
      expect((refused as Response).status).toBe(302);
      expect((refused as Response).headers.get('Location')).toBe('/admin/login');
      expect((await leadOf(id)).lead.status).toBe('new');
    });
  });
});
