/**
 * Starts `node server/index.ts` on the production build (BUILD_DIR, default build/) with a fresh
 * data directory on a free port, and waits until GET /api/health answers 200. Used by the global
 * setup (the shared server) and by the files that need a server of their own configuration
 * (the city grid's shrinking database, texting through a Twilio stand-in).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// generous: a loaded 2-core machine starting two shared servers at once, each seeding demo data
const STARTUP_LIMIT_MS = 120_000;
const SHUTDOWN_LIMIT_MS = 15_000;

export type SpawnedServer = {
  /** e.g. http://127.0.0.1:41234, also the server's BASE_URL */
  origin: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  /** SIGTERM (SIGKILL after 15 s); resolves true when it had been running and exited with 0 */
  stop(): Promise<boolean>;
  /** stop() and remove the data directory */
  dispose(): Promise<boolean>;
};

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

/** Only what Node needs from the outer environment: no DATABASE_URL, SMTP or Twilio settings leak in. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SYSTEMROOT', 'BUILD_DIR', 'NODE_COMPILE_CACHE'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export function readLog(logFile: string): string {
  try {
    return fs.readFileSync(logFile, 'utf8') || '(no output)';
  } catch {
    return '(no output)';
  }
}

async function waitForHealth(origin: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited during startup (code ${child.exitCode}, signal ${child.signalCode}). ` +
          `Its output:\n${readLog(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      lastProblem = `GET /api/health answered ${res.status}`;
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
    }
    // Poll again once the server had a moment (it is still starting; this is not a test assertion).
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(
    `The server did not answer GET /api/health with 200 within ${STARTUP_LIMIT_MS / 1000} s ` +
      `(${lastProblem}). Its output:\n${readLog(logFile)}`,
  );
}

/**
 * Starts a server. `env` adds to (or overrides) DATA_DIR, PORT, BASE_URL, SEED_DEMO=false,
 * BACKUP_NIGHTLY=false, LOG_LEVEL=warn and ADMIN_PASSWORD; `name` tags the data directory; `host`
 * names the origin.
 */
export async function spawnServer(options: {
  name: string;
  adminPassword: string;
  env?: Record<string, string>;
  /** the origin's host (and BASE_URL's): 'localhost' where an IP address will not do (a passkey's RP ID) */
  host?: string;
  /** a port of the caller's (the origin of a server that was stopped, as a deploy keeps it), else a free one */
  port?: number;
}): Promise<SpawnedServer> {
  const serverBuild = path.join(path.resolve(ROOT, process.env.BUILD_DIR ?? 'build'), 'server/index.js');
  if (!fs.existsSync(serverBuild)) {
    throw new Error(
      `No production build in ${process.env.BUILD_DIR ?? 'build'}/. Run \`npx react-router build\` first (npm run test:e2e does).`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `phmb-e2e-${options.name}-`));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const port = options.port ?? (await freePort());
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: origin,
      SEED_DEMO: 'false',
      // a test's server makes no backup of its own between 03:00 and 06:00 Winnipeg time
      BACKUP_NIGHTLY: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: options.adminPassword,
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  child.on('error', (err) => fs.appendFileSync(logFile, `\nCould not run the server: ${err.message}\n`));

  async function stop(): Promise<boolean> {
    const wasRunning = child.exitCode === null && child.signalCode === null;
    if (wasRunning) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_LIMIT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    return wasRunning && child.exitCode === 0;
  }
  async function dispose(): Promise<boolean> {
    const clean = await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return clean;
  }

  try {
    await waitForHealth(origin, child, logFile);
  } catch (err) {
    await dispose();
    throw err;
  }
  return { origin, dataDir, logFile, child, stop, dispose };
}
