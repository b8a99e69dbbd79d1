/**
 * The follow-up pass (issue 30 items 3 and 4, decision 0161), run each minute by every process:
 *
 * - **Follow-ups that close quotes**: for each open quote, the text due now by the rules of
 *   app/modules/customers/follow-ups.ts (not opened after 4 business hours, opened and unanswered
 *   after 24 hours, the day before it expires), in the owner's wording, with a fresh link.
 * - **Review requests** (off until the owner turns them on): one text 24 hours after an order's
 *   parts were all handed over, at most once per customer in 90 days, never to a customer who asked
 *   not to get them, declined a quote in that time or opted out of texts.
 *
 * Exactly once, whatever the number of processes: the texts are decided again under the locks of
 * their leads, then their customers (the order every writer takes them in), and written under a
 * key each (`lead:{id}:follow-up:{version}:{kind}`, `lead:{id}:review`). A customer's answer writes
 * their row first (conversations.ts `recordInbound`): an answer that came first is seen here, and
 * one that comes after cancels the follow-up still waiting in the outbox. A move or a new version
 * cancels them too (lead-moves.ts, quotes.ts).
 */
import {
  answerByText,
  dueFollowUp,
  FOLLOW_UP_KINDS,
  fillText,
  REVIEW_AFTER_MS,
  REVIEW_EVERY_MS,
  REVIEW_WITHIN_MS,
  reviewDue,
  type FollowUpKind,
  type Settings,
} from '#app/modules/customers/follow-ups.ts';
import { firstNameOf } from '#app/modules/customers/customers.ts';
import { caseNumberFor } from '#app/modules/leads/leads.ts';
import { partName } from '#app/modules/messages/part-name.ts';
import { centralTime } from '#app/modules/quotes/quote.ts';
import { toE164 } from '#app/modules/site/phone.ts';
import { followUpKey } from '../db/repo/conversations.ts';
import { lockCustomers } from '../db/repo/customers.ts';
import {
  customersWhoDeclined,
  listFinishedOrders,
  listFollowUpsOf,
  listOpenQuotes,
  markReviewRequested,
  type FinishedOrder,
  type OpenQuote,
} from '../db/repo/follow-ups.ts';
import { insertLeadEvents } from '../db/repo/lead-events.ts';
import { mintLeadLinks } from '../db/repo/lead-links.ts';
import { lockLeads } from '../db/repo/leads.ts';
import { optedOutNumbers } from '../db/repo/texting.ts';
import type { ServiceDeps } from './context.ts';
import type { Messaging } from './messaging.ts';
import type { SettingsService } from './settings.ts';

export const FOLLOW_UP_ACTOR = 'follow-ups';
/**
 * At most this many follow-ups, and as many review requests, a pass: when quiet hours end (or a
 * server comes back) with hundreds due, each pass stays short and holds its leads' and customers'
 * locks briefly, and the next passes, a minute apart, write the rest. A Twilio number sends about
 * one text a second: 30 and 30 are a minute's texts, what it can send before the next pass anyway.
 * (50 and 50 made a catching-up pass of 232 ms on PostgreSQL, scripts/bench-customers.ts.)
 */
export const PER_PASS = 30;

