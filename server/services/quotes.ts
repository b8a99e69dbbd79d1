/**
 * Staff's side of the quote link (issue 28, decision 0125): a quote of one to three options sent as
 * a new version, the versions the dialog lists, and the expiry that sends a quoted lead back to
 * qualified. The customer's side is quote-page.ts (the page a token opens) and quote-answers.ts
 * (accept, decline, a question, a new quote); `services.quotes` is the three together.
 */
import { createHash } from 'node:crypto';
import { canQuote, quoteRefusal } from '#app/modules/leads/status.ts';
import { partName } from '#app/modules/messages/part-name.ts';
import { quoteAlertEmail, quoteEmail, quoteText } from '#app/modules/messages/quote-messages.ts';
import {
  centralTime,
  isExpired,
  optionLabel,
  optionPrice,
  quoteExpiresAt,
  quoteSendSchema,
  versionContent,
  type QuoteOption,
  type QuoteSendInput,
  type QuoteVersion,
} from '#app/modules/quotes/quote.ts';
import { insertAudit } from '../db/repo/audit.ts';
import { cancelFollowUps } from '../db/repo/conversations.ts';
import { insertLeadEvent } from '../db/repo/lead-events.ts';
import { quoteTextKey } from '../db/repo/quotes.ts';
import { mintLeadLink } from '../db/repo/lead-links.ts';
import { lockLead, saveLeadQuote, toLead } from '../db/repo/leads.ts';
import { insertQuoteVersion, listQuoteVersions } from '../db/repo/quotes.ts';
import type { Db, Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { ServiceDeps } from './context.ts';
import type { IdempotencyService } from './idempotency.ts';
import { LEAD_NOT_FOUND, moveLead } from './lead-moves.ts';
import type { Messaging } from './messaging.ts';
import { quoteAnswersService } from './quote-answers.ts';
import { quoteLinks, quotePageService } from './quote-page.ts';
import type { RateLimitService } from './rate-limits.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Staff's side: sending, the versions, the expiry. */
function quoteVersionsService(deps: ServiceDeps, parts: { messaging: Messaging }) {
  const { db, engine, config } = deps;
  const { messaging } = parts;
  return {
    /**
     * Prices and sends a quote as a new version (POST /api/leads/{id}/quote, the dialog's Send
     * Quote): each option priced from its cost and difficulty and the lead's urgency, or at the
     * price staff set by hand with its reason (issue 31: kept on the version and the event); the lead
     * takes the first option's figures (the board, the CSV, insights) and becomes quoted; the
     * version, its 'quote' event, its link and the customer's text and e-mail in the caller's
     * transaction (lead-admin's `sendQuote`, a keyed change: decision 0179).
     */
    async send(trx: Tx, leadId: number, input: QuoteSendInput, actor: string, at: Date): Promise<void> {
      const row = await lockLead(trx, leadId, engine);
      if (!row) throw new AppError(404, LEAD_NOT_FOUND);
      const lead = toLead(row);
      if (!canQuote(lead.status)) throw new AppError(409, quoteRefusal(lead.status));
      const options: QuoteOption[] = input.options.map((o, i) => {
        // the engine's price, or the one staff set by hand with its reason (issue 31)
        const { calculatedPrice, ...price } = optionPrice(o, lead.urgency, deps.shop.current().markup);
        return {
          label: optionLabel(o, i),
          ...price,
          difficulty: o.difficulty,
          etaDays: o.etaDays,
          warranty: o.warranty,
          brand: o.brand,
          partNumber: o.partNumber,
          note: o.note,
          ...(calculatedPrice === null ? {} : { calculatedPrice, priceReason: o.priceReason }),
        };
      });
      const version = (row.quote_version ?? 0) + 1;
      const expiresAt = quoteExpiresAt(at);
      const sentAt = at.toISOString();
      const contentHash = sha256(
        versionContent({
          caseNumber: lead.caseNumber,
          version,
          options,
          sentAt,
          expiresAt: expiresAt.toISOString(),
        }),
      );
      await insertQuoteVersion(trx, {
        leadId,
        version,
        options,
        contentHash,
        sentBy: actor,
        sentAt: at,
        expiresAt,
      });
      const first = options[0]!;
      await insertAudit(
        trx,
        {
          userId: null,
          actor,
          action: 'quote_price',
          subject: `lead:${leadId}`,
          before: row.sell_price === null ? null : { sellPrice: row.sell_price },
          after: { version, options: options.map((o) => ({ label: o.label, sellPrice: o.sellPrice })) },
        },
        at,
      );
      await saveLeadQuote(trx, leadId, { ...first, notes: input.notes }, at);
      // the follow-ups of the version before are not sent: this one has its own (decision 0161)
      await cancelFollowUps(trx, { leadId }, at, 'A new version of the quote was sent.');
      await insertLeadEvent(trx, {
        leadId,
        type: 'quote',
        fromStatus: lead.status,
        toStatus: 'quoted',
        actor,
        detail: {
          cost: first.cost,
          markupPct: first.markupPct,
          sellPrice: first.sellPrice,
          etaDays: first.etaDays,
          difficulty: first.difficulty,
          version,
          options: options.map((o) => ({
            label: o.label,
            sellPrice: o.sellPrice,
            etaDays: o.etaDays,
            ...(o.calculatedPrice ? { calculatedPrice: o.calculatedPrice, priceReason: o.priceReason } : {}),
          })),
        },
        at,
      });
      const url = await mintLeadLink(trx, { baseUrl: config.baseUrl, leadId, version, at });
      const part = partName(lead);
      await messaging.enqueueText(
        trx,
        {
          leadId,
          phone: lead.phone,
          body: quoteText({ siteName: config.site.name, caseNumber: lead.caseNumber, part, options, url }),
          cause: 'staff',
          key: quoteTextKey(leadId, version),
        },
        at,
      );
      await messaging.enqueueCustomerEmail(
        trx,
        {
          leadId,
          email: lead.email,
          ...quoteEmail({
            site: config.site,
            name: lead.name,
            caseNumber: lead.caseNumber,
            part,
            options,
            expires: centralTime(expiresAt),
            url,
          }),
        },
        at,
      );
    },

    /** The input of `send`, parsed (400 with the fields' messages). */
    parseQuote(payload: unknown): QuoteSendInput {
      return parseInput(quoteSendSchema(payload), payload);
    },

    /** Every version of a lead's quote, oldest first (the dialog), read in `trx` when given. */
    versions(leadId: number, trx: Tx | Db = db): Promise<QuoteVersion[]> {
      return listQuoteVersions(trx, leadId);
    },

    /**
     * Sends a quoted lead whose quote expired back to qualified, in the caller's transaction (the
     * page's 'Ask for a new quote', a late YES by text): an 'expired' event and a staff alert, once.
     * False when the lead is not quoted or its quote still holds. The caller kicks the outbox.
     */
    async sendBackExpired(
      trx: Tx,
      input: { leadId: number; actor: string; kind: 'renew' | 'expired_yes'; detail: string; at: Date },
    ): Promise<boolean> {
      const { leadId, at } = input;
      const row = await lockLead(trx, leadId, engine);
      if (!row || row.status !== 'quoted' || !row.quote_expires_at) return false;
      if (!isExpired(new Date(row.quote_expires_at).toISOString(), at)) return false;
      const result = await moveLead(trx, engine, {
        leadId,
        to: 'qualified',
        by: 'customer',
        actor: input.actor,
        at,
        type: 'expired',
        detail: { version: row.quote_version },
        then: async () => {
          const mail = quoteAlertEmail({
            kind: input.kind,
            caseNumber: row.case_number ?? '',
            detail: input.detail,
            baseUrl: config.baseUrl,
          });
          await messaging.enqueueStaffAlert(trx, { leadId, ...mail, event: input.kind }, at);
        },
      });
      return result.moved;
    },
  };
}

/** The quote link whole: staff's side, the customer's page and their answers. */
export function quotesService(
  deps: ServiceDeps,
  parts: { messaging: Messaging; rateLimits: RateLimitService; idempotency: IdempotencyService },
) {
  const staff = quoteVersionsService(deps, parts);
  const links = quoteLinks(deps, parts.rateLimits);
  return {
    ...staff,
    ...quotePageService(deps, { links }),
    ...quoteAnswersService(deps, { ...parts, links, sendBackExpired: staff.sendBackExpired }),
  };
}

export type QuotesService = ReturnType<typeof quotesService>;
