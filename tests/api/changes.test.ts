/**
 * One declaration per change (issue 50 item 1, decision 0182), on both engines: every back-office
 * change declared in server/changes/ is served by a screen's action (its `changes` map, by intent)
 * and, where an outside caller needs one, by an `/api` endpoint (found in the app's own router),
 * and every door of a change refuses the same bad input with the same status, message and field
 * errors, accepts a good input alike, and refuses the owner's changes to staff alike. Every
 * back-office screen with an action serves its intents through `serveChanges`, each intent a
 * declared change (sign-in, which is no change of a signed-in staff member, has its own one path:
 * tests/api/sign-in-doors.test.ts), and every declared change has a case here, so a new change or
 * intent is covered.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { servedOf, type ScreenChanges } from '#app/changes.ts';
import { OWNER_ONLY } from '#app/modules/team/team.ts';
import * as accountRoute from '#app/routes/admin-account.tsx';
import * as blogRoute from '#app/routes/admin-blog.tsx';
import * as catalogRoute from '#app/routes/admin-catalog.tsx';
import * as customerRoute from '#app/routes/admin-customer.tsx';
import * as conversationRoute from '#app/routes/admin-inbox-conversation.tsx';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as leadsRoute from '#app/routes/admin-leads.tsx';
import * as ordersRoute from '#app/routes/admin-orders.tsx';
import * as settingsRoute from '#app/routes/admin-settings.tsx';
import * as suppliersRoute from '#app/routes/admin-suppliers.tsx';
import * as teamRoute from '#app/routes/admin-team.tsx';
import { CHANGES, type ChangeName } from '#server/changes/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { seedReference } from '#server/seed/index.ts';
import type { SessionUser } from '#server/services/auth.ts';
import { insertPasskey } from '#server/db/repo/passkeys.ts';
import { sha256 } from '#server/services/auth.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { softAuthenticator } from '../support/soft-authenticator.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { answerOf, routeContext } from '../support/route-context.ts';
import { listChangeEndpoints, type ChangeEndpoint } from '../support/route-table.ts';
import { VALID_FIELDS } from './leads-fixtures.ts';

type Input = Record<string, unknown>;
type Action = (args: {
  request: Request;
  context: RouterContextProvider;
  params: object;
}) => Promise<unknown>;

/**
 * The back-office screens that serve changes: their route module, and the change inputs that come
 * from the screen's address (`:id`) rather than its form.
 */
const SCREENS: Record<string, { module: { changes: ScreenChanges; action: unknown }; url: string[] }> = {
  'admin-leads': { module: leadsRoute, url: [] },
  'admin-lead-details': { module: leadDetailsRoute, url: ['id', 'lead'] },
  'admin-orders': { module: ordersRoute, url: [] },
  'admin-suppliers': { module: suppliersRoute, url: [] },
  'admin-customer': { module: customerRoute, url: ['id'] },
  'admin-inbox-conversation': { module: conversationRoute, url: ['id'] },
  'admin-team': { module: teamRoute, url: [] },
  'admin-account': { module: accountRoute, url: [] },
  'admin-settings': { module: settingsRoute, url: [] },
  'admin-catalog': { module: catalogRoute, url: [] },
  'admin-blog': { module: blogRoute, url: [] },
};

/**
 * The one screen whose action is no declared change: signing in opens a session rather than
 * changing something as a signed-in staff member; its doors are held alike by
 * tests/api/sign-in-doors.test.ts (decision 0182 'Catalog, blog, sign-in').
 */
const SIGN_IN = 'admin-login';
/** A promised date no test's clock passes: 'Mark ordered' gives it with the supplier. */
const PROMISED = '2099-06-30';

const ROUTES_DIR = path.resolve(import.meta.dirname, '../../app/routes');

