/**
 * Graceful shutdown: stop accepting connections, let in-flight requests finish (up to a grace
 * period, then cut the rest), then run the cleanup (close the database) and resolve.
 */
import type { Server } from 'node:http';

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
