/**
 * The "content changed" signal (issue 14 item 3; decision 0097). Whatever staff change that public
 * pages show (catalog items, blog posts) is published here; every process drops what it memoized
 * (catalog listings, the page cache) within a second, on either engine, with any number of
 * processes or machines, and no cache lives on a time-to-live alone.
 *
 * How: one row in the database holds a version number (migration 0007). `publish` increments it
 * and runs this process's listeners at once; every process reads the row every 250 ms and runs its
 * listeners when the number moved. A poll needs no connection of its own, so a database fault costs
 * nothing but missed polls: when the database answers again, the next poll sees any change made
 * meanwhile (decision 0090). PostgreSQL's LISTEN/NOTIFY would be quicker but needs a dedicated
 * connection that survives failovers, and SQLite has nothing like it; 4 one-row reads a second per
 * process are cheap (decision 0097 has the figures).
 */
import { bumpContentVersion, readContentVersion } from '../db/repo/content-version.ts';
import type { ServiceDeps } from './context.ts';

export const POLL_INTERVAL_MS = 250;

export type ContentChanges = ReturnType<typeof contentChanges>;

export function contentChanges(
  { db, logger }: Pick<ServiceDeps, 'db' | 'logger'>,
  intervalMs = POLL_INTERVAL_MS,
) {
  const listeners = new Set<() => void>();
  /** The newest version this process has acted on; undefined until the first read. */
  let seen: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let failing = false;

  function notify() {
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        logger.error({ err }, 'a content-change listener failed');
      }
    }
  }

  /** Reads the version; runs the listeners when another process moved it. */
  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      const version = await readContentVersion(db);
      if (failing) logger.info('content-change signal: the database answers again');
      failing = false;
      if (seen !== undefined && version !== seen) {
        seen = version;
        notify();
      }
      seen ??= version;
    } catch (err) {
      // the database is away (decision 0090): try again on the next tick, say so once
      if (!failing) logger.warn({ err }, 'content-change signal: cannot read the version; retrying');
      failing = true;
    } finally {
      polling = false;
    }
  }

  return {
    /**
     * Records that staff changed what public pages show: this process's listeners run at once,
     * every other process's within one poll. Called after the write committed, never inside its
     * transaction: a listener run before the commit would let a request memoize the old content
     * again. If the version cannot be written (the database went away right after the write), the
     * listeners here still run and the error goes to the caller.
     */
    async publish(): Promise<void> {
      let version: number;
      try {
        version = await bumpContentVersion(db);
      } finally {
        notify();
      }
      // a version we made ourselves is acted on now; the poll need not act on it again
      if (seen === undefined || version > seen) seen = version;
    },

    /** Runs `listener` whenever the content changed (here or in another process). */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Starts watching for other processes' changes (a server process; tests poll by hand). */
    start(): void {
      if (timer) return;
      void poll();
      timer = setInterval(() => void poll(), intervalMs);
      timer.unref();
    },

    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },

    /** One read now, as the timer does (tests). */
    poll,
  };
}
