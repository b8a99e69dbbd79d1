/** The admin CLI (`npm run admin -- …`) against a real SQLite database. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '#server/db/index.ts';
import { findUserByUsername } from '#server/db/repo/users.ts';
import { verifyPassword } from '#server/services/passwords.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], stdin: string) {
  return spawnSync(process.execPath, [path.resolve('server/cli/admin.ts'), ...args], {
    input: stdin,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

async function stored(username: string) {
  const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'app.db') });
  try {
    return await findUserByUsername(database.db, username);
  } finally {
    await database.close();
  }
}
const storedHash = async (username: string) => (await stored(username))?.passwordHash;

it('creates a user with the password from standard input, refusing short passwords and duplicates', async () => {
  const short = cli(['create', 'dana'], 'short\n');
  expect(short.status).toBe(1);
  expect(short.stderr).toContain('The password is too short: use at least 10 characters.');

  const created = cli(['create', 'dana'], 'a long enough password\n');
  expect(created.status).toBe(0);
  expect(created.stdout).toContain('Created dana.');
  expect(await verifyPassword('a long enough password', (await storedHash('dana'))!)).toBe(true);
  expect((await stored('dana'))?.role).toBe('staff');
  // --owner makes an owner (decision 0160)
  const owner = cli(['create', 'olivia', '--owner'], 'the owner password\n');
  expect(owner.stdout).toContain('Created olivia, an owner.');
  expect((await stored('olivia'))?.role).toBe('owner');

  const again = cli(['create', 'dana'], 'another long password\n');
  expect(again.status).toBe(1);
  expect(again.stderr).toContain(
    'A user named dana already exists. Use set-password to change the password.',
  );
});

it('changes a password', async () => {
  const changed = cli(['set-password', 'dana'], 'a brand new password\n');
  expect(changed.status).toBe(0);
  expect(changed.stdout).toContain('Password changed for dana; their sessions were signed out.');
  expect(await verifyPassword('a brand new password', (await storedHash('dana'))!)).toBe(true);
  const unknown = cli(['set-password', 'nobody'], 'a brand new password\n');
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain('No user named nobody. Use create to add one.');
});

it('explains its usage', () => {
  const res = cli(['frobnicate'], '');
  expect(res.status).toBe(1);
  expect(res.stderr).toContain(
    'Usage: npm run admin -- create <username> [--owner] | set-password <username> | set-name <username>',
  );
});

it('sets the display name the back office shows (decision 0201)', async () => {
  const named = cli(['set-name', 'dana'], 'Dana Dueck\n');
  expect(named.status).toBe(0);
  expect(named.stdout).toContain('dana is now shown as Dana Dueck.');
  const bad = cli(['set-name', 'dana'], '\n');
  expect(bad.status).toBe(1);
  expect(bad.stderr).toContain('Give a name of 1-80 characters.');
});
