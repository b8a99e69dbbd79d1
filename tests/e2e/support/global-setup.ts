/**
 * Starts the real server once for the browser suite: `node server/index.ts` on the production
 * build in build/, with a fresh data directory (SQLite database, uploads) and demo data, on a free
 * port. Tests read its address with `inject('baseUrl')`. Teardown stops it with SIGTERM (the
 * graceful shutdown path) and removes the data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_PASSWORD } from './site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (also its BASE_URL) */
    baseUrl: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STARTUP_LIMIT_MS = 60_000;
const SHUTDOWN_LIMIT_MS = 15_000;

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
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
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SYSTEMROOT', 'BUILD_DIR'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
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
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
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

function readLog(logFile: string): string {
  try {
    return fs.readFileSync(logFile, 'utf8') || '(no output)';
  } catch {
    return '(no output)';
  }
}

export default async function setup(project: TestProject) {
  const serverBuild = path.join(path.resolve(ROOT, process.env.BUILD_DIR ?? 'build'), 'server/index.js');
  if (!fs.existsSync(serverBuild)) {
    throw new Error(
      'No production build in build/. Run `npx react-router build` first (npm run test:e2e does).',
    );
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phmb-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: baseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  child.on('error', (err) => fs.appendFileSync(logFile, `\nCould not run the server: ${err.message}\n`));

  /** Stops the server; says whether it had been running and then shut down cleanly. */
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
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (err) {
    await stop();
    removeDataDir();
    throw err;
  }

  project.provide('baseUrl', baseUrl);

  return async function teardown() {
    const clean = await stop();
    if (!clean) {
      // Not a failed test by itself, but whoever reads the run must see why the server died.
      console.warn(
        `E2E: the server did not run until teardown and stop cleanly on SIGTERM ` +
          `(code ${child.exitCode}, signal ${child.signalCode}). Its output:\n${readLog(logFile)}`,
      );
    }
    const errors = loggedErrors(logFile);
    if (clean && errors.length) {
      console.warn(`E2E: the server logged ${errors.length} error(s) during the run:\n${errors.join('\n')}`);
    }
    removeDataDir();
  };
}

/** Log lines at level error or fatal (pino levels 50 and 60). */
function loggedErrors(logFile: string): string[] {
  return readLog(logFile)
    .split('\n')
    .filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return false;
      }
    });
}
