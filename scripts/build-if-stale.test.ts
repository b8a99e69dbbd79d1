/**
 * `npm start` builds only when the build is missing or made from other sources (issue 15 item 6):
 * the digest follows file contents, not file times, and ignores test files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, sourcesDigest, STAMP_FILE, writeStamp } from './build-if-stale.ts';

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stale-'));
  write('app/root.tsx', 'export default 1;');
  write('app/modules/a.ts', 'export const a = 1;');
  write('public/logo.svg', '<svg/>');
  write('package.json', '{}');
  write('vite.config.ts', 'export default {};');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build-if-stale', () => {
  it('a build without a stamp, or without its server entry, is not current', () => {
    const build = path.join(root, 'build');
    const digest = sourcesDigest(root);
    expect(isBuildCurrent(build, digest)).toBe(false);
    fs.mkdirSync(path.join(build, 'server'), { recursive: true });
    writeStamp(build, digest);
    expect(isBuildCurrent(build, digest)).toBe(false);
    fs.writeFileSync(path.join(build, 'server', 'index.js'), '');
    expect(isBuildCurrent(build, digest)).toBe(true);
    expect(fs.readFileSync(path.join(build, STAMP_FILE), 'utf8').trim()).toBe(digest);
  });

  it('changes with the content, the name or the presence of any build input', () => {
    const first = sourcesDigest(root);
    write('app/modules/a.ts', 'export const a = 2;');
    const edited = sourcesDigest(root);
    expect(edited).not.toBe(first);
    write('app/modules/a.ts', 'export const a = 1;');
    expect(sourcesDigest(root)).toBe(first);
    fs.renameSync(path.join(root, 'app/modules/a.ts'), path.join(root, 'app/modules/b.ts'));
    expect(sourcesDigest(root)).not.toBe(first);
    fs.renameSync(path.join(root, 'app/modules/b.ts'), path.join(root, 'app/modules/a.ts'));
    write('public/new.png', 'png');
    expect(sourcesDigest(root)).not.toBe(first);
    fs.rmSync(path.join(root, 'public/new.png'));
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(sourcesDigest(root)).not.toBe(first);
  });

  it('ignores file times (a fresh clone) and test files, which the build does not read', () => {
    const first = sourcesDigest(root);
    const later = new Date(Date.now() + 86_400_000);
    fs.utimesSync(path.join(root, 'app/root.tsx'), later, later);
    write('app/modules/a.test.ts', 'it("x", () => {});');
    write('server/index.ts', 'console.log(1);');
    expect(sourcesDigest(root)).toBe(first);
  });
});
