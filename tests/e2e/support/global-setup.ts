/**
 * Starts the real server once for the browser suite: `node server/index.ts` on the production
 * build in build/, with a fresh data directory (SQLite database, uploads) and demo data, on a free
 * port. Tests read its address with `inject('baseUrl')`. Teardown stops it with SIGTERM (the
 * graceful shutdown path) and removes the data directory.
 */
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_PASSWORD } from './site.ts';
import { readLog, spawnServer } from './spawn-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (also its BASE_URL) */
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await spawnServer({
    name: 'shared',
    adminPassword: E2E_ADMIN_PASSWORD,
    env: { SEED_DEMO: 'true' },
  });
  project.provide('baseUrl', server.origin);

  return async function teardown() {
    const { child, logFile } = server;
    const clean = await server.stop();
    const errors = loggedErrors(logFile);
    if (!clean) {
      // Not a failed test by itself, but whoever reads the run must see why the server died.
      console.warn(
        `E2E: the server did not run until teardown and stop cleanly on SIGTERM ` +
          `(code ${child.exitCode}, signal ${child.signalCode}). Its output:\n${readLog(logFile)}`,
      );
    } else if (errors.length) {
      console.warn(`E2E: the server logged ${errors.length} error(s) during the run:\n${errors.join('\n')}`);
    }
    await server.dispose();
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
