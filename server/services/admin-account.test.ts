import fs from 'node:fs';
import { expect, it } from 'vitest';
import { eachEngine, testDeps } from '../../tests/support/databases.ts';
import { findUserByUsername } from '../db/repo/users.ts';
import { ACCOUNT_TEXT, adminAccountService } from './admin-account.ts';
import { verifyPassword } from './passwords.ts';

/** A client signing in, by its key (the throttle counts it). */
const client = (key: string) => ({ key, ip: '203.0.113.9', userAgent: 'test' });

eachEngine('admin account at start', (ctx) => {
  it('creates the admin with a generated password, returned once for the entry point to keep', async () => {
    const { deps } = ctx();
    const first = await adminAccountService(deps).ensureAdmin();
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    // the service writes no file (server/index.ts does: tests/api/startup.test.ts)
    expect(fs.readdirSync(deps.config.dataDir)).not.toContain('initial-admin-password');
    const user = await findUserByUsername(deps.db, 'admin');
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(first.generatedPassword!, user!.passwordHash)).toBe(true);
    expect(await verifyPassword('wrong', user!.passwordHash)).toBe(false);

    const second = await adminAccountService(deps).ensureAdmin();
    expect(second).toEqual({ created: false });
    expect((await findUserByUsername(deps.db, 'admin'))?.passwordHash).toBe(user?.passwordHash);
  });

  it('sets the password from ADMIN_PASSWORD when it is given', async () => {
    const { deps } = ctx();
    const config = { ...deps.config, admin: { username: 'admin', password: 'a-much-longer-password' } };
    const result = await adminAccountService({ ...testDeps(ctx().t), config }).ensureAdmin();
    expect(result).toEqual({ created: false });
    const user = await findUserByUsername(deps.db, 'admin');
    expect(await verifyPassword('a-much-longer-password', user!.passwordHash)).toBe(true);
  });

  it('adds staff with a password of at least 10 characters and a unique username', async () => {
    const { deps, services } = ctx();
    const accounts = adminAccountService(deps);
    await expect(accounts.createUser('ab', 'a long enough password')).rejects.toMatchObject({
      status: 400,
      message: ACCOUNT_TEXT.badUsername,
    });
    await expect(accounts.createUser('dana', 'too short')).rejects.toMatchObject({
      status: 400,
      message: 'The password is too short: use at least 10 characters.',
    });
    await accounts.createUser('dana', 'a long enough password');
    const dana = await findUserByUsername(deps.db, 'dana');
    expect(dana).toMatchObject({ username: 'dana', displayName: 'dana' });
    expect(await verifyPassword('a long enough password', dana!.passwordHash)).toBe(true);
    await expect(accounts.createUser('dana', 'another long password')).rejects.toMatchObject({
      status: 409,
      message: 'A user named dana already exists.',
    });
    const session = await services.auth.signIn(
      { username: 'dana', password: 'a long enough password' },
      client('c1'),
    );
    expect(await services.auth.resolveSession(session.sessionId)).toBeDefined();
  });

  it("a new password ends the user's sessions, and only theirs", async () => {
    const { deps, services } = ctx();
    const accounts = adminAccountService(deps);
    await accounts.createUser('lee', 'lee first password');
    const lee = await services.auth.signIn({ username: 'lee', password: 'lee first password' }, client('c2'));
    const dana = await services.auth.signIn(
      { username: 'dana', password: 'a long enough password' },
      client('c3'),
    );

    await expect(accounts.setPassword('lee', 'short')).rejects.toMatchObject({ status: 400 });
    expect(await services.auth.resolveSession(lee.sessionId)).toBeDefined();
    await expect(accounts.setPassword('nobody', 'a brand new password')).rejects.toMatchObject({
      status: 404,
      message: 'No user named nobody.',
    });

    await accounts.setPassword('lee', 'lee second password');
    expect(await services.auth.resolveSession(lee.sessionId)).toBeUndefined();
    expect(await services.auth.resolveSession(dana.sessionId)).toBeDefined();
    const stored = await findUserByUsername(deps.db, 'lee');
    expect(await verifyPassword('lee second password', stored!.passwordHash)).toBe(true);
    expect(await verifyPassword('lee first password', stored!.passwordHash)).toBe(false);
  });
});
