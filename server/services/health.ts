/**
 * Liveness with a database round trip (GET /api/health): what a load balancer asks to decide
 * whether to send this process traffic. The database must answer within HEALTH_TIMEOUT_MS.
 */
import { ping } from '../db/index.ts';
import type { ServiceDeps } from './context.ts';

/** Which errors mean "the database is away for now" (503), for the HTTP layer: see db/faults.ts. */
export { isDatabaseUnavailable } from '../db/faults.ts';

/** Well under a load balancer's usual check timeout (5 s), and under the pool's connect timeout. */
export const HEALTH_TIMEOUT_MS = 2_000;

export type Health = { status: 'ok' | 'error'; database: 'ok' | 'unreachable' };

export function healthService({ db, logger }: ServiceDeps, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? HEALTH_TIMEOUT_MS;
  // while the database is away every check fails: say so when it goes and when it comes back
  let down = false;
  return {
    /** Resolves within the timeout to the state of the process and its database; never throws. */
    async check(): Promise<Health> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([ping(db), timeout]);
        if (down) logger.info('health check: database reachable again');
        down = false;
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        if (!down) logger.error({ err }, 'health check: database unreachable');
        down = true;
        return { status: 'error', database: 'unreachable' };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
