/**
 * Makes sure the browser the end-to-end tests drive is present: CHROME_PATH, else /usr/bin/chromium
 * (the Debian package `chromium`). On Debian as root it installs that package with apt-get when missing.
 * It never downloads a browser from anywhere else. Exit code 0 when a working browser is there, 1 otherwise.
 *
 *   node scripts/ensure-chromium.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const browserPath = process.env.CHROME_PATH || DEFAULT_PATH;

/** The browser's version line, or null when the binary is missing or does not run. */
function browserVersion(binary: string): string | null {
  if (!fs.existsSync(binary)) return null;
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.error || result.status !== 0) return null;
  return result.stdout.trim() || null;
}

function run(command: string, args: string[]): boolean {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return !result.error && result.status === 0;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const found = browserVersion(browserPath);
if (found) {
  console.log(`Browser for the end-to-end tests: ${found} (${browserPath})`);
  process.exit(0);
}

const howToGetOne = [
  'Install the Debian package `chromium` (as root: apt-get install -y chromium),',
  'or set CHROME_PATH to a Chromium or Chrome binary, then run the tests again.',
].join('\n  ');

if (process.env.CHROME_PATH) {
  fail(
    `CHROME_PATH=${process.env.CHROME_PATH} is not a working browser (missing, or --version failed).\n  ${howToGetOne}`,
  );
}

const isDebian = fs.existsSync('/etc/debian_version');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isDebian || !isRoot) {
  fail(
    `No browser for the end-to-end tests at ${DEFAULT_PATH}` +
      `${isDebian ? ' (not root, so it cannot be installed here)' : ' (not a Debian system)'}.\n  ${howToGetOne}`,
  );
}

console.log(`No browser at ${DEFAULT_PATH}: installing the Debian package chromium.`);
if (!run('apt-get', ['update'])) fail(`apt-get update failed.\n  ${howToGetOne}`);
if (!run('apt-get', ['install', '-y', 'chromium']))
  fail(`apt-get install chromium failed.\n  ${howToGetOne}`);

const installed = browserVersion(DEFAULT_PATH);
if (!installed) fail(`chromium was installed but ${DEFAULT_PATH} --version does not run.\n  ${howToGetOne}`);
console.log(`Browser for the end-to-end tests: ${installed} (${DEFAULT_PATH})`);
