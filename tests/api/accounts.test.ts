/**
 * Accounts people manage (issue 49 item 2, decision 0201), on both engines, through the real sign-in
 * endpoint and the screens' loaders and actions: the first sign-in says "Welcome", later ones
 * "Welcome back!"; a password the owner handed out (a new member's, a reset, the generated first
 * owner's) sends every staff API and back-office screen to 'Your account' until a new one is
 * chosen; each person changes their own name and password (the current one required, a wrong one
 * refused by its field; the other sessions end, this one stays); 'Sign out everywhere else' ends
 * the other sessions only; the owner renames staff and staff may not; every change is in the audit
 * log, never a password, and the audit log shows display names.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '#app/modules/team/account.ts';
import { actorOf } from '#app/modules/team/audit.ts';
import { OWNER_ONLY } from '#app/modules/team/team.ts';
import * as accountRoute from '#app/routes/admin-account.tsx';
import { timelineEntries } from '#app/components/leads/lead-timeline.tsx';
import * as layoutRoute from '#app/routes/admin-layout.tsx';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as leadsRoute from '#app/routes/admin-leads.tsx';
import * as teamRoute from '#app/routes/admin-team.tsx';
import { listAudit } from '#server/db/repo/audit.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { findUserByUsername } from '#server/db/repo/users.ts';
import { CHANGE_PASSWORD_FIRST } from '#server/http/auth.ts';
import { adminAccountService } from '#server/services/admin-account.ts';
import { sha256, type SessionUser } from '#server/services/auth.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { screenDoors } from '../support/screen-door.ts';

const OWNER = { username: 'olive', password: 'owner password 1234' };

type Session = { cookie: string; token: string };

/** The stored id of a session (what 'keep this one' names): the SHA-256 of its cookie's value. */
const idHashOf = (session: Session) => sha256(decodeURIComponent(session.cookie.split('=')[1]!));

