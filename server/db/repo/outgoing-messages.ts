/**
 * The outbox's rows (outgoing_messages; decisions 0041, 0060, 0072): every message to staff or a
 * customer, written in the transaction of what caused it and then moved along by the worker in
 * server/messaging/worker.ts. Same shapes on SQLite and PostgreSQL.
 *
 * Statuses: `logged` (recorded only: no provider configured), `queued` (to send at
 * next_attempt_at), `sending` (claimed by the worker), `sent` (the provider accepted it),
 * `delivered` (the provider's status callback says it arrived), `failed` (gave up; last_error
 * says why), `blocked` (the recipient opted out; never sent), `cancelled` (a follow-up made unneeded
 * by the customer's answer, a move or a new version; never sent; decision 0161), `withheld` (a text
 * the public caused, past the limits on such texts; never sent; last_error says which, decision 0175).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type Channel = 'email' | 'sms';
export type MessageStatus =
  'logged' | 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'blocked' | 'cancelled' | 'withheld';
/** Who a message is for: the customer's conversation, or staff (alerts). */
export type Audience = 'customer' | 'staff';

export type NewMessage = {
  leadId: number | null;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  /**
   * `logged` or `queued` for the worker; `sent` for a reply already handed over (a TwiML answer);
   * `failed`, `blocked` or `withheld` (with `lastError`) for a message that can never go out.
   */
  status: 'logged' | 'queued' | 'sent' | 'failed' | 'blocked' | 'withheld';
  /** default: 'staff' for e-mail, 'customer' for SMS */
  audience?: Audience;
  lastError?: string | null;
  /** a text the public caused, counted by the limits on such texts (decision 0175) */
  publicText?: boolean;
  /**
   * An immediate answer to what someone just did may go out in quiet hours until then; without
   * it, a text due in quiet hours waits for the morning (decision 0181).
   */
  answerUntil?: Date | null;
  /** not sent before then (a text past the day's limit waits for the next morning) */
  notBefore?: Date;
  /** what the message is, where a later answer needs to know (a quote text: quoteTextKey) */
  key?: string;
};

/** A queued message as the worker hands it to a sender. */
export type DueMessage = {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
  /** until when it may go out in quiet hours (an immediate answer), or null (decision 0181) */
  answerUntil: string | null;
};

/**
 * Records a message in the caller's transaction; returns its id. A `sent` message (a reply Twilio
 * sends in its TwiML answer) counts as one attempt, sent now.
 */
