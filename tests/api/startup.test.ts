/** The process refuses to start on bad configuration, with one readable line per problem. */
import { spawnSync } from 'node:child_process';
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
