/**
 * Passkeys (issue 49 item 3, decision 0202), on both engines, with an authenticator in software
 * (tests/support/soft-authenticator.ts) over the real endpoints: a person adds a passkey (its
 * options, then the browser's answer), signs in with it instead of a password (the password still
 * works), sees it listed with when it was added and last used, and removes it (in the audit log).
 * The checks that refuse: a challenge used twice or another person's, another origin, another
 * challenge, a malformed answer, a bad signature, an unknown passkey, a disabled account, and the
 * sign-in throttle as for passwords.
 */
import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { PASSKEY_TEXT } from '#app/modules/team/passkeys.ts';
import * as accountRoute from '#app/routes/admin-account.tsx';
import { listAudit } from '#server/db/repo/audit.ts';
import { findUserByUsername } from '#server/db/repo/users.ts';
import type { SessionUser } from '#server/services/auth.ts';
import { createStaff, signIn } from '../support/admin.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { screenDoors } from '../support/screen-door.ts';
import { softAuthenticator, type SoftPasskey } from '../support/soft-authenticator.ts';

const SAM = { username: 'sam', password: 'sams own password' };
const OWNER = { username: 'olive', password: 'owner password 1234' };

type Session = { cookie: string; token: string };
type Options = { challengeId: string; options: { challenge: string; user?: { id: string } } };

