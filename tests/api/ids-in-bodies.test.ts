/**
 * An id in a body or a query is read by the one row-id parser (issue 47 item 6, decision 0178):
 * a value that is not a whole number from 1 to 2,147,483,647 (PostgreSQL's `integer`, the type of
 * every id column) is a 400 with a message on both engines, never the database's refusal (500 on
 * PostgreSQL). A merge's `into`, an inbox assignee, an order line's `supplierId` and `revision`,
 * the audit log's `before`, a blog post's `categoryId`: through the screens that take them (a
 * customer's merge, a conversation, the Lead Details dialog's parts, the audit log; decision 0182)
 * and the blog's endpoint. The quote page's `version`: tests/api/quote-link.test.ts; ids in
 * addresses: tests/api/row-ids.test.ts and row-ids-screens.test.ts.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '#app/modules/customers/customers.ts';
import { INBOX_TEXT } from '#app/modules/customers/inbox.ts';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.ts';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { TEAM_TEXT } from '#server/services/team.ts';
import * as auditRoute from '#app/routes/admin-audit.tsx';
import * as customerRoute from '#app/routes/admin-customer.tsx';
import * as conversationRoute from '#app/routes/admin-inbox-conversation.tsx';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { screenDoors, type ScreenAnswer } from '../support/screen-door.ts';

/** Not ids: past `integer`, far past it (a JSON number), negative, a fraction, not a number. */
const NOT_IDS: unknown[] = [2_147_483_648, '2147483648', 1e30, -1, 1.5, 'abc'];

eachEngine('ids in bodies and queries', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let db: Kysely<DB>;
  let headers: Record<string, string>;
  let screens: ReturnType<typeof screenDoors>;
  let owner: { user: { id: number; username: string; displayName: string; role: 'owner' } };
  const ids = { lead: 0, line: 0, revision: 0, customer: 0, other: 0, post: 0 };

  const send = (method: 'post' | 'put' | 'patch', path: string, body: object) =>
    request(app)[method](path).set(headers).send(body);
  /** What React Router sends of a screen's answer: its status and its data. */
  const sent = async (answer: Promise<ScreenAnswer>) => {
    const { status, body } = await answer;
    return { status, body: body as unknown };
  };
  const customer = (id: number, intent: string, fields: object) =>
    sent(screens.act(customerRoute, owner, intent, { ...fields }, { id }));
  const conversation = (id: number, intent: string, fields: object) =>
    sent(screens.act(conversationRoute, owner, intent, { ...fields }, { id }));
  const dialog = (id: number, intent: string, fields: object) =>
    sent(screens.act(leadDetailsRoute, owner, intent, { ...fields }, { id }));

  beforeAll(async () => {
    const { deps, services } = ctx();
    db = deps.db;
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps, STAFF, 'owner');
    const session = await signIn(app);
    headers = { Cookie: session.cookie, 'X-CSRF-Token': session.token };
    screens = screenDoors(services, deps);
    const me = await deps.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('username', '=', STAFF.username)
      .executeTakeFirstOrThrow();
    owner = { user: { id: me.id, username: STAFF.username, displayName: me.display_name, role: 'owner' } };
    const lead = (status: 'ordered' | 'new', phone: string) =>
      insertLead(
        db,
        {
          status,
          urgency: 'flexible',
          source: 'web',
          name: 'Dana Friesen',
          phone,
          description: 'Hydraulic pump for the loader',
          year: '2015',
          make: 'John Deere',
          model: '6120',
        },
        [],
        { now: deps.now(), actor: 'customer' },
      );
    ids.lead = (await lead('ordered', '(204) 555-0191')).id;
    const other = (await lead('new', '(204) 555-0192')).id;
    const customerOf = async (id: number) =>
      (await db.selectFrom('leads').select('customer_id').where('id', '=', id).executeTakeFirstOrThrow())
        .customer_id!;
    ids.customer = await customerOf(ids.lead);
    ids.other = await customerOf(other);
    const line = await services.orders.addLine(ids.lead, { part: 'Hydraulic pump' }, STAFF.username);
    ids.line = line.id;
    ids.revision = line.revision;
    const post = await send('post', '/api/admin/blog', {
      title: 'Axle tags',
      content: '<p>Read the tag.</p>',
    }).expect(201);
    ids.post = post.body.id as number;
  });

  /** Each body with each value that is not an id: 400, the field's message, nothing changed. */
  const cases: {
    what: string;
    send: (value: unknown) => Promise<{ status: number; body: unknown }>;
    field: string;
    message: string;
  }[] = [
    {
      what: "a merge's into",
      send: (into) => customer(ids.other, 'merge', { into }),
      field: 'into',
      message: CUSTOMER_MESSAGES.mergeTarget,
    },
    {
      what: 'an inbox assignee',
      send: (userId) => conversation(ids.customer, 'assign', { userId }),
      field: 'userId',
      message: INBOX_TEXT.unknownUser,
    },
    {
      what: "a new order line's supplier",
      send: (supplierId) => dialog(ids.lead, 'line-add', { part: 'Pump', supplierId }),
      field: 'supplierId',
      message: ORDER_MESSAGES.supplier,
    },
    {
      what: "a changed order line's supplier",
      send: (supplierId) =>
        dialog(ids.lead, 'line-change', { line: ids.line, supplierId, revision: ids.revision }),
      field: 'supplierId',
      message: ORDER_MESSAGES.supplier,
    },
    {
      what: "an order line's revision",
      send: (revision) => dialog(ids.lead, 'line-step', { line: ids.line, to: 'ordered', revision }),
      field: 'revision',
      message: 'Reload the order and try again.',
    },
    {
      what: "a blog post's category",
      send: async (categoryId) => {
        const res = await send('patch', `/api/admin/blog/${ids.post}`, {
          title: 'Axle tags',
          content: '<p>Read the tag.</p>',
          categoryId,
        });
        // the endpoint's shape is the screens' without `ok` (decision 0074)
        return { status: res.status, body: { ok: false, ...res.body } as unknown };
      },
      field: 'categoryId',
      message: ROW_ID_MESSAGE,
    },
  ];

  it.each(cases.map((c) => [c.what, c] as const))(
    '%s that is not an id: 400 with a message',
    async (_, c) => {
      for (const value of NOT_IDS) {
        const res = await c.send(value);
        const where = `${c.what} = ${JSON.stringify(value)}`;
        expect({ where, status: res.status }).toEqual({ where, status: 400 });
        expect({ where, body: res.body }).toEqual({
          where,
          body: { ok: false, message: c.message, fieldErrors: { [c.field]: [c.message] } },
        });
      }
    },
  );

  it("the audit log's before that is not an id: 400 with a message", async () => {
    for (const value of NOT_IDS) {
      const res = await screens.load(
        auditRoute,
        owner,
        `/admin/audit?before=${encodeURIComponent(String(value))}`,
      );
      const where = `before=${String(value)}`;
      expect({ where, status: res.status }).toEqual({ where, status: 400 });
      expect(res.body.error, where).toBe(TEAM_TEXT.badFilter);
    }
    // the largest id is one: an empty page, or the entries before it
    expect((await screens.load(auditRoute, owner, '/admin/audit?before=2147483647')).status).toBe(200);
  });

  it('the largest id is still an id: a merge into it is a customer not found, not a 400', async () => {
    const res = await customer(ids.other, 'merge', { into: 2_147_483_647 });
    expect(res.status).toBe(404);
  });
});
