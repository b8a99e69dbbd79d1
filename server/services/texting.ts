/**
 * Texting with customers (issue 8, decisions 0060, 0072): Twilio's two webhooks and the staff text.
 *
 * `receiveText` (POST /api/sms/inbound) turns a customer's text into what it means: a new request
 * (a lead with its MMS photos, the staff alert, a reply with the case number), an answer to a
 * quote (YES orders, NO declines, each through the state machine with an event and a confirming
 * reply), a message for staff on the customer's open lead, or a keyword (STOP, START, HELP). A
 * MessageSid is processed once: Twilio's retries get the same answer. Texts from one number are
 * handled one after another, so three quick MMS make one lead, not three.
 *
 * `receiveStatus` (POST /api/sms/status) records delivered/failed on the text Twilio reports on.
 *
 * Staff's own texts to a customer are lead admin's (`sendText` in lead-admin.ts).
 *
 * Wording is in app/modules/messages/messages.ts, phone rules in app/modules/site/phone.ts.
 */
import { PHOTO_RULES } from '#app/modules/leads/lead-request.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import {
  keywordOf,
  optionNumberOf,
  SMS_ACTOR,
  SMS_CONSENT,
  smsAlertEmail,
  smsReplies,
  twilioErrorText,
  type Keyword,
} from '#app/modules/messages/messages.ts';
import { formatPhone, lastTenDigits, toE164 } from '#app/modules/site/phone.ts';
import { isOutcomeUnknown } from '../db/faults.ts';
import { recordInbound } from '../db/repo/conversations.ts';
import { insertLeadEvent } from '../db/repo/lead-events.ts';
import { addLeadPhotos, type NewLeadPhoto } from '../db/repo/lead-photos.ts';
import { mintLeadLink } from '../db/repo/lead-links.ts';
import { insertLead } from '../db/repo/leads.ts';
import {
  findInboundBySid,
  findOpenLeadsByDigits,
  insertInbound,
  isNumberOptedOut,
  lockPhoneNumber,
  recordOptOut,
  removeOptOut,
  type Executor,
  type InboundKind,
  type InboundRow,
  type OpenLead,
} from '../db/repo/texting.ts';
import { recordDeliveryStatus, type DeliveryStatus } from '../db/repo/outgoing-messages.ts';
import { AppError } from '../errors.ts';
import { isTwilioSignatureValid, MediaRefused, openTwilioMedia, twiml } from '../messaging/twilio.ts';
import type { ServiceDeps } from './context.ts';
import type { LeadsService } from './leads.ts';
import type { Messaging } from './messaging.ts';
import type { QuotesService } from './quotes.ts';
import { quoteAnswered, textAnswers, type TextAnswer } from './text-answers.ts';

/** Twilio's limits: a text is at most 1,600 characters and carries at most 10 media items. */
const MAX_BODY = 1_600;
const MAX_MEDIA = 10;
/** Twilio's message ids: SM or MM and 32 hex digits; anything id-like is accepted, garbage is not. */
const SID = /^[A-Za-z0-9]{10,64}$/;

type Params = Record<string, unknown>;
const param = (params: Params, key: string): string => {
  const value = params[key];
  return typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : '';
};

/** What a webhook answers: the TwiML document. */
export type InboundAnswer = { twiml: string };

/** `ask`: the number's open quotes, when its answer could be for any of them */
type Plan = { kind: InboundKind; lead?: OpenLead; ask?: OpenLead[] };

type SkippedPhoto = { photo: number; reason: string };

/** The push notification of each staff alert a text causes (decision 0205). */
const SMS_ALERT_EVENT = { new_request: 'request', ordered: 'accepted', message: 'text' } as const;

