/**
 * The outbox worker: it only sends. A message to send (a staff alert e-mail, a customer's quote or
 * reply by SMS, an e-mail copy) is a row of outgoing_messages written by services/messaging.ts in
 * the same transaction as what caused it (the repository is server/db/repo/outgoing-messages.ts).
 * This in-process worker delivers due rows after the response: never on the request's path, so a
 * slow or broken provider cannot delay or fail a customer's request.
 *
 * A failure the sender marks as temporary is retried after RETRY_DELAYS_MS; a permanent one fails
 * at once. Once the provider has accepted a message it is never sent again (decision 0181): if its
 * row cannot be marked sent then (the database away for a moment), it stays `sending` and the
 * provider's id is kept in memory, recorded by the next run; should the process die first, the
 * crash's lookup below finds it at the provider. A text due in quiet hours (`quietHours`, checked
 * right before it would be claimed) waits for the morning unless it is an immediate answer still
 * within its time (`answerUntil`, services/messaging.ts). A row found `sending` after
 * `interruptedAfterMs` was cut off by a crash (the process
 * died mid-send, or was killed). An e-mail is sent again (a duplicate alert is harmless). A text
 * is sent exactly once (decisions 0060, 0150): the channel's lookup asks the provider whether it
 * got it since the claim; yes: it is recorded sent, with the provider's id; no: it goes out now;
 * cannot tell (provider down): asked again at the next run, and after LOOKUP_GIVE_UP_MS it is
 * marked failed with a reason staff can act on. Every run also starts on a timer (`sweepEveryMs`),
 * so a dead process's half-sent messages are found without waiting for the next request.
 */
import type { Logger } from 'pino';
import { INTERRUPTED_SMS } from '#app/modules/messages/messages.ts';
import { afterQuietHours, type QuietHours } from '#app/modules/shared/quiet-hours.ts';
import {
  claimMessage,
  listDueMessages,
  listInterruptedMessages,
  markMessageSent,
  markMessageUnsent,
  nextDueTime,
  postponeMessage,
  requeueStaleMessages,
  settleInterruptedMessage,
  type Channel,
  type DueMessage,
} from '../db/repo/outgoing-messages.ts';
import type { Db, Tx } from '../db/schema.ts';

/**
 * Hands one message to its provider; resolves with the provider's id, rejects on failure. A plain
 * error is retried; a SendError says whether to retry, or that the recipient is blocked.
 */
export type Sender = (message: DueMessage) => Promise<{ providerId?: string }>;

/**
 * Whether the provider got `message` since it was claimed (`claimedAt`): its record (its id), or
 * undefined when it never got it. Throws when it cannot tell.
 */
export type SentLookup = (
  message: DueMessage,
  claimedAt: Date,
) => Promise<{ providerId?: string } | undefined>;

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
/** The default of `interruptedAfterMs` (config SEND_INTERRUPTED_AFTER_SECONDS). */
export const STALE_SENDING_MS = 10 * 60_000;
/** A half-sent text the provider cannot be asked about for this long is left to staff. */
export const LOOKUP_GIVE_UP_MS = 24 * 60 * 60_000;
const BATCH = 20;
/** Channels whose half-sent messages go out again (at least once), or only if the provider never got them. */
const RESEND_AFTER_CRASH: readonly Channel[] = ['email'];
const LOOK_UP_AFTER_CRASH: readonly Channel[] = ['sms'];

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

