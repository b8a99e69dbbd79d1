/**
 * The outbox. A message to send (a staff alert e-mail, a customer's quote or reply by SMS, an
 * e-mail copy) is a row of outgoing_messages written in the same transaction as what caused it,
 * so it exists exactly when its cause does. A small in-process worker delivers due rows after the
 * response: never on the request's path, so a slow or broken provider cannot delay or fail a
 * customer's request.
 *
 * Statuses: `logged` (recorded only: no provider configured), `queued` (to send at
 * next_attempt_at), `sending` (claimed by the worker), `sent` (the provider accepted it),
 * `delivered` (the provider's status callback says it arrived), `failed` (gave up; last_error
 * says why), `blocked` (the recipient opted out; never sent).
 *
 * A failure the sender marks as temporary is retried after RETRY_DELAYS_MS; a permanent one fails
 * at once. A row found `sending` after STALE_SENDING_MS (the process died mid-send) is sent again
 * only for e-mail (a duplicate alert is harmless); a text may already have reached the customer, so
 * it is marked failed with a reason staff can act on: a text is never sent twice (decision 0060).
 *
 * This module owns the outgoing_messages table (decisions 0041, 0060).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { INTERRUPTED_SMS } from '#app/modules/messages/messages.ts';
import type { DB } from '../db/schema.ts';

export type Channel = 'email' | 'sms';
export type MessageStatus = 'logged' | 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'blocked';
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
   * `failed` or `blocked` (with `lastError`) for a message that can never go out.
   */
  status: 'logged' | 'queued' | 'sent' | 'failed' | 'blocked';
  /** default: 'staff' for e-mail, 'customer' for SMS */
  audience?: Audience;
  lastError?: string | null;
};

export type DueMessage = {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
};

/**
 * Hands one message to its provider; resolves with the provider's id, rejects on failure. A plain
 * error is retried; a SendError says whether to retry, or that the recipient is blocked.
 */
export type Sender = (message: DueMessage) => Promise<{ providerId?: string }>;

