/**
 * The customer's private page (issue 28, decision 0125): what a link (`/q/<token>`,
 * app/modules/quotes/link.ts) opens, its photos, and who may open it. Wrong tokens answer 404, and
 * after many page navigations to wrong ones from one client 429; a valid token always opens its
 * page (decision 0177). Once accepted, the page follows the order part by part (issue 29). What the
 * customer answers there is quote-answers.ts; staff's side of the quote is quotes.ts.
 */
import { EQUIPMENT_TYPES } from '#app/modules/leads/lead-request.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import type { LeadEvent } from '#app/modules/leads/lead-admin.ts';
import { firstNameOf } from '#app/modules/customers/customers.ts';
import { customerOrder } from '#app/modules/orders/tracker.ts';
import { leadLinkUrl, LINK_TOKEN } from '#app/modules/quotes/link.ts';
import {
  centralDay,
  centralTime,
  etaDate,
  isExpired,
  optionLabel,
  QUOTE_PAGE_MESSAGES,
  timeLeft,
  type QuoteVersion,
} from '#app/modules/quotes/quote.ts';
import type { QuotePageData, QuotePageState } from '#app/modules/quotes/quote-page.ts';
import { nextOpening } from '#app/modules/shared/business-hours.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { formatPhone, toE164 } from '#app/modules/site/phone.ts';
import { pickupHours } from '#app/modules/site/shop-settings.ts';
import { isFleetLead } from '../db/repo/customers.ts';
import { insertLeadEvent, listLeadEvents } from '../db/repo/lead-events.ts';
import { leadPhotoUrls } from '../db/repo/lead-photos.ts';
import { findLeadLink, linkTokenHash } from '../db/repo/lead-links.ts';
import { findLeadById } from '../db/repo/leads.ts';
import { leadAutoTexts, listLeadLines } from '../db/repo/orders.ts';
import { listQuoteVersions, recordQuoteView } from '../db/repo/quotes.ts';
import { AppError } from '../errors.ts';
import { imageContentType } from '../storage/index.ts';
import type { Client, ServiceDeps } from './context.ts';
import type { RateLimitService } from './rate-limits.ts';

/** The actor of what a customer does on the quote page, as the timeline shows it. */
export const PAGE_ACTOR = 'customer (quote page)';
export const LINK_NOT_FOUND = 'This link is not valid. Check that it was copied whole, or text us.';
export const TOO_MANY_TRIES = 'Too many wrong links from here. Try again in a few minutes, or text us.';
/** Wrong tokens one client may open by navigating in a window before a wrong one answers 429. */
export const WRONG_LINK_LIMIT = 20;
export const WRONG_LINK_WINDOW_MS = 10 * 60_000;

/**
 * Who is looking: staff (signed in; their views are not counted) or a customer, as the HTTP edge
 * read the request (`Client`). Opening the page is the customer's view (decision 0173) when it is
 * neither staff's nor a program's (`program`: a link preview made when the text arrives must not
 * count as the customer opening it; staff see 'Viewed' and the follow-ups choose their text by it).
 */
export type Viewer = Client & { staff: boolean };

/** The reason the customer picked on the page, when their Decline there is how the lead was last lost. */
function customerDeclineReason(events: readonly LeadEvent[]): string | null {
  const lost = events.findLast((e) => e.toStatus === 'lost');
  return lost?.actor === PAGE_ACTOR && typeof lost.detail?.reason === 'string' ? lost.detail.reason : null;
}

function stateOf(status: LeadStatus, shown: QuoteVersion | undefined, current: number | null, at: Date) {
  if (status === 'ordered' || status === 'fulfilled') return 'accepted';
  if (status === 'lost') return 'declined';
  if (status !== 'quoted' || !shown) return 'request';
  if (current !== null && shown.version < current) return 'replaced';
  return isExpired(shown.expiresAt, at) ? 'expired' : 'open';
}

/** What a token opens, for the page and for its answers (quote-answers.ts). */
export function quoteLinks(deps: ServiceDeps, rateLimits: RateLimitService) {
  const { db } = deps;
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
    // by the client's key (server/http/client.ts): an IPv6 client by its /56
    const key = `quote-link:${viewer.key}`;
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

  return { resolve, answering };
}
export type QuoteLinks = ReturnType<typeof quoteLinks>;

export function quotePageService(deps: ServiceDeps, parts: { links: QuoteLinks }) {
  const { db, config, now, shop } = deps;
  const { resolve } = parts.links;
  return {
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
      if (state === 'open' && options.count && !viewer.staff && !viewer.program) {
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
          const full = `${leadLinkUrl('', token)}/photos/${i + 1}`;
          return { full, preview: `${full}?preview` };
        }),
        reply: nextOpening(shop.current().hours, at),
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
        currentHref: state === 'replaced' ? `${leadLinkUrl('', token)}?latest=1` : null,
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
            ? customerOrder(
                await listLeadLines(db, lead.id),
                { pickupAddress: shop.current().pickup?.address ?? null, hours: pickupHours(shop.current()) },
                await leadAutoTexts(db, lead.id),
                lead,
              )
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
  };
}
