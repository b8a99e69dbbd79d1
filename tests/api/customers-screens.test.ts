/**
 * The customers and inbox screens in React Router's data flow (issue 30 items 1 and 2; decisions
 * 0124, 0161) on both engines: the loaders and actions of admin/customers, admin/customers/:id,
 * admin/inbox and admin/inbox/:id, called as React Router calls them, over the same services as
 * GET /api/customers/{id} and /api/inbox. A visitor without a session is sent to sign in. The list follows
 * its search, sort and page from the address and answers a sort it does not know with the
 * service's words; a customer's page has their requests, quotes and messages with days and times
 * in Winnipeg words, written by the server; the edit saves (bad input gets its field's words) and
 * the merge keeps every lead and message and answers with the kept customer's page. The inbox
 * follows its filter; opening a conversation reads it; a reply goes out through the outbox (an
 * empty one, or one to a number that sent STOP, gets the service's words); assigning and done
 * move it between the filters. The shell's loader gives the inbox's pulse. The browser's side:
 * tests/e2e/inbox.e2e.test.ts.
 */
import type { Kysely } from 'kysely';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, CUSTOMER_TEXT } from '#app/modules/customers/customers.ts';
import { INBOX_TEXT } from '#app/modules/customers/inbox.ts';
import {
  inboxWhen,
  type CustomerRow,
  type CustomerScreenData,
  type InboxRow,
} from '#app/modules/customers/screens.ts';
import { CONVERSATION_TEXT } from '#app/modules/leads/lead-admin.ts';
import * as customerRoute from '#app/routes/admin-customer.tsx';
import * as customersRoute from '#app/routes/admin-customers.tsx';
import * as conversationRoute from '#app/routes/admin-inbox-conversation.tsx';
import * as inboxRoute from '#app/routes/admin-inbox.tsx';
import * as layoutRoute from '#app/routes/admin-layout.tsx';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { OWNER_UNLESS_ALLOWED } from '#app/modules/team/team.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertUser } from '#server/db/repo/users.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { routeContext } from '../support/route-context.ts';
import { textParams } from './sms-fixtures.ts';

type Session = {
  user: { id: number; username: string; displayName: string; role: 'owner' | 'staff' };
  csrfToken: string;
};
type Args<F extends (args: never) => unknown> = Parameters<F>[0];
type ListPage = { customers: CustomerRow[]; next: string | null; error: string | null };
type InboxPage = { filter: string; conversations: InboxRow[]; next: string | null; error: string | null };
type ConversationPage = Awaited<ReturnType<typeof conversationRoute.loader>>;

/** What a loader or action answered, or threw: `data(body, { status })`, a Response, or a plain object. */
function answerOf(answer: unknown): { status: number; body: Record<string, unknown> } {
  if (answer instanceof Response)
    return { status: answer.status, body: { location: answer.headers.get('location') } };
  if (typeof answer === 'object' && answer !== null && 'init' in answer && 'data' in answer) {
    const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: answer as Record<string, unknown> };
}

/** A loader's or action's answer whether it returned or threw it. */
const settled = (run: () => Promise<unknown>) =>
  run().then(
    (answer) => answerOf(answer),
    (thrown: unknown) => answerOf(thrown),
  );

/** A form post with its Content-Length, as a browser's fetcher sends it. */
async function formPost(fields: Record<string, string>): Promise<RequestInit> {
  const probe = new Request('http://localhost/', { method: 'POST', body: new URLSearchParams(fields) });
  const bytes = new Uint8Array(await probe.arrayBuffer());
  const headers = new Headers(probe.headers);
  headers.set('Content-Length', String(bytes.byteLength));
  return { method: 'POST', headers, body: bytes };
}

/** Monday 23 November 2026, 10:00 in Winnipeg. */
const NOW = new Date('2026-11-23T16:00:00.000Z');
/** 'Nov 23, 2026' */
const DAY = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
/** 'Nov 23, 2026, 10:05 a.m.' */
const TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\.$/;