export function followUpsService(
  { db, engine, config, now, shop }: ServiceDeps,
  { messaging, settings }: { messaging: Messaging; settings: SettingsService },
) {
  const kindOf = (key: string) => key.slice(key.lastIndexOf(':') + 1) as FollowUpKind;

  /** The follow-up due for each quote, read from `quotes` and the follow-ups written so far. */
  async function decide(
    executor: Parameters<typeof listFollowUpsOf>[0],
    quotes: readonly OpenQuote[],
    at: Date,
    on: ReadonlySet<FollowUpKind>,
  ): Promise<{ quote: OpenQuote; kind: FollowUpKind }[]> {
    const written = await listFollowUpsOf(
      executor,
      quotes.map((q) => q.leadId),
    );
    const due: { quote: OpenQuote; kind: FollowUpKind }[] = [];
    for (const quote of quotes) {
      // the customer answered since this version was sent: nothing to follow up
      if (quote.lastInboundAt && quote.lastInboundAt >= quote.sentAt) continue;
      const prefix = followUpKey(quote.leadId, quote.version, '');
      const sent = new Map(
        written.filter((w) => w.key.startsWith(prefix)).map((w) => [kindOf(w.key), new Date(w.at)] as const),
      );
      const kind = dueFollowUp(
        {
          sentAt: new Date(quote.sentAt),
          expiresAt: new Date(quote.expiresAt),
          firstViewedAt: quote.firstViewedAt ? new Date(quote.firstViewedAt) : null,
          sent,
        },
        at,
        on,
        shop.current(),
      );
      if (kind) due.push({ quote, kind });
    }
    return due;
  }

  /** Numbers that opted out, of these leads' phones. */
  async function optedOut(phones: readonly string[]): Promise<Set<string>> {
    return optedOutNumbers(
      db,
      phones.map((p) => toE164(p)).filter((p) => p !== null),
    );
  }

  async function sendFollowUps(at: Date, s: Settings): Promise<number> {
    const on = new Set(FOLLOW_UP_KINDS.filter((k) => s.followUps[k].on));
    if (!on.size) return 0;
    const first = await decide(db, await listOpenQuotes(db, at), at, on);
    const stopped = await optedOut(first.map((d) => d.quote.phone));
    const candidates = first
      .filter((d) => !stopped.has(toE164(d.quote.phone) ?? ''))
      // the quotes expiring first go first; the rest wait for the next pass
      .sort((a, b) => a.quote.expiresAt.localeCompare(b.quote.expiresAt))
      .slice(0, PER_PASS);
    if (!candidates.length) return 0;
    return db.transaction().execute(async (trx) => {
      const leadIds = candidates.map((d) => d.quote.leadId);
      await lockLeads(trx, leadIds, engine);
      await lockCustomers(trx, [...new Set(candidates.map((d) => d.quote.customerId))], engine);
      // decided again under the locks: an answer, a move or another process came first
      const due = await decide(trx, await listOpenQuotes(trx, at, leadIds), at, on);
      if (!due.length) return 0;
      const urls = await mintLeadLinks(
        trx,
        config.baseUrl,
        due.map((d) => ({ leadId: d.quote.leadId, version: d.quote.version })),
        at,
      );
      const written = await messaging.enqueueTextsOnce(
        trx,
        due.map(({ quote, kind }, i) => ({
          leadId: quote.leadId,
          phone: quote.phone,
          key: followUpKey(quote.leadId, quote.version, kind),
          body: fillText(s.followUps[kind].text, {
            name: firstNameOf(quote.name),
            caseNumber: quote.caseNumber ?? caseNumberFor(quote.leadId),
            part: partName(quote),
            link: urls[i]!,
            expires: centralTime(quote.expiresAt),
            business: config.site.name,
            reviewUrl: s.reviews.url,
            answer: answerByText(quote.optionCount),
          }),
        })),
        at,
      );
      await insertLeadEvents(
        trx,
        due.map(({ quote, kind }) => ({
          leadId: quote.leadId,
          type: 'follow_up',
          fromStatus: null,
          toStatus: null,
          actor: FOLLOW_UP_ACTOR,
          detail: { kind, version: quote.version },
          at,
        })),
      );
      return written;
    });
  }

  async function sendReviewRequests(at: Date, s: Settings): Promise<number> {
    if (!s.reviews.on || !s.reviews.url) return 0;
    const finished = await listFinishedOrders(
      db,
      new Date(at.getTime() - REVIEW_WITHIN_MS),
      new Date(at.getTime() - REVIEW_AFTER_MS),
    );
    if (!finished.length) return 0;
    // one request per customer: about their newest finished order
    const byCustomer = new Map<number, FinishedOrder>();
    for (const f of finished) {
      const seen = byCustomer.get(f.customerId);
      if (!seen || f.finishedAt > seen.finishedAt) byCustomer.set(f.customerId, f);
    }
    const due = (f: FinishedOrder, excluded: boolean) =>
      reviewDue(
        {
          finishedAt: new Date(f.finishedAt),
          lastRequestAt: f.reviewRequestedAt ? new Date(f.reviewRequestedAt) : null,
          excluded,
        },
        at,
        shop.current().quietHours,
      );
    // who declined or opted out is read only for those otherwise due
    const maybe = [...byCustomer.values()].filter((f) => due(f, f.noReviews));
    if (!maybe.length) return 0;
    const [declined, stopped] = await Promise.all([
      customersWhoDeclined(
        db,
        maybe.map((f) => f.customerId),
        new Date(at.getTime() - REVIEW_EVERY_MS),
      ),
      optedOut(maybe.map((f) => f.phone)),
    ]);
    const candidates = maybe
      .filter((f) => due(f, declined.has(f.customerId) || stopped.has(toE164(f.phone) ?? '')))
      // the orders handed over first go first; the rest wait for the next pass
      .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))
      .slice(0, PER_PASS);
    if (!candidates.length) return 0;
    return db.transaction().execute(async (trx) => {
      await lockLeads(
        trx,
        candidates.map((c) => c.leadId),
        engine,
      );
      const customers = await lockCustomers(
        trx,
        candidates.map((c) => c.customerId),
        engine,
      );
      // asked already by another process, or told not to since: read again under the lock
      const fresh = new Map(customers.map((c) => [c.id, c]));
      const due = candidates.filter((c) => {
        const row = fresh.get(c.customerId);
        if (!row || row.no_reviews || row.merged_into !== null) return false;
        return (
          !row.review_requested_at || at.getTime() >= Date.parse(row.review_requested_at) + REVIEW_EVERY_MS
        );
      });
      if (!due.length) return 0;
      const written = await messaging.enqueueTextsOnce(
        trx,
        due.map((c) => ({
          leadId: c.leadId,
          phone: c.phone,
          key: `lead:${c.leadId}:review`,
          body: fillText(s.reviews.text, {
            name: firstNameOf(c.name),
            caseNumber: c.caseNumber ?? caseNumberFor(c.leadId),
            part: '',
            link: '',
            expires: '',
            business: config.site.name,
            reviewUrl: s.reviews.url,
            answer: '',
          }),
        })),
        at,
      );
      await markReviewRequested(
        trx,
        due.map((c) => c.customerId),
        at,
      );
      await insertLeadEvents(
        trx,
        due.map((c) => ({
          leadId: c.leadId,
          type: 'review_request',
          fromStatus: null,
          toStatus: null,
          actor: FOLLOW_UP_ACTOR,
          detail: null,
          at,
        })),
      );
      return written;
    });
  }

  return {
    /**
     * One pass: the follow-ups and review requests due now, each written once (in every process,
     * each minute). Returns how many of each it wrote.
     */
    async run(): Promise<{ followUps: number; reviews: number }> {
      const at = now();
      const s = await settings.get();
      const followUps = await sendFollowUps(at, s);
      const reviews = await sendReviewRequests(at, s);
      if (followUps || reviews) messaging.outbox.kick();
      return { followUps, reviews };
    },
  };
}

export type FollowUpsService = ReturnType<typeof followUpsService>;
