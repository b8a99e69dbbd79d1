/**
 * No import cycles among the project's modules (issue 27 item 8). In a cycle, which module's code
 * runs first depends on who is imported first, and two files that need each other are one concern
 * split in two. dependency-cruiser reads every import of app/ and server/ (static, dynamic and
 * type-only; the package.json "imports" aliases resolved) and reports each cycle it finds, named
 * file by file. A planted cycle proves the check sees one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, expect, it } from 'vitest';

/** Every cycle among the files under `roots` (tests left out), as 'a.ts → b.ts → a.ts'. */
async function importCycles(roots: string[], baseDir = process.cwd()): Promise<string[]> {
  const { output } = await cruise(
    roots,
    {
      baseDir,
      exclude: { path: ['\\.test\\.tsx?$', 'node_modules'] },
      doNotFollow: { path: ['node_modules'] },
      // type-only imports are dependencies too: a type cycle is the same tangle of concerns
      tsPreCompilationDeps: true,
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
    },
    { extensions: ['.ts', '.tsx', '.js', '.mjs'], conditionNames: ['import', 'node', 'default'] },
  );
  const result = output as ICruiseResult;
  return result.summary.violations
    .filter((v) => v.rule.name === 'no-circular')
    .map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(' → '));
}

it('app/ and server/ have no import cycle', async () => {
  expect(await importCycles(['app', 'server'])).toEqual([]);
}, 60_000);

const planted = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-cycle-'));
afterAll(() => fs.rmSync(planted, { recursive: true, force: true }));

it('finds a cycle through an alias of package.json "imports" and a type-only import', async () => {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
    fs.writeFileSync(path.join(planted, file), text);
  };
  write('package.json', JSON.stringify({ type: 'module', imports: { '#lib/*': './lib/*' } }));
  write(
    'lib/a.ts',
    "import { b } from '#lib/b.ts';\nexport type A = { n: number };\nexport const a = b + 1;\n",
  );
  write('lib/b.ts', "import type { A } from './a.ts';\nexport const b = 1;\nexport type B = A;\n");
  write('lib/c.ts', "import { a } from './a.ts';\nexport const c = a;\n");
  expect(await importCycles(['lib'], planted)).toEqual(['lib/a.ts → lib/b.ts → lib/a.ts']);
}, 60_000);
