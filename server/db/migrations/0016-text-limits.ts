/**
 * What a text's sending rules need to know of it (issue 47 items 1 and 3, decisions 0175, 0181):
 *
 * - `public_text`: a text the public can cause without staff (a web request's
 *   confirmation, a reply to a number that has no request yet). Such texts are limited by country,
 *   per number and per day; the per-number count reads the partial index below, by recipient and
 *   time, from the index alone.
 * - `answer_until` (a time, or null): an immediate answer to what the customer (or staff) just did
 *   may go out in quiet hours until this time; after it (a retry, a backlog after a restart), and
 *   for every automatic text (null), the worker holds it for the morning when it is due at night.
 *
 * Rows written before this migration are neither public nor answers: at night they wait.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

export function textLimits(engine: Engine) {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('outgoing_messages')
        .addColumn('public_text', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable('outgoing_messages').addColumn('answer_until', ts).execute();
      await db.schema
        .createIndex('outgoing_messages_public_idx')
        .on('outgoing_messages')
        .columns(['recipient', 'created_at'])
        .where(sql.ref('public_text'), '=', sql.lit(true))
        .execute();
    },
  };
}