eachEngine('passkeys', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  let sam: Session;
  let samUser: SessionUser;
  let soft: ReturnType<typeof softAuthenticator>;
  let passkey: SoftPasskey;

  const as = (session: Session, test: request.Test) =>
    test.set('Cookie', session.cookie).set('X-CSRF-Token', session.token);
  const addOptions = async (session: Session) =>
    (await as(session, request(app).post('/api/admin/passkeys/options')).send({}).expect(200))
      .body as Options;
  const add = (session: Session, body: object) =>
    as(session, request(app).post('/api/admin/passkeys')).send(body);
  const signInOptions = async () =>
    (await request(app).post('/api/admin/passkey-login/options').expect(200)).body as Options;
  const passkeySignIn = (body: object) => request(app).post('/api/admin/passkey-login').send(body);
  const audit = (action: string) => listAudit(ctx().deps.db, { action, limit: 20 });

  beforeAll(async () => {
    const { deps, services } = ctx();
    app = createTestApp(deps, services);
    soft = softAuthenticator(deps.config.baseUrl);
    await createStaff(deps, SAM);
    await createStaff(deps, OWNER, 'owner');
    sam = await signIn(app, SAM);
    const record = (await findUserByUsername(deps.db, 'sam'))!;
    samUser = { id: record.id, username: 'sam', displayName: record.displayName, role: 'staff' };
  });

  it('adds a passkey: the options, then the answer, checked and kept under its name (in the audit log)', async () => {
    const { challengeId, options } = await addOptions(sam);
    const made = soft.register(options);
    const added = await add(sam, { challengeId, response: made.response, name: ' Work laptop ' }).expect(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'Work laptop' });
    passkey = made.passkey;
    // the same answer again: its challenge was used
    const again = await add(sam, { challengeId, response: made.response, name: 'Again' }).expect(400);
    expect(again.body.message).toBe(PASSKEY_TEXT.expired);
    const account = await ctx().services.account.get(samUser);
    expect(account.passkeys).toEqual([
      { id: added.body.id, name: 'Work laptop', added: expect.any(String), lastUsed: null },
    ]);
    const [entry] = await audit('passkey_added');
    expect(entry).toMatchObject({
      actor: 'sam',
      subject: `user:${samUser.id}`,
      after: { name: 'Work laptop' },
    });
  });

  it("refuses an answer for another origin, another challenge, another person's challenge, or none at all", async () => {
    const other = await signIn(app, OWNER);
    const cases: [string, (o: Options) => object, number, string][] = [
      [
        'another origin',
        (o) => ({
          challengeId: o.challengeId,
          response: soft.register(o.options, { origin: 'https://evil.example' }).response,
        }),
        400,
        PASSKEY_TEXT.notChecked,
      ],
      [
        'another challenge',
        (o) => ({
          challengeId: o.challengeId,
          response: soft.register(o.options, { challenge: 'AAAA' }).response,
        }),
        400,
        PASSKEY_TEXT.notChecked,
      ],
      [
        'no credential',
        (o) => ({ challengeId: o.challengeId, response: { id: 'x' } }),
        400,
        PASSKEY_TEXT.badAnswer,
      ],
      ['no challenge', (o) => ({ response: soft.register(o.options).response }), 400, PASSKEY_TEXT.badAnswer],
    ];
    for (const [why, body, status, message] of cases) {
      const answer = await add(sam, body(await addOptions(sam)));
      expect({ why, status: answer.status, message: answer.body.message }).toEqual({ why, status, message });
    }
    // a challenge made for the owner is not Sam's to answer
    const owners = await addOptions(other);
    const stolen = await add(sam, {
      challengeId: owners.challengeId,
      response: soft.register(owners.options).response,
    });
    expect({ status: stolen.status, message: stolen.body.message }).toEqual({
      status: 400,
      message: PASSKEY_TEXT.expired,
    });
    // the same passkey twice
    const twice = await addOptions(sam);
    const dup = soft.register(twice.options);
    await add(sam, { challengeId: twice.challengeId, response: dup.response, name: 'Phone' }).expect(201);
    const thrice = await addOptions(sam);
    const copy = soft.register(thrice.options, { again: dup.passkey }).response;
    const refused = await add(sam, { challengeId: thrice.challengeId, response: copy });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 409,
      message: PASSKEY_TEXT.already,
    });
  });

  it('signs in with the passkey instead of a password (which still works); the sign-in is audited and the passkey marked used', async () => {
    const { challengeId, options } = await signInOptions();
    const res = await passkeySignIn({ challengeId, response: soft.authenticate(passkey, options) }).expect(
      200,
    );
    expect(res.body).toMatchObject({
      token: expect.any(String),
      user: { username: 'sam', role: 'staff' },
      greeting: 'Welcome back!',
    });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    await request(app).get('/api/admin/me').set('Cookie', cookie).expect(200);
    await signIn(app, SAM);
    const [entry] = await audit('sign_in');
    expect(entry).toMatchObject({ actor: 'sam' });
    const signIns = await audit('sign_in');
    expect(signIns.some((e) => (e.after as { with?: string } | null)?.with === 'passkey')).toBe(true);
    const account = await ctx().services.account.get(samUser);
    expect(account.passkeys.find((p) => p.name === 'Work laptop')!.lastUsed).toEqual(expect.any(String));
  });

  it('refuses a bad signature, another origin, an unknown passkey (each audited) and a challenge used twice', async () => {
    const bad = await signInOptions();
    const badSignature = await passkeySignIn({
      challengeId: bad.challengeId,
      response: soft.authenticate(passkey, bad.options, { signature: true }),
    });
    expect({ status: badSignature.status, message: badSignature.body.message }).toEqual({
      status: 401,
      message: PASSKEY_TEXT.signInFailed,
    });
    const elsewhere = await signInOptions();
    const wrongOrigin = await passkeySignIn({
      challengeId: elsewhere.challengeId,
      response: soft.authenticate(passkey, elsewhere.options, { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.status).toBe(401);
    const stranger = await signInOptions();
    const unknown = soft.register(stranger.options).passkey;
    const unknownAnswer = await passkeySignIn({
      challengeId: stranger.challengeId,
      response: soft.authenticate(unknown, stranger.options),
    });
    expect(unknownAnswer.status).toBe(401);
    const failed = await audit('sign_in_failed');
    expect(failed.filter((e) => (e.after as { with?: string } | null)?.with === 'passkey').length).toBe(3);
    // a good answer, but to a challenge already used
    const used = await signInOptions();
    await passkeySignIn({
      challengeId: used.challengeId,
      response: soft.authenticate(passkey, used.options),
    }).expect(200);
    const replay = await passkeySignIn({
      challengeId: used.challengeId,
      response: soft.authenticate(passkey, used.options),
    });
    expect({ status: replay.status, message: replay.body.message }).toEqual({
      status: 400,
      message: PASSKEY_TEXT.expired,
    });
    const malformed = await passkeySignIn({ challengeId: used.challengeId, response: 'nonsense' });
    expect({ status: malformed.status, message: malformed.body.message }).toEqual({
      status: 400,
      message: PASSKEY_TEXT.badAnswer,
    });
  });

  it('removes a passkey on Your account (in the audit log): it no longer signs in; another person cannot remove it', async () => {
    const { services, deps } = ctx();
    const screens = screenDoors(services, deps);
    const [listed] = (await services.account.get(samUser)).passkeys.filter((p) => p.name === 'Work laptop');
    const ownerRecord = (await findUserByUsername(deps.db, OWNER.username))!;
    const owner = {
      user: { ...samUser, id: ownerRecord.id, username: OWNER.username, role: 'owner' as const },
    };
    const notTheirs = await screens.act(accountRoute, owner, 'remove-passkey', { id: listed!.id });
    expect(notTheirs).toMatchObject({ status: 404, body: { message: PASSKEY_TEXT.notFound } });
    const removed = await screens.act(accountRoute, { user: samUser }, 'remove-passkey', { id: listed!.id });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    const [entry] = await audit('passkey_removed');
    expect(entry).toMatchObject({ actor: 'sam', before: { name: 'Work laptop' } });
    const after = await signInOptions();
    await passkeySignIn({
      challengeId: after.challengeId,
      response: soft.authenticate(passkey, after.options),
    }).expect(401);
  });

  it("a password reset by the owner (or the command line) removes the person's passkeys, in the audit log", async () => {
    const { services, deps } = ctx();
    const lee = await services.team.add(
      { username: 'lee', displayName: 'Lee' },
      { ...samUser, role: 'owner' },
    );
    await services.adminAccount.setPassword('lee', 'lees own password');
    const leeSession = await signIn(app, { username: 'lee', password: 'lees own password' });
    const add1 = await addOptions(leeSession);
    const made = soft.register(add1.options);
    await add(leeSession, {
      challengeId: add1.challengeId,
      response: made.response,
      name: 'Lee tablet',
    }).expect(201);

    // someone else had the account and added that passkey: the owner resets the password
    const owner = (await findUserByUsername(deps.db, OWNER.username))!;
    await services.team.resetPassword(lee.member.id, {
      ...samUser,
      id: owner.id,
      username: OWNER.username,
      role: 'owner',
    });
    const [entry] = await audit('passkey_removed');
    expect(entry).toMatchObject({
      actor: OWNER.username,
      subject: `user:${lee.member.id}`,
      before: { name: 'Lee tablet' },
    });
    const o = await signInOptions();
    await passkeySignIn({
      challengeId: o.challengeId,
      response: soft.authenticate(made.passkey, o.options),
    }).expect(401);

    // the command line's set-password too
    const again = await signIn(app, { username: 'sam', password: SAM.password });
    const add2 = await addOptions(again);
    const second = soft.register(add2.options);
    await add(again, { challengeId: add2.challengeId, response: second.response, name: 'Sam phone' }).expect(
      201,
    );
    await services.adminAccount.setPassword('sam', 'sams newer password');
    expect((await services.account.get(samUser)).passkeys).toEqual([]);
  });

  it('refuses a disabled account, and throttles passkey sign-ins as passwords are', async () => {
    const { services } = ctx();
    const kim = await services.team.add(
      { username: 'kim', displayName: 'Kim' },
      { ...samUser, role: 'owner' },
    );
    await services.adminAccount.setPassword('kim', 'kims own password');
    const kimSession = await signIn(app, { username: 'kim', password: 'kims own password' });
    const { challengeId, options } = await addOptions(kimSession);
    const made = soft.register(options);
    await add(kimSession, { challengeId, response: made.response, name: 'Kim phone' }).expect(201);
    const owner = (await findUserByUsername(ctx().deps.db, OWNER.username))!;
    await services.team.setDisabled(kim.member.id, true, { ...samUser, id: owner.id, role: 'owner' });
    const disabled = await signInOptions();
    const refused = await passkeySignIn({
      challengeId: disabled.challengeId,
      response: soft.authenticate(made.passkey, disabled.options),
    });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: PASSKEY_TEXT.disabled,
    });
    // five failures for one account from one client: then a wait (decision 0176)
    let last = 0;
    for (let i = 0; i < 6; i++) {
      const o = await signInOptions();
      const answer = await passkeySignIn({
        challengeId: o.challengeId,
        response: soft.authenticate(made.passkey, o.options, { signature: true }),
      });
      last = answer.status;
      if (last === 429) expect(answer.headers['retry-after']).toEqual(expect.any(String));
    }
    expect(last).toBe(429);
  });
});
