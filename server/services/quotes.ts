/**
 * The quote link (issue 28, decision 0125): staff send a quote of one to three options as a new
 * version; the customer opens their private page (`/q/<token>`, lead-links.ts) and accepts, declines,
 * asks a question, or asks for a new quote once it expired. Every status change goes through
 * `moveLead` (lead-moves.ts), the one transition staff and texts use too. Wrong tokens answer 404,
 * and after many page navigations to wrong ones from one client 429; a valid token always opens its
 * page (decision 0177). Once accepted, the page follows the order part by part (issue 29).
 */
import { createHash } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import { isbot } from 'isbot';
import type { Transaction } from 'kysely';
import { EQUIPMENT_TYPES } from '#app/modules/leads/lead-request.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { canQuote, quoteRefusal } from '#app/modules/leads/status.ts';
import {
  acceptedText,
  partName,
  quoteAlertEmail,
  quoteEmail,
  quoteText,
  type QuotePageEvent,
} from '#app/modules/messages/quote-messages.ts';
import {
  acceptFormSchema,
  centralDay,
  centralTime,
  DECLINE_REASONS,
  declineFormSchema,
  etaDate,
  isExpired,
  optionLabel,
  optionPrice,
  QUOTE_PAGE_MESSAGES,
  questionFormSchema,
  quoteExpiresAt,
  quoteSendSchema,
  timeLeft,
  versionContent,
  type QuoteOption,
  type QuoteSendInput,
  type QuoteVersion,
} from '#app/modules/quotes/quote.ts';
import { customerOrder } from '#app/modules/orders/tracker.ts';
import type { QuotePageData, QuotePageState } from '#app/modules/quotes/quote-page.ts';
import { nextOpening } from '#app/modules/shared/business-hours.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { formatPhone, toE164 } from '#app/modules/site/phone.ts';
import { HOME_HOURS } from '#app/modules/site/site.ts';
import { insertAudit } from '../db/repo/audit.ts';
import { firstNameOf } from '#app/modules/customers/customers.ts';
import { cancelFollowUps, recordInbound } from '../db/repo/conversations.ts';
import { isFleetLead } from '../db/repo/customers.ts';
import { insertLeadEvent, listLeadEvents } from '../db/repo/lead-events.ts';
import type { LeadEvent } from '#app/modules/leads/lead-admin.ts';
import { leadPhotoUrls } from '../db/repo/lead-photos.ts';
import { findLeadById, lockLead, saveLeadQuote, toLead, updateLeadPrice } from '../db/repo/leads.ts';
import { findLeadLink, LINK_PATH, LINK_TOKEN, linkTokenHash, mintLeadLink } from '../db/repo/lead-links.ts';
import { listLeadLines } from '../db/repo/orders.ts';
import {
  findQuoteVersion,
  insertQuoteVersion,
  listQuoteVersions,
  markVersionAccepted,
  recordQuoteView,
} from '../db/repo/quotes.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { imageContentType } from '../storage/index.ts';
import { parseInput } from '../validation.ts';
import type { ServiceDeps } from './context.ts';
import { LEAD_NOT_FOUND, moveLead } from './lead-moves.ts';
import type { IdempotencyService } from './idempotency.ts';
import type { Messaging } from './messaging.ts';
import type { RateLimitService } from './rate-limits.ts';

/** The actor of what a customer does on the quote page, as the timeline shows it. */
export const PAGE_ACTOR = 'customer (quote page)';
export const LINK_NOT_FOUND = 'This link is not valid. Check that it was copied whole, or text us.';
export const TOO_MANY_TRIES = 'Too many wrong links from here. Try again in a few minutes, or text us.';
export const QUOTE_REPLACED =
  'This quote was replaced by a newer one. Look at the current quote before you accept.';
export const QUOTE_EXPIRED = 'This quote has expired. Ask us for a new quote.';
export const QUOTE_CLOSED = 'This quote can no longer be answered.';
/** Wrong tokens one client may open by navigating in a window before a wrong one answers 429. */
export const WRONG_LINK_LIMIT = 20;
export const WRONG_LINK_WINDOW_MS = 10 * 60_000;
/** Questions one lead may send from its page in an hour (each alerts staff). */
export const QUESTION_LIMIT = 10;