describe('every back-office change is declared once', () => {
  it('every back-office screen with an action but sign-in serves declared changes', () => {
    const withAction = fs
      .readdirSync(ROUTES_DIR)
      .filter((file) => file.startsWith('admin-'))
      .filter((file) =>
        /export (async )?function action\b/.test(fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8')),
      )
      .map((file) => file.replace(/\.tsx?$/, ''));
    expect(withAction.filter((name) => name !== SIGN_IN).sort()).toEqual(Object.keys(SCREENS).sort());
    for (const name of Object.keys(SCREENS)) {
      const source = fs.readFileSync(path.join(ROUTES_DIR, `${name}.tsx`), 'utf8');
      expect(source, name).toMatch(/serveChanges\(context, request, changes\b/);
    }
  });

  it("names only declared changes in every screen's intents", () => {
    for (const [name, { module }] of Object.entries(SCREENS)) {
      expect(Object.keys(module.changes).length, name).toBeGreaterThan(0);
      for (const [intent, entry] of Object.entries(module.changes))
        expect({ screen: name, intent, declared: servedOf(entry).change in CHANGES }).toEqual({
          screen: name,
          intent,
          declared: true,
        });
    }
  });
});

eachEngine('one declaration per change', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let owner: SessionUser;
  let staff: SessionUser;
  const sessions: Record<'owner' | 'staff', { cookie: string; token: string }> = {} as never;
  let doors: ChangeEndpoint[];
  let phones = 0;
  let ownerPassword = 'correct horse battery';

  beforeAll(async () => {
    const { deps, services } = ctx();
    app = createTestApp(deps, services);
    await seedReference(deps);
    await createStaff(deps, { username: 'olive', password: 'correct horse battery' }, 'owner');
    await createStaff(deps, { username: 'sam', password: 'correct horse battery' }, 'staff');
    sessions.owner = await signIn(app, { username: 'olive', password: 'correct horse battery' });
    sessions.staff = await signIn(app, { username: 'sam', password: 'correct horse battery' });
    const members = await services.team.list();
    const user = (username: string) => {
      const m = members.find((x) => x.username === username)!;
      return { id: m.id, username: m.username, displayName: m.displayName, role: m.role };
    };
    owner = user('olive');
    staff = user('sam');
    doors = listChangeEndpoints(app);
  });

  // ---- fixtures: a fresh row for each door, so each accepts a change of its own ----

  async function lead(status: 'new' | 'ordered' = 'new') {
    const n = String(1000 + ++phones).padStart(4, '0');
    const { id } = await insertLead(
      ctx().deps.db,
      {
        status,
        urgency: 'flexible',
        source: 'web',
        name: 'Dana Friesen',
        phone: `(204) 555-${n}`,
        description: 'Hydraulic pump for the loader',
        year: '2015',
        make: 'John Deere',
        model: '6120',
      },
      [],
      { now: new Date(), actor: 'customer' },
    );
    return id;
  }
  /** A browser's push keys as PushSubscription.toJSON() gives them: 65 and 16 bytes, base64url. */
  const pushKeys = () => ({
    p256dh: Buffer.alloc(65, 4).toString('base64url'),
    auth: Buffer.alloc(16, 7).toString('base64url'),
  });
  async function customer() {
    const id = await lead();
    const row = await ctx()
      .deps.db.selectFrom('leads')
      .select('customer_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.customer_id!;
  }
  /** A request under another name than its customer's (decision 0193): flagged, as `id` and `lead`. */
  async function flagged() {
    const phone = `(204) 555-${String(1000 + ++phones).padStart(4, '0')}`;
    const enter = (name: string) =>
      insertLead(
        ctx().deps.db,
        { urgency: 'flexible', source: 'phone', name, phone, description: 'Hydraulic pump' },
        [],
        { now: new Date(), actor: 'sam' },
      );
    await enter('Lorne Harder');
    const { id } = await enter('Bernie Toews');
    return { id, lead: id };
  }
  async function line(moved = false) {
    const { orders } = ctx().services;
    const leadId = await lead('ordered');
    let added = await orders.addLine(leadId, { part: 'Hydraulic pump' }, 'sam');
    if (moved)
      added = await orders.moveLine(
        leadId,
        added.id,
        { to: 'ordered', revision: added.revision, supplierId: await supplier(), promisedDate: PROMISED },
        'sam',
      );
    return { lead: leadId, line: added.id, revision: added.revision };
  }
  const supplier = async () =>
    (await ctx().services.orders.suppliers.create({ name: `Prairie Hydraulics ${++phones}` })).id;
  const member = async () =>
    (await ctx().services.team.add({ username: `pat${++phones}`, displayName: 'Pat' }, owner)).member.id;
  /** A catalog item as both doors take it: the screen's dialog types cost in dollars, the API cents. */
  const itemFields = (title: string) => ({
    title,
    slug: `axle-hub-${++phones}`,
    category: 'trailer-parts',
    cost: 1250,
    markupPct: 0.35,
    stockQty: 2,
    status: 'draft',
  });
  const item = async () => (await ctx().services.catalog.createItem(itemFields('Axle Hub'))).id;
  /** A change that reads only an id: not one refused alike, a row's accepted. */
  const byId = (row: () => Promise<number>) => ({
    bad: async () => ({ id: 'abc' }),
    good: async () => ({ id: await row() }),
  });
  const post = async () =>
    (await ctx().services.blog.createPost({ title: `Hitch care ${++phones}`, content: '<p>Grease it.</p>' }))
      .id;

  /** For every change: an input each door must refuse alike (none for a change that reads none) and one each accepts. */
  const CASES: Record<ChangeName, { bad?: () => Promise<Input>; good: () => Promise<Input> }> = {
    'leads.enter': {
      bad: async () => ({ ...VALID_FIELDS, description: '' }),
      good: async () => ({ ...VALID_FIELDS, phone: `(204) 555-${String(2000 + ++phones)}` }),
    },
    'leads.generateSeoPages': { good: async () => ({}) },
    'leads.changeStatus': {
      bad: async () => ({ id: await lead(), status: 'nowhere' }),
      good: async () => ({ id: await lead(), status: 'qualified' }),
    },
    'leads.sendQuote': {
      bad: async () => ({ id: await lead(), cost: -1, etaDays: 3 }),
      good: async () => ({ id: await lead(), cost: 12_000, etaDays: 3, notes: 'OEM' }),
    },
    'leads.sendText': {
      bad: async () => ({ id: await lead(), body: '' }),
      good: async () => ({ id: await lead(), body: 'Your part is in.' }),
    },
    'leads.setPartName': {
      bad: async () => ({ id: await lead(), shortPartName: 'x'.repeat(41) }),
      good: async () => ({ id: await lead(), shortPartName: 'Hydraulic pump' }),
    },
    'leads.reopen': {
      bad: async () => ({ id: 'abc' }),
      good: async () => {
        const id = await lead();
        await ctx().services.leadAdmin.changeStatus(id, { status: 'lost' }, 'sam');
        return { id };
      },
    },
    'orders.addLine': {
      bad: async () => ({ lead: await lead('ordered'), part: '', actualCost: '-5' }),
      good: async () => ({ lead: await lead('ordered'), part: 'Hydraulic pump', actualCost: '$1,234.50' }),
    },
    'orders.changeLine': {
      bad: async () => ({ ...(await line()), promisedDate: '2026-02-30' }),
      good: async () => ({ ...(await line()), orderRef: 'PO-7', actualCost: '45.5' }),
    },
    'orders.moveLine': {
      bad: async () => ({ ...(await line()), to: 'nowhere' }),
      // 'Mark ordered' with its form filled (issue 48 item 7)
      good: async () => ({
        ...(await line()),
        to: 'ordered',
        supplierId: await supplier(),
        promisedDate: PROMISED,
      }),
    },
    'orders.undoLine': {
      bad: async () => ({ ...(await line(true)), revision: 'x' }),
      good: async () => line(true),
    },
    'orders.setAutoTexts': {
      bad: async () => ({ lead: await lead('ordered'), on: 'no' }),
      good: async () => ({ lead: await lead('ordered'), on: false }),
    },
    'suppliers.create': {
      bad: async () => ({ name: ' ', leadTimeDays: -2 }),
      good: async () => ({ name: 'Brandon Ag Parts', leadTimeDays: '' }),
    },
    'suppliers.update': {
      bad: async () => ({ id: await supplier(), name: '', email: 'nope' }),
      good: async () => ({ id: await supplier(), name: 'Prairie Hydraulics Ltd.', leadTimeDays: 3 }),
    },
    'suppliers.archive': {
      bad: async () => ({ id: 'abc', archived: true }),
      good: async () => ({ id: await supplier(), archived: true }),
    },
    'customers.update': {
      bad: async () => ({ id: await customer(), name: ' ' }),
      good: async () => ({ id: await customer(), name: 'Dale Friesen', fleet: true, noReviews: false }),
    },
    'customers.merge': {
      bad: async () => ({ id: await customer(), into: 'abc' }),
      good: async () => ({ id: await customer(), into: await customer() }),
    },
    'inbox.reply': {
      bad: async () => ({ id: await customer(), body: '' }),
      good: async () => ({ id: await customer(), body: 'Your part is in.' }),
    },
    'inbox.assign': {
      bad: async () => ({ id: await customer(), userId: 'abc' }),
      good: async () => ({ id: await customer(), userId: null }),
    },
    'customers.samePerson': { bad: async () => ({ lead: 'abc' }), good: flagged },
    'customers.differentPerson': { bad: async () => ({ lead: 'abc' }), good: flagged },
    'inbox.setDone': {
      bad: async () => ({ id: await customer(), done: 'maybe' }),
      good: async () => ({ id: await customer(), done: true }),
    },
    'team.add': {
      bad: async () => ({ username: '', displayName: '' }),
      good: async () => ({ username: `kim${++phones}`, displayName: 'Kim' }),
    },
    'team.setDisabled': {
      bad: async () => ({ id: 'abc', disabled: true }),
      good: async () => ({ id: await member(), disabled: true }),
    },
    'team.resetPassword': {
      bad: async () => ({ id: 'abc' }),
      good: async () => ({ id: await member() }),
    },
    'team.rename': {
      bad: async () => ({ id: 'abc', displayName: 'Pat' }),
      good: async () => ({ id: await member(), displayName: `Pat ${++phones}` }),
    },
    // each person's own (decisions 0201, 0202): the owner here, the session kept being the owner's
    'account.rename': {
      bad: async () => ({ displayName: ' ' }),
      good: async () => ({ displayName: `Olive ${++phones}` }),
    },
    'account.changePassword': {
      bad: async () => ({ currentPassword: 'wrong', newPassword: 'short', confirmPassword: 'short' }),
      good: async () => {
        const current = ownerPassword;
        ownerPassword = `owner password ${++phones}`;
        return { currentPassword: current, newPassword: ownerPassword, confirmPassword: ownerPassword };
      },
    },
    'account.signOutOthers': { good: async () => ({}) },
    'passkeys.options': { good: async () => ({}) },
    'passkeys.add': {
      bad: async () => ({ challengeId: 'none', response: 'not a credential' }),
      good: async () => {
        const { challengeId, options } = await ctx().services.passkeys.registrationOptions(owner);
        const { response } = softAuthenticator(ctx().deps.config.baseUrl).register(options);
        return { challengeId, response, name: 'Work laptop' };
      },
    },
    'passkeys.remove': {
      bad: async () => ({ id: 'abc' }),
      good: async () => ({
        id: await insertPasskey(
          ctx().deps.db,
          {
            userId: owner.id,
            credentialId: `credential-${++phones}`,
            publicKey: 'AA',
            counter: 0,
            transports: [],
            name: 'Old phone',
          },
          new Date(),
        ),
      }),
    },
    // notifications (decision 0205): this session's browser, and the person's choices
    'push.subscribe': {
      bad: async () => ({ endpoint: 'http://push.example.com/send/1', keys: pushKeys() }),
      // a loopback stand-in's address (taken outside production): no notification leaves this machine
      good: async () => ({ endpoint: `http://127.0.0.1:9/push/${++phones}`, keys: pushKeys() }),
    },
    'push.unsubscribe': { good: async () => ({}) },
    'push.choose': {
      bad: async () => ({ requests: 'maybe', replies: 'true', acceptances: 'true', failures: 'true' }),
      good: async () => ({ requests: 'true', replies: 'false', acceptances: 'true', failures: 'true' }),
    },
    'catalog.create': {
      bad: async () => itemFields(''),
      good: async () => itemFields('Axle Hub'),
    },
    'catalog.update': {
      bad: async () => ({ id: await item(), ...itemFields('') }),
      good: async () => ({ id: await item(), ...itemFields('Axle Hub II') }),
    },
    'catalog.publish': byId(item),
    'blog.create': {
      bad: async () => ({ title: '', content: '<p>Grease it.</p>' }),
      good: async () => ({
        title: `Hitch care ${++phones}`,
        content: '<p>Grease it.</p>',
        tags: '["Hitches"]',
      }),
    },
    'blog.update': {
      bad: async () => ({ id: await post(), title: ' ', content: '<p>Grease it.</p>' }),
      good: async () => ({
        id: await post(),
        title: `Hitch care ${++phones}`,
        content: '<p>Twice a year.</p>',
      }),
    },
    'blog.delete': byId(post),
    'blog.publish': {
      bad: async () => ({ id: await post(), publishAt: 'next Tuesday' }),
      good: async () => ({ id: await post(), publishAt: '2031-03-02T09:00' }),
    },
    'blog.unpublish': byId(post),
    'blog.archive': byId(post),
    'settings.update': {
      bad: async () => {
        const settings = await ctx().services.settings.get();
        return { ...settings, reviews: { ...settings.reviews, on: true, url: 'http://x' } };
      },
      good: async () => ctx().services.settings.get(),
    },
    'settings.shop': {
      // a day that closes before it opens: refused under the field's path
      bad: async () => ({ section: 'hours', hours: { 0: { open: 'on', from: '18:00', until: '07:00' } } }),
      good: async () => ({ section: 'quietHours', quietHours: { on: 'on', from: '21', until: '7' } }),
    },
  };

  // ---- the doors ----

  type Answer = { status: number; message?: unknown; fieldErrors?: unknown; ok?: true };

  /** The fields of a form for an input: nested values by their path ('reviews.url'), null empty. */
  function formFields(input: Input, prefix = ''): [string, string][] {
    return Object.entries(input).flatMap(([key, value]): [string, string][] => {
      const name = prefix + key;
      if (value !== null && typeof value === 'object') return formFields(value as Input, `${name}.`);
      return [[name, value === null || value === undefined ? '' : String(value)]];
    });
  }

  /** Through a screen's action, as a browser's form posts it. */
  async function viaScreen(screen: string, intent: string, input: Input, user: SessionUser): Promise<Answer> {
    const { module, url } = SCREENS[screen]!;
    const fields = { ...input };
    const params: Record<string, string> = {};
    for (const key of url) {
      if (key in fields) params.id = String(fields[key]);
      delete fields[key];
    }
    for (const key of Object.keys(servedOf(module.changes[intent]!).input ?? {})) delete fields[key];
    const body = new URLSearchParams([['intent', intent], ...formFields(fields)]).toString();
    const req = new Request('http://localhost/admin', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(Buffer.byteLength(body)),
      },
      body,
    });
    // the owner's own API session is the one 'Your account' keeps (its changes end the others)
    const idHash = sha256(decodeURIComponent(sessions.owner.cookie.split('=')[1]!));
    const context = routeContext(ctx().services, ctx().deps, { user, csrfToken: 'token', idHash });
    const answer = await (module.action as Action)({ request: req, context, params }).then(
      answerOf,
      answerOf,
    );
    const data = (answer.body ?? {}) as { ok?: boolean; message?: unknown; fieldErrors?: unknown };
    if (answer.status < 400 && (data.ok === true || answer.location)) return { status: 200, ok: true };
    return { status: answer.status, message: data.message, fieldErrors: data.fieldErrors ?? {} };
  }

  /** Through its /api endpoint, as JSON, the ids in its URL. */
  async function viaApi(door: ChangeEndpoint, input: Input, who: 'owner' | 'staff'): Promise<Answer> {
    const body = { ...input };
    const url = door.path.replace(/:(\w+)/g, (_m, param: string) => {
      const key = door.rename[param] ?? param;
      const value = body[key];
      delete body[key];
      return encodeURIComponent(String(value));
    });
    const method = door.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
    const agent = request(app);
    const res = await agent[method](url)
      .set('Cookie', sessions[who].cookie)
      .set('X-CSRF-Token', sessions[who].token)
      .send(body);
    if (res.status < 400) return { status: 200, ok: true };
    return { status: res.status, message: res.body.message, fieldErrors: res.body.fieldErrors ?? {} };
  }

  /** Every door of a change: each screen intent that serves it, and its /api endpoint. */
  function doorsOf(name: ChangeName) {
    const out: { where: string; through: (input: Input, who: 'owner' | 'staff') => Promise<Answer> }[] = [];
    for (const [screen, { module }] of Object.entries(SCREENS))
      for (const [intent, entry] of Object.entries(module.changes))
        if (servedOf(entry).change === name)
          out.push({
            where: `${screen} intent=${intent}`,
            through: (input, who) => viaScreen(screen, intent, input, who === 'owner' ? owner : staff),
          });
    for (const door of doors.filter((d) => d.change === name))
      out.push({ where: `${door.method} ${door.path}`, through: (input, who) => viaApi(door, input, who) });
    return out;
  }

  it('has a case for every declared change, and every change has a door', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(CHANGES).sort());
    for (const name of Object.keys(CHANGES) as ChangeName[])
      expect({ name, doors: doorsOf(name).length > 0 }).toEqual({ name, doors: true });
    // every endpoint that performs a change performs a declared one
    for (const door of doors) expect(Object.keys(CHANGES), door.path).toContain(door.change);
  });

  for (const name of Object.keys(CHANGES) as ChangeName[]) {
    it(`${name}: every door refuses the same bad input alike and accepts a good one`, async () => {
      const { bad, good } = CASES[name];
      const all = doorsOf(name);
      if (bad) {
        const answers = [];
        for (const door of all)
          answers.push({ where: door.where, ...(await door.through(await bad(), 'owner')) });
        const [first] = answers;
        expect(first!.status, first!.where).toBeGreaterThanOrEqual(400);
        expect(first!.status, first!.where).toBeLessThan(500);
        expect(first!.message, first!.where).toEqual(expect.any(String));
        for (const answer of answers)
          expect({ ...answer, where: undefined }, `${answer.where} as ${first!.where}`).toEqual({
            ...first,
            where: undefined,
          });
      }
      for (const door of all) {
        const answer = await door.through(await good(), 'owner');
        expect({ where: door.where, ...answer }).toEqual({ where: door.where, status: 200, ok: true });
      }
      if (CHANGES[name].who === 'owner') {
        for (const door of all) {
          const answer = await door.through(await good(), 'staff');
          expect({ where: door.where, ...answer }).toEqual({
            where: door.where,
            status: 403,
            message: OWNER_ONLY,
            fieldErrors: {},
          });
        }
      }
    });
  }
});
