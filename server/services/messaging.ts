/**
 * The one way a message enters the outbox (decisions 0041, 0060, 0072), and the process's one
 * outbox worker. Every function below writes through `queue`, which applies the rules each
 * message follows: the status it starts with (not textable: failed; opted out: blocked; a text
 * the public caused past its limits: withheld, or queued for a later day, decision 0175;
 * SMS_PROVIDER=log or no SMTP: logged; otherwise queued for the worker), who it is for, and
 * whether it may go out in quiet hours (an immediate answer, for a while; decision 0181).
 * Which sender handles each channel is decided here too. Built once by createServices and shared
 * by the services that write messages (leads, lead admin, texting).
 */
import { SMS_ERRORS } from '#app/modules/messages/messages.ts';
import { toE164 } from '#app/modules/site/phone.ts';
import type { Db, Tx } from '../db/schema.ts';
import { recordOutbound } from '../db/repo/conversations.ts';
import { insertLeadEvent } from '../db/repo/lead-events.ts';
import { insertMessage, insertMessagesOnce, type NewMessage } from '../db/repo/outgoing-messages.ts';
import { isNumberOptedOut, lockPhoneNumber, optedOutNumbers, recordOptOut } from '../db/repo/texting.ts';
import { createSmtpSender } from '../messaging/smtp.ts';
import { createTwilioLookup, createTwilioSender } from '../messaging/twilio.ts';
import { createOutboxWorker } from '../messaging/worker.ts';
import type { StaffEvent } from '#app/modules/messages/push-lines.ts';
import type { ServiceDeps } from './context.ts';
import type { PushService } from './push.ts';
import { textLimits, type TextAllowance } from './text-limits.ts';

/** Delivery of queued messages left from before a restart starts this long after start-up. */
export const STARTUP_DELIVERY_DELAY_MS = 30_000;
const SWEEP_EVERY_MS = 60_000;
/**
 * How long an immediate answer stays one (decision 0181): a retry a minute or five later still
 * answers what the customer just did, and goes out in quiet hours; one later than this (a retry
 * after 30 minutes, a backlog after a restart) waits for the morning like any other text.
 */
export const ANSWER_WINDOW_MS = 15 * 60_000;
/** Who the lead's history names for a text the limits held back. */
export const TEXT_LIMITS_ACTOR = 'text limits';

type Executor = Tx | Db;

/**
 * Why a text to a customer goes now (decisions 0175, 0181): `public`, the public caused it without
 * staff (a web request's confirmation, the reply to a number with no request: limited); `answer`,
 * it answers what the customer just did on their page or by text; `staff`, a staff member sends it
 * now (a quote, their own text). Each is an immediate answer for ANSWER_WINDOW_MS. The automatic
 * texts (follow-ups, an order's updates, reminders) are enqueueTextsOnce's, and always wait out
 * quiet hours.
 */
export type TextCause = 'public' | 'answer' | 'staff';

