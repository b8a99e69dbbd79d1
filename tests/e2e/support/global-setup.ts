/**
 * Starts the real server for the browser suite: `node server/index.ts` on the production build in
 * build/, with a fresh data directory (SQLite database, uploads) and demo data, on a free port;
 * one such server for each worker (vitest.e2e.config.ts runs two files at a time). The files of a
 * worker run one after the other against its server, so a file never shares its server with a file
 * running at the same time, as when the suite ran one file at a time; which earlier files it
 * follows was never fixed (vitest orders files by their last durations). Tests read their
 * worker's address with baseUrl() (./server.ts). Teardown stops each with SIGTERM (the graceful
 * shutdown path) and removes its data directory.
 */
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_PASSWORD } from './site.ts';
import { readLog, spawnServer } from './spawn-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origins of the shared servers (each also its BASE_URL), one per worker, e.g. http://127.0.0.1:41234 */
    baseUrls: string[];
  }
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers);
  const servers = await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      spawnServer({ name: `shared-${i + 1}`, adminPassword: E2E_ADMIN_PASSWORD, env: { SEED_DEMO: 'true' } }),
    ),
  );
  project.provide(
    'baseUrls',
    servers.map((server) => server.origin),
  );

  return async function teardown() {
    await Promise.all(
      servers.map(async (server, i) => {
        const { child, logFile } = server;
        const clean = await server.stop();
        const errors = loggedErrors(logFile);
        if (!clean) {
          // Not a failed test by itself, but whoever reads the run must see why the server died.
          console.warn(
            `E2E: shared server ${i + 1} did not run until teardown and stop cleanly on SIGTERM ` +
              `(code ${child.exitCode}, signal ${child.signalCode}). Its output:\n${readLog(logFile)}`,
          );
        } else if (errors.length) {
          console.warn(
            `E2E: shared server ${i + 1} logged ${errors.length} error(s) during the run:\n${errors.join('\n')}`,
          );
        }
        await server.dispose();
      }),
    );
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
