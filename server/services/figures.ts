/**
 * The figures GET /metrics shows an operator (decision 0199) that live in the database, read when
 * they are asked for, within FIGURES_TIMEOUT_MS so a slow database cannot hang the scrape: the
 * outbox's messages per channel (queued, due and not sent yet, failed, the oldest due one's age)
 * and the leads by source. And the database's connections, which the process knows without a query.
 */
import { poolUse, type PoolUse } from '../db/index.ts';
import { leadsBySource, outboxFigures } from '../db/repo/operations.ts';
import type { ServiceDeps } from './context.ts';

export type { PoolUse };
import { within } from './health.ts';

/** As the health check's: well under Prometheus's default scrape timeout (10 s). */
export const FIGURES_TIMEOUT_MS = 2_000;

export type DatabaseFigures = {
  outbox: {
    channel: string;
    queued: number;
    due: number;
    failed: number;
    /** how long the longest-waiting due message has waited, 0 when none is due */
    oldestDueSeconds: number;
  }[];
  leadsBySource: { source: string; count: number }[];
};

export function figuresService({ db, now }: ServiceDeps, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? FIGURES_TIMEOUT_MS;
  return {
    /** The database's figures now; rejects when it does not answer within the timeout. */
    async read(): Promise<DatabaseFigures> {
      const at = now();
      const [outbox, leads] = await within(
        Promise.all([outboxFigures(db, at), leadsBySource(db)]),
        timeoutMs,
        'the database',
      );
      return {
        outbox: outbox.map(({ oldestDueAt, ...f }) => ({
          ...f,
          oldestDueSeconds: oldestDueAt ? Math.max(0, (at.getTime() - Date.parse(oldestDueAt)) / 1000) : 0,
        })),
        leadsBySource: leads,
      };
    },
    /** This process's database connections (no query). */
    pool(): PoolUse | undefined {
      return poolUse(db);
    },
  };
}
