/**
 * `npm test`: every check of the project, side by side where they can be (issue 27 item 6).
 *
 *   typecheck ──────────────┐
 *   lint ───────────────────┤ at once (each one's output printed whole as it ends, never interleaved)
 *   unit ───────────────────┤
 *   build ──► server ──► e2e ┘ (the browser tests, streamed)
 *
 * The unit and HTTP tests leave much of the machine idle (waiting on PostgreSQL, servers, timers),
 * so the typecheck, the lint, the production build and the tests that run it as a process without
 * a browser (tests/server/, vitest.server.config.ts) fit beside them. The browser tests start once
 * the server and unit tests are done (two workers, vitest.e2e.config.ts). Starting them beside the
 * unit tests' last minute saved that minute on a quiet machine, but on a slower one the two
 * overlapped for minutes and their timing-sensitive tests (photos decoded in Chromium, spawned CLI
 * processes, short PostgreSQL connect timeouts) timed out.
 * If a check fails, the ones already running finish and the ones waiting do not start
 * (--keep-going starts them anyway, to see every failure in one run).
 * The last line counts every test that ran and every check that failed outside a test
 * ('vitest: N passed, N failed'), as tests/support/plain-summary-reporter.ts does for one run; the
 * lines above it name each failed test again with its phase, file and first error line, since a CI
 * log is often read from its tail and a phase's output is printed whole when it ends.
 *
 *   node scripts/test.ts                # everything (npm test)
 *   node scripts/test.ts unit lint      # only the phases named (and, for server and e2e, the build)
 *   node scripts/test.ts --keep-going   # a failed check does not stop the phases after it
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Phase = {
  name: string;
  /** npm scripts run one after the other */
  scripts: string[];
  /** phases that must have passed before this one starts */
  needs?: string[];
  /** phases that must have ended before this one starts (to leave it the machine) */
  after?: string[];
  /** print the output as it comes (a phase that runs alone) instead of whole at its end */
  stream?: boolean;
};

const PHASES: Phase[] = [
  { name: 'typecheck', scripts: ['typecheck'] },
  { name: 'lint', scripts: ['lint'] },
  { name: 'unit', scripts: ['test:unit'] },
  { name: 'build', scripts: ['test:build'] },
  { name: 'server', scripts: ['test:server'], needs: ['build'] },
  { name: 'e2e', scripts: ['test:browser'], needs: ['build'], after: ['server', 'unit'], stream: true },
];

type Result = { status: 'passed' | 'failed' | 'not run'; ms: number; output: string };

