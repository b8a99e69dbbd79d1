/**
 * The texts sent to the customer about an order (issue 29, decisions 0150 and 0181): the part
 * ordered, ready or out for delivery, its promised date moved, and the reminders of a part not
 * collected. Each is written once under its key (`lead:{id}:line:{line}:…`), in the caller's
 * transaction, with a link of its own and an e-mail copy where the lead has an address, held past
 * quiet hours, and not at all when staff switched the lead's automatic texts off. Who decides that a
 * moment came is order-lines.ts (staff's moves and changes) and order-reminders.ts (the pass).
 */
import {
  dateMovedText,
  orderedText,
  readyText,
  reminderText,
  shippedText,
} from '#app/modules/messages/order-messages.ts';
import { linePartName } from '#app/modules/messages/part-name.ts';
import { CARRIERS, trackingUrl } from '#app/modules/orders/orders.ts';
import { afterQuietHours } from '#app/modules/shared/quiet-hours.ts';
import { centralDay } from '#app/modules/quotes/quote.ts';
import { mintLeadLinks } from '../db/repo/lead-links.ts';
import { firstLineIds, type OrderLine } from '../db/repo/orders.ts';
import type { Tx } from '../db/schema.ts';
import type { ServiceDeps } from './context.ts';
import type { Messaging } from './messaging.ts';

/** What a text of an order needs of its lead. */
export type TextedLead = {
  id: number;
  case_number: string | null;
  phone: string;
  email: string | null;
  auto_texts: number;
  /** what the customer wrote: the part's name in the texts (`partName`, part-name.ts) */
  description: string | null;
  part_number: string | null;
  short_part_name: string | null;
};

/** What every text of a line names: the business, the order's case number, the part. */
type Named = { siteName: string; caseNumber: string; part: string };

/**
 * One moment to tell a customer of: its lead and line, its key within the lead, and its words
 * (given the link and what names the line).
 */
type Moment = { lead: TextedLead; line: OrderLine; key: string; body: (url: string, o: Named) => string };

/** A promised date (YYYY-MM-DD, Winnipeg) as the customer's text names the day. */
const dayOf = (date: string) => centralDay(new Date(`${date}T18:00:00Z`));

export function orderTexts(deps: ServiceDeps, parts: { messaging: Messaging }) {
  const { config } = deps;
  const { messaging } = parts;

  /**
   * Writes the texts (and e-mail copies) of `moments` whose leads have automatic texts on: a
   * handful of statements for any number of them (the reminders pass writes a hundred at once).
   */
  async function tellAll(trx: Tx, moments: readonly Moment[], at: Date) {
    const texted = moments.filter((m) => m.lead.auto_texts);
    const firsts = await firstLineIds(
      trx,
      texted.map((m) => m.lead.id),
    );
    const urls = await mintLeadLinks(
      trx,
      config.baseUrl,
      texted.map((m) => ({ leadId: m.lead.id, version: null })),
      at,
    );
    const notBefore = afterQuietHours(at, deps.shop.current().quietHours);
    const texts = texted.map((m, i) => ({
      lead: m.lead,
      key: `lead:${m.lead.id}:${m.key}`,
      body: m.body(urls[i]!, {
        siteName: config.site.name,
        caseNumber: m.lead.case_number ?? '',
        part: linePartName(m.line, firsts.get(m.lead.id) ?? m.line.id, {
          description: m.lead.description,
          partNumber: m.lead.part_number,
          shortPartName: m.lead.short_part_name,
        }),
      }),
    }));
    await messaging.enqueueTextsOnce(
      trx,
      texts.map((t) => ({ leadId: t.lead.id, phone: t.lead.phone, body: t.body, key: t.key, notBefore })),
      at,
    );
    await messaging.enqueueCustomerEmailsOnce(
      trx,
      texts.map((t) => ({
        leadId: t.lead.id,
        email: t.lead.email,
        subject: `${config.site.name}: order ${t.lead.case_number ?? ''}`.trim(),
        body: t.body,
        key: `${t.key}:email`,
        notBefore,
      })),
      at,
    );
  }

  return {
    /** The part ordered from the supplier, with its promised day when one is set. */
    ordered(trx: Tx, lead: TextedLead, line: OrderLine, at: Date) {
      const day = line.promisedDate ? dayOf(line.promisedDate) : null;
      return tellAll(
        trx,
        [
          {
            lead,
            line,
            key: `line:${line.id}:ordered`,
            body: (url, o) => orderedText({ ...o, url, day }),
          },
        ],
        at,
      );
    },

    /** The part shipped to us by the supplier, with the carrier's tracking link when known. */
    shipped(trx: Tx, lead: TextedLead, line: OrderLine, at: Date) {
      const url = trackingUrl(line.carrier, line.trackingNumber);
      const tracking = url && line.carrier ? { carrier: CARRIERS[line.carrier].name, url } : null;
      return tellAll(
        trx,
        [
          {
            lead,
            line,
            key: `line:${line.id}:shipped`,
            body: (link, o) => shippedText({ ...o, url: link, tracking }),
          },
        ],
        at,
      );
    },

    /** The part ready for pickup, or out for delivery. */
    ready(trx: Tx, lead: TextedLead, line: OrderLine, at: Date) {
      return tellAll(
        trx,
        [
          {
            lead,
            line,
            key: `line:${line.id}:ready`,
            body: (url, o) => readyText({ ...o, url, handover: line.handover }),
          },
        ],
        at,
      );
    },

    /** The promised date moved to `date` (and why, when staff say): once per date. */
    dateMoved(
      trx: Tx,
      lead: TextedLead,
      line: OrderLine,
      change: { date: string; why: string | null },
      at: Date,
    ) {
      const { date, why } = change;
      return tellAll(
        trx,
        [
          {
            lead,
            line,
            key: `line:${line.id}:date:${date}`,
            body: (url, o) => dateMovedText({ ...o, url, day: dayOf(date), why }),
          },
        ],
        at,
      );
    },

    /** The 'still waiting for you' reminders of parts ready and not collected, once per day count. */
    reminders(trx: Tx, reminders: readonly { lead: TextedLead; line: OrderLine; days: number }[], at: Date) {
      return tellAll(
        trx,
        reminders.map(({ lead, line, days }) => ({
          lead,
          line,
          key: `line:${line.id}:reminder:${days}`,
          body: (url: string, o: Named) => reminderText({ ...o, url }),
        })),
        at,
      );
    },

    /** Wakes the outbox for what was just written (after the caller's transaction committed). */
    kick: () => messaging.outbox.kick(),
  };
}

export type OrderTexts = ReturnType<typeof orderTexts>;
