/**
 * Shutdown that always finishes (decision 0145): stop accepting connections, let in-flight
 * requests finish (up to a grace period, then cut the rest), run the cleanup (close the database),
 * give the last log lines a moment to reach their reader, and exit; whatever hangs, the process is
 * gone by a deadline.
 */
import type { Server } from 'node:http';
import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';

/** How long the last log lines may wait for their reader: one that is reading takes them in far less. */
const LAST_LOGS_MS = 1_000;

export function closeGracefully(
  server: Server,
  options: { graceMs?: number; onForce?: () => void; cleanup: () => Promise<void> },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const force = setTimeout(() => {
      options.onForce?.();
      server.closeAllConnections();
    }, options.graceMs ?? 10_000);
    force.unref();
    // keep-alive sockets hold the server open once their request is done: close them as they go idle
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      options.cleanup().then(resolve, reject);
    });
    server.closeIdleConnections();
  });
}

/**
 * Ends the process: `closeGracefully` with `graceMs` for the requests in flight, then exit 0 once
 * the last log lines are out (or `lastLogsMs` has passed); exit 1 if the cleanup failed. Whatever
 * still hangs at `deadlineMs` (a cleanup that never settles), it exits 1 then, saying so on stderr
 * rather than in the log, which may be what hangs. `lastLogsMs`, `exit` and `stderr` are for tests.
 */
export async function shutDown(options: {
  server: Server;
  logger: Logger;
  graceMs: number;
  deadlineMs: number;
  cleanup: () => Promise<void>;
  lastLogsMs?: number;
  exit?: (code: number) => void;
  stderr?: Pick<Writable, 'write'>;
}): Promise<void> {
  const { server, logger, graceMs, deadlineMs, cleanup } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const lastResort = setTimeout(() => {
    (options.stderr ?? process.stderr).write(
      `shutdown did not finish in ${deadlineMs / 1000} s; exiting anyway\n`,
    );
    exit(1);
  }, deadlineMs);
  let code = 0;
  try {
    await closeGracefully(server, {
      graceMs,
      onForce: () => logger.warn(`in-flight requests did not finish in ${graceMs / 1000} s; closing anyway`),
      cleanup,
    });
    logger.info('closed database; bye');
  } catch (err) {
    code = 1;
    logger.error({ err }, 'shutdown failed');
  }
  await Promise.race([
    new Promise<void>((resolve) => logger.flush(() => resolve())),
    delay(options.lastLogsMs ?? LAST_LOGS_MS, undefined, { ref: false }),
  ]);
  clearTimeout(lastResort);
  exit(code);
}
