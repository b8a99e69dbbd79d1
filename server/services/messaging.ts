/**
 * The one way a message enters the outbox (decisions 0041, 0060, 0072), and the process's one
 * outbox worker. Every function below writes through `queue`, which applies the rules each
 * message follows: the status it starts with (not textable: failed; opted out: blocked;
 * SMS_PROVIDER=log or no SMTP: logged; otherwise queued for the worker) and who it is for.
 * Which sender handles each channel is decided here too. Built once by createServices and shared
 * by the services that write messages (leads, lead admin, texting).
 */
import type { Kysely, Transaction } from 'kysely';
import { SMS_ERRORS } from '#app/modules/messages/messages.ts';
import { toE164 } from '#app/modules/site/phone.ts';
import type { DB } from '../db/schema.ts';
import { recordOutbound } from '../db/repo/conversations.ts';
import { insertMessage, insertMessagesOnce, type NewMessage } from '../db/repo/outgoing-messages.ts';
import { isNumberOptedOut, optedOutNumbers, recordOptOut } from '../db/repo/texting.ts';
import { createSmtpSender } from '../messaging/smtp.ts';
import { createTwilioLookup, createTwilioSender } from '../messaging/twilio.ts';
import { createOutboxWorker } from '../messaging/worker.ts';
import type { ServiceDeps } from './context.ts';

/** Delivery of queued messages left from before a restart starts this long after start-up. */
export const STARTUP_DELIVERY_DELAY_MS = 30_000;
const SWEEP_EVERY_MS = 60_000;

type Executor = Transaction<DB> | Kysely<DB>;

export function createMessaging(deps: ServiceDeps) {
  const { db, config, logger, now } = deps;
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
  const outbox = createOutboxWorker({
    db,
    logger,
    now,
    senders: { email: emailSender, sms: smsSender },
    lookups: { sms: twilio && createTwilioLookup(twilio) },
    interruptedAfterMs: config.sendInterruptedAfterMs,
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
    /** The worker: `kick()` after the transaction that queued messages has committed. */
    outbox,
    /** Whether texts really go out (SMS_PROVIDER=twilio). */
    textsLeave: Boolean(twilio),

    /** Whether a number (as typed or E.164) has opted out of texts. */
    async isOptedOut(phone: string, executor: Executor = db): Promise<boolean> {
      const e164 = toE164(phone);
      return e164 ? isNumberOptedOut(executor, e164) : false;
    },

    /**
     * Writes a text to a customer in the caller's transaction, with the status it starts with.
     * The worker re-checks the opt-out right before sending.
     */
    async enqueueText(
      trx: Executor,
      text: { leadId: number | null; phone: string; body: string },
      at: Date,
    ): Promise<{ id: number; status: NewMessage['status'] }> {
      const [message] = (await textMessages(trx, [text])) as [NewMessage];
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
     * may go in the answer: not with SMS_PROVIDER=log (recorded as logged) nor to an opted-out number.
     */
    async recordTwimlReply(
      trx: Executor,
      reply: { leadId: number | null; phone: string; body: string; optedOut: boolean },
      at: Date,
    ): Promise<boolean> {
      const status = reply.optedOut ? 'blocked' : twilio ? 'sent' : 'logged';
      const message: NewMessage = {
        leadId: reply.leadId,
        channel: 'sms',
        recipient: reply.phone,
        subject: null,
        body: reply.body,
        status,
        audience: 'customer',
        lastError: reply.optedOut ? SMS_ERRORS.optedOut : null,
      };
      const id = await queue(trx, message, at);
      if (status === 'logged') logNotSent(id, message);
      return status === 'sent';
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
     * only recorded (`logged`, addressed to SITE_EMAIL). Returns whether it was queued to send.
     */
    async enqueueStaffAlert(
      trx: Executor,
      alert: { leadId: number; subject: string; body: string },
      at: Date,
    ): Promise<boolean> {
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
      return bySmtp;
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
