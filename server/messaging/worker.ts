/**
 * The outbox worker: it only sends. A message to send (a staff alert e-mail, a customer's quote or
 * reply by SMS, an e-mail copy) is a row of outgoing_messages written by services/messaging.ts in
 * the same transaction as what caused it (the repository is server/db/repo/outgoing-messages.ts).
 * This in-process worker delivers due rows after the response: never on the request's path, so a
 * slow or broken provider cannot delay or fail a customer's request.
 *
 * A failure the sender marks as temporary is retried after RETRY_DELAYS_MS; a permanent one fails
 * at once. A row found `sending` after STALE_SENDING_MS (the process died mid-send) is sent again
 * only for e-mail (a duplicate alert is harmless); a text may already have reached the customer, so
 * it is marked failed with a reason staff can act on: a text is never sent twice (decision 0060).
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { INTERRUPTED_SMS } from '#app/modules/messages/messages.ts';
import {
  claimMessage,
  failStaleMessages,
  listDueMessages,
  markMessageSent,
  markMessageUnsent,
  nextDueTime,
  requeueStaleMessages,
  type Channel,
  type DueMessage,
} from '../db/repo/outgoing-messages.ts';
import type { DB } from '../db/schema.ts';

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
/** Channels whose half-sent messages go out again (at least once) or never (at most once). */
const RESEND_AFTER_CRASH: readonly Channel[] = ['email'];
const NEVER_RESEND: readonly Channel[] = ['sms'];

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

export function createOutboxWorker(deps: {
  db: Kysely<DB>;
  logger: Logger;
  now: () => Date;
  senders: Partial<Record<Channel, Sender>>;
}) {
  const { db, logger, now, senders } = deps;
  // only channels this worker can send: another channel's rows wait for a worker that can
  const channels = (Object.keys(senders) as Channel[]).filter((c) => senders[c]);
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let again = false;
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  async function deliver(message: DueMessage): Promise<'sent' | 'failed' | 'retry' | 'blocked'> {
    const send = senders[message.channel];
    const attempt = message.attempts + 1;
    try {
      if (!send) throw new Error(`no sender configured for ${message.channel}`);
      const { providerId } = await send(message);
      await markMessageSent(db, message.id, providerId ?? null, now());
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
      await markMessageUnsent(db, message.id, {
        status,
        error,
        nextAttemptAt: new Date(at.getTime() + (delay ?? 0)),
        at,
      });
      return status === 'queued' ? 'retry' : status;
    }
  }

  /** Sets a timer (not keeping the process alive) for the earliest queued message still waiting. */
  async function scheduleRetry(): Promise<void> {
    if (!channels.length) return;
    const next = await nextDueTime(db, channels);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
    if (!next || stopped) return;
    const wait = Math.max(1000, Date.parse(next) - now().getTime());
    retryTimer = setTimeout(() => worker.kick(), Math.min(wait, 2 ** 31 - 1));
    retryTimer.unref();
  }

  async function runOnce(): Promise<{ sent: number; failed: number }> {
    const at = now();
    const stale = new Date(at.getTime() - STALE_SENDING_MS);
    // A crash between claiming and recording leaves a row 'sending'. An e-mail goes back to the
    // queue (at least once); a text may have gone out already, so it is never sent blindly again.
    await requeueStaleMessages(db, RESEND_AFTER_CRASH, stale, at);
    const interrupted = await failStaleMessages(db, NEVER_RESEND, stale, INTERRUPTED_SMS, at);
    if (interrupted > 0) logger.warn({ count: interrupted }, 'texts interrupted mid-send marked failed');
    let sent = 0;
    let failed = 0;
    for (;;) {
      const due = await listDueMessages(db, channels, now(), BATCH);
      if (!due.length) break;
      let progressed = false;
      for (const message of due) {
        if (!(await claimMessage(db, message.id, now()))) continue;
        progressed = true;
        const outcome = await deliver(message);
        if (outcome === 'sent') sent++;
        else failed++;
      }
      if (!progressed || due.length < BATCH) break;
    }
    await scheduleRetry();
    return { sent, failed };
  }

  const worker = {
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
        worker.runDue().catch((err) => logger.error({ err }, 'outbox run failed'));
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
  return worker;
}
