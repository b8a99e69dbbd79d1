/**
 * The right customer (issue 48 item 2, decision 0193) on both engines: a request whose phone or
 * e-mail matches a customer under another name is linked to them but flagged with the name it
 * gave, on the lead, the customer's page and the conversation; a customers search finds the
 * customer by that name; 'Same person' clears the flag and keeps the name as theirs, 'Different
 * person' makes a new customer of the request and moves the lead, both in the audit log; the same
 * name in other letters, or an empty one, raises no flag; bad input gets a clear 4xx.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CustomerPage } from '#app/modules/customers/customers.ts';
import { NAME_CHECK_TEXT } from '#app/modules/customers/name-check.ts';
import { caseNumberFor } from '#app/modules/leads/leads.ts';
import { changeOf } from '#app/modules/team/audit.ts';
import type { AuditRecord } from '#server/db/repo/audit.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { screenDoors } from '../support/screen-door.ts';
import * as auditRoute from '#app/routes/admin-audit.tsx';
import * as customerRoute from '#app/routes/admin-customer.tsx';
import * as customersRoute from '#app/routes/admin-customers.tsx';
import * as conversationRoute from '#app/routes/admin-inbox-conversation.tsx';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';

/** Monday 23 November 2026, 10:00 in Winnipeg. */
const NOW = new Date('2026-11-23T16:00:00.000Z');

