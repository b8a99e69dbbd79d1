/**
 * An earlier commit's build beside this one, for a benchmark that measures both in one run
 * (scripts/bench-against.ts, bench-leads.ts --against): the commit is checked out into a
 * temporary git worktree, installed with `npm ci` from its own lockfile (the npm registry) and
 * built with its own `npm run build`. Also what such a run needs to stop cleanly on Ctrl-C or
 * SIGTERM: the servers, nginx and the worktree are removed by the caller's `finally`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HarnessError } from './server.ts';

/** Ctrl-C or SIGTERM during the run: everything started is stopped and removed, nothing is printed. */
export class Interrupted extends Error {}

/** What ends a run early: the abort signal of Ctrl-C or SIGTERM, and the promise it rejects. */
export type Interruption = { signal: AbortSignal; interrupted: Promise<never>; dispose(): void };

/** Listens for Ctrl-C and SIGTERM until `dispose()`. */
export function listenForInterruption(): Interruption {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => controller.abort(signal);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const interrupted = new Promise<never>((_resolve, reject) => {
    const onAbort = () => reject(new Interrupted(String(controller.signal.reason)));
    controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  interrupted.catch(() => {}); // observed by the runs that race it
  return {
    signal: controller.signal,
    interrupted,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** `command` in `cwd`, asynchronously so that a signal is heard; killed when `signal` aborts. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  what: string,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    const keep = (chunk: Buffer, isStdout: boolean) => {
      if (isStdout) stdout += chunk.toString();
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, true));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, false));
    child.on('error', (err) =>
      reject(signal.aborted ? new Interrupted(what) : new HarnessError(`${what}: ${err.message}`)),
    );
    child.on('close', (code, killedBy) => {
      if (code === 0) resolve(stdout.trim());
      else if (signal.aborted) reject(new Interrupted(what));
      else reject(new HarnessError(`${what} failed (exit ${code ?? killedBy})`, output));
    });
  });
}

export type EarlierBuild = { dir: string; sha: string; short: string };

/** A new empty folder for the worktree, to hand to `prepareEarlierBuild` and `removeWorktree`. */
export function worktreeFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'parts-hunters-against-'));
}

/** Checks `commit` out into `dir` (an empty folder), installs it and builds it. */
export async function prepareEarlierBuild(
  root: string,
  commit: string,
  dir: string,
  signal: AbortSignal,
): Promise<EarlierBuild> {
  const sha = await run(
    'git',
    ['rev-parse', '--verify', `${commit}^{commit}`],
    root,
    `git rev-parse ${commit}`,
    signal,
  );
  const short = sha.slice(0, 7);
  await run('git', ['worktree', 'add', '--detach', dir, sha], root, 'git worktree add', signal);
  console.log(`Installing ${short} (npm ci) …`);
  await run('npm', ['ci', '--no-audit', '--no-fund'], dir, `npm ci in ${dir}`, signal);
  console.log(`Building ${short} …`);
  await run('npm', ['run', 'build'], dir, `npm run build in ${dir}`, signal);
  return { dir, sha, short };
}

/** Takes the worktree away again, whatever state it is in. */
export function removeWorktree(root: string, dir: string): void {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  fs.rmSync(dir, { recursive: true, force: true });
  spawnSync('git', ['worktree', 'prune'], { cwd: root });
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