const keepGoing = process.argv.includes('--keep-going');
const asked = process.argv.slice(2).filter((arg) => arg !== '--keep-going');
const unknown = asked.filter((name) => !PHASES.some((p) => p.name === name));
if (unknown.length) {
  console.error(`Unknown phase ${unknown.join(', ')}; phases: ${PHASES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const wanted = new Set(asked.length ? asked : PHASES.map((p) => p.name));
if (wanted.has('e2e') || wanted.has('server')) wanted.add('build');
const phases = PHASES.filter((p) => wanted.has(p.name)).map((p) => ({
  ...p,
  needs: p.needs?.filter((name) => wanted.has(name)),
  after: p.after?.filter((name) => wanted.has(name)),
}));

const running = new Set<ChildProcess>();
const results = new Map<string, Result>();

/** Runs one npm script; resolves with its exit code. Output goes to `sink`. */
function runScript(script: string, sink: (chunk: Buffer) => void): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: ROOT,
      // its own process group, so a stop reaches vitest's workers and the servers they started
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        // Node keeps what it compiled of each module (as `npm start` does): the checks, the test
        // workers and the servers they start load the same modules many times (decision 0185)
        NODE_COMPILE_CACHE:
          process.env.NODE_COMPILE_CACHE ?? path.join(ROOT, 'node_modules/.cache/node-compile-cache'),
      },
    });
    running.add(child);
    child.stdout!.on('data', sink);
    child.stderr!.on('data', sink);
    child.on('error', (err) => sink(Buffer.from(`could not run npm run ${script}: ${err.message}\n`)));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

async function runPhase(phase: Phase): Promise<Result> {
  const started = performance.now();
  const chunks: Buffer[] = [];
  const sink = phase.stream
    ? (chunk: Buffer) => process.stdout.write(chunk)
    : (chunk: Buffer) => chunks.push(chunk);
  if (phase.stream) console.log(`\n━━ ${phase.name} ━━`);
  let code = 0;
  for (const script of phase.scripts) {
    code = await runScript(script, (chunk) => {
      sink(chunk);
      if (phase.stream) chunks.push(chunk);
    });
    if (code !== 0) break;
  }
  const ms = performance.now() - started;
  const status = code === 0 ? 'passed' : 'failed';
  const output = Buffer.concat(chunks).toString('utf8');
  if (!phase.stream) {
    console.log(`\n━━ ${phase.name} (${status}, ${seconds(ms)}) ━━`);
    process.stdout.write(output.endsWith('\n') || !output ? output : `${output}\n`);
  } else {
    console.log(`━━ ${phase.name}: ${status}, ${seconds(ms)} ━━`);
  }
  return { status, ms, output };
}

function stopAll(signal: NodeJS.Signals) {
  for (const child of running) {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });
}

const started = performance.now();
const done = new Map<string, Promise<Result>>();
function start(phase: Phase): Promise<Result> {
  let promise = done.get(phase.name);
  if (promise) return promise;
  promise = (async () => {
    const byName = (name: string) => start(phases.find((p) => p.name === name)!);
    const needed = await Promise.all((phase.needs ?? []).map(byName));
    await Promise.all((phase.after ?? []).map(byName));
    // nothing new starts once a check failed: what runs finishes, the rest is reported as not run
    const failedSoFar = !keepGoing && [...results.values()].some((r) => r.status === 'failed');
    if (needed.some((r) => r.status !== 'passed') || failedSoFar) {
      const result: Result = { status: 'not run', ms: 0, output: '' };
      results.set(phase.name, result);
      return result;
    }
    const result = await runPhase(phase);
    results.set(phase.name, result);
    return result;
  })();
  done.set(phase.name, promise);
  return promise;
}
await Promise.all(phases.map(start));

/** The totals of vitest's plain summary line (tests/support/plain-summary-reporter.ts) in a phase's output. */
function vitestTotals(output: string) {
  const lines = [...output.matchAll(/^vitest: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)];
  const last = lines.at(-1);
  if (!last) return undefined;
  return { passed: Number(last[1]), failed: Number(last[2]), skipped: Number(last[3] ?? 0) };
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failedChecks: string[] = [];
for (const phase of phases) {
  const result = results.get(phase.name)!;
  const totals = vitestTotals(result.output);
  if (totals) {
    passed += totals.passed;
    failed += totals.failed;
    skipped += totals.skipped;
  }
  // a check that failed outside any test (typecheck, lint, build, a run that crashed) counts as one failure
  if (result.status === 'failed' && !totals?.failed) {
    failed++;
    failedChecks.push(phase.name);
  }
}

// every failed test again, named by its phase, so a log cut to its tail still says what failed
for (const phase of phases) {
  for (const [failure] of results.get(phase.name)!.output.matchAll(/^vitest failed: .*$/gm)) {
    console.log(`${phase.name}: ${failure}`);
  }
}

const line = phases
  .map((p) => {
    const r = results.get(p.name)!;
    return r.status === 'not run' ? `${p.name} not run` : `${p.name} ${r.status} ${seconds(r.ms)}`;
  })
  .join(' · ');
console.log(`\nnpm test: ${line} · wall ${seconds(performance.now() - started)}`);
console.log(
  `vitest: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}` +
    (failedChecks.length ? ` (failed outside the tests: ${failedChecks.join(', ')})` : ''),
);
process.exit([...results.values()].every((r) => r.status === 'passed') ? 0 : 1);