export function textingService(
  deps: ServiceDeps,
  parts: { messaging: Messaging; leads: LeadsService; quotes: QuotesService },
) {
  const { db, engine, config, logger, now } = deps;
  const { messaging, leads, quotes } = parts;
  const replies = smsReplies(config.site);
  const answers = textAnswers(deps, quotes);
  const account =
    config.sms.accountSid && config.sms.authToken
      ? { accountSid: config.sms.accountSid, authToken: config.sms.authToken, apiBase: config.sms.apiBase }
      : undefined;
  const inFlight = new Map<string, Promise<InboundAnswer>>();
  const perNumber = new Map<string, Promise<unknown>>();
  let warnedNoToken = false;

  /** Runs `task` after every earlier task for the same number has finished. */
  function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (perNumber.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    perNumber.set(key, tail);
    void tail.then(() => {
      if (perNumber.get(key) === tail) perNumber.delete(key);
    });
    return run;
  }

  /** The number's open leads, newest first (the digits narrow them down; the full number decides). */
  const openLeadsOf = async (executor: Executor, from: string) =>
    (await findOpenLeadsByDigits(executor, lastTenDigits(from))).filter((l) => toE164(l.phone) === from);

  /**
   * Decides what a text is about, from the number's open leads (newest first). An answer is for
   * the quoted lead, even if a newer request is open; with several quoted, it asks which (`ask`).
   * A number answers a quote only where there is one; otherwise it is a text like any other.
   */
  function planFor(
    keyword: Keyword | undefined,
    answer: TextAnswer | undefined,
    open: OpenLead[],
    hasMedia: boolean,
  ): Plan {
    const latest = open[0];
    if (keyword === 'stop' || keyword === 'start' || keyword === 'help')
      return { kind: keyword, lead: latest };
    if (answer) {
      const quoted = quoteAnswered(open);
      if (Array.isArray(quoted)) return { kind: 'message', lead: latest, ask: quoted };
      if (quoted) return { kind: answer.kind, lead: quoted };
      if (latest) return { kind: 'message', lead: latest };
      if (answer.option === undefined) return { kind: hasMedia ? 'new_request' : 'no_quote' };
    }
    return latest ? { kind: 'message', lead: latest } : { kind: 'new_request' };
  }

  /**
   * Downloads and checks the text's photos, one at a time, through the web form's photo intake
   * (the leads service), and writes them to private storage. A photo that fails is skipped with its reason; the text is
   * never lost because of a photo.
   */
  async function savePhotos(params: Params, count: number) {
    const saved: NewLeadPhoto[] = [];
    const skipped: SkippedPhoto[] = [];
    // the text's photos share one pixel budget and one place in the decode queue, as a web request's
    const budget = leads.photoBudget();
    for (let i = 0; i < count; i++) {
      const number = i + 1;
      const url = param(params, `MediaUrl${i}`);
      const type = param(params, `MediaContentType${i}`);
      try {
        if (type && !type.startsWith('image/')) throw new MediaRefused(`not a photo (${type.slice(0, 60)})`);
        if (!account)
          throw new MediaRefused('not downloaded: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not set');
        const stream = await openTwilioMedia(url, account, PHOTO_RULES.maxBytes);
        const photo = await leads.receivePhoto(stream, `Photo ${number}`, budget);
        saved.push(await leads.storePhoto(photo));
      } catch (err) {
        const reason =
          err instanceof MediaRefused || err instanceof AppError
            ? err.message
            : `could not be processed (${err instanceof Error ? err.name : 'error'})`;
        if (!(err instanceof MediaRefused || err instanceof AppError))
          logger.error({ err }, 'MMS photo failed');
        else logger.info({ photo: number, reason }, 'MMS photo skipped');
        skipped.push({ photo: number, reason });
      }
    }
    return { saved, skipped };
  }

  async function process(sid: string, from: string, params: Params): Promise<InboundAnswer> {
    const body = param(params, 'Body').trim().slice(0, MAX_BODY);
    const mediaCount = Math.max(0, Math.min(MAX_MEDIA, Number.parseInt(param(params, 'NumMedia'), 10) || 0));
    const twilioKeyword = param(params, 'OptOutType');
    const keyword = keywordOf(body, twilioKeyword);
    const option = keyword ? undefined : optionNumberOf(body);
    const textAnswer: TextAnswer | undefined =
      keyword === 'yes' || keyword === 'no'
        ? { kind: keyword }
        : option
          ? { kind: 'yes', option }
          : undefined;
    // a first plan, outside the transaction, only to know whether to download the photos
    const plan = planFor(keyword, textAnswer, await openLeadsOf(db, from), mediaCount > 0);
    const withPhotos = mediaCount > 0 && !['stop', 'start', 'help', 'no_quote'].includes(plan.kind);
    const photos = withPhotos ? await savePhotos(params, mediaCount) : { saved: [], skipped: [] };
    const at = now();

    const removePhotos = () => leads.removePhotos(photos.saved.map((p) => p.storageKey));

    let alertQueued = false;
    let answer: string | null;
    try {
      answer = await db.transaction().execute(async (trx) => {
        // One text of a number at a time, in every process (decision 0097): under the number's
        // lock, the plan is made again from what the texts before this one left. Two quick texts
        // from a new number thus make one lead: the second finds the first's and becomes a message.
        await lockPhoneNumber(trx, from, engine);
        const current = planFor(keyword, textAnswer, await openLeadsOf(trx, from), mediaCount > 0);
        let kind = current.kind;
        let leadId = current.lead?.id ?? null;
        let caseNumber = current.lead?.caseNumber ?? null;
        let reply: string | null = null;
        let optedOut = await isNumberOptedOut(trx, from);
        const alert = async (alertKind: 'new_request' | 'ordered' | 'message') => {
          if (leadId === null || caseNumber === null) return;
          const mail = smsAlertEmail({
            kind: alertKind,
            caseNumber,
            phone: formatPhone(from),
            body,
            photoCount: photos.saved.length,
            skippedPhotos: photos.skipped.length,
            baseUrl: config.baseUrl,
          });
          await messaging.enqueueStaffAlert(trx, { leadId, ...mail, event: SMS_ALERT_EVENT[alertKind] }, at);
          alertQueued = true;
        };
        const event = (
          type: string,
          detail: Record<string, unknown> | null,
          status?: [LeadStatus, LeadStatus],
        ) =>
          leadId === null
            ? Promise.resolve()
            : insertLeadEvent(trx, {
                leadId,
                type,
                fromStatus: status?.[0] ?? null,
                toStatus: status?.[1] ?? null,
                actor: SMS_ACTOR,
                detail,
                at,
              });

        if (current.ask) reply = answers.whichQuote(current.ask);
        if ((kind === 'yes' || kind === 'no') && current.lead) {
          // the lead may have moved since the plan was made: only a quoted lead takes the answer
          const outcome = await answers.answer(trx, {
            lead: current.lead,
            answer: textAnswer ?? { kind },
            body,
            at,
          });
          if (outcome.result === 'none' || outcome.result === 'asked') kind = 'message';
          if (outcome.result !== 'none') reply = outcome.reply;
          // an expired YES alerted staff already (sendBackExpired)
          if (outcome.result === 'expired') alertQueued = true;
          if (outcome.result === 'ordered') await alert('ordered');
        }

        switch (kind) {
          case 'new_request': {
            const lead = await insertLead(
              trx,
              {
                urgency: 'flexible',
                source: 'sms',
                name: formatPhone(from),
                phone: from,
                description: body || null,
                consentText: SMS_CONSENT,
              },
              photos.saved,
              { now: at, actor: SMS_ACTOR },
            );
            leadId = lead.id;
            caseNumber = lead.caseNumber;
            reply = replies.newRequest(
              lead.caseNumber,
              await mintLeadLink(trx, { baseUrl: config.baseUrl, leadId: lead.id, version: null, at }),
              deps.shop.current().hours,
            );
            await alert('new_request');
            break;
          }
          case 'message':
            await addLeadPhotos(trx, leadId!, photos.saved, at);
            await event('message', { body, photos: photos.saved.length });
            await alert('message');
            break;
          case 'yes':
          case 'no':
            await addLeadPhotos(trx, leadId!, photos.saved, at);
            break;
          case 'stop':
            await recordOptOut(trx, from, body.toUpperCase().slice(0, 20) || twilioKeyword || 'STOP', at);
            optedOut = true;
            await event('opt_out', { keyword: body || twilioKeyword });
            break;
          case 'start':
            await removeOptOut(trx, from);
            optedOut = false;
            await event('opt_in', { keyword: body || twilioKeyword });
            // Twilio's Advanced Opt-Out answered already (OptOutType is set): no second reply
            if (!twilioKeyword) reply = replies.optedIn();
            break;
          case 'help':
            if (!twilioKeyword) reply = replies.help();
            break;
          case 'no_quote':
            reply = replies.noOpenQuote();
            break;
        }
        if (photos.skipped.length) {
          const body = photos.skipped
            .map((p) =>
              p.reason.startsWith(`Photo ${p.photo} `) ? p.reason : `Photo ${p.photo}: ${p.reason}`,
            )
            .join('; ');
          await event('photos_skipped', { body, skipped: photos.skipped });
        }

        let answered: string | null = null;
        if (reply) {
          const inAnswer = await messaging.recordTwimlReply(
            trx,
            // a number with no open request is anyone's: the public caused this reply (decision 0175)
            { leadId, phone: from, body: reply, optedOut, cause: current.lead ? 'answer' : 'public' },
            at,
          );
          if (inAnswer) answered = reply;
        }
        // the customer's conversation in the inbox: unread, and their waiting follow-ups cancelled
        await recordInbound(
          trx,
          { leadId, phone: from },
          { body: body || (mediaCount ? '(photo)' : ''), at },
        );
        await insertInbound(trx, {
          messageSid: sid,
          leadId,
          fromPhone: from,
          body,
          mediaCount,
          photoCount: photos.saved.length,
          kind,
          reply: answered,
          at,
        });
        return answered;
      });
    } catch (err) {
      // a commit whose answer was lost may have stored the photos' rows: their files stay (decision 0090)
      if (!isOutcomeUnknown(err)) await removePhotos();
      // the same MessageSid, stored by another process in the meantime: answer as it did
      const stored = await findInboundBySid(db, sid).catch(() => undefined);
      if (stored) return replay(stored);
      throw err;
    }
    if (alertQueued) messaging.outbox.kick();
    return { twiml: twiml(answer) };
  }

  const replay = (stored: InboundRow): InboundAnswer => ({ twiml: twiml(stored.reply) });

  return {
    /**
     * Checks a webhook's X-Twilio-Signature against the URL Twilio called (BASE_URL + path) and its
     * parameters. Without TWILIO_AUTH_TOKEN nothing can be verified, so nothing is accepted.
     */
    verifyWebhook(signature: string | undefined, path: string, params: Params): boolean {
      const token = config.sms.authToken;
      if (!token) {
        if (!warnedNoToken) {
          warnedNoToken = true;
          logger.warn(
            'Twilio webhook refused: TWILIO_AUTH_TOKEN is not set, so its signature cannot be checked',
          );
        }
        return false;
      }
      return isTwilioSignatureValid(token, signature, `${config.baseUrl}${path}`, params);
    },

    /** Handles one received text (see the module comment); answers TwiML. */
    async receiveText(params: Params): Promise<InboundAnswer> {
      const sid = param(params, 'MessageSid') || param(params, 'SmsMessageSid') || param(params, 'SmsSid');
      if (!SID.test(sid)) throw new AppError(400, 'MessageSid is missing');
      const from = toE164(param(params, 'From'));
      if (!from) throw new AppError(400, 'From is not a phone number');
      const stored = await findInboundBySid(db, sid);
      if (stored) return replay(stored);
      const running = inFlight.get(sid);
      if (running) return running;
      const work = oneAtATime(from, async () => {
        const again = await findInboundBySid(db, sid);
        return again ? replay(again) : process(sid, from, params);
      }).finally(() => inFlight.delete(sid));
      inFlight.set(sid, work);
      return work;
    },

    /**
     * Records Twilio's status callback on the text it reports on: delivered, or failed with the
     * error in staff's words (21610: the customer opted out, which is recorded too).
     */
    async receiveStatus(params: Params): Promise<void> {
      const sid = param(params, 'MessageSid') || param(params, 'SmsSid');
      const reported = (param(params, 'MessageStatus') || param(params, 'SmsStatus')).toLowerCase();
      const status: DeliveryStatus | undefined =
        reported === 'delivered'
          ? 'delivered'
          : reported === 'failed' || reported === 'undelivered'
            ? 'failed'
            : reported === 'sent'
              ? 'sent'
              : undefined;
      if (!sid || !status) return;
      const code = param(params, 'ErrorCode').trim();
      const at = now();
      const row = await recordDeliveryStatus(db, {
        providerId: sid,
        status,
        error: status === 'failed' ? twilioErrorText(code || undefined) : null,
        at,
      });
      if (!row) {
        logger.info({ sid, status }, 'status callback for a text we do not know');
        return;
      }
      // only the report that failed the text opts out: Twilio replays callbacks it thinks were lost,
      // and a replay after the customer's START must not opt the number out again
      if (status === 'failed' && code === '21610' && row.changed) {
        const phone = toE164(row.recipient);
        if (phone) await recordOptOut(db, phone, 'twilio-21610', at);
      }
    },
  };
}

export type TextingService = ReturnType<typeof textingService>;
