/**
 * Customers and the inbox (issue 30 items 1 and 2) on both engines, as staff use them: the
 * screens' actions and loaders (customers, a customer, a conversation, the audit log; decision
 * 0182) and what stays on /api (a customer's page, the inbox and its pulse): every lead attached to its customer by phone or e-mail (a web request, a text, a lead
 * entered by hand); leads written before customers existed linked afterwards, a batch at a time;
 * the list searched and sorted; a customer's page with leads, quotes and messages; edits and merges
 * in the audit log, a merge keeping every lead and message; a conversation unread when the customer
 * writes, read when staff open it, a reply through the outbox, assigned and done; a fleet
 * account's quote asking for a PO number.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_TEXT,
  type CustomerPage,
  type CustomerSummary,
} from '#app/modules/customers/customers.ts';
import type { InboxConversation } from '#app/modules/customers/inbox.ts';
import { QUOTE_PAGE_MESSAGES } from '#app/modules/quotes/quote.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { anotherProcess } from '../support/another-process.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { screenDoors } from '../support/screen-door.ts';
import * as auditRoute from '#app/routes/admin-audit.tsx';
import * as customerRoute from '#app/routes/admin-customer.tsx';
import * as customersRoute from '#app/routes/admin-customers.tsx';
import * as conversationRoute from '#app/routes/admin-inbox-conversation.tsx';
import { submit, VALID_FIELDS } from './leads-fixtures.ts';
import { textParams } from './sms-fixtures.ts';
import { clientOf } from '#server/http/client.ts';

/** Monday 23 November 2026, 10:00 in Winnipeg. */
const NOW = new Date('2026-11-23T16:00:00.000Z');
const viewer = { staff: false, ...clientOf('203.0.113.9', 'test') };

