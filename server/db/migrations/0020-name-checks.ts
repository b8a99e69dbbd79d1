/**
 * The right customer (issue 48 item 2, decision 0193): `leads.name_check`, 1 while a request
 * linked to a customer by its phone or e-mail gave another name than theirs and staff have not
 * said whether it is the same person ('Same person' or 'Different person' sets it back to 0).
 * Quick DDL: a column with a default, and a partial index of the few flagged leads.
 */
import { sql, type Kysely } from 'kysely';

export function nameChecks() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('leads')
        .addColumn('name_check', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('leads_name_check_idx')
        .on('leads')
        .column('customer_id')
        .where(sql.ref('name_check'), '=', 1)
        .execute();
    },
  };
}
