/**
 * The bench's server under test: make sure the production build is current, start `node server/index.ts`
 * on a free loopback port with a throw-away DATA_DIR (or the caller's, `dataDir`), wait for
 * /api/health, read its memory, stop it.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/** A failure of the harness itself (not a slow figure): the bench prints it and exits non-zero. */
export class HarnessError extends Error {
  detail: string | undefined;
  constructor(message: string, detail?: string) {
    super(message);
    this.name = 'HarnessError';
    this.detail = detail;
  }
}

/** Builds the site when the build is missing or was made from other sources (scripts/build-if-stale.ts). */
export function ensureBuild(root: string): void {
  // the same rule as `npm start` (decision 0110): rebuild only when the sources changed
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.error) throw new HarnessError(`could not run the build: ${build.error.message}`);
  if (build.status !== 0) throw new HarnessError(`the build failed (exit ${build.status ?? build.signal})`);
}

/** A port the OS says is free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

// Configuration from the caller's shell that must not leak into the bench server: it would point the
// server at a real database or make it send real mail/SMS.
const STRIPPED_ENV = ['DATABASE_URL', 'SMTP_URL', 'NOTIFY_EMAIL', 'SMS_PROVIDER', 'TRUST_PROXY', 'NODE_ENV'];
const OUTPUT_LINES_KEPT = 200;

export interface BenchServer {
  pid: number;
  baseUrl: string;
  dataDir: string;
  /** The server's stdout and stderr so far (the last lines only). */
  output(): string;
  /** How many lines the server has written in all. */
  outputLineCount(): number;
  /** Rejects when the server exits before stop() was called; never settles otherwise. */
  exited: Promise<never>;
  /**
   * SIGTERM, wait for exit (SIGKILL after a grace period), remove the data directory unless the
   * caller passed it (`dataDir`). Idempotent.
   */
  stop(): Promise<void>;
}

export async function startServer(options: {
  root: string;
  adminPassword: string;
  startTimeoutMs: number;
  /** Set after the stripped configuration, e.g. DATABASE_URL of a throw-away PostgreSQL database. */
  env?: Record<string, string>;
  /** More node flags after `npm start`'s, e.g. `--cpu-prof` (scripts/profile-pages.ts). */
  nodeArgs?: string[];
  /**
   * The data directory of an earlier server, to start again on its database and files (kept by
   * stop(): the caller removes it). Default: a new one, removed by stop().
   */
  dataDir?: string;
}): Promise<BenchServer> {
  const { root, adminPassword, startTimeoutMs } = options;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parts-hunters-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of STRIPPED_ENV) delete env[name];
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: baseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: adminPassword,
    // the memory settings `npm start` runs with (decisions 0040, 0165): the figures are what it serves
    ...npmStart(root).env,
    ...options.env,
  });

  // the node flags of `npm start` (package.json), so the figures are what it serves
  const child = spawn(
    process.execPath,
    [...npmStart(root).nodeArgs, ...(options.nodeArgs ?? []), 'server/index.ts'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  let lineCount = 0;
  const keep = (line: string) => {
    if (!line) return;
    lineCount += 1;
    lines.push(line);
    if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
  };
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', keep);
  }
  const output = () => lines.join('\n');

  let stopping = false;
  const exitedAt = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
    child.on('error', (err) => {
      keep(`spawn error: ${err.message}`);
      resolve({ code: null, signal: null });
    });
  });
  // After stop() the exit is expected: then this promise never settles.
  const exited = exitedAt.then(({ code, signal }) => {
    if (stopping) return new Promise<never>(() => {});
    throw new HarnessError(`the server exited unexpectedly (${signal ?? `exit ${code}`})`, output());
  });
  exited.catch(() => {}); // observed by whoever awaits it; not an unhandled rejection when stop() wins

  const removeDataDir = () => {
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // The server forces its connections closed after 10 s; give it a little more, then insist.
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exitedAt;
        clearTimeout(kill);
      }
      removeDataDir();
    })();
    return stopped;
  };

  try {
    await Promise.race([waitForHealth(baseUrl, startTimeoutMs), exited]);
  } catch (err) {
    await stop();
    if (err instanceof HarnessError) throw new HarnessError(err.message, output());
    throw err;
  }
  if (child.pid === undefined) throw new HarnessError('the server has no process id');
  return { pid: child.pid, baseUrl, dataDir, output, outputLineCount: () => lineCount, exited, stop };
}

async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new HarnessError(
    `the server did not answer 200 on GET /api/health within ${timeoutMs / 1000} s (last: ${last})`,
  );
}

/**
 * A process's resident memory in bytes from /proc/<pid>/status (Linux only): `rss` now, `peak` (the kernel's high-water mark), and
 * the share of `rss` that is the program's own (`anon`: heap, malloc) rather than mapped files
 * (`file`: node's binary and libraries, which the system shares).
 */
export function readMemory(
  pid: number,
): { rss: number; peak: number; anon: number; file: number } | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : undefined;
  };
  const rss = kib('VmRSS');
  const peak = kib('VmHWM') ?? rss;
  if (rss === undefined || peak === undefined) return undefined;
  return { rss, peak, anon: kib('RssAnon') ?? rss, file: kib('RssFile') ?? 0 };
}

/**
 * The environment and node flags `npm start` runs the server with, read from package.json's
 * "start" script (`… && [VAR=value …] node [flags] server/index.ts`), so every benchmark measures
 * what it serves without a copy of its settings to keep in step.
 */
export function npmStart(root: string): { command: string; env: Record<string, string>; nodeArgs: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const script = pkg.scripts.start ?? '';
  const command = (script.split('&&').at(-1) ?? '').trim();
  const words = command.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  if (words.shift() !== 'node' || words.at(-1) !== 'server/index.ts') {
    throw new HarnessError(
      `package.json "start" is not "… && [VAR=value …] node [flags] server/index.ts": ${script}`,
    );
  }
  return { command, env, nodeArgs: words.slice(0, -1) };
}
