/**
 * What the customer answers on their private page (issue 28, decision 0125): accept, decline, a
 * question, or a new quote once it expired. Every status change goes through `moveLead`
 * (lead-moves.ts), the one transition staff and texts use too; staff are told by an alert. The page
 * itself is quote-page.ts; staff's side of the quote is quotes.ts.
 */
import { partName, UNNAMED_PART } from '#app/modules/messages/part-name.ts';
import { acceptedText, quoteAlertEmail, type QuotePageEvent } from '#app/modules/messages/quote-messages.ts';
import {
  acceptFormSchema,
  centralDay,
  DECLINE_REASONS,
  declineFormSchema,
  etaDate,
  isExpired,
  optionLabel,
  QUOTE_PAGE_MESSAGES,
  questionFormSchema,
} from '#app/modules/quotes/quote.ts';
import { businessDays } from '#app/modules/quotes/eta.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { recordInbound } from '../db/repo/conversations.ts';
import { isFleetLead } from '../db/repo/customers.ts';
import { insertLeadEvent } from '../db/repo/lead-events.ts';
import { mintLeadLink } from '../db/repo/lead-links.ts';
import { findLeadById, lockLead, updateLeadPrice } from '../db/repo/leads.ts';
import { findQuoteVersion, markVersionAccepted } from '../db/repo/quotes.ts';
import type { Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { ServiceDeps } from './context.ts';
import type { IdempotencyService } from './idempotency.ts';
import { moveLead } from './lead-moves.ts';
import type { Messaging } from './messaging.ts';
import { LINK_NOT_FOUND, PAGE_ACTOR, type QuoteLinks, type Viewer } from './quote-page.ts';
import type { RateLimitService } from './rate-limits.ts';

export const QUOTE_REPLACED =
  'This quote was replaced by a newer one. Look at the current quote before you accept.';
export const QUOTE_EXPIRED = 'This quote has expired. Ask us for a new quote.';
export const QUOTE_CLOSED = 'This quote can no longer be answered.';
/** Questions one lead may send from its page in an hour (each alerts staff). */
export const QUESTION_LIMIT = 10;

/**
 * Accepts a quote, whichever way the customer said yes (the page's Accept, a YES or an option's
 * number by text; issue 48 item 5): the version locked at the option, the lead priced at it, and
 * the one confirmation (`acceptedText`) with a link of its own, which the page queues as a text and
 * the text's answer sends as its reply. Called in the acceptance's transaction, from `moveLead`'s
 * `then`. A lead quoted before versions (`version` null) gets the confirmation alone, with the day
 * its own ETA gives.
 */
export async function acceptVersion(
  trx: Tx,
  config: Pick<ServiceDeps['config'], 'baseUrl' | 'site'>,
  input: {
    lead: {
      id: number;
      case_number: string | null;
      description: string | null;
      part_number: string | null;
      short_part_name: string | null;
      eta_days: number | null;
    };
    version: number | null;
    option: number;
    at: Date;
  },
): Promise<string> {
  const { lead, version, option, at } = input;
  const chosen =
    version === null ? undefined : (await findQuoteVersion(trx, lead.id, version))?.options[option];
  if (version !== null && chosen) {
    await markVersionAccepted(trx, lead.id, version, option, at);
    await updateLeadPrice(trx, lead.id, chosen);
  }
  const url = await mintLeadLink(trx, { baseUrl: config.baseUrl, leadId: lead.id, version: null, at });
  // the part is expected the option's ETA in business days from now (issue 29)
  const eta = chosen?.etaDays ?? lead.eta_days;
  const part = partName({
    description: lead.description,
    partNumber: lead.part_number,
    shortPartName: lead.short_part_name,
  });
  return acceptedText(config.site, {
    caseNumber: lead.case_number ?? '',
    part: part === UNNAMED_PART ? null : part,
    option: chosen ? optionLabel(chosen, option) : null,
    url,
    expected: eta ? centralDay(etaDate(at, eta)) : null,
  });
}

export function quoteAnswersService(
  deps: ServiceDeps,
  parts: {
    messaging: Messaging;
    rateLimits: RateLimitService;
    idempotency: IdempotencyService;
    links: QuoteLinks;
    /** staff's side's expiry (quotes.ts), which 'Ask for a new quote' goes through */
    sendBackExpired: (
      trx: Tx,
      input: { leadId: number; actor: string; kind: 'renew'; detail: string; at: Date },
    ) => Promise<boolean>;
  },
) {
  const { db, engine, config, now } = deps;
  const { messaging, rateLimits, idempotency } = parts;
  const { answering } = parts.links;

  /** Tells staff what the customer did on the page, in the caller's transaction; true when queued. */
  function alert(
    trx: Tx,
    leadId: number,
    kind: QuotePageEvent,
    caseNumber: string,
    detail: string,
    at: Date,
  ) {
    return messaging.enqueueStaffAlert(
      trx,
      { leadId, ...quoteAlertEmail({ kind, caseNumber, detail, baseUrl: config.baseUrl }), event: kind },
      at,
    );
  }

  return {
    /**
     * Accept on the page: the version the customer saw, the option, their typed name, a PO number,
     * the terms. The lead becomes ordered once (a second press, a YES by text or staff's Mark as
     * Ordered in between change nothing); the version is locked; the timeline keeps the option,
     * name, PO, time, address, browser and the SHA-256 of the version's content.
     */
    async accept(token: string, form: unknown, viewer: Viewer): Promise<void> {
      const link = await answering(token, viewer);
      const input = parseInput(acceptFormSchema, form);
      const at = now();
      let caseNumber = '';
      let alertDetail = '';
      const alerted = await db.transaction().execute(async (trx) => {
        const row = await lockLead(trx, link.leadId, engine);
        if (!row) throw new AppError(404, LINK_NOT_FOUND);
        caseNumber = row.case_number ?? '';
        // ordered already (this press again, a YES by text, staff's Mark as Ordered): the first
        // answer stands, and this one changes nothing (moveLead's rule for a customer's repeat)
        if (row.status === 'ordered') return false;
        const version = await findQuoteVersion(trx, link.leadId, input.version);
        if (row.status !== 'quoted' || !version) throw new AppError(409, QUOTE_CLOSED);
        if (row.quote_version !== input.version) throw new AppError(409, QUOTE_REPLACED);
        if (isExpired(version.expiresAt, at)) throw new AppError(409, QUOTE_EXPIRED);
        // a fleet account orders with a PO number (issue 30)
        if (!input.po && (await isFleetLead(trx, link.leadId)))
          throw new AppError(400, QUOTE_PAGE_MESSAGES.po, { fieldErrors: { po: [QUOTE_PAGE_MESSAGES.po] } });
        const option = version.options[input.option];
        if (!option)
          throw new AppError(400, QUOTE_PAGE_MESSAGES.option, {
            fieldErrors: { option: [QUOTE_PAGE_MESSAGES.option] },
          });
        const label = optionLabel(option, input.option);
        alertDetail = [
          `Option: ${label}, ${formatMoney(option.sellPrice, { currency: true })}, ETA ${businessDays(option.etaDays)}`,
          `Accepted by: ${input.name}${input.po ? ` (PO ${input.po})` : ''}`,
        ].join('\n');
        const { moved } = await moveLead(trx, engine, {
          leadId: link.leadId,
          to: 'ordered',
          by: 'customer',
          actor: PAGE_ACTOR,
          at,
          detail: {
            version: input.version,
            option: input.option,
            optionLabel: label,
            sellPrice: option.sellPrice,
            name: input.name,
            po: input.po,
            ip: viewer.ip,
            userAgent: viewer.userAgent.slice(0, 300),
            contentHash: version.contentHash,
          },
          then: async () => {
            const body = await acceptVersion(trx, config, {
              lead: row,
              version: input.version,
              option: input.option,
              at,
            });
            await messaging.enqueueText(
              trx,
              { leadId: link.leadId, phone: row.phone, body, cause: 'answer' },
              at,
            );
            await messaging.enqueueStaffAlert(
              trx,
              {
                leadId: link.leadId,
                ...quoteAlertEmail({
                  kind: 'accepted',
                  caseNumber,
                  detail: alertDetail,
                  baseUrl: config.baseUrl,
                }),
                event: 'accepted',
              },
              at,
            );
          },
        });
        return moved;
      });
      if (alerted) messaging.outbox.kick();
    },

    /** Decline on the page, with a reason (the lead's lost reason, counted by insights) and optional words. */
    async decline(token: string, form: unknown, viewer: Viewer): Promise<void> {
      const link = await answering(token, viewer);
      const input = parseInput(declineFormSchema, form);
      const at = now();
      const reason = DECLINE_REASONS[input.reason];
      const moved = await db.transaction().execute(async (trx) => {
        const row = await lockLead(trx, link.leadId, engine);
        if (!row) throw new AppError(404, LINK_NOT_FOUND);
        if (row.status === 'lost') return false;
        if (row.status !== 'quoted') throw new AppError(409, QUOTE_CLOSED);
        if (row.quote_version !== input.version) throw new AppError(409, QUOTE_REPLACED);
        const detail = `Reason: ${reason}${input.detail ? `\n${input.detail}` : ''}`;
        return (
          await moveLead(trx, engine, {
            leadId: link.leadId,
            to: 'lost',
            by: 'customer',
            actor: PAGE_ACTOR,
            at,
            reason,
            detail: { version: input.version, reason, body: input.detail },
            then: async () => {
              await messaging.enqueueStaffAlert(
                trx,
                {
                  leadId: link.leadId,
                  ...quoteAlertEmail({
                    kind: 'declined',
                    caseNumber: row.case_number ?? '',
                    detail,
                    baseUrl: config.baseUrl,
                  }),
                  event: 'declined',
                },
                at,
              );
            },
          })
        ).moved;
      });
      if (moved) messaging.outbox.kick();
    },

    /**
     * A question from the page: in the lead's conversation, and to staff as an incoming text is.
     * `key`: the one the page's form was rendered with (decision 0179); the same question posted
     * again with it (a double press, a retry after a lost answer) changes nothing, and is not
     * counted against the hour's limit.
     */
    async ask(token: string, form: unknown, viewer: Viewer, key?: string): Promise<void> {
      const link = await answering(token, viewer);
      const { body } = parseInput(questionFormSchema, form);
      const claim = { scope: `lead ${link.leadId} question (quote page)`, key, request: { body } };
      if (await idempotency.kept(claim)) return;
      const { hits } = await rateLimits.hit(`quote-question:${link.leadId}`, 3_600_000);
      if (hits > QUESTION_LIMIT)
        throw new AppError(429, 'Too many questions in an hour. Call or text us instead.');
      const at = now();
      const lead = await findLeadById(db, link.leadId, (key) => key);
      if (!lead) throw new AppError(404, LINK_NOT_FOUND);
      const { answer: alerted, replayed } = await idempotency.once(claim, async (trx) => {
        await insertLeadEvent(trx, {
          leadId: lead.id,
          type: 'question',
          fromStatus: null,
          toStatus: null,
          actor: PAGE_ACTOR,
          detail: { body },
          at,
        });
        // in the inbox, unread; the follow-ups waiting for an answer are not sent
        await recordInbound(trx, { leadId: lead.id }, { body, at });
        // staff are told in the same transaction: a retry that changes nothing tells them nothing
        return alert(trx, lead.id, 'question', lead.caseNumber, body, at);
      });
      if (alerted && !replayed) messaging.outbox.kick();
    },

    /** 'Ask for a new quote' on an expired quote: back to qualified with an 'expired' event; staff are told. */
    async renew(token: string, viewer: Viewer): Promise<void> {
      const link = await answering(token, viewer);
      const at = now();
      const detail = 'The customer asked for a new quote on the quote page.';
      const moved = await db
        .transaction()
        .execute((trx) =>
          parts.sendBackExpired(trx, { leadId: link.leadId, actor: PAGE_ACTOR, kind: 'renew', detail, at }),
        );
      if (moved) messaging.outbox.kick();
    },
  };
}