export class SendError extends Error {
  /** try again later (rate limit, provider down, nothing was sent) */
  readonly retry: boolean;
  /** the recipient opted out: status `blocked` */
  readonly blocked: boolean;
  constructor(message: string, options: { retry?: boolean; blocked?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SendError';
    this.retry = options.retry ?? false;
    this.blocked = options.blocked ?? false;
  }
}

/** Waits before the 2nd, 3rd, 4th and 5th attempt; after the 5th failure the message is `failed`. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const STALE_SENDING_MS = 10 * 60_000;
const BATCH = 20;

/** Records a message in the caller's transaction; returns its id. */
export async function enqueueMessage(
  trx: Transaction<DB> | Kysely<DB>,
  message: NewMessage,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const { id } = await trx
    .insertInto('outgoing_messages')
    .values({
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
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(deps: {
  db: Kysely<DB>;
  logger: Logger;
  now: () => Date;
  senders: Partial<Record<Channel, Sender>>;
}) {
  const { db, logger, now, senders } = deps;
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let again = false;
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  async function claim(id: number, at: Date): Promise<boolean> {
    const result = await db
      .updateTable('outgoing_messages')
      .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), updated_at: at.toISOString() }))
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function deliver(message: DueMessage): Promise<'sent' | 'failed' | 'retry' | 'blocked'> {
    const send = senders[message.channel];
    const attempt = message.attempts + 1;
    try {
      if (!send) throw new Error(`no sender configured for ${message.channel}`);
      const { providerId } = await send(message);
      const at = now().toISOString();
      await db
        .updateTable('outgoing_messages')
        .set({
          status: 'sent',
          provider_id: providerId ?? null,
          sent_at: at,
          updated_at: at,
          last_error: null,
        })
        .where('id', '=', message.id)
        .execute();
      return 'sent';
    } catch (err) {
      const final = err instanceof SendError && !err.retry;
      const delay = final ? undefined : RETRY_DELAYS_MS[attempt - 1];
      const status =
        err instanceof SendError && err.blocked ? 'blocked' : delay === undefined ? 'failed' : 'queued';
      const at = now();
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      logger.warn(
        { messageId: message.id, channel: message.channel, attempt, status, err: error },
        'message not sent',
      );
      await db
        .updateTable('outgoing_messages')
        .set({
          status,
          last_error: error,
          next_attempt_at: new Date(at.getTime() + (delay ?? 0)).toISOString(),
          updated_at: at.toISOString(),
        })
        .where('id', '=', message.id)
        .execute();
      return status === 'queued' ? 'retry' : status;
    }
  }

  /** Sets a timer (not keeping the process alive) for the earliest queued message still waiting. */
  async function scheduleRetry(): Promise<void> {
    const channels = (Object.keys(senders) as Channel[]).filter((c) => senders[c]);
    if (!channels.length) return;
    const next = await db
      .selectFrom('outgoing_messages')
      .select('next_attempt_at')
      .where('status', '=', 'queued')
      .where('channel', 'in', channels)
      .orderBy('next_attempt_at')
      .limit(1)
      .executeTakeFirst();
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
    if (!next || stopped) return;
    const wait = Math.max(1000, Date.parse(next.next_attempt_at) - now().getTime());
    retryTimer = setTimeout(() => outbox.kick(), Math.min(wait, 2 ** 31 - 1));
    retryTimer.unref();
  }

  async function runOnce(): Promise<{ sent: number; failed: number }> {
    const at = now();
    const stale = new Date(at.getTime() - STALE_SENDING_MS).toISOString();
    // A crash between claiming and recording leaves a row 'sending'. An e-mail goes back to the
    // queue (at least once); a text may have gone out already, so it is never sent blindly again.
    await db
      .updateTable('outgoing_messages')
      .set({ status: 'queued', updated_at: at.toISOString() })
      .where('status', '=', 'sending')
      .where('channel', '!=', 'sms')
      .where('updated_at', '<', stale)
      .execute();
    const interrupted = await db
      .updateTable('outgoing_messages')
      .set({ status: 'failed', last_error: INTERRUPTED_SMS, updated_at: at.toISOString() })
      .where('status', '=', 'sending')
      .where('channel', '=', 'sms')
      .where('updated_at', '<', stale)
      .executeTakeFirst();
    if (Number(interrupted.numUpdatedRows) > 0)
      logger.warn({ count: Number(interrupted.numUpdatedRows) }, 'texts interrupted mid-send marked failed');
    let sent = 0;
    let failed = 0;
    // only channels this outbox can send: another channel's rows wait for an outbox that can
    const channels = (Object.keys(senders) as Channel[]).filter((c) => senders[c]);
    for (;;) {
      if (!channels.length) break;
      const due = await db
        .selectFrom('outgoing_messages')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'attempts'])
        .where('status', '=', 'queued')
        .where('channel', 'in', channels)
        .where('next_attempt_at', '<=', now().toISOString())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (!due.length) break;
      let progressed = false;
      for (const row of due) {
        if (!(await claim(row.id, now()))) continue;
        progressed = true;
        const outcome = await deliver({ ...row, channel: row.channel as Channel });
        if (outcome === 'sent') sent++;
        else failed++;
      }
      if (!progressed || due.length < BATCH) break;
    }
    await scheduleRetry();
    return { sent, failed };
  }

  const outbox = {
    /**
     * Delivers every due message now; resolves when done (with what happened). Concurrent calls
     * share one run; a call during a run makes one more run follow it.
     */
    async runDue(): Promise<{ sent: number; failed: number }> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        const total = { sent: 0, failed: 0 };
        do {
          again = false;
          const result = await runOnce();
          total.sent += result.sent;
          total.failed += result.failed;
        } while (again && !stopped);
        return total;
      })().finally(() => {
        running = undefined;
      });
      return running;
    },

    /** Asks for a delivery run after the current I/O (after the response has been written). Never throws. */
    kick(): void {
      if (stopped || scheduled) return;
      scheduled = setImmediate(() => {
        scheduled = undefined;
        outbox.runDue().catch((err) => logger.error({ err }, 'outbox run failed'));
      });
    },

    /** Stops scheduling (tests, shutdown); a run in progress finishes. */
    stop(): void {
      stopped = true;
      if (scheduled) clearImmediate(scheduled);
      if (retryTimer) clearTimeout(retryTimer);
      scheduled = retryTimer = undefined;
    },

    /** Resolves once no run is in progress (tests wait on this instead of on time). */
    async idle(): Promise<void> {
      while (running || scheduled) {
        if (running) await running.catch(() => {});
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
  return outbox;
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
  db: Kysely<DB>,
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
export async function listCustomerMessages(db: Kysely<DB>, leadId: number): Promise<ConversationOutRow[]> {
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