export async function insertMessage(trx: Executor, message: NewMessage, now: Date): Promise<number> {
  const { id } = await trx
    .insertInto('outgoing_messages')
    .values(messageRow(message, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Records a message that must exist once (issue 29: a part ready, a reminder), under its `key`,
 * queued for no earlier than `notBefore` (quiet hours); returns its id, or undefined when a message
 * with that key was written before, by this process or another.
 */
export async function insertMessageOnce(
  trx: Executor,
  message: NewMessage,
  now: Date,
  once: { key: string; notBefore?: Date },
): Promise<number | undefined> {
  return (await insertMessagesOnce(trx, [{ message, ...once }], now)).get(once.key);
}

/** insertMessageOnce for many in one statement; the ids of those written, by key. */
export async function insertMessagesOnce(
  trx: Executor,
  items: readonly { message: NewMessage; key: string; notBefore?: Date }[],
  now: Date,
): Promise<Map<string, number>> {
  if (!items.length) return new Map();
  const rows = await trx
    .insertInto('outgoing_messages')
    .values(
      items.map(({ message, key, notBefore }) => ({
        ...messageRow({ ...message, notBefore }, now),
        dedupe_key: key,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning(['id', 'dedupe_key'])
    .execute();
  return new Map(rows.map((r) => [r.dedupe_key!, r.id]));
}

function messageRow(message: NewMessage, now: Date) {
  const at = now.toISOString();
  return {
    lead_id: message.leadId,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject,
    body: message.body,
    status: message.status,
    audience: message.audience ?? (message.channel === 'email' ? 'staff' : 'customer'),
    attempts: message.status === 'sent' ? 1 : 0,
    last_error: message.lastError ?? null,
    sent_at: message.status === 'sent' ? at : null,
    next_attempt_at: (message.notBefore ?? now).toISOString(),
    public_text: message.publicText ?? false,
    answer_until: message.answerUntil?.toISOString() ?? null,
    ...(message.key ? { dedupe_key: message.key } : {}),
    created_at: at,
    updated_at: at,
  };
}

/**
 * Texts the public caused to `recipient` since `since` that went or will go (not withheld, not
 * blocked): what the per-number limit counts (decision 0175). Read from the partial index.
 */
export async function countPublicTextsTo(db: Executor, recipient: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('outgoing_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('public_text', '=', sql.lit(true))
    .where('recipient', '=', recipient)
    .where('created_at', '>', since.toISOString())
    .where('status', 'not in', ['withheld', 'blocked'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Texts the public caused that wait for a later day because a day's limit was reached: queued,
 * never tried, with the reason they wait (decision 0175).
 */
export async function countWaitingPublicTexts(db: Executor, at: Date): Promise<number> {
  const row = await db
    .selectFrom('outgoing_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('public_text', '=', sql.lit(true))
    .where('status', '=', 'queued')
    .where('attempts', '=', 0)
    .where('last_error', 'is not', null)
    .where('next_attempt_at', '>', at.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Queued messages of these channels due at `now`, the longest waiting first. Empty without
 * channels: a worker only takes what it can send.
 */
export async function listDueMessages(
  db: Executor,
  channels: readonly Channel[],
  now: Date,
  limit: number,
): Promise<DueMessage[]> {
  if (!channels.length) return [];
  const rows = await db
    .selectFrom('outgoing_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'attempts', 'answer_until as answerUntil'])
    .where('status', '=', 'queued')
    .where('channel', 'in', [...channels])
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, channel: r.channel as Channel, attempts: Number(r.attempts) }));
}

/**
 * Claims a queued message for sending (status `sending`, one more attempt). A conditional update,
 * so of two workers only one gets it: false when it was not queued any more.
 */
export async function claimMessage(db: Executor, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('outgoing_messages')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), updated_at: at.toISOString() }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The provider accepted the message (with its id, for status callbacks); only a message still
 * claimed (`sending`) is changed. False when it was not (settled meanwhile by a crash's lookup).
 */
export async function markMessageSent(
  db: Executor,
  id: number,
  providerId: string | null,
  at: Date,
): Promise<boolean> {
  const now = at.toISOString();
  const result = await db
    .updateTable('outgoing_messages')
    .set({ status: 'sent', provider_id: providerId, sent_at: now, updated_at: now, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A queued message that may not go out yet (quiet hours) waits until `until`, unclaimed. */
export async function postponeMessage(db: Executor, id: number, until: Date, at: Date): Promise<void> {
  await db
    .updateTable('outgoing_messages')
    .set({ next_attempt_at: until.toISOString(), updated_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/**
 * A send that did not work: back to `queued` for another try at `nextAttemptAt`, or `failed` /
 * `blocked` for good; the error is kept for staff (at most 500 characters).
 */
export async function markMessageUnsent(
  db: Executor,
  id: number,
  outcome: { status: 'queued' | 'failed' | 'blocked'; error: string; nextAttemptAt: Date; at: Date },
): Promise<void> {
  await db
    .updateTable('outgoing_messages')
    .set({
      status: outcome.status,
      last_error: outcome.error.slice(0, 500),
      next_attempt_at: outcome.nextAttemptAt.toISOString(),
      updated_at: outcome.at.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Messages left `sending` since before `staleBefore` (the process died mid-send) on channels
 * that may be sent twice go back to the queue. Returns how many.
 */
export async function requeueStaleMessages(
  db: Executor,
  channels: readonly Channel[],
  staleBefore: Date,
  at: Date,
): Promise<number> {
  if (!channels.length) return 0;
  const result = await db
    .updateTable('outgoing_messages')
    .set({ status: 'queued', updated_at: at.toISOString() })
    .where('status', '=', 'sending')
    .where('channel', 'in', [...channels])
    .where('updated_at', '<', staleBefore.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A message left `sending` by a process that died mid-send, with the time it was claimed. */
export type InterruptedMessage = DueMessage & { claimedAt: string };

/** Messages left `sending` since before `staleBefore` on these channels, oldest claim first. */
export async function listInterruptedMessages(
  db: Executor,
  channels: readonly Channel[],
  staleBefore: Date,
  limit: number,
): Promise<InterruptedMessage[]> {
  if (!channels.length) return [];
  const rows = await db
    .selectFrom('outgoing_messages')
    .select([
      'id',
      'channel',
      'recipient',
      'subject',
      'body',
      'attempts',
      'answer_until as answerUntil',
      'updated_at as claimedAt',
    ])
    .where('status', '=', 'sending')
    .where('channel', 'in', [...channels])
    .where('updated_at', '<', staleBefore.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, channel: r.channel as Channel, attempts: Number(r.attempts) }));
}

/**
 * Settles an interrupted message as it was found, only if it is still the same claim (`sending`
 * since `claimedAt`): the provider has it (sent, with its id), it has not (queued, due now), or
 * no one can tell (failed with `error`). False when another process settled it first.
 */
export async function settleInterruptedMessage(
  db: Executor,
  message: { id: number; claimedAt: string },
  outcome:
    | { status: 'sent'; providerId: string | null }
    | { status: 'queued' }
    | { status: 'failed'; error: string },
  at: Date,
): Promise<boolean> {
  const now = at.toISOString();
  const change =
    outcome.status === 'sent'
      ? { status: 'sent' as const, provider_id: outcome.providerId, sent_at: now, last_error: null }
      : outcome.status === 'queued'
        ? { status: 'queued' as const, next_attempt_at: now }
        : { status: 'failed' as const, last_error: outcome.error };
  const result = await db
    .updateTable('outgoing_messages')
    .set({ ...change, updated_at: now })
    .where('id', '=', message.id)
    .where('status', '=', 'sending')
    .where('updated_at', '=', message.claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the earliest queued message of these channels is due (ISO time), or undefined. */
export async function nextDueTime(db: Executor, channels: readonly Channel[]): Promise<string | undefined> {
  if (!channels.length) return undefined;
  const next = await db
    .selectFrom('outgoing_messages')
    .select('next_attempt_at')
    .where('status', '=', 'queued')
    .where('channel', 'in', [...channels])
    .orderBy('next_attempt_at')
    .limit(1)
    .executeTakeFirst();
  return next?.next_attempt_at;
}

/** What a provider's status callback may report about a message it accepted. */
export type DeliveryStatus = 'sent' | 'delivered' | 'failed';

/** From which statuses each reported one may move a row: callbacks arrive late and out of order. */
const DELIVERY_FROM: Record<DeliveryStatus, readonly MessageStatus[]> = {
  sent: ['sending'],
  delivered: ['sending', 'sent'],
  failed: ['sending', 'sent'],
};

/**
 * Records a status callback (Twilio's MessageStatus) on the text with that provider id. A status
 * never moves backwards (a late 'sent' after 'delivered' changes nothing). Returns the row (for
 * opt-out bookkeeping), or undefined when no text has that id.
 */
export async function recordDeliveryStatus(
  db: Executor,
  update: { providerId: string; status: DeliveryStatus; error: string | null; at: Date },
): Promise<{ id: number; leadId: number | null; recipient: string; changed: boolean } | undefined> {
  const row = await db
    .selectFrom('outgoing_messages')
    .select(['id', 'lead_id', 'recipient'])
    .where('provider_id', '=', update.providerId)
    .where('channel', '=', 'sms')
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .updateTable('outgoing_messages')
    .set({
      status: update.status,
      updated_at: update.at.toISOString(),
      ...(update.status === 'failed' ? { last_error: update.error } : {}),
    })
    .where('id', '=', row.id)
    .where('status', 'in', [...DELIVERY_FROM[update.status]])
    .executeTakeFirst();
  return {
    id: row.id,
    leadId: row.lead_id,
    recipient: row.recipient,
    changed: Number(result.numUpdatedRows) === 1,
  };
}

export type ConversationOutRow = {
  id: number;
  channel: Channel;
  body: string;
  status: MessageStatus;
  lastError: string | null;
  createdAt: string;
};

/** The messages to a lead's customer (texts and e-mail copies), oldest first; staff alerts excluded. */
export async function listCustomerMessages(db: Executor, leadId: number): Promise<ConversationOutRow[]> {
  const rows = await db
    .selectFrom('outgoing_messages')
    .select(['id', 'channel', 'body', 'status', 'last_error', 'created_at'])
    .where('lead_id', '=', leadId)
    .where('audience', '=', 'customer')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as Channel,
    body: r.body,
    status: r.status as MessageStatus,
    lastError: r.last_error,
    createdAt: r.created_at,
  }));
}

/** Messages about a lead (the outbox), oldest first. */
export async function listLeadMessages(db: Executor, leadId: number) {
  const rows = await db
    .selectFrom('outgoing_messages')
    .select(['id', 'channel', 'recipient', 'body', 'status', 'last_error', 'created_at', 'sent_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    body: r.body,
    status: r.status,
    lastError: r.last_error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
}