/**
 * Who is looking: staff (signed in; their views are not counted) or a customer, by address; and
 * whether they navigated to the page (fetch metadata, server/http/fetch-metadata.ts; absent: as
 * one), which is what a wrong token counts against.
 */
export type Viewer = { staff: boolean; ip: string; userAgent: string; navigation?: boolean };

/**
 * Whether opening the page is the customer's view (decision 0173): not staff's, and not a program's
 * (a link preview fetched by the customer's messaging app, a chat app or a mail scanner, a crawler,
 * a script; `isbot`, by the user agent; no user agent at all, which every browser sends). Staff see
 * 'Viewed' and the follow-ups choose their text by it, so a preview made when the text arrives must
 * not count as the customer opening it.
 */
const countsAsView = (viewer: Viewer) =>
  !viewer.staff && viewer.userAgent.trim() !== '' && !isbot(viewer.userAgent);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The reason the customer picked on the page, when their Decline there is how the lead was last lost. */
function customerDeclineReason(events: readonly LeadEvent[]): string | null {
  const lost = events.findLast((e) => e.toStatus === 'lost');
  return lost?.actor === PAGE_ACTOR && typeof lost.detail?.reason === 'string' ? lost.detail.reason : null;
}

export function quotesService(
  deps: ServiceDeps,
  parts: { messaging: Messaging; rateLimits: RateLimitService; idempotency: IdempotencyService },
) {
  const { db, engine, config, now } = deps;
  const { messaging, rateLimits, idempotency } = parts;

  /**
   * The lead and version a token opens, whoever asks (decision 0177): a valid token opens its page
   * also from a client over the limit, so the customer behind an address that someone else spoiled
   * (an office's or a farm's NAT, a page full of `<img src="/q/…">`) is never locked out. A wrong
   * token answers 404, or 429 once the client has navigated to WRONG_LINK_LIMIT wrong ones in the
   * window; only navigations count, so a page elsewhere cannot spend a visitor's count.
   */
  async function resolve(token: string, viewer: Viewer) {
    const link = LINK_TOKEN.test(token) ? await findLeadLink(db, linkTokenHash(token)) : undefined;
    if (link) return link;
    // by address, an IPv6 client by its /56 as the other limits count (express-rate-limit): one
    // home or phone network holds many addresses
    const key = `quote-link:${ipKeyGenerator(viewer.ip)}`;
    const hits =
      viewer.navigation === false
        ? await rateLimits.count(key)
        : (await rateLimits.hit(key, WRONG_LINK_WINDOW_MS)).hits;
    throw hits >= WRONG_LINK_LIMIT ? new AppError(429, TOO_MANY_TRIES) : new AppError(404, LINK_NOT_FOUND);
  }

  /**
   * The link of an answer from the page (accept, decline, a question, a new quote): the customer's
   * own, so never from a signed-in staff member, whose answer would be recorded as the customer's
   * with their address and browser (decision 0169). Staff record answers on the lead.
   */
  async function answering(token: string, viewer: Viewer) {
    if (viewer.staff) throw new AppError(403, QUOTE_PAGE_MESSAGES.staff);
    return resolve(token, viewer);
  }

  /** Tells staff what the customer did on the page, in the caller's transaction; true when queued. */
  function alert(
    trx: Transaction<DB>,
    leadId: number,
    kind: QuotePageEvent,
    caseNumber: string,
    detail: string,
    at: Date,
  ) {
    return messaging.enqueueStaffAlert(
      trx,
      { leadId, ...quoteAlertEmail({ kind, caseNumber, detail, baseUrl: config.baseUrl }) },
      at,
    );
  }

  function stateOf(status: LeadStatus, shown: QuoteVersion | undefined, current: number | null, at: Date) {
    if (status === 'ordered' || status === 'fulfilled') return 'accepted';
    if (status === 'lost') return 'declined';
    if (status !== 'quoted' || !shown) return 'request';
    if (current !== null && shown.version < current) return 'replaced';
    return isExpired(shown.expiresAt, at) ? 'expired' : 'open';
  }

  const service = {
    /**
     * Prices and sends a quote as a new version (POST /api/leads/{id}/quote, the dialog's Send
     * Quote): each option priced from its cost and difficulty and the lead's urgency, or at the
     * price staff set by hand with its reason (issue 31: kept on the version and the event); the lead
     * takes the first option's figures (the board, the CSV, insights) and becomes quoted; the
     * version, its 'quote' event, its link and the customer's text and e-mail in the caller's
     * transaction (lead-admin's `sendQuote`, a keyed change: decision 0179).
     */
    async send(
      trx: Transaction<DB>,
      leadId: number,
      input: QuoteSendInput,
      actor: string,
      at: Date,
    ): Promise<void> {
      const row = await lockLead(trx, leadId, engine);
      if (!row) throw new AppError(404, LEAD_NOT_FOUND);
      const lead = toLead(row);
      if (!canQuote(lead.status)) throw new AppError(409, quoteRefusal(lead.status));
      const options: QuoteOption[] = input.options.map((o, i) => {
        // the engine's price, or the one staff set by hand with its reason (issue 31)
        const { calculatedPrice, ...price } = optionPrice(o, lead.urgency);
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
    versions(leadId: number, trx: Transaction<DB> | typeof db = db): Promise<QuoteVersion[]> {
      return listQuoteVersions(trx, leadId);
    },

    /** The page a token opens (see QuotePageData). `latest` shows the current version instead of the link's own. */
    async page(
      token: string,
      viewer: Viewer,
      options: { latest?: boolean; count?: boolean } = {},
    ): Promise<QuotePageData> {
      const link = await resolve(token, viewer);
      const at = now();
      const lead = await findLeadById(db, link.leadId, (key) => key);
      if (!lead) throw new AppError(404, LINK_NOT_FOUND);
      const [versions, events, fleet] = await Promise.all([
        listQuoteVersions(db, lead.id),
        listLeadEvents(db, lead.id),
        isFleetLead(db, lead.id),
      ]);
      const current = lead.quoteVersion;
      const accepted = versions.find((v) => v.acceptedOption !== null);
      const pinned = options.latest || link.version === null ? current : link.version;
      const shown = accepted ?? versions.find((v) => v.version === pinned);
      const state: QuotePageState = stateOf(lead.status, shown, current, at);
      if (state === 'open' && options.count && countsAsView(viewer)) {
        if (await recordQuoteView(db, lead.id, at)) {
          await insertLeadEvent(db, {
            leadId: lead.id,
            type: 'viewed',
            fromStatus: null,
            toStatus: null,
            actor: PAGE_ACTOR,
            detail: { version: current },
            at,
          });
        }
      }
      const acceptEvent = events.find((e) => e.toStatus === 'ordered' && e.detail && 'option' in e.detail);
      const equipment = EQUIPMENT_TYPES.find((t) => t.value === lead.equipment)?.label ?? lead.equipment;
      const digits = lead.phone.replace(/\D/g, '');
      const phone = toE164(config.site.phone);
      return {
        state,
        business: {
          name: config.site.name,
          phone: formatPhone(config.site.phone),
          phoneHref: `tel:${phone ?? config.site.phone}`,
        },
        caseNumber: lead.caseNumber,
        firstName: firstNameOf(lead.name),
        phoneLast4: digits.slice(-4),
        poRequired: fleet,
        request: {
          equipment,
          make: lead.make,
          model: lead.model,
          year: lead.year,
          partNumber: lead.partNumber,
          description: lead.description,
        },
        photos: lead.photos.map((_, i) => {
          const full = `${LINK_PATH}${token}/photos/${i + 1}`;
          return { full, preview: `${full}?preview` };
        }),
        reply: nextOpening(at),
        renewing: lead.status === 'qualified' && current !== null,
        quote: shown
          ? {
              version: shown.version,
              options: shown.options.map((o, i) => ({
                label: optionLabel(o, i),
                price: formatMoney(o.sellPrice, { currency: true }),
                etaDays: o.etaDays,
                etaDate: centralDay(etaDate(at, o.etaDays)),
                warranty: o.warranty,
                brand: o.brand,
                partNumber: o.partNumber,
                note: o.note,
              })),
              expires: centralTime(shown.expiresAt),
              timeLeft: timeLeft(shown.expiresAt, at).replace(/ left$/, ''),
              acceptedOption: shown.acceptedOption,
            }
          : null,
        currentHref: state === 'replaced' ? `${LINK_PATH}${token}?latest=1` : null,
        accepted:
          state === 'accepted'
            ? {
                option: accepted
                  ? optionLabel(accepted.options[accepted.acceptedOption!]!, accepted.acceptedOption!)
                  : '',
                // the signer's first name only, as for the lead's name (the timeline keeps it whole)
                name:
                  typeof acceptEvent?.detail?.name === 'string' ? firstNameOf(acceptEvent.detail.name) : null,
                po: typeof acceptEvent?.detail?.po === 'string' ? acceptEvent.detail.po : null,
                at: centralTime(accepted?.acceptedAt ?? lead.updatedAt),
              }
            : null,
        // the reason the customer gave on this page; staff's own reason for a lost lead is theirs
        lostReason: state === 'declined' ? customerDeclineReason(events) : null,
        questions: events
          .filter((e) => e.type === 'question' && typeof e.detail?.body === 'string')
          .map((e) => ({ body: e.detail!.body as string, at: centralTime(e.createdAt) })),
        order:
          state === 'accepted'
            ? customerOrder(await listLeadLines(db, lead.id), {
                pickupAddress: config.pickupAddress,
                hours: HOME_HOURS,
              })
            : null,
        staffView: viewer.staff,
      };
    },

    /**
     * One of the request's photos, for the page that shows them (by position, from 1): as stored,
     * or with `preview` the small copy the page's tiles show (decision 0171).
     */
    async photo(token: string, n: number, viewer: Viewer, { preview = false } = {}) {
      const link = await resolve(token, viewer);
      const keys = (await leadPhotoUrls(db, [link.leadId], (key) => key)).get(link.leadId) ?? [];
      const key = Number.isInteger(n) ? keys[n - 1] : undefined;
      if (!key) throw new AppError(404, 'Photo not found');
      if (preview) {
        const small = await deps.files.readPreview('private', key);
        if (!small) throw new AppError(404, 'Photo not found');
        return small;
      }
      const data = await deps.files.read('private', key);
      if (!data) throw new AppError(404, 'Photo not found');
      return { data, contentType: imageContentType(key) };
    },

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
          `Option: ${label}, ${formatMoney(option.sellPrice, { currency: true })}, ETA ${option.etaDays} days`,
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
            await markVersionAccepted(trx, link.leadId, input.version, input.option, at);
            await updateLeadPrice(trx, link.leadId, option);
            const url = await mintLeadLink(trx, {
              baseUrl: config.baseUrl,
              leadId: link.leadId,
              version: null,
              at,
            });
            await messaging.enqueueText(
              trx,
              {
                leadId: link.leadId,
                phone: row.phone,
                body: acceptedText(config.site, {
                  caseNumber,
                  option: label,
                  url,
                  expected: centralDay(etaDate(at, option.etaDays)),
                }),
                cause: 'answer',
              },
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
          service.sendBackExpired(trx, { leadId: link.leadId, actor: PAGE_ACTOR, kind: 'renew', detail, at }),
        );
      if (moved) messaging.outbox.kick();
    },

    /**
     * Sends a quoted lead whose quote expired back to qualified, in the caller's transaction (the
     * page's 'Ask for a new quote', a late YES by text): an 'expired' event and a staff alert, once.
     * False when the lead is not quoted or its quote still holds. The caller kicks the outbox.
     */
    async sendBackExpired(
      trx: Transaction<DB>,
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
          await messaging.enqueueStaffAlert(trx, { leadId, ...mail }, at);
        },
      });
      return result.moved;
    },
  };
  return service;
}

export type QuotesService = ReturnType<typeof quotesService>;
