/**
 * The back-office screens read an id by the one rule (decision 0178), wherever it comes from: the
 * screen's address (`/admin/leads/:id`, `/admin/customers/:id`, `/admin/inbox/:id`: the loader and
 * every intent) or the form (a supplier's, an account's, an order line's `id`, `lead`, `line`). On
 * both engines an id above the id columns or not an id at all is the 400 ROW_ID_MESSAGE with no
 * field named, never 500 or 404; an id written otherwise than in plain digits ('+1', '1e0') is not
 * one; the largest id, which names no row, is the service's 404. These were the /api mirrors'
 * cases (tests/api/row-ids.test.ts keeps the endpoints that remain); the screens are the changes'
 * doors now (decision 0182, "The mirrors removed"). Every intent of a screen with an address id,
 * and every intent whose form names a row, has a case: a new one fails until it has (the catalog's and
 * the blog's screens name their item or post in the form's `id`).
 */
import { beforeAll, expect, it } from 'vitest';
import { MAX_ROW_ID, ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import * as accountRoute from '#app/routes/admin-account.tsx';
import * as blogRoute from '#app/routes/admin-blog.tsx';
import * as catalogRoute from '#app/routes/admin-catalog.tsx';
import * as customerRoute from '#app/routes/admin-customer.tsx';
import * as conversationRoute from '#app/routes/admin-inbox-conversation.tsx';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as ordersRoute from '#app/routes/admin-orders.tsx';
import * as suppliersRoute from '#app/routes/admin-suppliers.tsx';
import * as teamRoute from '#app/routes/admin-team.tsx';
import { insertUser } from '#server/db/repo/users.ts';
import { seedReference } from '#server/seed/index.ts';
import { eachEngine } from '../support/databases.ts';
import { leadWithCustomer, screenDoors, type ScreenModule } from '../support/screen-door.ts';
import { ITEM_FORM } from '../support/screen-error-cases.ts';

const TOO_LARGE = [String(MAX_ROW_ID + 1), '9999999999', '12045550123', '99999999999999999999'];
/** Not ids at all: zero, negative, a fraction, a number written as science, not a number. */
const NOT_IDS = ['0', '-1', '1.5', '1e30', 'abc'];

type Module = ScreenModule & { changes: Record<string, unknown> };

/** Screens whose address names a row, with the fields each intent needs so only the id is wrong. */
const BY_ADDRESS: { name: string; module: Module; path: string; fields: Record<string, object> }[] = [
  {
    name: 'admin-lead-details',
    module: leadDetailsRoute,
    path: '/admin/leads',
    fields: {
      status: { status: 'qualified' },
      quote: { cost: 12_000, etaDays: 3 },
      text: { body: 'Your part is in.', withName: 'false' },
      reopen: {},
      'part-name': { shortPartName: 'Hydraulic pump' },
      'line-add': { part: 'Hydraulic pump' },
      'line-change': { part: 'Hydraulic pump', revision: 1 },
      'line-step': { to: 'ordered', revision: 1 },
      'line-undo': { revision: 1 },
      'auto-texts': { on: false },
      'same-person': {},
      'different-person': {},
    },
  },
  {
    name: 'admin-customer',
    module: customerRoute,
    path: '/admin/customers',
    fields: { update: { name: 'Dale Friesen' }, merge: { into: 1 } },
  },
  {
    name: 'admin-inbox-conversation',
    module: conversationRoute,
    path: '/admin/inbox',
    fields: {
      reply: { body: 'Your part is in.', withName: 'false' },
      assign: { userId: '' },
      done: { done: true },
    },
  },
];

/** Intents whose form names a row: the field that is the id, the others so only it is wrong. */
const BY_FORM: { name: string; module: Module; intent: string; id: string[]; fields: object }[] = [
  { name: 'admin-suppliers', module: suppliersRoute, intent: 'update', id: ['id'], fields: { name: 'X' } },
  { name: 'admin-suppliers', module: suppliersRoute, intent: 'archive', id: ['id'], fields: {} },
  { name: 'admin-suppliers', module: suppliersRoute, intent: 'restore', id: ['id'], fields: {} },
  { name: 'admin-team', module: teamRoute, intent: 'disable', id: ['id'], fields: {} },
  { name: 'admin-team', module: teamRoute, intent: 'enable', id: ['id'], fields: {} },
  { name: 'admin-team', module: teamRoute, intent: 'reset', id: ['id'], fields: {} },
  { name: 'admin-team', module: teamRoute, intent: 'rename', id: ['id'], fields: { displayName: 'Pat' } },
  // a person's own passkey (decision 0202)
  { name: 'admin-account', module: accountRoute, intent: 'remove-passkey', id: ['id'], fields: {} },
  {
    name: 'admin-orders',
    module: ordersRoute,
    intent: 'step',
    id: ['lead', 'line'],
    fields: { to: 'ordered', revision: 1 },
  },
  {
    name: 'admin-orders',
    module: ordersRoute,
    intent: 'undo',
    id: ['lead', 'line'],
    fields: { revision: 1 },
  },
  {
    name: 'admin-lead-details',
    module: leadDetailsRoute,
    intent: 'line-change',
    id: ['line'],
    fields: { part: 'Pump', revision: 1 },
  },
  {
    name: 'admin-lead-details',
    module: leadDetailsRoute,
    intent: 'line-step',
    id: ['line'],
    fields: { to: 'ordered', revision: 1 },
  },
  {
    name: 'admin-lead-details',
    module: leadDetailsRoute,
    intent: 'line-undo',
    id: ['line'],
    fields: { revision: 1 },
  },
  // the item dialog's fields (dollars) are read before its id: a valid item, so only the id is wrong
  { name: 'admin-catalog', module: catalogRoute, intent: 'update', id: ['id'], fields: ITEM_FORM },
  { name: 'admin-catalog', module: catalogRoute, intent: 'publish', id: ['id'], fields: {} },
  ...(['update', 'publish', 'unpublish', 'archive', 'delete'] as const).map((intent) => ({
    name: 'admin-blog',
    module: blogRoute,
    intent,
    id: ['id'],
    fields: intent === 'update' ? { title: 'Hitch pins', content: '<p>Grease them.</p>' } : {},
  })),
];

const NOT_AN_ID = { status: 400, body: { ok: false, message: ROW_ID_MESSAGE, fieldErrors: {} } };

eachEngine('ids at the back-office screens', (ctx) => {
  let doors: ReturnType<typeof screenDoors>;
  let owner: { user: { id: number; username: string; displayName: string; role: 'owner' } };
  const ids = { lead: 0, customer: 0 };

  beforeAll(async () => {
    const { deps, services } = ctx();
    await seedReference(deps);
    const user = { username: 'olivia', displayName: 'Olivia Owner', role: 'owner' as const };
    owner = { user: { id: await insertUser(deps.db, { ...user, passwordHash: 'x' }, deps.now()), ...user } };
    doors = screenDoors(services, deps);
    const made = await leadWithCustomer(deps, {
      status: 'ordered',
      urgency: 'flexible',
      source: 'web',
      name: 'Dana',
      phone: '(204) 555-0123',
    });
    ids.lead = made.lead;
    ids.customer = made.customer;
  });

  it('has a case for every intent of a screen with an address id, and for each of its fields', () => {
    for (const { name, module, fields } of BY_ADDRESS)
      expect({ name, intents: Object.keys(fields).sort() }).toEqual({
        name,
        intents: Object.keys(module.changes).sort(),
      });
    for (const { module, intent } of BY_FORM) expect(Object.keys(module.changes)).toContain(intent);
    // the catalog's and the blog's: every intent but 'create' names its item or post by the form's id
    for (const [name, module] of [
      ['admin-catalog', catalogRoute],
      ['admin-blog', blogRoute],
    ] as const)
      expect({ name, intents: BY_FORM.filter((c) => c.name === name).map((c) => c.intent) }).toEqual({
        name,
        intents: Object.keys(module.changes).filter((intent) => intent !== 'create'),
      });
  });

  it("answers 400 with the id message for an address's id above the id columns or not an id, never 500 or 404", async () => {
    for (const { name, module, path, fields } of BY_ADDRESS) {
      for (const id of [...TOO_LARGE, ...NOT_IDS]) {
        const read = await doors.load(module, owner, `${path}/${encodeURIComponent(id)}`, { id });
        const where = `${name} loader with id ${id}`;
        expect({ where, status: read.status, body: read.body }).toEqual({
          where,
          status: 400,
          body: { message: ROW_ID_MESSAGE },
        });
        for (const [intent, input] of Object.entries(fields)) {
          // a part's own id is the same value, as the address's
          const answer = await doors.act(module, owner, intent, { line: id, ...input }, { id });
          const at = `${name} intent=${intent} with id ${id}`;
          expect({ at, status: answer.status, body: answer.body }).toEqual({ at, ...NOT_AN_ID });
        }
      }
    }
  });

  it("answers 400 with the id message for a form's id above the id columns or not an id", async () => {
    for (const { name, module, intent, id: names, fields } of BY_FORM) {
      for (const id of [...TOO_LARGE, ...NOT_IDS]) {
        const given = Object.fromEntries(names.map((field) => [field, id]));
        const answer = await doors.act(module, owner, intent, { ...fields, ...given }, { id: ids.lead });
        const at = `${name} intent=${intent} with ${names.join(', ')} ${id}`;
        expect({ at, status: answer.status, body: answer.body }).toEqual({ at, ...NOT_AN_ID });
      }
    }
  });

  it('answers 404 with its message for the largest id, which names no row', async () => {
    for (const { name, module, path, fields } of BY_ADDRESS) {
      const id = String(MAX_ROW_ID);
      const read = await doors.load(module, owner, `${path}/${id}`, { id });
      expect({ name, status: read.status, body: read.body }).toEqual({
        name,
        status: 404,
        body: { message: expect.stringMatching(/not found/i) },
      });
      for (const [intent, input] of Object.entries(fields)) {
        const answer = await doors.act(module, owner, intent, { line: id, ...input }, { id });
        expect({ name, intent, status: answer.status, message: answer.body.message }).toEqual({
          name,
          intent,
          status: 404,
          message: expect.stringMatching(/not found/i),
        });
      }
    }
    for (const { name, module, intent, id: names, fields } of BY_FORM) {
      const given = Object.fromEntries(names.map((field) => [field, String(MAX_ROW_ID)]));
      const answer = await doors.act(module, owner, intent, { ...fields, ...given }, { id: ids.lead });
      expect({ name, intent, status: answer.status, message: answer.body.message }).toEqual({
        name,
        intent,
        status: 404,
        message: expect.stringMatching(/not found/i),
      });
    }
  });

  it('takes an address id only as plain digits: "+1", "1e0", "0x1", "1.0" are not ids (400)', async () => {
    for (const { name, module, path } of BY_ADDRESS) {
      const real = name === 'admin-lead-details' ? ids.lead : ids.customer;
      for (const written of [`+${real}`, `${real}e0`, `0x${real.toString(16)}`, `${real}.0`, ` ${real}`]) {
        const read = await doors.load(module, owner, `${path}/${encodeURIComponent(written)}`, {
          id: written,
        });
        expect({ name, written, status: read.status, body: read.body }).toEqual({
          name,
          written,
          status: 400,
          body: { message: ROW_ID_MESSAGE },
        });
      }
      // and the address's own digits are the row
      expect((await doors.load(module, owner, `${path}/${real}`, { id: real })).status, name).toBe(200);
    }
  });
});
