/** Liveness with a database round trip (GET /api/health). */
import { sql } from 'kysely';
import type { ServiceDeps } from './context.ts';

export function healthService({ db, logger }: ServiceDeps) {
  return {
    /** Resolves to the state of the process and its database; never throws. */
    async check(): Promise<{ status: 'ok' | 'error'; database: 'ok' | 'unreachable' }> {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        logger.error({ err }, 'health check: database unreachable');
        return { status: 'error', database: 'unreachable' };
      }
    },
  };
}
