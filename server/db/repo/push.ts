/**
 * Staff push notifications' SQL (migration 0024, decision 0205): subscriptions (each a session's),
 * each person's choices, the notifications waiting to go (claimed by one process with a
 * conditional update, as the outbox's messages are, decision 0041), and the lead an event names.
 * Same shapes on SQLite and PostgreSQL.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type PushSubscriptionRow = {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Keeps a browser's subscription for a person's session: an endpoint already known (the same
 * browser subscribing again, or after a sign-in as someone else) moves to this person and session.
 */
export async function saveSubscription(
  db: Executor,
  s: { userId: number; sessionHash: string; endpoint: string; p256dh: string; auth: string; at: Date },
): Promise<void> {
  const row = {
    user_id: s.userId,
    session_hash: s.sessionHash,
    endpoint: s.endpoint,
    p256dh: s.p256dh,
    auth: s.auth,
    created_at: s.at.toISOString(),
  };
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        session_hash: row.session_hash,
        p256dh: row.p256dh,
        auth: row.auth,
        created_at: row.created_at,
      }),
    )
    .execute();
}

/** Removes a session's subscriptions; returns how many. */
export async function deleteSessionSubscriptions(db: Executor, sessionHash: string): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('session_hash', '=', sessionHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes one subscription (the push service said it is gone); its waiting notifications go with it. */
export async function deleteSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** How many subscriptions a person has in this session and in their others. */
export async function countSubscriptions(
  db: Executor,
  userId: number,
  sessionHash: string,
): Promise<{ here: number; elsewhere: number }> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('session_hash')
    .where('user_id', '=', userId)
    .execute();
  const here = rows.filter((r) => r.session_hash === sessionHash).length;
  return { here, elsewhere: rows.length - here };
}

/** A person's choices as stored: a JSON list, or null (every kind). */
export async function readPushKinds(db: Executor, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('push_kinds').where('id', '=', userId).executeTakeFirst();
  return row?.push_kinds;
}

export async function writePushKinds(db: Executor, userId: number, kinds: readonly string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ push_kinds: JSON.stringify(kinds) })
    .where('id', '=', userId)
    .execute();
}

/**
 * The subscriptions a notification may go to now: their person not disabled, their session not
 * over (its absolute expiry: the idle limit guards an open screen, not the phone's notifications,
 * decision 0205), with the person's
 * choices (the caller filters by them).
 */
export async function listReachableSubscriptions(
  db: Executor,
  session: { now: Date },
): Promise<(PushSubscriptionRow & { pushKinds: string | null })[]> {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('sessions as se', 'se.id_hash', 's.session_hash')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', 'u.push_kinds as pushKinds'])
    .where('u.disabled_at', 'is', null)
    .where('se.expires_at', '>', session.now.toISOString())
    .orderBy('s.id')
    .execute();
}

/** Writes one notification per subscription, due now, in the caller's transaction. */
export async function insertPushJobs(
  trx: Executor,
  jobs: readonly { subscriptionId: number; payload: string }[],
  at: Date,
): Promise<void> {
  if (!jobs.length) return;
  const when = at.toISOString();
  await trx
    .insertInto('push_jobs')
    .values(
      jobs.map((j) => ({
        subscription_id: j.subscriptionId,
        payload: j.payload,
        next_attempt_at: when,
        created_at: when,
      })),
    )
    .execute();
}

export type DuePushJob = {
  id: number;
  payload: string;
  attempts: number;
  subscription: PushSubscriptionRow;
};

/**
 * Notifications due now whose subscription may still be reached (as listReachableSubscriptions:
 * checked again at send time), oldest first; and those left 'sending' since before `staleBefore`
 * (a process died mid-send: sent again, a duplicate notification being harmless).
 */
export async function listDuePushJobs(
  db: Executor,
  at: { now: Date; staleBefore: Date },
  limit: number,
): Promise<DuePushJob[]> {
  const rows = await db
    .selectFrom('push_jobs as j')
    .innerJoin('push_subscriptions as s', 's.id', 'j.subscription_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('sessions as se', 'se.id_hash', 's.session_hash')
    .select(['j.id', 'j.payload', 'j.attempts', 's.id as subId', 's.endpoint', 's.p256dh', 's.auth'])
    .where((eb) =>
      eb.or([
        eb.and([eb('j.status', '=', 'queued'), eb('j.next_attempt_at', '<=', at.now.toISOString())]),
        eb.and([eb('j.status', '=', 'sending'), eb('j.claimed_at', '<', at.staleBefore.toISOString())]),
      ]),
    )
    .where('u.disabled_at', 'is', null)
    .where('se.expires_at', '>', at.now.toISOString())
    .orderBy('j.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    payload: r.payload,
    attempts: r.attempts,
    subscription: { id: r.subId, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth },
  }));
}

/**
 * Claims a notification for this process (queued, or left sending since before `staleBefore`):
 * true when this call claimed it, so however many processes run, one sends it.
 */
export async function claimPushJob(
  db: Executor,
  id: number,
  at: { now: Date; staleBefore: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('push_jobs')
    .set((eb) => ({ status: 'sending', claimed_at: at.now.toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', at.staleBefore.toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A notification the push service took, or that will never go: removed. */
export async function deletePushJob(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_jobs').where('id', '=', id).execute();
}

/** A notification to try again at `next`. */
export async function retryPushJob(db: Executor, id: number, next: Date): Promise<void> {
  await db
    .updateTable('push_jobs')
    .set({ status: 'queued', next_attempt_at: next.toISOString(), claimed_at: null })
    .where('id', '=', id)
    .execute();
}

/** Notifications left waiting for a subscription that can no longer be reached, or too old: removed. */
export async function deleteOldPushJobs(db: Executor, createdBefore: Date): Promise<void> {
  await db.deleteFrom('push_jobs').where('created_at', '<', createdBefore.toISOString()).execute();
}

/** What a notification names of a lead: its case number, the customer's name, the part. */
export async function findPushLead(db: Executor, leadId: number) {
  const row = await db
    .selectFrom('leads')
    .select(['id', 'case_number', 'name', 'customer_id', 'short_part_name', 'description', 'part_number'])
    .where('id', '=', leadId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      caseNumber: row.case_number,
      name: row.name,
      customerId: row.customer_id,
      shortPartName: row.short_part_name,
      description: row.description,
      partNumber: row.part_number,
    }
  );
}

/** The lead and channel of a message to a customer (a failed one's notification), or undefined. */
export async function findCustomerMessage(db: Executor, messageId: number) {
  const row = await db
    .selectFrom('outgoing_messages')
    .select(['lead_id', 'channel'])
    .where('id', '=', messageId)
    .where('audience', '=', 'customer')
    .executeTakeFirst();
  return row && row.lead_id !== null ? { leadId: row.lead_id, channel: row.channel } : undefined;
}
