/**
 * Every back-office screen's intent answers bad input with the one error shape as data (decisions
 * 0074, 0182): 400, or the status documented in its case below, and a body that is exactly
 * `{ ok: false, message: string, fieldErrors: Record<string, string[]> }`, whose message is the
 * first failing rule's own words (never 'field: message'). The intents are read from the screens'
 * own `changes` maps, so a new intent without a case here fails. These are the cases the /api
 * mirrors of these changes had (tests/api/error-shape.test.ts keeps those of the endpoints that
 * remain); the screens are the changes' doors now (decision 0182, "The mirrors removed").
 */
import { beforeAll, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, CUSTOMER_TEXT } from '#app/modules/customers/customers.ts';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES } from '#app/modules/customers/follow-ups.ts';
import { SHOP_MESSAGES } from '#app/modules/site/shop-settings.ts';
import { INBOX_TEXT } from '#app/modules/customers/inbox.ts';
import { NAME_CHECK_TEXT } from '#app/modules/customers/name-check.ts';
import { CONVERSATION_TEXT, MAX_LOST_REASON, PART_NAME_TEXT } from '#app/modules/leads/lead-admin.ts';
import { reopenRefusal } from '#app/modules/leads/status.ts';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.ts';
import { QUOTE_MESSAGES } from '#app/modules/quotes/quote.ts';
import { ACCOUNT_TEXT } from '#app/modules/team/account.ts';
import { NOTIFICATIONS_TEXT } from '#app/modules/team/notifications.ts';
import { insertUser } from '#server/db/repo/users.ts';
import { seedReference } from '#server/seed/index.ts';
import { eachEngine } from '../support/databases.ts';
import { leadWithCustomer, screenDoors, screensServingChanges } from '../support/screen-door.ts';
import {
  CONTENT_CASES,
  ITEM_FORM,
  ITEM_SLUG,
  type Ids,
  type Post,
  type Probe,
} from '../support/screen-error-cases.ts';

/** Intents that take no input but the address's id: junk fields are ignored and they do their work. */
type NoInput = { noInput: string; send: Probe['send']; status: number };

const JUNK = { nonsense: 'x', status: 42 };

