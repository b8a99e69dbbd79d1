/**
 * The start-up lock (decision 0092): migrations, the seed and the admin account are made by one
 * process at a time, so several processes or machines started together on an empty database all
 * come up, and whatever is made at start is made once.
 *
 * PostgreSQL: a session-level advisory lock held on a connection of its own (without the web
 * timeouts) for the whole of the work (which runs on the pool's connections), keyed by the current
 * schema so databases that hold several schemas (the test suites) do not wait on each other.
 * SQLite: nothing here. Its processes are one machine's cluster, whose primary lets the first
 * worker prepare the database before it starts the others (server/cluster.ts); and every SQLite
 * transaction begins IMMEDIATE (node-sqlite.ts), so even two unrelated processes never apply one
 * migration twice.
 */
import { sql } from 'kysely';
import { openMaintenance, type Database } from './index.ts';

/** The advisory lock's first key: 'PHMB' as a 32-bit number; the second is the schema's hash. */
const LOCK_CLASS = 0x50484d42;

export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  // The wait for the lock may rightly be long (another process migrating a large table), longer
  // than the web pool's 5 s statement timeout, which would cancel it and stop this process: the
  // lock is taken on a maintenance connection, without timeouts.
  const locking = openMaintenance(database);
  if (!locking) return work();
  try {
    return await locking.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${sql.lit(LOCK_CLASS)}, hashtext(current_schema()))`.execute(
        connection,
      );
      try {
        return await work();
      } finally {
        // a connection that died has lost the lock already; nothing else to undo
        await sql`select pg_advisory_unlock(${sql.lit(LOCK_CLASS)}, hashtext(current_schema()))`
          .execute(connection)
          .catch(() => {});
      }
    });
  } finally {
    await locking.close().catch(() => {});
  }
}
