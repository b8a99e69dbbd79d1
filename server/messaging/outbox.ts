/**
 * The outbox. A message to send (a staff alert e-mail now; customer SMS later) is a row of
 * outgoing_messages written in the same transaction as what caused it, so it exists exactly when
 * its cause does. A small in-process worker delivers due rows after the response: never on the
 * request's path, so a slow or broken mail server cannot delay or fail a customer's request.
 *
 * Statuses: `logged` (recorded only: no provider configured), `queued` (to send at
 * next_attempt_at), `sending` (claimed by the worker), `sent`, `failed` (gave up; last_error says
 * why). A failed attempt is retried after RETRY_DELAYS_MS; a row left `sending` by a crash is
 * picked up again after STALE_SENDING_MS (at-least-once delivery).
 *
 * This module owns the outgoing_messages table (decision 0041).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema.ts';

export type Channel = 'email' | 'sms';
export type MessageStatus = 'logged' | 'queued' | 'sending' | 'sent' | 'failed';

export type NewMessage = {
  leadId: number | null;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  status: 'logged' | 'queued';
};

export type DueMessage = {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
};

/** Hands one message to its provider; resolves with the provider's id, rejects on failure. */
export type Sender = (message: DueMessage) => Promise<{ providerId?: string }>;

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
      attempts: 0,
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

  async function deliver(message: DueMessage): Promise<'sent' | 'failed' | 'retry'> {
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
      const delay = RETRY_DELAYS_MS[attempt - 1];
      const at = now();
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      logger.warn(
        { messageId: message.id, channel: message.channel, attempt, err: error },
        'message not sent',
      );
      await db
        .updateTable('outgoing_messages')
        .set({
          status: delay === undefined ? 'failed' : 'queued',
          last_error: error,
          next_attempt_at: new Date(at.getTime() + (delay ?? 0)).toISOString(),
          updated_at: at.toISOString(),
        })
        .where('id', '=', message.id)
        .execute();
      return delay === undefined ? 'failed' : 'retry';
    }
  }

  /** Sets a timer (not keeping the process alive) for the earliest queued message still waiting. */
  async function scheduleRetry(): Promise<void> {
    const next = await db
      .selectFrom('outgoing_messages')
      .select('next_attempt_at')
      .where('status', '=', 'queued')
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
    // a crash between claiming and recording leaves a row 'sending': hand it back to the queue
    await db
      .updateTable('outgoing_messages')
      .set({ status: 'queued', updated_at: at.toISOString() })
      .where('status', '=', 'sending')
      .where('updated_at', '<', new Date(at.getTime() - STALE_SENDING_MS).toISOString())
      .execute();
    let sent = 0;
    let failed = 0;
    for (;;) {
      const due = await db
        .selectFrom('outgoing_messages')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'attempts'])
        .where('status', '=', 'queued')
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
