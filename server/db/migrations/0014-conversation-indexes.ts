/**
 * Partial indexes for what issue 30's screens and follow-up pass read (item 8, decision 0161):
 *
 * - the messages to customers (not the staff alerts) and the questions from the quote page (not
 *   every other event), each by lead and time: a customer's newest messages are picked from these
 *   indexes alone and only those rows are read, whatever the number of leads and messages they have
 *   (server/db/repo/conversations.ts `conversationSources`);
 * - the moves to lost, by time, with who made them and the lead: whether a customer declined a
 *   quote lately (the review requests' check, server/db/repo/follow-ups.ts) from the index alone.
 *
 * Indexes only: quick DDL on a live database. The queries name the kind as a literal, since
 * SQLite uses a partial index only when the query's own terms imply its WHERE.
 */
import { sql, type Kysely } from 'kysely';

export function conversationIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('outgoing_messages_customer_idx')
        .on('outgoing_messages')
        .columns(['lead_id', 'created_at'])
        .where(sql.ref('audience'), '=', sql.lit('customer'))
        .execute();
      await db.schema
        .createIndex('lead_events_question_idx')
        .on('lead_events')
        .columns(['lead_id', 'created_at'])
        .where(sql.ref('type'), '=', sql.lit('question'))
        .execute();
      // the review requests' check of who declined a quote lately, from the index alone (to_status
      // leads, though it is always 'lost', so that SQLite prefers it to (to_status, created_at))
      await db.schema
        .createIndex('lead_events_lost_idx')
        .on('lead_events')
        .columns(['to_status', 'created_at', 'actor', 'lead_id'])
        .where(sql.ref('to_status'), '=', sql.lit('lost'))
        .execute();
    },
  };
}