/** The cases, by screen and intent ('admin-suppliers create'). A new intent needs its own. */
const CASES: Record<string, Probe[] | NoInput> = {
  'admin-settings city-pages': {
    noInput: 'counts the city pages whatever the form says',
    send: (post) => post(JUNK),
    status: 200,
  },
  'admin-leads create-lead': [
    {
      why: 'no description',
      send: (post) => post({ name: 'Dana', phone: '(204) 555-0123', description: '' }),
      status: 400,
      fields: ['description'],
    },
  ],
  'admin-lead-details status': [
    {
      why: 'a status that does not exist',
      send: (post, ids) => post({ status: 'archived' }, { id: ids.lead }),
      status: 400,
      message: 'Unknown status',
      fields: ['status'],
    },
    {
      why: 'lost with a reason longer than the limit',
      send: (post, ids) =>
        post({ status: 'lost', reason: 'x'.repeat(MAX_LOST_REASON + 1) }, { id: ids.lead }),
      status: 400,
      message: `The reason can be at most ${MAX_LOST_REASON} characters`,
      fields: ['reason'],
    },
  ],
  'admin-lead-details quote': [
    {
      why: 'a cost of 0',
      send: (post, ids) => post({ cost: 0, etaDays: 3 }, { id: ids.lead }),
      status: 400,
      message: QUOTE_MESSAGES.cost,
      fields: ['cost'],
    },
  ],
  'admin-lead-details text': [
    {
      why: 'an empty text',
      send: (post, ids) => post({ body: '  ' }, { id: ids.lead }),
      status: 400,
      message: CONVERSATION_TEXT.emptyBody,
      fields: ['body'],
    },
    {
      why: "'Start with our name' neither on nor off",
      send: (post, ids) => post({ body: 'Hi', withName: 'maybe' }, { id: ids.lead }),
      status: 400,
      message: CONVERSATION_TEXT.withNameInvalid,
      fields: ['withName'],
    },
  ],
  'admin-lead-details part-name': [
    {
      why: 'a short part name longer than the texts keep',
      send: (post, ids) => post({ shortPartName: 'x'.repeat(41) }, { id: ids.lead }),
      status: 400,
      message: PART_NAME_TEXT.tooLong,
      fields: ['shortPartName'],
    },
  ],
  'admin-lead-details reopen': [
    {
      why: 'a lead that is not lost (the form is ignored)',
      send: (post, ids) => post(JUNK, { id: ids.lead }),
      status: 409,
      message: reopenRefusal('new'),
    },
  ],
  'admin-lead-details line-add': [
    {
      why: 'no part, a negative cost',
      send: (post, ids) => post({ part: '', actualCost: -1 }, { id: ids.lead }),
      status: 400,
      message: 'Name the part.',
      fields: ['part', 'actualCost'],
    },
  ],
  'admin-lead-details line-change': [
    {
      why: 'an unknown carrier, no revision',
      send: (post, ids) => post({ line: 1, carrier: 'pony-express' }, { id: ids.lead }),
      status: 400,
      message: ORDER_MESSAGES.carrier,
      fields: ['carrier', 'revision'],
    },
  ],
  'admin-lead-details line-step': [
    {
      why: 'no step, no revision',
      send: (post, ids) => post({ ...JUNK, line: 1 }, { id: ids.lead }),
      status: 400,
      message: 'Choose the step to move to.',
      fields: ['to', 'revision'],
    },
    {
      // issue 48 item 7: the supplier's on-time figure counts every part ordered
      why: "'Mark ordered' without the supplier or the promised date",
      send: (post, { order }) =>
        post({ line: order.line, to: 'ordered', revision: order.revision }, { id: order.lead }),
      status: 400,
      message: ORDER_MESSAGES.orderedSupplier,
      fields: ['supplierId', 'promisedDate'],
    },
  ],
  'admin-lead-details line-undo': [
    {
      why: 'no revision',
      send: (post, ids) => post({ ...JUNK, line: 1 }, { id: ids.lead }),
      status: 400,
      message: 'Reload the order and try again.',
      fields: ['revision'],
    },
  ],
  'admin-lead-details auto-texts': [
    {
      why: 'on is not a boolean',
      send: (post, ids) => post(JUNK, { id: ids.lead }),
      status: 400,
      message: 'Say on: true or false.',
      fields: ['on'],
    },
  ],
  'admin-lead-details same-person': [
    {
      why: "a lead whose request gave its customer's name (no flag to settle; the form is ignored)",
      send: (post, ids) => post(JUNK, { id: ids.lead }),
      status: 409,
      message: NAME_CHECK_TEXT.notFlagged,
    },
  ],
  'admin-lead-details different-person': [
    {
      why: "a lead whose request gave its customer's name (no flag to settle; the form is ignored)",
      send: (post, ids) => post(JUNK, { id: ids.lead }),
      status: 409,
      message: NAME_CHECK_TEXT.notFlagged,
    },
  ],
  'admin-orders step': [
    {
      why: 'no step, no revision',
      send: (post, ids) => post({ lead: ids.lead, line: 1 }),
      status: 400,
      message: 'Choose the step to move to.',
      fields: ['to', 'revision'],
    },
    {
      why: "'Mark ordered' with a supplier that is no id and a date that is no date",
      send: (post, { order }) => post({ ...order, to: 'ordered', supplierId: 'abc', promisedDate: 'soon' }),
      status: 400,
      message: ORDER_MESSAGES.orderedSupplier,
      fields: ['supplierId'],
    },
    {
      why: "'Mark ordered' with a date that is no date",
      send: (post, { order }) => post({ ...order, to: 'ordered', supplierId: '', promisedDate: 'soon' }),
      status: 400,
      message: ORDER_MESSAGES.orderedSupplier,
      fields: ['supplierId', 'promisedDate'],
    },
  ],
  'admin-orders undo': [
    {
      why: 'no revision',
      send: (post, ids) => post({ lead: ids.lead, line: 1 }),
      status: 400,
      message: 'Reload the order and try again.',
      fields: ['revision'],
    },
  ],
  'admin-suppliers create': [
    {
      why: 'no name, a lead time below 0',
      send: (post) => post({ name: ' ', leadTimeDays: -1 }),
      status: 400,
      message: ORDER_MESSAGES.supplierName,
      fields: ['name', 'leadTimeDays'],
    },
  ],
  'admin-suppliers update': [
    {
      why: 'a website that is not http(s)',
      send: (post) => post({ id: 999999, name: 'X', website: 'javascript:alert(1)' }),
      status: 400,
      message: 'Enter the website as https://…',
      fields: ['website'],
    },
  ],
  'admin-suppliers archive': [
    {
      why: 'an id that is not one (decision 0178: 400, no field named)',
      send: (post) => post({ id: 'abc' }),
      status: 400,
    },
  ],
  'admin-suppliers restore': [
    {
      why: 'an id that names no supplier (404)',
      send: (post) => post({ id: 999999 }),
      status: 404,
    },
  ],
  'admin-customer update': [
    {
      why: 'no name, notes over the limit',
      send: (post, ids) => post({ name: ' ', notes: 'x'.repeat(4001) }, { id: ids.customer }),
      status: 400,
      message: CUSTOMER_MESSAGES.name,
      fields: ['name', 'notes'],
    },
  ],
  'admin-customer merge': [
    {
      why: 'no customer to merge into',
      send: (post, ids) => post(JUNK, { id: ids.customer }),
      status: 400,
      message: CUSTOMER_MESSAGES.mergeTarget,
      fields: ['into'],
    },
    {
      why: 'merged into itself',
      send: (post, ids) => post({ into: ids.customer }, { id: ids.customer }),
      status: 400,
      message: CUSTOMER_TEXT.sameCustomer,
      fields: ['into'],
    },
  ],
  'admin-inbox-conversation reply': [
    {
      why: 'an empty text',
      send: (post, ids) => post({ body: ' ' }, { id: ids.customer }),
      status: 400,
      message: CONVERSATION_TEXT.emptyBody,
      fields: ['body'],
    },
    {
      why: "'Start with our name' neither on nor off",
      send: (post, ids) => post({ body: 'Hi', withName: 'maybe' }, { id: ids.customer }),
      status: 400,
      message: CONVERSATION_TEXT.withNameInvalid,
      fields: ['withName'],
    },
  ],
  'admin-inbox-conversation assign': [
    {
      why: 'someone not on the team',
      send: (post, ids) => post({ userId: 999_999 }, { id: ids.customer }),
      status: 400,
      message: INBOX_TEXT.unknownUser,
      fields: ['userId'],
    },
  ],
  'admin-inbox-conversation done': [
    {
      why: 'done is not a boolean',
      send: (post, ids) => post(JUNK, { id: ids.customer }),
      status: 400,
      message: 'Say done: true or false.',
      fields: ['done'],
    },
  ],
  'admin-team add': [
    {
      why: 'a username with a space and no name',
      send: (post) => post({ username: 'pat parts', displayName: '' }),
      status: 400,
      message: 'The username must be 3-64 letters, digits, dots, dashes or underscores.',
      fields: ['username', 'displayName'],
    },
  ],
  'admin-team disable': [
    { why: 'an id that names no account', send: (post) => post({ id: 999999 }), status: 404 },
  ],
  'admin-team enable': [{ why: 'an id that is not one', send: (post) => post({ id: 'x' }), status: 400 }],
  'admin-team reset': {
    noInput: 'gives the account a new password whatever else the form says',
    send: (post, ids) => post({ ...JUNK, id: ids.member }),
    status: 200,
  },
  'admin-team rename': [
    {
      why: 'a blank name',
      send: (post, ids) => post({ id: ids.member, displayName: ' ' }),
      status: 400,
      message: ACCOUNT_TEXT.displayName,
      fields: ['displayName'],
    },
    {
      why: 'an id that names no account',
      send: (post) => post({ id: 999999, displayName: 'Pat' }),
      status: 404,
    },
  ],
  'admin-account rename': [
    {
      why: 'a blank name',
      send: (post) => post({ displayName: ' ' }),
      status: 400,
      message: ACCOUNT_TEXT.displayName,
      fields: ['displayName'],
    },
  ],
  'admin-account password': [
    {
      why: 'a wrong current password',
      send: (post) =>
        post({
          currentPassword: 'not it at all',
          newPassword: 'a new password',
          confirmPassword: 'a new password',
        }),
      status: 400,
      message: ACCOUNT_TEXT.wrongCurrent,
      fields: ['currentPassword'],
    },
    {
      why: 'no current password, and two new ones that differ',
      send: (post) => post({ newPassword: 'a new password', confirmPassword: 'another one' }),
      status: 400,
      fields: ['currentPassword', 'confirmPassword'],
    },
  ],
  'admin-account sign-out-others': {
    noInput: 'ends the other sessions whatever the form says',
    send: (post) => post(JUNK),
    status: 200,
  },
  'admin-account remove-passkey': [
    { why: 'an id that is not one', send: (post) => post({ id: 'x' }), status: 400 },
    { why: 'an id that names no passkey of theirs', send: (post) => post({ id: 999999 }), status: 404 },
  ],
  // notifications (decision 0205): off here, whatever the form says; the choices, each yes or no
  'admin-account push-off': {
    noInput: 'turns notifications off here whatever the form says',
    send: (post) => post(JUNK),
    status: 200,
  },
  'admin-account push-choose': [
    {
      why: 'a choice that is neither ticked nor not, and none of the others',
      send: (post) => post({ requests: 'maybe' }),
      status: 400,
      message: NOTIFICATIONS_TEXT.badChoice,
      fields: ['requests', 'replies', 'acceptances', 'failures'],
    },
  ],
  'admin-settings save': [
    {
      why: 'a follow-up text without the link, review requests on without the page',
      send: (post) =>
        post({
          ...DEFAULT_SETTINGS,
          followUps: { ...DEFAULT_SETTINGS.followUps, viewed: { on: true, text: 'Any questions?' } },
          reviews: { ...DEFAULT_SETTINGS.reviews, on: true, url: '' },
        }),
      status: 400,
      message: SETTINGS_MESSAGES.needsLink,
      fields: ['followUps.viewed.text', 'reviews.url'],
    },
  ],
  'admin-settings shop': [
    {
      why: 'a day that closes before it opens, a markup range upside down',
      send: (post) => post({ section: 'hours', hours: { 2: { open: 'on', from: '17:00', until: '08:00' } } }),
      status: 400,
      message: SHOP_MESSAGES.closeAfterOpen,
      fields: ['hours.2.until'],
    },
    {
      why: 'a markup range upside down and a percent that is no number',
      send: (post) =>
        post({
          section: 'markup',
          markup: {
            difficulty: {
              easy: { min: '40', max: '30' },
              moderate: { min: '35', max: '50' },
              hard: { min: '50', max: 'lots' },
            },
            urgency: { flexible: '0', '48h': '10', today: '20' },
          },
        }),
      status: 400,
      message: SHOP_MESSAGES.lowAboveHigh,
      fields: ['markup.difficulty.easy.max', 'markup.difficulty.hard.max'],
    },
    {
      why: 'no such section',
      send: (post) => post({ section: 'prices' }),
      status: 400,
      fields: ['section'],
    },
  ],
  // the catalog's and the blog's (the item dialog's dollars, the post's image file)
  ...CONTENT_CASES,
};