eachEngine('the right customer', (ctx) => {
  let services: Services;
  let db: Kysely<DB>;
  let app: ReturnType<typeof createTestApp>;
  let headers: Record<string, string>;
  let screens: ReturnType<typeof screenDoors>;
  let owner: { user: { id: number; username: string; displayName: string; role: 'owner' } };

  beforeAll(async () => {
    const deps = testDeps(ctx().t, () => NOW);
    services = createServices(deps);
    db = deps.db;
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps, STAFF, 'owner');
    const session = await signIn(app);
    headers = { Cookie: session.cookie, 'X-CSRF-Token': session.token };
    screens = screenDoors(services, deps);
    const me = await db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('username', '=', STAFF.username)
      .executeTakeFirstOrThrow();
    owner = { user: { id: me.id, username: STAFF.username, displayName: me.display_name, role: 'owner' } };
  });
  afterAll(() => services.messaging.outbox.stop());

  const leadIdOf = (caseNumber: string) => Number(caseNumber.slice(2)) - 10_000;
  const customerOf = async (leadId: number) =>
    (await db.selectFrom('leads').select('customer_id').where('id', '=', leadId).executeTakeFirstOrThrow())
      .customer_id!;
  const page = async (id: number) =>
    (await request(app).get(`/api/customers/${id}`).set(headers).expect(200)).body as CustomerPage;
  const lead = (id: number) => screens.load(leadDetailsRoute, owner, `/admin/leads/${id}`, { id });
  const decide = (leadId: number, intent: 'same-person' | 'different-person') =>
    screens.act(leadDetailsRoute, owner, intent, {}, { id: leadId });
  const auditOf = async (action: string) => {
    const read = await screens.load(auditRoute, owner, `/admin/audit?action=${action}`);
    expect(read.status).toBe(200);
    return read.body.entries as AuditRecord[];
  };

  /** A customer on file (a lead taken by phone), then a web request from the same phone under `name`. */
  async function twoNames(phone: string, onFile: string, name: string) {
    const { id: first } = await insertLead(
      db,
      { urgency: 'flexible', source: 'phone', name: onFile, phone },
      [],
      { now: NOW, actor: 'staff' },
    );
    const web = await submit(app, { ...VALID_FIELDS, phone, email: '', name }).expect(201);
    return { first, second: leadIdOf(web.body.caseNumber as string), customer: await customerOf(first) };
  }

  it("links Bernie Toews' request to Lorne Harder, flagged with Bernie's name everywhere; 'Same person' clears it", async () => {
    const { second, customer } = await twoNames('(204) 555-0199', 'Lorne Harder', 'Bernie Toews');
    expect(await customerOf(second)).toBe(customer);

    const flag = {
      leadId: second,
      requestName: 'Bernie Toews',
      customerId: customer,
      customerName: 'Lorne Harder',
    };
    const dialog = await lead(second);
    expect(dialog.status).toBe(200);
    expect(dialog.body.lead.nameCheck).toMatchObject(flag);
    expect((await page(customer)).nameChecks).toEqual([expect.objectContaining(flag)]);
    const inbox = await screens.load(conversationRoute, owner, `/admin/inbox/${customer}`, { id: customer });
    expect(inbox.body.nameChecks).toEqual([expect.objectContaining(flag)]);
    const onScreen = await screens.load(customerRoute, owner, `/admin/customers/${customer}`, {
      id: customer,
    });
    expect(onScreen.body.nameChecks).toEqual([expect.objectContaining(flag)]);

    // a search for the name the request gave finds the customer
    const found = await screens.load(customersRoute, owner, '/admin/customers?search=bernie');
    expect(found.body.customers.map((c: { id: number }) => c.id)).toEqual([customer]);

    const same = await decide(second, 'same-person');
    expect(same.status).toBe(200);
    expect((await lead(second)).body.lead.nameCheck).toBeNull();
    expect((await page(customer)).nameChecks).toEqual([]);
    expect(await customerOf(second)).toBe(customer);
    // still found by the other name, and a next request under it raises no flag
    const again = await screens.load(customersRoute, owner, '/admin/customers?search=Toews');
    expect(again.body.customers.map((c: { id: number }) => c.id)).toEqual([customer]);
    const next = await submit(app, {
      ...VALID_FIELDS,
      phone: '(204) 555-0199',
      email: '',
      name: 'bernie  toews',
    }).expect(201);
    expect((await lead(leadIdOf(next.body.caseNumber as string))).body.lead.nameCheck).toBeNull();

    const audit = await auditOf('customer_same_person');
    expect(audit).toEqual([expect.objectContaining({ subject: `customer:${customer}` })]);
    expect(changeOf(audit[0]!)).toBe(`Lorne Harder is also Bernie Toews (${caseNumberFor(second)})`);

    // settled already: a clear refusal, nothing changed
    const twice = await decide(second, 'same-person');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(NAME_CHECK_TEXT.notFlagged);
  });

  it("'Different person' makes a new customer of the request, who owns the lead and its texts now", async () => {
    const { first, second, customer } = await twoNames('(204) 555-0177', 'Lorne Harder', 'Bernie Toews');
    await services.leadAdmin.sendText(second, { body: 'Hi, which side is it?' }, 'staff');

    const split = await decide(second, 'different-person');
    expect(split.status).toBe(200);
    const bernie = await customerOf(second);
    expect(bernie).not.toBe(customer);
    expect(await customerOf(first)).toBe(customer);
    const { customer: made, leads, conversation, nameChecks } = await page(bernie);
    expect(made.name).toBe('Bernie Toews');
    expect(leads.map((l) => l.id)).toEqual([second]);
    expect(nameChecks).toEqual([]);
    // a staff text begins with the business's name (decision 0194)
    expect(conversation.map((m) => m.body)).toContain('Parts Hunters MB: Hi, which side is it?');
    // the number stays with the customer who had it (one customer per number); the lead keeps its own
    expect((await page(customer)).customer.phone).toBe('+12045550177');
    expect((await page(customer)).leads.map((l) => l.id)).toEqual([first]);
    expect((await lead(second)).body.lead.phone).toBe('(204) 555-0177');

    const audit = await auditOf('customer_different_person');
    expect(audit).toEqual([expect.objectContaining({ subject: `customer:${bernie}` })]);
    expect(changeOf(audit[0]!)).toBe(
      `${caseNumberFor(second)} moved from Lorne Harder to Bernie Toews, a new customer`,
    );

    const twice = await decide(second, 'different-person');
    expect(twice.status).toBe(409);
  });

  it('raises no flag for the same name in other letters, a first name alone, or no name', async () => {
    const same = await twoNames('(204) 555-0166', 'Lorne Harder', '  lorne   HARDER ');
    expect((await lead(same.second)).body.lead.nameCheck).toBeNull();
    const first = await twoNames('(204) 555-0155', 'Dale Friesen', 'Dale');
    expect((await lead(first.second)).body.lead.nameCheck).toBeNull();
    // a text is named by its number: no flag either way
    const { id: byNumber } = await insertLead(
      db,
      { urgency: 'flexible', source: 'sms', name: '(204) 555-0155', phone: '(204) 555-0155' },
      [],
      { now: NOW, actor: 'staff' },
    );
    expect((await lead(byNumber)).body.lead.nameCheck).toBeNull();
    expect((await page(first.customer)).nameChecks).toEqual([]);
  });

  it('refuses an unknown lead, a lead that is no lead id and a lead without a flag, in words', async () => {
    const unknown = await decide(999_999, 'same-person');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(NAME_CHECK_TEXT.leadNotFound);
    const notAnId = await screens.act(leadDetailsRoute, owner, 'different-person', {}, { id: 'abc' });
    expect(notAnId.status).toBe(400);
    const plain = await twoNames('(204) 555-0144', 'Ann Klassen', 'Ann Klassen');
    const none = await decide(plain.second, 'different-person');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(NAME_CHECK_TEXT.notFlagged);
    expect(await customerOf(plain.second)).toBe(plain.customer);
  });
});
