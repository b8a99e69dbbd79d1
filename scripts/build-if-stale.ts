/**
 * Builds the site only when the build is missing or was made from other sources, so `npm start`
 * on an unchanged checkout starts the server at once (issue 15; decision 0110).
 *
 *   node scripts/build-if-stale.ts          # builds when needed, says which
 *   node scripts/build-if-stale.ts --check  # exit 0 when the build is current, 1 when not
 *   node scripts/build-if-stale.ts --force  # builds in any case (`npm run build`)
 *
 * "Current" is decided by content, not by file times (a fresh clone or a `git checkout` gives
 * every file a new time): a SHA-256 over the path and bytes of every file the build reads (app/,
 * public/, the build's configuration and the lockfile), written into the build folder after a
 * build that succeeded. BUILD_DIR picks the folder, as for `react-router build`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `react-router build` reads: folders walked whole, and single files. */
export const BUILD_INPUTS = {
  folders: ['app', 'public'],
  files: ['react-router.config.ts', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'],
};
export const STAMP_FILE = '.sources.sha256';

function* walk(root: string, dir: string): Generator<string> {
  const entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, rel);
    else if (entry.isFile()) yield rel;
  }
}

/** The digest of every build input under `root` (missing inputs count as absent, not as errors). */
export function sourcesDigest(root: string): string {
  const hash = createHash('sha256');
  const files = [
    ...BUILD_INPUTS.folders.flatMap((dir) => (fs.existsSync(path.join(root, dir)) ? [...walk(root, dir)] : [])),
    ...BUILD_INPUTS.files.filter((file) => fs.existsSync(path.join(root, file))),
  ];
  for (const file of files) {
    // test files are not part of the build, and editing one must not cost a rebuild
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  // the same sources built for another mode are another build
  hash.update(`NODE_ENV=${process.env.NODE_ENV ?? ''}`);
  return hash.digest('hex');
}

/** Whether `buildDir` holds a complete build made from sources with this digest. */
export function isBuildCurrent(buildDir: string, digest: string): boolean {
  const stamp = path.join(buildDir, STAMP_FILE);
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(buildDir, 'server', 'index.js'))) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === digest;
}

export function writeStamp(buildDir: string, digest: string): void {
  fs.writeFileSync(path.join(buildDir, STAMP_FILE), `${digest}\n`);
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  const digest = sourcesDigest(root);
  const current = isBuildCurrent(buildDir, digest);
  if (process.argv.includes('--check')) process.exit(current ? 0 : 1);
  if (current && !process.argv.includes('--force')) {
    console.log('The site is already built from these sources.');
    return;
  }
  console.log(fs.existsSync(buildDir) ? 'The sources changed: building the site…' : 'Building the site…');
  // React Router's CLI under this very Node (the project's Node 24, whatever `node` is on the PATH)
  const cli = path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs');
  const result = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.error || result.status !== 0) {
    console.error(result.error ? `The build could not start: ${result.error.message}` : 'The build failed.');
    process.exit(result.status || 1);
  }
  writeStamp(buildDir, digest);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
