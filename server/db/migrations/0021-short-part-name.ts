/**
 * The short part name staff may set on a lead (issue 48 item 5, decision 0194): what the texts and
 * the customer's page call the part instead of a short form of the description. Null: not set.
 */
import { sql, type Kysely } from 'kysely';

export function shortPartName() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table leads add column short_part_name text`.execute(db);
    },
  };
}