eachEngine('the customers and inbox screens: loaders and actions', (ctx) => {
  let clock = NOW;
  const tick = () => (clock = new Date(clock.getTime() + 60_000));
  let services: Services;
  let db: Kysely<DB>;
  let context: (session: Session | null) => RouterContextProvider;
  let staff: Session;
  let other: Session;

  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => clock);
    services = createServices(deps);
    db = deps.db;
    context = (session) => routeContext(services, deps, session);
    await seedReference(deps);
    const account = async (username: string, displayName: string, role: 'owner' | 'staff') => ({
      user: {
        id: await insertUser(db, { username, displayName, passwordHash: 'x', role }, deps.now()),
        username,
        displayName,
        role,
      },
      csrfToken: 'token',
    });
    staff = await account('sam', 'Sam Staff', 'staff');
    other = await account('olivia', 'Olivia Owner', 'owner');
    const gone = await account('pat', 'Pat Gone', 'staff');
    await db
      .updateTable('users')
      .set({ disabled_at: NOW.toISOString() })
      .where('id', '=', gone.user.id)
      .execute();
  });
  afterAll(() => services.messaging.outbox.stop());

  /** A lead as the request form writes it: its customer is found (or made) by phone, else e-mail. */
  async function lead(fields: { name: string; phone: string; email?: string; description?: string }) {
    tick();
    const { id } = await insertLead(
      db,
      {
        urgency: 'flexible',
        source: 'web',
        make: 'John Deere',
        model: '6120',
        year: '2015',
        description: 'Hydraulic pump',
        ...fields,
      },
      [],
      { now: clock, actor: 'customer' },
    );
    const row = await db
      .selectFrom('leads')
      .select('customer_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { leadId: id, customerId: row.customer_id! };
  }
  const text = (from: string, body: string) => {
    tick();
    return services.texting.receiveText(textParams(from, body));
  };

  const call = <F extends (args: never) => Promise<unknown>>(
    loader: F,
    url: string,
    params: Record<string, string> = {},
    session: Session | null = staff,
  ) =>
    settled(() =>
      loader({
        request: new Request(`http://localhost${url}`),
        params,
        context: context(session),
      } as unknown as Args<F>),
    );
  const post = async <F extends (args: never) => Promise<unknown>>(
    action: F,
    url: string,
    params: Record<string, string>,
    fields: Record<string, string>,
    session: Session = staff,
  ) =>
    settled(async () =>
      action({
        request: new Request(`http://localhost${url}`, await formPost(fields)),
        params,
        context: context(session),
      } as unknown as Args<F>),
    );
  const list = async (search = '') =>
    (await call(customersRoute.loader, `/admin/customers${search}`)).body as unknown as ListPage;
  const customerPage = async (id: number) => {
    const answer = await call(customerRoute.loader, `/admin/customers/${id}`, { id: String(id) });
    expect(answer.status).toBe(200);
    return answer.body as unknown as CustomerScreenData;
  };
  const editCustomer = (id: number, fields: Record<string, string>, session: Session = staff) =>
    post(customerRoute.action, `/admin/customers/${id}`, { id: String(id) }, fields, session);
  const inbox = async (search = '', session: Session = staff) =>
    (await call(inboxRoute.loader, `/admin/inbox${search}`, {}, session)).body as unknown as InboxPage;
  const open = async (id: number) => {
    const answer = await call(conversationRoute.loader, `/admin/inbox/${id}`, { id: String(id) });
    expect(answer.status).toBe(200);
    return answer.body as unknown as ConversationPage;
  };
  const act = (id: number, fields: Record<string, string>, session: Session = staff) =>
    post(conversationRoute.action, `/admin/inbox/${id}`, { id: String(id) }, fields, session);

  it('sends a visitor without a session to the sign-in page', async () => {
    for (const [loader, params] of [
      [customersRoute.loader, {}],
      [customerRoute.loader, { id: '1' }],
      [inboxRoute.loader, {}],
      [conversationRoute.loader, { id: '1' }],
    ] as const) {
      const answer = await call(loader as (args: never) => Promise<unknown>, '/admin/x', params, null);
      expect(answer).toEqual({ status: 302, body: { location: '/admin/login' } });
    }
  });

  it('lists customers searched, sorted and paged from the address; a sort it does not know gets its words', async () => {
    const kim = await lead({ name: 'Kim Wiebe', phone: '(204) 555-0303', email: 'kim@haulage.ca' });
    await services.customers.update(
      kim.customerId,
      { name: 'Kim Wiebe', company: 'Wiebe Haulage', fleet: true },
      staff.user,
    );
    await db
      .updateTable('customers')
      .set({ total_spent: 99_999_00 })
      .where('id', '=', kim.customerId)
      .execute();
    await lead({ name: 'Lee Penner', phone: '(204) 555-0304', email: 'lee@farm.ca' });

    for (const search of ['wiebe', 'Haulage', '204-555-0303', '(204) 555 0303', 'KIM@haulage']) {
      const found = await list(`?search=${encodeURIComponent(search)}`);
      expect({ search, names: found.customers.map((c) => c.name) }).toEqual({ search, names: ['Kim Wiebe'] });
    }
    const [top] = (await list('?sort=total_spent')).customers;
    expect(top).toMatchObject({
      id: kim.customerId,
      company: 'Wiebe Haulage',
      fleet: true,
      phone: '+12045550303',
      leadCount: 1,
      totalSpent: 99_999_00,
    });
    // the day of the last contact in Winnipeg words, written by the server
    expect(top!.lastContact).toMatch(DAY);
    // newest contact first by default: Lee came last
    expect((await list('')).customers[0]!.name).toBe('Lee Penner');
    expect((await list('?search=nobody-at-all')).customers).toEqual([]);

    const refused = await call(customersRoute.loader, '/admin/customers?sort=name');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: CUSTOMER_MESSAGES.sort, customers: [], next: null });

    // 50 at a time: 'More customers' is the page after, none shown twice
    for (let i = 0; i < 50; i++)
      await lead({ name: `Farmer ${i}`, phone: `(204) 555-1${String(i).padStart(3, '0')}` });
    const first = await list('');
    expect(first.customers).toHaveLength(50);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(`?after=${encodeURIComponent(first.next!)}`);
    expect(second.next).toBeNull();
    const ids = [...first.customers, ...second.customers].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(52);
  });

  it("gives a customer's page with requests, quotes and messages, times in words; 404 for one that is not", async () => {
    const dale = await lead({ name: 'Dale Friesen', phone: '(204) 555-0301', email: 'dale@farm.ca' });
    await services.leadAdmin.sendQuote(dale.leadId, { cost: 10_000, etaDays: 3 }, 'sam');
    await text('+12045550301', 'Is it new or rebuilt?');
    const page = await customerPage(dale.customerId);
    expect(page.customer).toMatchObject({ name: 'Dale Friesen', email: 'dale@farm.ca', mergedInto: null });
    expect(page.customer.firstContact).toMatch(DAY);
    expect(page.customer.lastContact).toMatch(DAY);
    expect(page.leads).toEqual([
      expect.objectContaining({ id: dale.leadId, status: 'quoted', day: expect.stringMatching(DAY) }),
    ]);
    expect(page.leads[0]!.part).toMatch(/Hydraulic pump/i);
    expect(page.quotes).toEqual([
      expect.objectContaining({ leadId: dale.leadId, version: 1, sent: expect.stringMatching(DAY) }),
    ]);
    expect(page.quotes[0]!.options[0]!.sellPrice).toBeGreaterThan(10_000);
    const question = page.thread.find((m) => m.body === 'Is it new or rebuilt?');
    expect(question).toMatchObject({ direction: 'in', channel: 'sms', when: expect.stringMatching(TIME) });
    // the quote's text went out to them too
    expect(page.thread.some((m) => m.direction === 'out' && /\/q\//.test(m.body))).toBe(true);

    // the newest requests unless the address asks for all; an unknown word shows the newest
    expect(page).toMatchObject({ requests: 'newest', moreLeads: false });
    for (const [search, requests] of [
      ['?requests=all', 'all'],
      ['?requests=bogus', 'newest'],
    ] as const) {
      const shown = await call(customerRoute.loader, `/admin/customers/${dale.customerId}${search}`, {
        id: String(dale.customerId),
      });
      expect(shown).toMatchObject({ status: 200, body: { requests, moreLeads: false } });
    }

    const missing = await call(customerRoute.loader, '/admin/customers/999999', { id: '999999' });
    expect(missing).toEqual({ status: 404, body: { message: CUSTOMER_TEXT.notFound } });
    // an address whose id is not one: 400 with the id's words (decision 0178)
    for (const id of ['abc', '0', '2147483648']) {
      const notAnId = await call(customerRoute.loader, `/admin/customers/${id}`, { id });
      expect(notAnId).toEqual({ status: 400, body: { message: ROW_ID_MESSAGE } });
    }
  });

  it('edits a customer: fleet account and review requests; bad input gets its words', async () => {
    const { customerId } = await lead({ name: 'Ana', phone: '(204) 555-0305', email: 'ana@farm.ca' });
    const saved = await editCustomer(customerId, {
      intent: 'update',
      name: 'Ana Klassen',
      company: 'Klassen Farms',
      notes: 'Pays on pickup',
      fleet: 'on',
      noReviews: 'on',
    });
    expect(saved).toEqual({ status: 200, body: { ok: true } });
    expect((await customerPage(customerId)).customer).toMatchObject({
      name: 'Ana Klassen',
      company: 'Klassen Farms',
      notes: 'Pays on pickup',
      fleet: true,
      noReviews: true,
    });
    // an unticked box is not sent: off again; an emptied company is none
    await editCustomer(customerId, { intent: 'update', name: 'Ana Klassen', company: '', notes: '' });
    expect((await customerPage(customerId)).customer).toMatchObject({
      company: null,
      notes: null,
      fleet: false,
      noReviews: false,
    });

    const bad = await editCustomer(customerId, { intent: 'update', name: ' ', notes: 'x'.repeat(4001) });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      name: [CUSTOMER_MESSAGES.name],
      notes: [CUSTOMER_MESSAGES.notesLong],
    });
    expect(await editCustomer(customerId, { intent: 'rename' })).toMatchObject({
      status: 400,
      body: { ok: false, message: 'Unknown action: rename' },
    });
    expect(
      await post(
        customerRoute.action,
        '/admin/customers/999999',
        { id: '999999' },
        { intent: 'update', name: 'X' },
      ),
    ).toMatchObject({ status: 404, body: { message: CUSTOMER_TEXT.notFound } });
    // in the audit log, by whom
    const audit = await services.team.audit({ action: 'customer_updated' });
    expect(audit.entries.some((e) => e.subject === `customer:${customerId}` && e.actor === 'sam')).toBe(true);
  });

  it("merges two customers, keeping every lead and message; the answer is the kept customer's page", async () => {
    const kept = await lead({ name: 'Bo Reimer', phone: '(204) 555-0306', email: 'bo@farm.ca' });
    const twin = await lead({ name: 'Bo R.', phone: '(204) 555-0307', email: 'bo.r@farm.ca' });
    await lead({ name: 'Bo R.', phone: '(204) 555-0307', description: 'Seat switch' });
    await text('+12045550307', 'Any news on the seat switch?');
    const before = await customerPage(twin.customerId);
    const keptBefore = await customerPage(kept.customerId);
    expect(before.leads).toHaveLength(2);

    // merging is the owner's until the owner allows staff (Settings, decision 0204): staff see no
    // Merge and are refused; the owner merges
    expect((before as CustomerScreenData & { mayMerge: boolean }).mayMerge).toBe(false);
    expect(
      await editCustomer(twin.customerId, { intent: 'merge', into: String(kept.customerId) }),
    ).toMatchObject({
      status: 403,
      body: { message: OWNER_UNLESS_ALLOWED },
    });
    const owner = other;
    // no customer chosen, or this one: the service's words
    expect(await editCustomer(twin.customerId, { intent: 'merge', into: '' }, owner)).toMatchObject({
      status: 400,
      body: { message: CUSTOMER_MESSAGES.mergeTarget },
    });
    expect(
      await editCustomer(twin.customerId, { intent: 'merge', into: String(twin.customerId) }, owner),
    ).toMatchObject({ status: 400, body: { message: CUSTOMER_TEXT.sameCustomer } });

    const merged = await editCustomer(
      twin.customerId,
      { intent: 'merge', into: String(kept.customerId) },
      owner,
    );
    expect(merged).toEqual({ status: 302, body: { location: `/admin/customers/${kept.customerId}` } });
    const after = await customerPage(kept.customerId);
    expect(after.leads.map((l) => l.id).sort()).toEqual(
      [...keptBefore.leads, ...before.leads].map((l) => l.id).sort(),
    );
    expect(after.customer.leadCount).toBe(3);
    expect(after.thread.map((m) => m.key)).toEqual(
      expect.arrayContaining([...before.thread, ...keptBefore.thread].map((m) => m.key)),
    );
    expect(after.thread.some((m) => m.body === 'Any news on the seat switch?')).toBe(true);

    // the merged customer's page says where they went, and cannot be merged or edited again
    expect((await customerPage(twin.customerId)).customer.mergedInto).toBe(kept.customerId);
    expect(
      await editCustomer(twin.customerId, { intent: 'merge', into: String(kept.customerId) }, owner),
    ).toMatchObject({ status: 409, body: { message: CUSTOMER_TEXT.mergedAway } });
    expect(await editCustomer(twin.customerId, { intent: 'update', name: 'Bo' })).toMatchObject({
      status: 409,
      body: { message: CUSTOMER_TEXT.mergedAway },
    });
    // the list finds the one kept only
    expect((await list('?search=bo')).customers.map((c) => c.id)).toEqual([kept.customerId]);
    // and the merged one's conversation is no longer in the inbox
    expect(
      await call(conversationRoute.loader, `/admin/inbox/${twin.customerId}`, {
        id: String(twin.customerId),
      }),
    ).toEqual({
      status: 404,
      body: { message: INBOX_TEXT.notFound },
    });
  });

  it('lists conversations by filter; opening one reads it; a reply goes out through the outbox', async () => {
    const { customerId, leadId } = await lead({ name: 'Cal Dueck', phone: '(204) 555-0308' });
    await text('+12045550308', 'Do you have it in stock?');
    await text('+12045550308', 'I can pick it up today');
    const [top] = (await inbox('')).conversations;
    expect(top).toMatchObject({
      customerId,
      name: 'Cal Dueck',
      unread: 2,
      lastIn: true,
      preview: 'I can pick it up today',
      whenFull: expect.stringMatching(TIME),
    });
    // as staff scan it, from the time the list was read
    expect(top!.when).toBe(inboxWhen(top!.lastMessageAt, new Date()));
    const pulse = await services.inbox.pulse();
    expect(pulse.unread).toBeGreaterThanOrEqual(1);

    const refused = await call(inboxRoute.loader, '/admin/inbox?filter=unread');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'Choose open, mine, done or all.', conversations: [] });

    // opened: read, with the thread in words and the team to assign it to
    const conversation = await open(customerId);
    expect(conversation.customer).toMatchObject({ id: customerId, name: 'Cal Dueck', done: false });
    expect(conversation.thread.map((m) => m.body)).toEqual(
      expect.arrayContaining(['Do you have it in stock?', 'I can pick it up today']),
    );
    expect(conversation.thread.every((m) => TIME.test(m.when))).toBe(true);
    expect(conversation.leads.map((l) => l.id)).toEqual([leadId]);
    // the team by name, but not an account that is disabled
    expect(conversation.team.map((m) => m.name).sort()).toEqual(['Olivia Owner', 'Sam Staff']);
    expect(conversation.smsOptedOut).toBe(false);
    expect((await inbox('')).conversations.find((c) => c.customerId === customerId)!.unread).toBe(0);
    expect((await services.inbox.pulse()).unread).toBe(pulse.unread - 1);

    tick();
    expect(await act(customerId, { intent: 'reply', body: 'Yes, in stock. Ready at 3.' })).toEqual({
      status: 200,
      body: { ok: true, intent: 'reply' },
    });
    // a reply begins with the business's name, as every text does (issue 48 item 5)
    const named = 'Parts Hunters MB: Yes, in stock. Ready at 3.';
    const out = await db
      .selectFrom('outgoing_messages')
      .select(['recipient', 'channel', 'body'])
      .where('lead_id', '=', leadId)
      .where('body', 'like', '%Yes, in stock. Ready at 3.')
      .execute();
    expect(out).toEqual([{ recipient: '+12045550308', channel: 'sms', body: named }]);
    expect((await inbox('')).conversations[0]).toMatchObject({
      customerId,
      lastIn: false,
      preview: named,
    });
    expect((await open(customerId)).thread.at(-1)).toMatchObject({ direction: 'out', body: named });
    // 'Start with our name' unticked: this one reply goes as typed
    tick();
    expect(await act(customerId, { intent: 'reply', body: 'See you at 3.', withName: 'false' })).toEqual({
      status: 200,
      body: { ok: true, intent: 'reply' },
    });
    expect((await open(customerId)).thread.at(-1)).toMatchObject({ direction: 'out', body: 'See you at 3.' });

    const empty = await act(customerId, { intent: 'reply', body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ body: [CONVERSATION_TEXT.emptyBody] });
    expect(await act(customerId, { intent: 'forward' })).toMatchObject({
      status: 400,
      body: { message: 'Unknown action: forward' },
    });
    expect(await call(conversationRoute.loader, '/admin/inbox/999999', { id: '999999' })).toEqual({
      status: 404,
      body: { message: INBOX_TEXT.notFound },
    });
  });

  it('says a number that sent STOP cannot be texted, in the words of the lead dialog', async () => {
    const { customerId } = await lead({ name: 'Dee Thiessen', phone: '(204) 555-0309' });
    await text('+12045550309', 'STOP');
    expect((await open(customerId)).smsOptedOut).toBe(true);
    expect(await act(customerId, { intent: 'reply', body: 'Your part is in.' })).toEqual({
      status: 409,
      body: { ok: false, message: CONVERSATION_TEXT.optedOut, fieldErrors: {} },
    });
  });

  it('assigns a conversation and marks it done, moving it between the filters; bad input gets the words', async () => {
    const { customerId } = await lead({ name: 'Eli Hiebert', phone: '(204) 555-0310' });
    await text('+12045550310', 'Can someone call me?');
    const ids = async (search: string, session: Session = staff) =>
      (await inbox(search, session)).conversations.map((c) => c.customerId);

    expect(await act(customerId, { intent: 'assign', userId: String(other.user.id) })).toEqual({
      status: 200,
      body: { ok: true, intent: 'assign' },
    });
    expect(await ids('?filter=mine')).not.toContain(customerId);
    expect(await ids('?filter=mine', other)).toEqual([customerId]);
    expect((await open(customerId)).customer).toMatchObject({
      assignedUserId: other.user.id,
      assignedName: 'Olivia Owner',
    });
    expect((await inbox('')).conversations.find((c) => c.customerId === customerId)!.assignedName).toBe(
      'Olivia Owner',
    );
    expect(await act(customerId, { intent: 'assign', userId: 'someone' })).toMatchObject({
      status: 400,
      body: { message: INBOX_TEXT.unknownUser },
    });
    expect(await act(customerId, { intent: 'assign', userId: '999999' })).toMatchObject({
      status: 400,
      body: { message: INBOX_TEXT.unknownUser, fieldErrors: { userId: [INBOX_TEXT.unknownUser] } },
    });
    // to nobody
    await act(customerId, { intent: 'assign', userId: '' });
    expect((await open(customerId)).customer.assignedUserId).toBeNull();

    expect(await act(customerId, { intent: 'done', done: 'true' })).toEqual({
      status: 200,
      body: { ok: true, intent: 'done' },
    });
    expect(await ids('')).not.toContain(customerId);
    expect(await ids('?filter=done')).toContain(customerId);
    expect(await ids('?filter=all')).toContain(customerId);
    expect((await open(customerId)).customer.done).toBe(true);
    await act(customerId, { intent: 'done', done: 'false' });
    expect(await ids('')).toContain(customerId);
    expect(await ids('?filter=done')).not.toContain(customerId);
    expect(await act(customerId, { intent: 'done', done: 'maybe' })).toMatchObject({
      status: 400,
      body: { message: 'Say done: true or false.' },
    });
    // a new text takes a conversation out of done
    await act(customerId, { intent: 'done', done: 'true' });
    await text('+12045550310', 'Hello?');
    expect(await ids('')).toContain(customerId);

    const assigned = await services.team.audit({ action: 'conversation_assigned' });
    expect(assigned.entries.filter((e) => e.subject === `customer:${customerId}`)).toHaveLength(2);
  });

  it("writes a conversation's time as staff scan it: today's time alone, else its day", () => {
    // 10:00 in Winnipeg on Monday 23 November 2026
    expect(inboxWhen('2026-11-23T20:05:00.000Z', NOW)).toBe('2:05 p.m.');
    expect(inboxWhen('2026-11-23T06:00:00.000Z', NOW)).toBe('12:00 a.m.');
    // 11:30 p.m. on the 22nd in Winnipeg, though the 23rd in UTC
    expect(inboxWhen('2026-11-23T05:30:00.000Z', NOW)).toBe('Nov 22');
    expect(inboxWhen('2025-12-31T18:00:00.000Z', NOW)).toBe('Dec 31, 2025');
  });

  it("gives the back office's shell the inbox's pulse", async () => {
    const shell = (await call(layoutRoute.loader, '/admin/inbox')).body as {
      pulse: { unread: number; latest: string | null };
    };
    expect(shell.pulse).toEqual(await services.inbox.pulse());
    expect(shell.pulse.unread).toBeGreaterThan(0);
    expect(shell.pulse.latest).toEqual(expect.any(String));
  });
});