/** The screen's one error shape, exactly; the message is the first field message when there are any. */
function expectErrorShape(where: string, body: unknown) {
  expect(typeof body, where).toBe('object');
  const { ok, message, fieldErrors, ...rest } = body as Record<string, unknown>;
  expect(rest, `${where}: nothing but ok, message and fieldErrors`).toEqual({});
  expect(ok, `${where}: ok`).toBe(false);
  expect(typeof message, `${where}: message`).toBe('string');
  expect((message as string).length, `${where}: message`).toBeGreaterThan(0);
  expect(typeof fieldErrors, `${where}: fieldErrors`).toBe('object');
  const entries = Object.entries(fieldErrors as Record<string, unknown>);
  for (const [field, messages] of entries) {
    expect(Array.isArray(messages) && messages.length > 0, `${where}: fieldErrors.${field}`).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m, `${where}: fieldErrors.${field}`).toBe('string');
    expect((message as string).startsWith(`${field}:`), `${where}: '${field}:' prefix`).toBe(false);
  }
  if (entries.length > 0)
    expect(message, `${where}: the first rule's words`).toBe((entries[0]![1] as string[])[0]);
}

eachEngine('one error shape for bad input at the screens', (ctx) => {
  const ids: Ids = {
    lead: 0,
    member: 0,
    customer: 0,
    item: 0,
    post: 0,
    order: { lead: 0, line: 0, revision: 0 },
  };
  let screens: Awaited<ReturnType<typeof screensServingChanges>>;
  let post: (screen: string, intent: string) => Post;

  beforeAll(async () => {
    const { deps, services } = ctx();
    await seedReference(deps);
    const ownerUser = { username: 'olivia', displayName: 'Olivia Owner', role: 'owner' as const };
    const owner = {
      user: { id: await insertUser(deps.db, { ...ownerUser, passwordHash: 'x' }, deps.now()), ...ownerUser },
      // the session 'Your account' keeps (its changes end the others): none here
      idHash: 'no-such-session',
    };
    const made = await leadWithCustomer(deps, {
      urgency: 'flexible',
      source: 'web',
      name: 'Dana',
      phone: '(204) 555-0123',
      description: 'Brake chamber',
    });
    ids.lead = made.lead;
    ids.customer = made.customer;
    const ordered = await leadWithCustomer(deps, {
      status: 'ordered',
      urgency: 'flexible',
      source: 'web',
      name: 'Lee',
      phone: '(204) 555-0124',
      description: 'Seal kit',
    });
    const part = await services.orders.addLine(ordered.lead, { part: 'Seal kit' }, 'olivia');
    ids.order = { lead: ordered.lead, line: part.id, revision: part.revision };
    ids.member = (
      await services.team.add({ username: 'pat', displayName: 'Pat Parts' }, owner.user)
    ).member.id;
    const { title, category, status } = ITEM_FORM;
    const item = { title, category, status, slug: ITEM_SLUG, cost: 1250, markupPct: 0.35, stockQty: 2 };
    ids.item = (await services.catalog.createItem(item)).id;
    ids.post = (await services.blog.createPost({ title: 'Hitch care', content: '<p>Grease it.</p>' })).id;
    screens = await screensServingChanges();
    const doors = screenDoors(services, deps);
    post = (screen, intent) => (fields, params) => doors.act(screens[screen]!, owner, intent, fields, params);
  });

  it('has a case for every intent of every screen (a new intent needs one)', () => {
    const intents = Object.entries(screens).flatMap(([name, module]) =>
      Object.keys(module.changes).map((intent) => `${name} ${intent}`),
    );
    expect(intents.length).toBeGreaterThan(20);
    expect(Object.keys(CASES).sort()).toEqual(intents.sort());
  });

  it('answers bad input with 400 (or the documented status) and exactly { ok: false, message, fieldErrors }', async () => {
    for (const [where0, probes] of Object.entries(CASES)) {
      if (!Array.isArray(probes)) continue;
      const [screen, intent] = where0.split(' ') as [string, string];
      for (const probe of probes) {
        const where = `${where0}: ${probe.why}`;
        const answer = await probe.send(post(screen, intent), ids);
        expect({ where, status: answer.status }).toEqual({ where, status: probe.status });
        expectErrorShape(where, answer.body);
        if (probe.message !== undefined) expect(answer.body.message, where).toBe(probe.message);
        if (probe.fields)
          expect(Object.keys(answer.body.fieldErrors ?? {}), where).toEqual(
            expect.arrayContaining(probe.fields),
          );
      }
    }
  });

  it('lets the intents that take no input ignore junk fields', async () => {
    for (const [where, c] of Object.entries(CASES)) {
      if (Array.isArray(c)) continue;
      const [screen, intent] = where.split(' ') as [string, string];
      const answer = await c.send(post(screen, intent), ids);
      expect({ where, why: c.noInput, status: answer.status, ok: answer.body.ok }).toEqual({
        where,
        why: c.noInput,
        status: c.status,
        ok: true,
      });
    }
  });
});