export function createOutboxWorker(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  senders: Partial<Record<Channel, Sender>>;
  /** per channel of LOOK_UP_AFTER_CRASH: how to ask its provider about a half-sent message */
  lookups?: Partial<Record<Channel, SentLookup>>;
  interruptedAfterMs?: number;
  /** start a run this often (none: only when kicked, and for retries) */
  sweepEveryMs?: number;
  /**
   * the night hours in which texts that are no immediate answer wait, as in force when a text is
   * about to go (the owner's Settings, decision 0204); null: none
   */
  quietHours?: () => QuietHours | null;
  /**
   * A message failed after its last attempt: called in the transaction that marks it failed (staff's
   * push notification, decision 0205); `afterFailed` once that has committed.
   */
  onFailed?: (trx: Tx, messageId: number, at: Date) => Promise<unknown>;
  afterFailed?: () => void;
}) {
  const { db, logger, now, senders, lookups = {}, interruptedAfterMs = STALE_SENDING_MS } = deps;
  const quietHoursNow = deps.quietHours ?? (() => null);
  /** Messages the provider accepted whose row could not be marked sent yet: their provider ids. */
  const unrecorded = new Map<number, string | null>();
  // only channels this worker can send: another channel's rows wait for a worker that can
  const channels = (Object.keys(senders) as Channel[]).filter((c) => senders[c]);
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let again = false;
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const sweep = deps.sweepEveryMs ? setInterval(() => worker.kick(), deps.sweepEveryMs) : undefined;
  sweep?.unref();

  /**
   * Records that the provider accepted a message. When the database refuses, the message is not
   * sent again: it stays `sending` and its provider id waits here for the next run.
   */
  async function recordSent(id: number, providerId: string | null): Promise<void> {
    try {
      await markMessageSent(db, id, providerId, now());
      unrecorded.delete(id);
    } catch (err) {
      unrecorded.set(id, providerId);
      logger.error({ err, messageId: id }, 'message sent, but not yet recorded as sent; recorded later');
    }
  }

  /** When a text due now must wait for the morning instead (quiet hours), or undefined. */
  function heldUntil(message: DueMessage, at: Date): Date | undefined {
    const quietHours = quietHoursNow();
    if (message.channel !== 'sms' || !quietHours) return undefined;
    if (message.answerUntil && Date.parse(message.answerUntil) >= at.getTime()) return undefined;
    const morning = afterQuietHours(at, quietHours);
    return morning.getTime() > at.getTime() ? morning : undefined;
  }

  async function deliver(message: DueMessage): Promise<'sent' | 'failed' | 'retry' | 'blocked'> {
    const send = senders[message.channel];
    const attempt = message.attempts + 1;
    let accepted: { providerId?: string };
    try {
      if (!send) throw new Error(`no sender configured for ${message.channel}`);
      accepted = await send(message);
    } catch (err) {
      const final = err instanceof SendError && !err.retry;
      const delay = final ? undefined : RETRY_DELAYS_MS[attempt - 1];
      const status: 'blocked' | 'failed' | 'queued' =
        err instanceof SendError && err.blocked ? 'blocked' : delay === undefined ? 'failed' : 'queued';
      const at = now();
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      logger.warn(
        { messageId: message.id, channel: message.channel, attempt, status, err: error },
        'message not sent',
      );
      const outcome = { status, error, nextAttemptAt: new Date(at.getTime() + (delay ?? 0)), at };
      if (status === 'failed' && deps.onFailed) {
        const onFailed = deps.onFailed;
        await db.transaction().execute(async (trx) => {
          await markMessageUnsent(trx, message.id, outcome);
          await onFailed(trx, message.id, at);
        });
        deps.afterFailed?.();
      } else await markMessageUnsent(db, message.id, outcome);
      return status === 'queued' ? 'retry' : status;
    }
    // the provider has it: from here on nothing may send it again
    await recordSent(message.id, accepted.providerId ?? null);
    return 'sent';
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

  /**
   * Texts a dead process left `sending`: each is asked about at its provider and recorded sent,
   * queued to go now, or (after LOOKUP_GIVE_UP_MS of not knowing, or with no way to ask) failed
   * for staff. Another process settling the same row first is fine: only the claim seen is settled.
   */
  async function settleInterruptedTexts(stale: Date, at: Date): Promise<void> {
    const found = await listInterruptedMessages(db, LOOK_UP_AFTER_CRASH, stale, BATCH);
    for (const message of found) {
      const lookup = lookups[message.channel];
      const claimedAt = new Date(message.claimedAt);
      let outcome: Parameters<typeof settleInterruptedMessage>[2];
      try {
        // sent by this process, its record refused so far: no need to ask
        if (unrecorded.has(message.id)) {
          outcome = { status: 'sent', providerId: unrecorded.get(message.id)! };
          unrecorded.delete(message.id);
        } else {
          if (!lookup) throw new Error(`no way to ask the ${message.channel} provider`);
          const record = await lookup(message, claimedAt);
          outcome = record ? { status: 'sent', providerId: record.providerId ?? null } : { status: 'queued' };
        }
      } catch (err) {
        const givenUp = !lookup || at.getTime() - claimedAt.getTime() > LOOKUP_GIVE_UP_MS;
        logger.warn(
          { messageId: message.id, err: err instanceof Error ? err.message : String(err), givenUp },
          'could not ask whether an interrupted text was sent',
        );
        if (!givenUp) continue;
        outcome = { status: 'failed', error: INTERRUPTED_SMS };
      }
      if (await settleInterruptedMessage(db, message, outcome, at))
        logger.warn({ messageId: message.id, outcome: outcome.status }, 'text interrupted mid-send settled');
    }
  }

  async function runOnce(): Promise<{ sent: number; failed: number }> {
    const at = now();
    const stale = new Date(at.getTime() - interruptedAfterMs);
    for (const [id, providerId] of [...unrecorded]) await recordSent(id, providerId);
    // A crash between claiming and recording leaves a row 'sending'. An e-mail goes back to the
    // queue (at least once); a text goes again only if its provider never got it (exactly once).
    await requeueStaleMessages(db, RESEND_AFTER_CRASH, stale, at);
    await settleInterruptedTexts(stale, at);
    let sent = 0;
    let failed = 0;
    for (;;) {
      const due = await listDueMessages(db, channels, now(), BATCH);
      if (!due.length) break;
      let progressed = false;
      for (const message of due) {
        const wait = heldUntil(message, now());
        if (wait) {
          await postponeMessage(db, message.id, wait, now());
          continue;
        }
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
      if (sweep) clearInterval(sweep);
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
