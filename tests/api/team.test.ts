/**
 * The team and the audit log (issue 30 item 5, decision 0160), on both engines, through their
 * screens' loaders and actions (decision 0182): every owner's screen (read from the app's own
 * routes, so a new one is covered) answers 403 to staff, its loader and each of its intents, and
 * nothing is left under /api/owner/;
 * the owner adds a staff member (the password shown once works), disables one (their session ends
 * at once, their sign-in is refused) and turns them back on, resets a password (the old one stops
 * working); and the audit log holds sign-ins, failed sign-ins, status, quote and catalog price
 * changes and the team's own changes, with who, when, before and after, filtered by person, action
 * and day. The account ensured at start is the owner's.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import * as auditRoute from '#app/routes/admin-audit.tsx';
import * as teamRoute from '#app/routes/admin-team.tsx';
import { OWNER_ONLY } from '#server/http/auth.ts';
import { ACCOUNT_DISABLED } from '#server/services/auth.ts';
import { TEAM_TEXT } from '#server/services/team.ts';
import { seedReference } from '#server/seed/index.ts';
import { createStaff, signIn, STAFF } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { listEndpoints } from '../support/route-table.ts';
import { screenDoors, type ScreenModule } from '../support/screen-door.ts';

const OWNER = { username: 'olivia', password: 'owner password 1234' };

type Session = { cookie: string; token: string };
type User = { user: { id: number; username: string; displayName: string; role: 'owner' | 'staff' } };
const ROUTES_DIR = path.resolve(import.meta.dirname, '../../app/routes');
type Entry = {
  actor: string;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  at: string;
};

eachEngine('the team and the audit log', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let staff: Session;
  let screens: ReturnType<typeof screenDoors>;
  let ownerUser: User;
  let staffUser: User;
  const as = (session: Session, test: request.Test) =>
    test.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
  const readAudit = (query = '') => screens.load(auditRoute, ownerUser, `/admin/audit${query}`);
  const audit = async (query = '') => {
    const read = await readAudit(query);
    expect(read.status).toBe(200);
    return read.body as { entries: Entry[]; next: number | null };
  };
  /** The team screen's action, as the owner. */
  const team = (intent: string, fields: object = {}) =>
    screens.act(teamRoute, ownerUser, intent, { ...fields });
  const members = async () =>
    (await screens.load(teamRoute, ownerUser, '/admin/team')).body.members as {
      id: number;
      username: string;
      role: string;
    }[];

  beforeAll(async () => {
    const { deps, services } = ctx();
    await seedReference(deps);
    app = createTestApp(deps, services);
    await createStaff(deps, OWNER, 'owner');
    await createStaff(deps, STAFF);
    await signIn(app, OWNER);
    staff = await signIn(app, STAFF);
    screens = screenDoors(services, deps);
    const userOf = async (username: string): Promise<User> => {
      const row = await deps.db
        .selectFrom('users')
        .select(['id', 'display_name', 'role'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      return {
        user: { id: row.id, username, displayName: row.display_name, role: row.role as 'owner' | 'staff' },
      };
    };
    ownerUser = await userOf(OWNER.username);
    staffUser = await userOf(STAFF.username);
  });

  it("answers 403 to staff on every one of the owner's screens, its loader and each intent", async () => {
    // the owner's screens are those whose loader asks for the owner (ownerContext)
    const names = fs
      .readdirSync(ROUTES_DIR)
      .filter((file) => /ownerContext\(context\)/.test(fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8')))
      .sort();
    expect(names).toEqual(['admin-audit.tsx', 'admin-settings.tsx', 'admin-team.tsx']);
    for (const name of names) {
      const module = (await import(path.join(ROUTES_DIR, name))) as ScreenModule & { changes?: object };
      const refused = { status: 403, body: { message: OWNER_ONLY } };
      const read = await screens.load(module, staffUser, `/admin/${name}`);
      expect({ name, status: read.status, body: read.body }).toEqual({ name, ...refused });
      for (const intent of Object.keys(module.changes ?? {})) {
        const answer = await screens.act(module, staffUser, intent, { id: ownerUser.user.id });
        expect({ name, intent, status: answer.status, body: answer.body }).toEqual({
          name,
          intent,
          ...refused,
        });
      }
      // and the owner reaches them
      expect((await screens.load(module, ownerUser, `/admin/${name}`)).status, name).toBe(200);
    }
    // the owner's changes and reads are the screens': none is left on /api
    expect(listEndpoints(app).filter((e) => e.path.startsWith('/api/owner'))).toEqual([]);
  });

  describe('the owner', () => {
    it('adds a staff member whose password, shown once, signs them in', async () => {
      const added = await team('add', { username: 'pat', displayName: 'Pat Parts' });
      expect(added.status).toBe(200);
      expect(added.body.member).toMatchObject({ username: 'pat', displayName: 'Pat Parts', role: 'staff' });
      expect(added.body.password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(added.body.member).not.toHaveProperty('passwordHash');
      const pat = await signIn(app, { username: 'pat', password: added.body.password as string });
      const me = await request(app).get('/api/admin/me').set('Cookie', pat.cookie).expect(200);
      expect(me.body.user).toEqual({ username: 'pat', displayName: 'Pat Parts', role: 'staff' });
      const again = await team('add', { username: 'pat', displayName: 'Pat Two' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('A user named pat already exists.');
      const list = await members();
      expect(list.map((m) => [m.username, m.role])).toEqual([
        ['olivia', 'owner'],
        ['pat', 'staff'],
        ['staff', 'staff'],
      ]);
    });

    it('disables a member (their session ends at once, their sign-in is refused) and turns them back on', async () => {
      const added = await team('add', { username: 'riley', displayName: 'Riley' });
      expect(added.status).toBe(200);
      const id = added.body.member.id as number;
      const riley = { username: 'riley', password: added.body.password as string };
      const session = await signIn(app, riley);
      expect(await team('disable', { id })).toMatchObject({ status: 200, body: { ok: true } });
      await request(app).get('/api/admin/me').set('Cookie', session.cookie).expect(401);
      const refused = await request(app).post('/api/admin/login').send(riley).expect(403);
      expect(refused.body.message).toBe(ACCOUNT_DISABLED);
      expect(await team('enable', { id })).toMatchObject({ status: 200, body: { ok: true } });
      await signIn(app, riley);
      // no one disables themselves (an owner who can sign in always remains)
      const me = (await members()).find((m) => m.username === 'olivia')!;
      const self = await team('disable', { id: me.id });
      expect(self.status).toBe(409);
      expect(self.body.message).toBe(TEAM_TEXT.notYourself);
      const missing = await team('disable', { id: 999999 });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(TEAM_TEXT.notFound);
    });

    it('resets a password: the new one, shown once, works; the old one and their sessions do not', async () => {
      const added = await team('add', { username: 'sam2', displayName: 'Sam Two' });
      expect(added.status).toBe(200);
      const id = added.body.member.id as number;
      const before = await signIn(app, { username: 'sam2', password: added.body.password as string });
      const reset = await team('reset', { id });
      expect(reset.status).toBe(200);
      expect(reset.body.password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(reset.body.password).not.toBe(added.body.password);
      await request(app).get('/api/admin/me').set('Cookie', before.cookie).expect(401);
      await request(app)
        .post('/api/admin/login')
        .send({ username: 'sam2', password: added.body.password })
        .expect(401);
      await signIn(app, { username: 'sam2', password: reset.body.password as string });
    });
  });

  describe('the audit log', () => {
    it('holds sign-ins, failed ones, status and price changes and the team changes, with before and after', async () => {
      // a failed sign-in, a status change, a quote, a catalog price
      await request(app)
        .post('/api/admin/login')
        .send({ username: 'staff', password: 'wrong password' })
        .expect(401);
      const lead = await request(app)
        .post('/api/leads')
        .field({
          equipment: 'truck',
          description: 'Brake chamber',
          urgency: 'flexible',
          name: 'Dana',
          phone: '(204) 555-0123',
          consent: 'true',
        })
        .expect(201);
      const leadId = Number(String(lead.body.caseNumber).slice(2)) - 10_000;
      await as(staff, request(app).patch(`/api/leads/${leadId}`))
        .send({ status: 'qualified' })
        .expect(200);
      await as(staff, request(app).post(`/api/leads/${leadId}/quote`))
        .send({ cost: 10_000, etaDays: 3 })
        .expect(200);
      const item = await as(staff, request(app).post('/api/catalog'))
        .send({ title: 'Plow Edge', slug: 'plow-edge', category: 'snow-ice', cost: 10_000, markupPct: 0.3 })
        .expect(201);
      await as(staff, request(app).patch(`/api/catalog/${item.body.id}`))
        .send({ cost: 12_000 })
        .expect(200);

      const { entries } = await audit();
      const find = (action: string) => entries.find((e) => e.action === action);
      expect(find('sign_in_failed')).toMatchObject({ actor: 'staff', subject: null });
      expect(find('sign_in')).toMatchObject({ actor: expect.any(String) });
      expect(find('lead_status')).toMatchObject({
        actor: 'staff',
        subject: `lead:${leadId}`,
        before: { status: 'new' },
        after: { status: 'qualified' },
      });
      expect(find('quote_price')).toMatchObject({
        actor: 'staff',
        subject: `lead:${leadId}`,
        before: null,
        after: { version: 1, options: [{ sellPrice: expect.any(Number) }] },
      });
      const price = find('catalog_price')!;
      expect(price).toMatchObject({ actor: 'staff', subject: `catalog:${item.body.id}` });
      expect((price.after as { price: number }).price).toBeGreaterThan(
        (price.before as { price: number }).price,
      );
      expect(entries.filter((e) => e.action === 'user_added').map((e) => e.actor)).toEqual([
        'olivia',
        'olivia',
        'olivia',
      ]);
      expect(find('user_disabled')).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
      expect(find('password_reset')).toMatchObject({ actor: 'olivia' });
      // newest first
      const times = entries.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('filters by person, action and day, and says so of a filter it does not know', async () => {
      const staffOnly = await audit('?actor=staff');
      expect(staffOnly.entries.length).toBeGreaterThan(0);
      expect(new Set(staffOnly.entries.map((e) => e.actor))).toEqual(new Set(['staff']));
      const signIns = await audit('?action=sign_in');
      expect(signIns.entries.length).toBeGreaterThan(0);
      expect(new Set(signIns.entries.map((e) => e.action))).toEqual(new Set(['sign_in']));
      const today = new Date().toISOString().slice(0, 10);
      expect((await audit(`?from=${today}&until=${today}`)).entries.length).toBeGreaterThan(0);
      expect((await audit('?until=2000-01-01')).entries).toEqual([]);
      const bad = await readAudit('?action=DROP TABLE');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(TEAM_TEXT.badFilter);
    });
  });

  it('makes the account ensured at start the owner', async () => {
    const { deps, services } = ctx();
    await services.adminAccount.ensureAdmin();
    const row = await deps.db
      .selectFrom('users')
      .select('role')
      .where('username', '=', deps.config.admin.username)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('owner');
  });
});