eachEngine('accounts people manage', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let screens: ReturnType<typeof screenDoors>;
  let owner: SessionUser;

  const me = (session: Session) => request(app).get('/api/admin/me').set('Cookie', session.cookie);
  /** The screen's session for a real one: who, and its stored id. */
  async function screenSession(session: Session) {
    const active = await ctx().services.auth.resolveSession(
      decodeURIComponent(session.cookie.split('=')[1]!),
    );
    return { user: active!.user, csrfToken: active!.csrfToken, idHash: idHashOf(session) };
  }
  async function member(username: string, displayName = 'Pat Parts') {
    const added = await ctx().services.team.add({ username, displayName }, owner);
    return { username, password: added.password, id: added.member.id };
  }
  const audit = (action: string) => listAudit(ctx().deps.db, { action, limit: 20 });

  beforeAll(async () => {
    const { deps, services } = ctx();
    app = createTestApp(deps, services);
    screens = screenDoors(services, deps);
    await createStaff(deps, OWNER, 'owner');
    const record = (await findUserByUsername(deps.db, OWNER.username))!;
    owner = { id: record.id, username: record.username, displayName: record.displayName, role: 'owner' };
  });

  it('says "Welcome" at the first sign-in and "Welcome back!" at later ones', async () => {
    const first = await request(app).post('/api/admin/login').send(OWNER).expect(200);
    expect(first.body.greeting).toBe('Welcome');
    const again = await request(app).post('/api/admin/login').send(OWNER).expect(200);
    expect(again.body.greeting).toBe('Welcome back!');
  });

  describe('a password the owner handed out', () => {
    it('sends every staff API and screen to Your account until a new one is chosen, which asks only for it twice', async () => {
      const pat = await member('pat');
      const login = await request(app).post('/api/admin/login').send(pat).expect(200);
      expect(login.body.mustChangePassword).toBe(true);
      const session = await signIn(app, pat);
      // the staff API: a redirect to Your account; who they are and signing out still answer
      const leads = await request(app).get('/api/leads').set('Cookie', session.cookie).expect(303);
      expect(leads.headers.location).toBe('/admin/account');
      expect(leads.body.message).toBe(CHANGE_PASSWORD_FIRST);
      // the figures the home page reads: the public four only, no lead summary yet
      const stats = await request(app).get('/api/admin/stats').set('Cookie', session.cookie).expect(200);
      expect(Object.keys(stats.body).sort()).toEqual([
        'avgETA',
        'avgResponseTime',
        'citiesServed',
        'partsSourced',
      ]);
      await me(session).expect(200);
      // the screens: the board redirects; the shell and Your account answer
      const screen = await screenSession(session);
      expect(screen.user.mustChangePassword).toBe(true);
      const board = await screens.load(leadsRoute, screen, 'http://localhost/admin/leads');
      expect({ status: board.status, location: board.location }).toEqual({
        status: 302,
        location: '/admin/account',
      });
      const acted = await screens.act(teamRoute, screen, 'add', { username: 'x1x', displayName: 'X' });
      expect(acted.location).toBe('/admin/account');
      expect((await screens.load(layoutRoute, screen, 'http://localhost/admin/account')).status).toBe(200);
      const account = await screens.load(accountRoute, screen, 'http://localhost/admin/account');
      expect(account.body.account).toMatchObject({ username: 'pat', mustChangePassword: true });

      // only the new one, twice: the same as the handed-out one, or two that differ, are refused
      const same = await screens.act(accountRoute, screen, 'password', {
        newPassword: pat.password,
        confirmPassword: pat.password,
      });
      expect(same).toMatchObject({
        status: 400,
        body: { fieldErrors: { newPassword: [ACCOUNT_TEXT.sameAsOld] } },
      });
      const differ = await screens.act(accountRoute, screen, 'password', {
        newPassword: 'my own password 1',
        confirmPassword: 'my own password 2',
      });
      expect(differ).toMatchObject({
        status: 400,
        body: { fieldErrors: { confirmPassword: [ACCOUNT_TEXT.mismatch] } },
      });
      const short = await screens.act(accountRoute, screen, 'password', {
        newPassword: 'short',
        confirmPassword: 'short',
      });
      expect(short).toMatchObject({
        status: 400,
        body: { fieldErrors: { newPassword: [ACCOUNT_TEXT.tooShort] } },
      });
      const changed = await screens.act(accountRoute, screen, 'password', {
        newPassword: 'my own password 1',
        confirmPassword: 'my own password 1',
      });
      // the first sign-in's session ended; this one stays
      expect(changed).toMatchObject({ status: 200, body: { ok: true, sessionsEnded: 1 } });

      // this session goes on, everywhere
      await request(app).get('/api/leads').set('Cookie', session.cookie).expect(200);
      const after = await screenSession(session);
      expect(after.user.mustChangePassword).toBeUndefined();
      expect((await screens.load(leadsRoute, after, 'http://localhost/admin/leads')).status).toBe(200);
      await request(app)
        .post('/api/admin/login')
        .send({ username: 'pat', password: pat.password })
        .expect(401);
      const next = await request(app)
        .post('/api/admin/login')
        .send({ username: 'pat', password: 'my own password 1' })
        .expect(200);
      expect(next.body).toMatchObject({ greeting: 'Welcome back!', mustChangePassword: false });
      const [entry] = await audit('password_changed');
      expect(entry).toMatchObject({ actor: 'pat', subject: `user:${pat.id}`, after: { handedOut: true } });
      expect(JSON.stringify(entry)).not.toContain('my own password');

      // a reset by the owner hands out another one
      await screens.act(teamRoute, { user: owner }, 'reset', { id: pat.id });
      expect((await findUserByUsername(ctx().deps.db, 'pat'))!.mustChangePassword).toBe(true);
    });

    it('includes the first owner password generated at start; their name is asked for, else the username', async () => {
      const { deps } = ctx();
      const first = adminAccountService({
        ...deps,
        config: { ...deps.config, admin: { username: 'founder' } },
      });
      const { generatedPassword } = await first.ensureAdmin();
      expect(generatedPassword).toEqual(expect.any(String));
      const founder = (await findUserByUsername(deps.db, 'founder'))!;
      expect(founder).toMatchObject({ displayName: 'founder', role: 'owner', mustChangePassword: true });
      await expect(first.setDisplayName('founder', ' ')).rejects.toMatchObject({
        status: 400,
        message: ACCOUNT_TEXT.displayName,
      });
      await first.setDisplayName('founder', 'Frieda Founder');
      expect((await findUserByUsername(deps.db, 'founder'))!.displayName).toBe('Frieda Founder');
      // with ADMIN_PASSWORD the owner chose it: nothing to change
      const chosen = adminAccountService({
        ...deps,
        config: { ...deps.config, admin: { username: 'chosen', password: 'a chosen password' } },
      });
      await chosen.ensureAdmin();
      expect((await findUserByUsername(deps.db, 'chosen'))!.mustChangePassword).toBe(false);
    });
  });

  describe('Your account', () => {
    it('changes their own name, in the audit log; a blank one is refused by its field', async () => {
      const sam = await member('sam', 'Sam');
      await ctx().services.adminAccount.setPassword('sam', 'sams own password');
      const screen = await screenSession(
        await signIn(app, { username: 'sam', password: 'sams own password' }),
      );
      const blank = await screens.act(accountRoute, screen, 'rename', { displayName: '  ' });
      expect(blank).toMatchObject({
        status: 400,
        body: { fieldErrors: { displayName: [ACCOUNT_TEXT.displayName] } },
      });
      const renamed = await screens.act(accountRoute, screen, 'rename', { displayName: ' Sam Sawatzky ' });
      expect(renamed).toMatchObject({ status: 200, body: { ok: true, displayName: 'Sam Sawatzky' } });
      const [entry] = await audit('display_name_changed');
      expect(entry).toMatchObject({
        actor: 'sam',
        subject: `user:${sam.id}`,
        before: { displayName: 'Sam' },
        after: { displayName: 'Sam Sawatzky' },
      });
      // the screens show the name; the audit log too (its raw record keeps the username)
      const members = await ctx().services.team.list();
      expect(actorOf(entry!, members)).toBe('Sam Sawatzky');
      expect(actorOf({ actor: 'someone typed this' }, members)).toBe('someone typed this');
      // a lead's history too: the loader gives the names, the timeline shows them
      const { id } = await insertLead(
        ctx().deps.db,
        { urgency: 'flexible', source: 'phone', name: 'Dana', phone: '(204) 555-0199', description: 'Pump' },
        [],
        { now: new Date(), actor: 'sam' },
      );
      const read = await screens.load(leadDetailsRoute, screen, `http://localhost/admin/leads/${id}`, { id });
      expect(read.body.names).toMatchObject({ sam: 'Sam Sawatzky' });
      const who = (actor: string) => (read.body.names as Record<string, string>)[actor] ?? actor;
      const titles = timelineEntries(read.body.lead, undefined, who).map((e) => e.title);
      expect(titles).toContain('Request received by phone, entered by Sam Sawatzky');
    });

    it('changes their own password: the current one required, a wrong one refused; the other sessions end, this one stays', async () => {
      await member('kim', 'Kim');
      await ctx().services.adminAccount.setPassword('kim', 'kims first password');
      const kim = { username: 'kim', password: 'kims first password' };
      const here = await signIn(app, kim);
      const elsewhere = await signIn(app, kim);
      const screen = await screenSession(here);
      const missing = await screens.act(accountRoute, screen, 'password', {
        newPassword: 'kims second password',
        confirmPassword: 'kims second password',
      });
      expect(missing).toMatchObject({
        status: 400,
        body: { fieldErrors: { currentPassword: [ACCOUNT_TEXT.currentRequired] } },
      });
      const wrong = await screens.act(accountRoute, screen, 'password', {
        currentPassword: 'not my password',
        newPassword: 'kims second password',
        confirmPassword: 'kims second password',
      });
      expect(wrong).toMatchObject({
        status: 400,
        body: {
          message: ACCOUNT_TEXT.wrongCurrent,
          fieldErrors: { currentPassword: [ACCOUNT_TEXT.wrongCurrent] },
        },
      });
      await me(elsewhere).expect(200);
      const changed = await screens.act(accountRoute, screen, 'password', {
        currentPassword: kim.password,
        newPassword: 'kims second password',
        confirmPassword: 'kims second password',
      });
      expect(changed).toMatchObject({ status: 200, body: { ok: true, sessionsEnded: 1 } });
      await me(here).expect(200);
      await me(elsewhere).expect(401);
      await request(app).post('/api/admin/login').send(kim).expect(401);
      await signIn(app, { username: 'kim', password: 'kims second password' });
    });

    it('counts wrong current passwords as sign-in failures: a session cannot try one after another', async () => {
      await member('tess', 'Tess');
      await ctx().services.adminAccount.setPassword('tess', 'tess own password');
      const screen = await screenSession(
        await signIn(app, { username: 'tess', password: 'tess own password' }),
      );
      const guess = (currentPassword: string) =>
        screens.act(accountRoute, screen, 'password', {
          currentPassword,
          newPassword: 'rays next password',
          confirmPassword: 'rays next password',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await guess(`guess number ${i}`)).status);
      // five wrong ones (decision 0176), then a wait, even for the right one
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      expect((await guess('tess own password')).status).toBe(429);
    });

    it("'Sign out everywhere else' ends their other sessions only, in the audit log", async () => {
      const lee = await member('lee', 'Lee');
      await ctx().services.adminAccount.setPassword('lee', 'lees own password');
      const creds = { username: 'lee', password: 'lees own password' };
      const here = await signIn(app, creds);
      const phone = await signIn(app, creds);
      const laptop = await signIn(app, creds);
      const someoneElse = await signIn(app, OWNER);
      const ended = await screens.act(accountRoute, await screenSession(here), 'sign-out-others');
      expect(ended).toMatchObject({ status: 200, body: { ok: true, sessionsEnded: 2 } });
      await me(here).expect(200);
      await me(phone).expect(401);
      await me(laptop).expect(401);
      await me(someoneElse).expect(200);
      const [entry] = await audit('signed_out_elsewhere');
      expect(entry).toMatchObject({ actor: 'lee', subject: `user:${lee.id}`, after: { sessionsEnded: 2 } });
    });
  });

  describe('the Team screen', () => {
    it('lets the owner rename staff (in the audit log), and refuses staff', async () => {
      const ray = await member('ray', 'Ray');
      const renamed = await screens.act(teamRoute, { user: owner }, 'rename', {
        id: ray.id,
        displayName: 'Ray Reimer',
      });
      expect(renamed).toMatchObject({ status: 200, body: { ok: true, displayName: 'Ray Reimer' } });
      expect((await findUserByUsername(ctx().deps.db, 'ray'))!.displayName).toBe('Ray Reimer');
      const [entry] = await audit('user_renamed');
      expect(entry).toMatchObject({
        actor: OWNER.username,
        subject: `user:${ray.id}`,
        before: { displayName: 'Ray' },
        after: { displayName: 'Ray Reimer' },
      });
      const blank = await screens.act(teamRoute, { user: owner }, 'rename', { id: ray.id, displayName: '' });
      expect(blank).toMatchObject({
        status: 400,
        body: { fieldErrors: { displayName: [ACCOUNT_TEXT.displayName] } },
      });
      const staff = {
        user: { id: ray.id, username: 'ray', displayName: 'Ray Reimer', role: 'staff' as const },
      };
      const refused = await screens.act(teamRoute, staff, 'rename', { id: owner.id, displayName: 'Mallory' });
      expect(refused).toMatchObject({ status: 403, body: { message: OWNER_ONLY } });
      expect((await findUserByUsername(ctx().deps.db, OWNER.username))!.displayName).not.toBe('Mallory');
    });
  });
});
