import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { eachEngine, testDeps } from '../../tests/support/databases.ts';
import { findUserByUsername } from '../db/repo/users.ts';
import { adminAccountService, INITIAL_PASSWORD_FILE } from './admin-account.ts';
import { verifyPassword } from './passwords.ts';

eachEngine('admin account at start', (ctx) => {
  it('creates the admin with a generated password, written once to a file only the owner can read', async () => {
    const { deps } = ctx();
    const first = await adminAccountService(deps).ensureAdmin();
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const file = path.join(deps.config.dataDir, INITIAL_PASSWORD_FILE);
    expect(first.passwordFile).toBe(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${first.generatedPassword}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
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
});
