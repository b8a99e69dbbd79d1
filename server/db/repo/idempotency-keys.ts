/**
 * Keys of keyed changes (decision 0179), read and written only by server/services/idempotency.ts.
 * A key is claimed in the transaction of its change with one upsert: on PostgreSQL a second
 * transaction claiming the same key waits on the first's uncommitted row and then finds it taken;
 * on SQLite transactions take turns. A row past its `kept_until` counts as gone and is taken over.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type KeptKey = { requestHash: string; answer: string | null };

/**
 * Claims `key` in `scope` for the caller's transaction until `keptUntil`: true when it is this
 * transaction's to use (new, or its keep ended by `at`), false when another change was made under it.
 */
export async function claimKey(
  trx: Transaction<DB>,
  claim: { scope: string; key: string; requestHash: string; at: Date; keptUntil: Date },
): Promise<boolean> {
  const row = await trx
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.requestHash,
      answer: null,
      created_at: claim.at.toISOString(),
      kept_until: claim.keptUntil.toISOString(),
    })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet((eb) => ({
          request_hash: eb.ref('excluded.request_hash'),
          answer: null,
          created_at: eb.ref('excluded.created_at'),
          kept_until: eb.ref('excluded.kept_until'),
        }))
        .where('idempotency_keys.kept_until', '<=', claim.at.toISOString()),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** The request's hash and the answer kept under `key` in `scope` and not yet ended at `at`, if any. */
export async function findKey(
  db: Executor,
  claim: { scope: string; key: string; at: Date },
): Promise<KeptKey | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'answer'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('kept_until', '>', claim.at.toISOString())
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, answer: row.answer };
}

/** Keeps the first answer of the change made under a key the transaction claimed. */
export async function keepAnswer(trx: Transaction<DB>, scope: string, key: string, answer: string) {
  await trx
    .updateTable('idempotency_keys')
    .set({ answer })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/** Removes the keys whose keep ended by `at`; returns how many. */
export async function deleteEndedKeys(db: Kysely<DB>, at: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('kept_until', '<=', at.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
