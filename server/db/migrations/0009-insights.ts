/**
 * Insights (decision 0120): orders are found from the status events of the chosen range, so the
 * events are indexed by the status they moved to and when.
 */
import type { Kysely } from 'kysely';

export function insights() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('lead_events_status_created_idx')
        .on('lead_events')
        .columns(['to_status', 'created_at'])
        .execute();
    },
  };
}
