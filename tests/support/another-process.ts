/**
 * The services of a second process on the same database, for the tests of what two processes do
 * at once: on PostgreSQL with connections of their own, as another process has; SQLite is one
 * process (decision 0092), so there they share the test's connection.
 */
import { openDatabase } from '#server/db/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import { testDeps, type TestDatabase } from './databases.ts';

export function anotherProcess(
  t: TestDatabase,
  now: () => Date,
): { services: Services; close(): Promise<void> } {
  const own =
    t.database.engine === 'postgres'
      ? openDatabase(t.config.database, { poolSize: 4, timeoutMs: t.config.databaseTimeoutMs })
      : undefined;
  const deps = testDeps(t, now);
  const services = createServices(own ? { ...deps, db: own.db } : deps);
  return {
    services,
    async close() {
      services.messaging.outbox.stop();
      await own?.close();
    },
  };
}
