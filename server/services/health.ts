/**
 * Liveness with a database round trip (GET /api/health): what a load balancer asks to decide
 * whether to send this process traffic. The database must answer within HEALTH_TIMEOUT_MS.
 * A text due for more than TEXTS_DELAYED_AFTER_MS and still not sent makes the answer 'degraded'
 * (decision 0199): the process still serves pages (a 200, so the load balancer keeps it), but
 * someone should look at the texting provider.
 */
import { ping } from '../db/index.ts';
import { oldestDueTextAt } from '../db/repo/operations.ts';
import type { ServiceDeps } from './context.ts';

/** Which errors mean "the database is away for now" (503), for the HTTP layer: see db/faults.ts. */
export { isDatabaseUnavailable } from '../db/faults.ts';

/** Well under a load balancer's usual check timeout (5 s), and under the pool's connect timeout. */
export const HEALTH_TIMEOUT_MS = 2_000;
/** A text due this long and not sent yet: texts are delayed (the worker retries within minutes). */
export const TEXTS_DELAYED_AFTER_MS = 10 * 60_000;

export type Health =
  | { status: 'ok' | 'degraded'; database: 'ok'; texts: 'ok' | 'delayed'; oldestDueTextSeconds: number }
  | { status: 'error'; database: 'unreachable' };

/** `work`, or a rejection once `ms` have passed without its answer. */
export async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthService({ db, logger, now }: ServiceDeps, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? HEALTH_TIMEOUT_MS;
  // while the database is away every check fails: say so when it goes and when it comes back
  let down = false;
  return {
    /** Resolves within the timeout to the state of the process and its database; never throws. */
    async check(): Promise<Health> {
      try {
        const at = now();
        const [, oldest] = await within(
          Promise.all([ping(db), oldestDueTextAt(db, at)]),
          timeoutMs,
          'the database',
        );
        if (down) logger.info('health check: database reachable again');
        down = false;
        const waitedMs = oldest ? Math.max(0, at.getTime() - Date.parse(oldest)) : 0;
        const delayed = waitedMs > TEXTS_DELAYED_AFTER_MS;
        return {
          status: delayed ? 'degraded' : 'ok',
          database: 'ok',
          texts: delayed ? 'delayed' : 'ok',
          oldestDueTextSeconds: Math.floor(waitedMs / 1000),
        };
      } catch (err) {
        if (!down) logger.error({ err }, 'health check: database unreachable');
        down = true;
        return { status: 'error', database: 'unreachable' };
      }
    },
  };
}
