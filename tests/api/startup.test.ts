/**
 * The process entry: it refuses to start on bad configuration, with one readable line per problem,
 * and keeps a password it generated for the admin where its owner can read it, saying where to sign in.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('exits non-zero listing each bad variable', () => {
  const result = spawnSync(process.execPath, [path.resolve('server/index.ts')], {
    env: { PATH: process.env.PATH, PORT: 'abc', SITE_PHONE: '555', NOTIFY_EMAIL: 'not-an-email' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines[0]).toBe('Invalid configuration:');
  expect(lines.slice(1).map((l) => l.trim())).toEqual([
    'PORT must be a port number (got "abc")',
    'SITE_PHONE must be an E.164 number such as +12045550147 (got "555")',
    'NOTIFY_EMAIL must be an e-mail address (got "not-an-email")',
  ]);
});

it('keeps a generated admin password in DATA_DIR/initial-admin-password, readable only by its owner', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-start-'));
  try {
    // the database is prepared before the build is looked for: with none, the process stops there
    const result = spawnSync(process.execPath, [path.resolve('server/index.ts')], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        BUILD_DIR: path.join(dataDir, 'no-build'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'fatal',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    const printed = /password: (\S+)/.exec(result.stdout)?.[1];
    expect(printed).toMatch(/^[A-Za-z0-9]{20}$/);
    const file = path.join(dataDir, 'initial-admin-password');
    expect(fs.readFileSync(file, 'utf8')).toBe(`${printed}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(result.stdout).toContain(`also saved to ${file}`);
    // one message says where to sign in, as whom and with what
    expect(result.stdout).toMatch(
      /Admin account created\. Sign in at http:\/\/localhost:3000\/admin\/login\n\s+username: admin\n\s+password: /,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