export function createMessaging(
  deps: ServiceDeps,
  { push }: { push: Pick<PushService, 'queue' | 'queueFailed' | 'kick' | 'idle' | 'stop'> },
) {
  const { db, engine, config, logger, now } = deps;
  const twilio = config.sms.provider === 'twilio' ? config.sms : undefined;
  const emailSender = createSmtpSender(config);
  const smsSender =
    twilio &&
    createTwilioSender({
      config: twilio,
      baseUrl: config.baseUrl,
      isOptedOut: (phone) => isNumberOptedOut(db, phone),
      recordOptOut: (phone, keyword) => recordOptOut(db, phone, keyword, now()),
    });
  const sends = Boolean(emailSender || smsSender) && config.env !== 'test';
  const limits = textLimits(deps);
  const outbox = createOutboxWorker({
    db,
    logger,
    now,
    quietHours: () => deps.shop.current().quietHours,
    senders: { email: emailSender, sms: smsSender },
    lookups: { sms: twilio && createTwilioLookup(twilio) },
    interruptedAfterMs: config.sendInterruptedAfterMs,
    // a message to a customer failed after its last attempt: staff who chose so are notified
    // (decision 0205), in the transaction that marks it failed
    onFailed: (trx, id, at) => push.queueFailed(trx, id, at),
    afterFailed: () => push.kick(),
    // a run now and then finds what a dead process left half-sent, without waiting for a request
    sweepEveryMs: sends ? Math.min(SWEEP_EVERY_MS, config.sendInterruptedAfterMs) : undefined,
  });
  if (sends) {
    // messages still queued from before a restart: deliver them once the process has settled
    setTimeout(() => outbox.kick(), STARTUP_DELIVERY_DELAY_MS).unref();
  }

  /**
   * With SMS_PROVIDER=log a text is recorded, not sent: the log says so, with what would have gone
   * (the number shortened to its last four digits).
   */
  function logNotSent(id: number, message: NewMessage): void {
    logger.info(
      { messageId: id, leadId: message.leadId, to: `…${message.recipient.slice(-4)}`, body: message.body },
      'text not sent (SMS_PROVIDER=log)',
    );
  }

  /**
   * Texts to customers with the status each starts with (the worker re-checks the opt-out before
   * sending), the opt-outs read in one statement.
   */
  async function textMessages(
    trx: Executor,
    texts: readonly { leadId: number | null; phone: string; body: string }[],
  ): Promise<NewMessage[]> {
    const numbers = texts.map((text) => toE164(text.phone));
    const optedOut = await optedOutNumbers(
      trx,
      numbers.filter((n) => n !== null),
    );
    return texts.map((text, i) => {
      const e164 = numbers[i];
      let status: NewMessage['status'] = twilio ? 'queued' : 'logged';
      let lastError: string | null = null;
      if (!e164) [status, lastError] = ['failed', SMS_ERRORS.notTextable];
      else if (optedOut.has(e164)) [status, lastError] = ['blocked', SMS_ERRORS.optedOut];
      return {
        leadId: text.leadId,
        channel: 'sms',
        recipient: e164 ?? text.phone,
        subject: null,
        body: text.body,
        status,
        audience: 'customer',
        lastError,
      };
    });
  }

  /**
   * A text the public caused, past the opt-out and number checks, through its limits: withheld, or
   * queued from a later day; the lead's history says why (decision 0175). Any other text as it is.
   */
  async function limited(
    trx: Executor,
    message: NewMessage,
    cause: TextCause,
    at: Date,
  ): Promise<{ message: NewMessage; allowance: TextAllowance }> {
    const answer = { ...message, publicText: cause === 'public', answerUntil: answerUntil(at) };
    if (cause !== 'public' || !['queued', 'logged', 'sent'].includes(message.status))
      return { message: answer, allowance: { go: 'now' } };
    const allowance = await limits.allow(trx, message.recipient, at);
    if (allowance.go === 'now') return { message: answer, allowance };
    if (message.leadId !== null)
      await insertLeadEvent(trx, {
        leadId: message.leadId,
        type: 'text_withheld',
        fromStatus: null,
        toStatus: null,
        actor: TEXT_LIMITS_ACTOR,
        detail: { body: allowance.reason },
        at,
      });
    if (allowance.go === 'never')
      return { message: { ...answer, status: 'withheld', lastError: allowance.reason }, allowance };
    // from a later morning: no answer any more, and in log mode only recorded, as every text is
    return {
      message: {
        ...answer,
        status: twilio ? 'queued' : 'logged',
        lastError: allowance.reason,
        answerUntil: null,
        notBefore: allowance.from,
      },
      allowance,
    };
  }

  const answerUntil = (at: Date) => new Date(at.getTime() + ANSWER_WINDOW_MS);

  function customerEmail(mail: { leadId: number; email: string; subject: string; body: string }): NewMessage {
    return {
      leadId: mail.leadId,
      channel: 'email',
      recipient: mail.email,
      subject: mail.subject,
      body: mail.body,
      status: 'queued',
      audience: 'customer',
    };
  }

  /**
   * The one writer: records a message in the caller's transaction; returns its id. A message to a
   * customer about a lead moves their conversation to the top of the inbox.
   */
  async function queue(trx: Executor, message: NewMessage, at: Date): Promise<number> {
    const id = await insertMessage(trx, message, at);
    if (message.audience === 'customer' && message.leadId !== null)
      await recordOutbound(trx, [{ leadId: message.leadId, body: message.body }], at);
    return id;
  }

  return {
    /**
     * The worker: `kick()` after the transaction that queued messages has committed; it kicks the
     * push notifications' sender too (a staff alert queues both, decision 0205), and `idle()` and
     * `stop()` wait for and stop both.
     */
    outbox: {
      ...outbox,
      kick(): void {
        outbox.kick();
        push.kick();
      },
      /** Resolves once neither the outbox nor the push sender is running. */
      async idle(): Promise<void> {
        await outbox.idle();
        await push.idle();
      },
      stop(): void {
        outbox.stop();
        push.stop();
      },
    },
    /** Whether texts really go out (SMS_PROVIDER=twilio). */
    textsLeave: Boolean(twilio),

    /**
     * Takes the lock of a number's texts (decision 0097) for the caller's transaction: a caller that
     * writes other rows (a lead, its customer) before a text the public caused takes it first, in
     * the order a received text takes them, so the two never wait on each other.
     */
    async lockRecipient(trx: Executor, phone: string): Promise<void> {
      const e164 = toE164(phone);
      if (e164) await lockPhoneNumber(trx, e164, engine);
    },

    /** Whether a number (as typed or E.164) has opted out of texts. */
    async isOptedOut(phone: string, executor: Executor = db): Promise<boolean> {
      const e164 = toE164(phone);
      return e164 ? isNumberOptedOut(executor, e164) : false;
    },

    /**
     * Writes a text to a customer in the caller's transaction, with the status it starts with
     * (a text the public caused through its limits, `cause`). The worker re-checks the opt-out
     * right before sending.
     */
    async enqueueText(
      trx: Executor,
      text: { leadId: number | null; phone: string; body: string; cause: TextCause; key?: string },
      at: Date,
    ): Promise<{ id: number; status: NewMessage['status'] }> {
      const [written] = (await textMessages(trx, [text])) as [NewMessage];
      const { message } = await limited(trx, { ...written, key: text.key }, text.cause, at);
      const id = await queue(trx, message, at);
      if (message.status === 'logged') logNotSent(id, message);
      return { id, status: message.status };
    },

    /**
     * Texts that must go out once each (issue 29: a part ordered, ready, a reminder), each written
     * under its `key` and queued for no earlier than its `notBefore` (quiet hours); one that has a
     * text under its key already (another process, a retried request) is not written again. One
     * statement for them all, whatever their number. Returns how many were written.
     */
    async enqueueTextsOnce(
      trx: Executor,
      texts: readonly { leadId: number; phone: string; body: string; key: string; notBefore?: Date }[],
      at: Date,
    ): Promise<number> {
      const messages = await textMessages(trx, texts);
      const written = await insertMessagesOnce(
        trx,
        texts.map((text, i) => ({ message: messages[i]!, key: text.key, notBefore: text.notBefore })),
        at,
      );
      texts.forEach((text, i) => {
        const id = written.get(text.key);
        if (id !== undefined && messages[i]!.status === 'logged') logNotSent(id, messages[i]!);
      });
      await recordOutbound(
        trx,
        texts.filter((text) => written.has(text.key)),
        at,
      );
      return written.size;
    },

    /**
     * Records a reply given in a TwiML answer (Twilio sends it; it is not queued). Returns whether it
     * may go in the answer: not with SMS_PROVIDER=log (recorded as logged), nor to an opted-out
     * number, nor past the limits of a reply the public caused (`cause`; one for a later day is
     * queued instead).
     */
    async recordTwimlReply(
      trx: Executor,
      reply: { leadId: number | null; phone: string; body: string; optedOut: boolean; cause: TextCause },
      at: Date,
    ): Promise<boolean> {
      const { message } = await limited(
        trx,
        {
          leadId: reply.leadId,
          channel: 'sms',
          recipient: reply.phone,
          subject: null,
          body: reply.body,
          status: reply.optedOut ? 'blocked' : twilio ? 'sent' : 'logged',
          audience: 'customer',
          lastError: reply.optedOut ? SMS_ERRORS.optedOut : null,
        },
        reply.cause,
        at,
      );
      const id = await queue(trx, message, at);
      if (message.status === 'logged') logNotSent(id, message);
      return message.status === 'sent';
    },

    /** The leads board's notice while texts the public caused wait for a day with room (decision 0175). */
    textLimitNotice(): Promise<{ limit: number; waiting: number } | null> {
      return limits.notice(db, now());
    },

    /** Queues an e-mail copy to the customer when the lead has an address and SMTP is set; else nothing. */
    async enqueueCustomerEmail(
      trx: Executor,
      mail: { leadId: number; email: string | null; subject: string; body: string },
      at: Date,
    ): Promise<boolean> {
      if (!mail.email || !emailSender) return false;
      await queue(trx, customerEmail({ ...mail, email: mail.email }), at);
      return true;
    },

    /**
     * E-mail copies that must go out once each, under their `key` (as enqueueTextsOnce); nothing
     * for a lead without an e-mail address, or without SMTP. One statement for them all.
     */
    async enqueueCustomerEmailsOnce(
      trx: Executor,
      mails: readonly {
        leadId: number;
        email: string | null;
        subject: string;
        body: string;
        key: string;
        notBefore?: Date;
      }[],
      at: Date,
    ): Promise<void> {
      if (!emailSender) return;
      const items = mails.flatMap(({ key, notBefore, ...mail }) =>
        mail.email ? [{ message: customerEmail({ ...mail, email: mail.email }), key, notBefore }] : [],
      );
      const written = await insertMessagesOnce(trx, items, at);
      await recordOutbound(
        trx,
        mails.filter((mail) => written.has(mail.key)),
        at,
      );
    },

    /**
     * Writes a staff alert (a new web or text request, a quote accepted, a customer's text) in the
     * caller's transaction: queued for NOTIFY_EMAIL when SMTP_URL and NOTIFY_EMAIL are set, else
     * only recorded (`logged`, addressed to SITE_EMAIL); and the push notification of its `event`
     * for each person who chose that kind (decision 0205). Returns whether anything was queued to
     * send: the caller kicks the outbox after the commit.
     */
    async enqueueStaffAlert(
      trx: Executor,
      alert: { leadId: number; subject: string; body: string; event: StaffEvent },
      at: Date,
    ): Promise<boolean> {
      const pushed = await push.queue(trx, alert.event, alert.leadId, at);
      const bySmtp = Boolean(emailSender && config.notifyEmail);
      await queue(
        trx,
        {
          leadId: alert.leadId,
          channel: 'email',
          recipient: config.notifyEmail ?? config.site.email,
          subject: alert.subject,
          body: alert.body,
          status: bySmtp ? 'queued' : 'logged',
          audience: 'staff',
        },
        at,
      );
      return bySmtp || pushed > 0;
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
