/**
 * The "content changed" signal (decision 0097): one row whose version every back-office write to
 * what public pages show (catalog, blog) increments, and every process reads every 250 ms to drop
 * its caches. One row, read by primary key: the cheapest read there is, on either engine.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function contentVersion(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into content_version (id, version) values (1, 0)`.execute(db);
    },
  };
}