eachEngine(
  'customers and the inbox',
  (ctx) => {
    let clock = NOW;
    let services: Services;
    let db: Kysely<DB>;
    let app: ReturnType<typeof createTestApp>;
    let headers: Record<string, string>;
    let screens: ReturnType<typeof screenDoors>;
    let owner: { user: { id: number; username: string; displayName: string; role: 'owner' } };
    const tick = () => (clock = new Date(clock.getTime() + 60_000));

    beforeAll(async () => {
      const deps = testDeps(ctx().t, () => clock);
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

    const api = {
      get: (path: string) => request(app).get(path).set(headers),
      post: (path: string, body: object) => request(app).post(path).set(headers).send(body),
    };
    /** A customer's page's action (edit, merge) for the customer `id`. */
    const customerScreen = (id: number, intent: string, fields: object) =>
      screens.act(customerRoute, owner, intent, { ...fields }, { id });
    /** A conversation's action (reply, assign, done) for the customer `id`. */
    const conversation = (id: number, intent: string, fields: object) =>
      screens.act(conversationRoute, owner, intent, { ...fields }, { id });
    /** A conversation opened: its loader (which reads it). */
    const openConversation = (id: number) =>
      screens.load(conversationRoute, owner, `/admin/inbox/${id}`, { id });
    /** The customers screen's loader at `?query`. */
    const customersList = (query: string) => screens.load(customersRoute, owner, `/admin/customers?${query}`);
    /** The audit log's entries of one action, as its screen's loader reads them. */
    const auditOf = async (action: string) => {
      const read = await screens.load(auditRoute, owner, `/admin/audit?action=${action}`);
      expect(read.status).toBe(200);
      return read.body.entries as unknown[];
    };
    const customerOf = async (leadId: number) =>
      (await db.selectFrom('leads').select('customer_id').where('id', '=', leadId).executeTakeFirstOrThrow())
        .customer_id!;
    const leadIdOf = (caseNumber: string) => Number(caseNumber.slice(2)) - 10_000;
    const page = async (id: number) =>
      (await api.get(`/api/customers/${id}`).expect(200)).body as CustomerPage;
    const text = (from: string, body: string) => {
      tick();
      return services.texting.receiveText(textParams(from, body));
    };

    it('attaches a text, a web request from the same number and a lead taken by phone to one customer', async () => {
      await text('+12045550301', 'Need a hitch pin for a 2015 JD 6120');
      const byText = await db
        .selectFrom('leads')
        .select('id')
        .where('phone', '=', '+12045550301')
        .executeTakeFirstOrThrow();
      await services.leadAdmin.changeStatus(
        byText.id,
        { status: 'lost', reason: 'Found it elsewhere' },
        'staff',
      );
      // the same number as typed on the form, with an e-mail: the same customer, now with its name
      const web = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0301',
        email: 'Dale@Farm.ca',
        name: 'Dale Friesen',
      }).expect(201);
      const webLead = leadIdOf(web.body.caseNumber as string);
      // a different number but the same e-mail (in other letters): the same customer
      const { id: byMail } = await insertLead(
        db,
        { urgency: 'flexible', source: 'phone', name: 'Dale', phone: '204-555-0999', email: 'dale@farm.ca' },
        [],
        { now: clock, actor: 'staff' },
      );
      const customer = await customerOf(webLead);
      expect(await customerOf(byText.id)).toBe(customer);
      expect(await customerOf(byMail)).toBe(customer);
      const { customer: c, leads } = await page(customer);
      expect(c).toMatchObject({
        name: 'Dale Friesen',
        phone: '+12045550301',
        email: 'dale@farm.ca',
        leadCount: 3,
      });
      expect(leads.map((l) => l.id).sort((a, b) => a - b)).toEqual(
        [webLead, byText.id, byMail].sort((a, b) => a - b),
      );
      // a new number and a new address: a new customer
      const other = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0302',
        email: 'mo@shop.ca',
        name: 'Mo',
      }).expect(201);
      expect(await customerOf(leadIdOf(other.body.caseNumber as string))).not.toBe(customer);
    });

    it('links leads written before customers existed, a batch at a time, the same way', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const { id } = await insertLead(
          db,
          {
            urgency: 'flexible',
            source: 'web',
            name: `Old ${i}`,
            phone: `(204) 555-04${10 + (i % 2)}`,
            email: null,
          },
          [],
          { now: clock, actor: 'customer' },
        );
        ids.push(id);
      }
      // as a process of the build before migration 0013 left them
      await db.updateTable('leads').set({ customer_id: null }).where('id', 'in', ids).execute();
      await db.deleteFrom('customers').where('phone', 'in', ['+12045550410', '+12045550411']).execute();
      expect(await services.customers.linkWaiting()).toBe(5);
      const owners = await Promise.all(ids.map(customerOf));
      expect(new Set(owners).size).toBe(2);
      expect(owners[0]).toBe(owners[2]);
      expect(await services.customers.linkWaiting()).toBe(0);
    });

    it("shows a customer's newest 20 requests (all of them on asking) and the newest 50 messages", async () => {
      const ids: number[] = [];
      for (let i = 0; i < 23; i++) {
        tick();
        const { id } = await insertLead(
          db,
          { urgency: 'flexible', source: 'web', name: 'Pat Loewen', phone: '(204) 555-0420', email: null },
          [],
          { now: clock, actor: 'customer' },
        );
        ids.push(id);
      }
      const id = await customerOf(ids[0]!);
      for (let i = 0; i < 55; i++) await text('+12045550420', `Message ${i}`);

      const newest = await page(id);
      expect(newest).toMatchObject({ requests: 'newest', moreLeads: true });
      expect(newest.leads.map((l) => l.id)).toEqual(ids.slice(-20).reverse());
      expect(newest.conversation).toHaveLength(50);
      const times = newest.conversation.map((m) => m.at);
      expect(times).toEqual([...times].sort());
      const incoming = newest.conversation.filter((m) => m.direction === 'in').map((m) => m.body);
      expect(incoming.at(-1)).toBe('Message 54');
      expect(incoming).not.toContain('Message 0');

      const all = (await api.get(`/api/customers/${id}?requests=all`).expect(200)).body as CustomerPage;
      expect(all).toMatchObject({ requests: 'all', moreLeads: false });
      expect(all.leads.map((l) => l.id)).toEqual([...ids].reverse());
      const bad = await api.get(`/api/customers/${id}?requests=everything`).expect(400);
      expect(bad.body.message).toBe(CUSTOMER_MESSAGES.requests);

      // a reply is about their newest open request: the newest two are closed
      await db.updateTable('leads').set({ status: 'lost' }).where('id', 'in', ids.slice(-2)).execute();
      expect(await conversation(id, 'reply', { body: 'Still looking for that one?' })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      const reply = await db
        .selectFrom('outgoing_messages')
        .select('lead_id')
        .where('body', '=', 'Parts Hunters MB: Still looking for that one?')
        .executeTakeFirstOrThrow();
      expect(reply.lead_id).toBe(ids.at(-3));
    });

    it('lists customers searched by name, company, phone or e-mail, sorted by last contact or total spent', async () => {
      const lead = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0303',
        email: 'kim@fleet.ca',
        name: 'Kim Wiebe',
      }).expect(201);
      const id = await customerOf(leadIdOf(lead.body.caseNumber as string));
      expect(
        (await customerScreen(id, 'update', { name: 'Kim Wiebe', company: 'Wiebe Haulage', fleet: true }))
          .status,
      ).toBe(200);
      await db
        .updateTable('leads')
        .set({ status: 'fulfilled', sell_price: 99_999_00 })
        .where('customer_id', '=', id)
        .execute();
      await db.updateTable('customers').set({ total_spent: 99_999_00 }).where('id', '=', id).execute();
      const names = async (query: string) => {
        const read = await customersList(query);
        expect(read.status).toBe(200);
        return (read.body.customers as CustomerSummary[]).map((c) => c.name);
      };
      for (const search of ['wiebe', 'Haulage', '204-555-0303', 'KIM@fleet'])
        expect(await names(`search=${encodeURIComponent(search)}`)).toEqual(['Kim Wiebe']);
      expect((await names('sort=total_spent'))[0]).toBe('Kim Wiebe');
      expect((await names('sort=last_contact'))[0]).toBe('Kim Wiebe');
      const bad = await customersList('sort=name');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Sort by last contact or total spent.');
      // pages: 'next' names the page after, none repeated
      const firstRead = await customersList('sort=last_contact');
      expect(firstRead.status).toBe(200);
      const first = firstRead.body as { customers: CustomerSummary[]; next: string | null };
      expect(first.next).toBeNull();
      expect(new Set(first.customers.map((c) => c.id)).size).toBe(first.customers.length);
    });

    it('edits a customer and merges two, keeping every lead and message, both in the audit log', async () => {
      const a = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0304',
        email: 'ana@farm.ca',
        name: 'Ana',
      }).expect(201);
      const b = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0305',
        email: 'ana.b@farm.ca',
        name: 'Ana B.',
      }).expect(201);
      await text('+12045550305', 'Did you find it?');
      const kept = await customerOf(leadIdOf(a.body.caseNumber as string));
      const merged = await customerOf(leadIdOf(b.body.caseNumber as string));
      const before = await page(merged);
      expect(before.conversation.some((m) => m.direction === 'in' && m.body === 'Did you find it?')).toBe(
        true,
      );

      const edit = await customerScreen(kept, 'update', {
        name: 'Ana Klassen',
        notes: 'Pays on pickup',
        fleet: false,
      });
      expect(edit).toMatchObject({ status: 200, body: { ok: true } });
      const edited = await page(kept);
      expect(edited.customer).toMatchObject({ name: 'Ana Klassen', notes: 'Pays on pickup' });

      // merged, the screen goes to the customer kept
      const merge = await customerScreen(merged, 'merge', { into: kept });
      expect(merge).toMatchObject({ status: 302, location: `/admin/customers/${kept}` });
      const after = await page(kept);
      expect(after.customer.id).toBe(kept);
      expect(after.leads).toHaveLength(before.leads.length + 1);
      expect(after.conversation.map((m) => m.key)).toEqual(
        expect.arrayContaining(before.conversation.map((m) => m.key)),
      );
      // the merged one points at the kept one and is found by nobody; merging it again is refused
      expect((await page(merged)).customer.mergedInto).toBe(kept);
      const again = await customerScreen(merged, 'merge', { into: kept });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(CUSTOMER_TEXT.mergedAway);
      const ana = (await customersList('search=ana')).body.customers as CustomerSummary[];
      expect(ana.map((c) => c.id)).toEqual([kept]);
      // a text from the merged customer's number now finds the kept customer (it learned no phone: it has one)
      const merges = await db
        .selectFrom('customer_merges')
        .selectAll()
        .where('merged_id', '=', merged)
        .execute();
      expect(merges).toHaveLength(1);
      const audit = (await auditOf('customer_merged')) as { subject: string }[];
      expect(audit.map((e) => e.subject)).toContain(`customer:${kept}`);
      const edits = (await auditOf('customer_updated')) as {
        before: { name: string };
        after: { name: string };
      }[];
      expect(edits.some((e) => e.before.name === 'Ana' && e.after.name === 'Ana Klassen')).toBe(true);
    });

    it('merging two customers with long notes keeps the notes within 4,000 characters, says so, and the customer can still be saved', async () => {
      const a = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0307',
        email: 'ben@farm.ca',
        name: 'Ben',
      }).expect(201);
      const b = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0308',
        email: 'ben.p@farm.ca',
        name: 'Ben Penner',
      }).expect(201);
      const kept = await customerOf(leadIdOf(a.body.caseNumber as string));
      const merged = await customerOf(leadIdOf(b.body.caseNumber as string));
      const keptNotes = `Pays cash. ${'k'.repeat(2_500)}`;
      const mergedNotes = `Fleet of six Freightliners. ${'m'.repeat(3_000)}`;
      expect((await customerScreen(kept, 'update', { name: 'Ben Penner', notes: keptNotes })).status).toBe(
        200,
      );
      expect((await customerScreen(merged, 'update', { name: 'Ben P.', notes: mergedNotes })).status).toBe(
        200,
      );

      expect((await customerScreen(merged, 'merge', { into: kept })).status).toBe(302);
      const after = await page(kept);
      const notes = after.customer.notes!;
      expect(notes.length).toBeLessThanOrEqual(4_000);
      expect(notes.startsWith(`${keptNotes}\n\nFleet of six Freightliners. mmm`)).toBe(true);
      expect(notes.endsWith(`\n\n${CUSTOMER_TEXT.notesCut('Ben P.')}`)).toBe(true);
      // the customer kept can be saved as it is
      expect(await customerScreen(kept, 'update', { name: 'Ben Penner', notes })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      // the merged customer's whole notes are in the audit log's record of the merge
      const audit = (await auditOf('customer_merged')) as {
        subject: string;
        before: { merged: { notes: string } };
        after: { notesCut: boolean };
      }[];
      const entry = audit.find((e) => e.subject === `customer:${kept}`)!;
      expect(entry.before.merged.notes).toBe(mergedNotes);
      expect(entry.after.notesCut).toBe(true);
    });

    it('keeps one inbox: a text makes the conversation unread and first; opened, it is read; a reply goes out through the outbox', async () => {
      const { email: _, ...noEmail } = VALID_FIELDS;
      const lead = await submit(app, { ...noEmail, phone: '(204) 555-0306', name: 'Lee' }).expect(201);
      const id = await customerOf(leadIdOf(lead.body.caseNumber as string));
      expect((await conversation(id, 'done', { done: true })).status).toBe(200);
      await text('+12045550306', 'Is the pump new or used?');
      const inbox = (await api.get('/api/inbox').expect(200)).body.conversations as InboxConversation[];
      expect(inbox[0]).toMatchObject({
        customerId: id,
        unread: 1,
        lastIn: true,
        preview: 'Is the pump new or used?',
        doneAt: null,
      });
      expect((await api.get('/api/inbox/pulse').expect(200)).body.unread).toBeGreaterThanOrEqual(1);

      expect((await openConversation(id)).status).toBe(200);
      const read = (await api.get('/api/inbox').expect(200)).body.conversations as InboxConversation[];
      expect(read.find((c) => c.customerId === id)!.unread).toBe(0);

      expect(await conversation(id, 'reply', { body: 'New, OEM. Ready Thursday.' })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      const out = await db
        .selectFrom('outgoing_messages')
        .select(['body', 'recipient', 'channel'])
        .where('lead_id', '=', leadIdOf(lead.body.caseNumber as string))
        .where('body', '=', 'Parts Hunters MB: New, OEM. Ready Thursday.')
        .execute();
      // beginning with the business's name, as every text does (issue 48 item 5)
      expect(out).toEqual([
        { body: 'Parts Hunters MB: New, OEM. Ready Thursday.', recipient: '+12045550306', channel: 'sms' },
      ]);
      const top = ((await api.get('/api/inbox').expect(200)).body.conversations as InboxConversation[])[0]!;
      expect(top).toMatchObject({
        customerId: id,
        lastIn: false,
        preview: 'Parts Hunters MB: New, OEM. Ready Thursday.',
      });

      // assigned to me, then done: out of 'open', in 'mine' until done, in 'done'
      const me = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', STAFF.username)
        .executeTakeFirstOrThrow();
      expect((await conversation(id, 'assign', { userId: me.id })).status).toBe(200);
      const mine = (await api.get('/api/inbox?filter=mine').expect(200)).body
        .conversations as InboxConversation[];
      expect(mine.map((c) => c.customerId)).toEqual([id]);
      expect(mine[0]!.assignedName).toBe('Sam Staff');
      expect((await conversation(id, 'done', { done: true })).status).toBe(200);
      const open = (await api.get('/api/inbox?filter=open').expect(200)).body
        .conversations as InboxConversation[];
      expect(open.map((c) => c.customerId)).not.toContain(id);
      const done = (await api.get('/api/inbox?filter=done').expect(200)).body
        .conversations as InboxConversation[];
      expect(done.map((c) => c.customerId)).toContain(id);
      expect((await api.get('/api/inbox/999999').expect(404)).body).toEqual({ message: 'Not found' });
      expect(await openConversation(999999)).toMatchObject({
        status: 404,
        body: { message: 'Conversation not found' },
      });
    });

    it('a question from the quote page lands in the inbox unread; a fleet account must give a PO number', async () => {
      const lead = await submit(app, {
        ...VALID_FIELDS,
        phone: '(204) 555-0307',
        email: 'ops@fleet.ca',
        name: 'Pat',
      }).expect(201);
      const leadId = leadIdOf(lead.body.caseNumber as string);
      const id = await customerOf(leadId);
      expect(
        (await customerScreen(id, 'update', { name: 'Pat', company: 'Prairie Fleet', fleet: true })).status,
      ).toBe(200);
      await api.post(`/api/leads/${leadId}/quote`, { cost: 10_000, etaDays: 3 }).expect(200);
      const message = await db
        .selectFrom('outgoing_messages')
        .select('body')
        .where('lead_id', '=', leadId)
        .where('body', 'like', '%/q/%')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const token = /\/q\/([A-Za-z0-9_-]{24})/.exec(message.body)![1]!;
      tick();
      await services.quotes.ask(token, { body: 'Does it fit a 2016?' }, viewer);
      const top = ((await api.get('/api/inbox').expect(200)).body.conversations as InboxConversation[])[0]!;
      expect(top).toMatchObject({ customerId: id, unread: 1, preview: 'Does it fit a 2016?' });

      const shown = await services.quotes.page(token, viewer);
      expect(shown.poRequired).toBe(true);
      const refused = await services.quotes
        .accept(token, { version: '1', option: '0', name: 'Pat Olsen', po: '', terms: 'yes' }, viewer)
        .catch((err: { status: number; message: string }) => err);
      expect(refused).toMatchObject({ status: 400, message: QUOTE_PAGE_MESSAGES.po });
      await services.quotes.accept(
        token,
        { version: '1', option: '0', name: 'Pat Olsen', po: 'PO-7', terms: 'yes' },
        viewer,
      );
      const { customer } = await page(id);
      expect(customer.totalSpent).toBeGreaterThan(0);
    });
    it('two processes merging the same pair at once, or assigning at once: one merge wins, every lead kept', async () => {
      const second = anotherProcess(ctx().t, () => clock);
      const other = second.services;
      const owner = await db
        .selectFrom('users')
        .select(['id', 'username', 'display_name'])
        .where('username', '=', STAFF.username)
        .executeTakeFirstOrThrow();
      const by = {
        id: owner.id,
        username: owner.username,
        displayName: owner.display_name,
        role: 'owner' as const,
      };
      try {
        for (let i = 0; i < 5; i++) {
          const a = await submit(app, {
            ...VALID_FIELDS,
            phone: `(204) 555-05${10 + i}`,
            email: `a${i}@x.ca`,
            name: `A${i}`,
          }).expect(201);
          const b = await submit(app, {
            ...VALID_FIELDS,
            phone: `(204) 555-06${10 + i}`,
            email: `b${i}@x.ca`,
            name: `B${i}`,
          }).expect(201);
          const ca = await customerOf(leadIdOf(a.body.caseNumber as string));
          const cb = await customerOf(leadIdOf(b.body.caseNumber as string));
          const results = await Promise.allSettled([
            services.customers.merge(ca, { into: cb }, by),
            other.customers.merge(cb, { into: ca }, by),
            other.inbox.assign(ca, { userId: owner.id }, by),
          ]);
          const merged = results.slice(0, 2).filter((r) => r.status === 'fulfilled');
          expect(merged).toHaveLength(1);
          const refused = results.slice(0, 2).find((r) => r.status === 'rejected') as PromiseRejectedResult;
          expect([404, 409]).toContain((refused.reason as { status: number }).status);
          // both leads belong to the one customer left
          const owners = new Set([
            await customerOf(leadIdOf(a.body.caseNumber as string)),
            await customerOf(leadIdOf(b.body.caseNumber as string)),
          ]);
          expect(owners.size).toBe(1);
          const [left] = [...owners];
          expect((await page(left!)).customer).toMatchObject({ mergedInto: null, leadCount: 2 });
        }
      } finally {
        await second.close();
      }
    });
  },
  { TRUST_PROXY: '1' },
);
