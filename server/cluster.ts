/**
 * Several worker processes on one port (WEB_CONCURRENCY > 1, decision 0092). The process that
 * runs this is node:cluster's primary and serves nothing itself: it forks the first worker, which
 * prepares the database (migrations, seed, admin account, under the start-up lock) and says so;
 * then it forks the others, which skip that work. A worker that dies unexpectedly is replaced after
 * a pause that grows while replacements keep dying. On SIGTERM/SIGINT every worker finishes its
 * in-flight requests (server/http/shutdown.ts), and the primary exits once all of them have.
 * Connections are handed to the workers in turn (node:cluster's round-robin on Linux).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** In the environment of the one worker that prepares the database. */
export const PREPARE_ENV = 'PHMB_PREPARE_DATABASE';
/** What that worker sends the primary once the database is ready for the others. */
export const PREPARED_MESSAGE = 'phmb:database-prepared';
/** A worker asked for GET /metrics asks the primary for every worker's figures (decision 0199)… */
const METRICS_ASK = 'phmb:metrics-ask';
/** …and the primary answers with them summed (prom-client's AggregatorRegistry), or why not. */
const METRICS_ANSWER = 'phmb:metrics-answer';
/** Longer than prom-client's own wait for the workers (5 s), under Prometheus's scrape timeout (10 s). */
const METRICS_WAIT_MS = 7_000;

type MetricsAsk = { type: typeof METRICS_ASK; id: number };
type MetricsAnswer = { type: typeof METRICS_ANSWER; id: number; text?: string; error?: string };
let asked = 0;

/**
 * In a worker: the process figures of every worker, summed by the primary (prom-client's
 * aggregation: counters and histograms added up, each gauge as prom-client's default metrics say).
 * Rejects when the primary does not answer within METRICS_WAIT_MS.
 */
export function metricsOfAllWorkers(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const answer = message as MetricsAnswer | undefined;
      if (answer?.type !== METRICS_ANSWER || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (answer.error !== undefined) reject(new Error(`the workers' figures: ${answer.error}`));
      else resolve(answer.text ?? '');
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error(`the primary did not send the workers' figures within ${METRICS_WAIT_MS} ms`));
    }, METRICS_WAIT_MS);
    process.on('message', onMessage);
    process.send?.({ type: METRICS_ASK, id } satisfies MetricsAsk);
  });
}

export type BackoffOptions = { initialMs: number; maxMs: number; stableMs: number };
export const RESTART_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/**
 * The pause before replacing a dead worker: `initialMs`, doubled for each further death of a worker
 * that lived less than `stableMs`, at most `maxMs`. A worker that had run for `stableMs` or longer
 * starts the count again, so one crash a day never waits long, and a crash loop does not spin.
 */
export function createRestartBackoff(options: BackoffOptions = RESTART_BACKOFF) {
  let quickDeaths = 0;
  return {
    next(livedMs: number): number {
      if (livedMs >= options.stableMs) quickDeaths = 0;
      const delay = Math.min(options.maxMs, options.initialMs * 2 ** quickDeaths);
      quickDeaths += 1;
      return delay;
    },
  };
}

/**
 * Runs the cluster's primary until SIGTERM/SIGINT, or until the site fails to come up at all. The
 * promise never settles: the primary ends with process.exit once its workers have stopped.
 */
export function runPrimary(options: {
  workers: number;
  logger: Logger;
  graceMs: number;
  /** METRICS_TOKEN is set: answer the workers' requests for every worker's figures */
  metrics?: boolean;
}): Promise<never> {
  const { workers, logger, graceMs } = options;
  // loaded only when there are figures to keep
  const aggregator = options.metrics
    ? import('prom-client').then(({ default: client }) => new client.AggregatorRegistry())
    : undefined;
  const backoff = createRestartBackoff();
  const live = new Set<Worker>();
  const restarts = new Set<NodeJS.Timeout>();
  let othersForked = false;
  let servedOnce = false;
  let shuttingDown = false;
  let exitCode = 0;

  function fork(prepare: boolean) {
    const worker = cluster.fork(prepare ? { [PREPARE_ENV]: '1' } : {});
    const startedAt = Date.now();
    live.add(worker);
    worker.once('listening', () => {
      servedOnce = true;
    });
    worker.on('message', (message: unknown) => {
      const ask = message as MetricsAsk | undefined;
      if (aggregator && ask?.type === METRICS_ASK) {
        const answer = (reply: Omit<MetricsAnswer, 'type' | 'id'>) => {
          if (worker.isConnected()) worker.send({ type: METRICS_ANSWER, id: ask.id, ...reply });
        };
        aggregator
          .then((registry) => registry.clusterMetrics())
          .then(
            (text) => answer({ text }),
            (err: unknown) => answer({ error: err instanceof Error ? err.message : String(err) }),
          );
        return;
      }
      if (message !== PREPARED_MESSAGE || othersForked || shuttingDown) return;
      othersForked = true;
      for (let i = 1; i < workers; i++) fork(false);
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      onExit(worker, code, signal, Date.now() - startedAt);
    });
  }

  function onExit(worker: Worker, code: number | null, signal: string | null, livedMs: number) {
    const pid = worker.process.pid;
    if (shuttingDown) {
      // a worker still starting when told to stop has the default SIGTERM: it had nothing to finish
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
      if (live.size === 0) finish();
      return;
    }
    if (!servedOnce) {
      // nothing ever listened: a configuration or database problem that a restart will not fix
      logger.fatal({ workerPid: pid, code, signal }, 'a worker exited before the site came up; stopping');
      exitCode = code || 1;
      shutdown('startup failure');
      return;
    }
    const delay = backoff.next(livedMs);
    logger.error(
      { workerPid: pid, code, signal, restartInMs: delay },
      'a worker died unexpectedly; replacing it',
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!shuttingDown) fork(false);
    }, delay);
    restarts.add(timer);
  }

  function shutdown(reason: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    logger.info({ reason, workers: live.size }, 'shutting down: workers finish their in-flight requests');
    if (live.size === 0) return finish();
    for (const worker of live) worker.process.kill('SIGTERM');
    // each worker cuts its own requests after graceMs; this only catches a worker that hangs
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
    }, graceMs + 5_000).unref();
  }

  function finish() {
    logger.info({ code: exitCode }, 'all workers have stopped; bye');
    process.exit(exitCode);
  }

  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  logger.info({ workers }, `starting ${workers} worker processes`);
  fork(true);
  return new Promise<never>(() => {});
}
