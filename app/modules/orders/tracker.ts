/**
 * The order as the customer follows it on their private link (issue 29 item 3): each part's steps
 * with the day it reached each, the day it is expected, the carrier's tracking page, and, once a
 * part waits at the counter, where and when to pick it up. Nothing about suppliers, costs or
 * references: only what the customer needs. Pure.
 */
import { linePartName, type NamedPart } from '../messages/part-name.ts';
import { centralDay } from '../quotes/quote.ts';
import {
  CARRIERS,
  linesSummary,
  stepIndex,
  stepLabel,
  trackingUrl,
  type LineStep,
  type OrderLine,
} from './orders.ts';

/** The steps the customer sees (our 'to order' and 'ordered' are one: 'Ordered'). */
const CUSTOMER_STEPS: readonly { step: LineStep; reachedAt: keyof OrderLine | null }[] = [
  { step: 'ordered', reachedAt: 'orderedAt' },
  { step: 'shipped', reachedAt: null },
  { step: 'arrived', reachedAt: 'arrivedAt' },
  { step: 'ready', reachedAt: 'readyAt' },
  { step: 'done', reachedAt: 'doneAt' },
];

export type TrackedPart = {
  part: string;
  /** where it is now, in words: 'Shipped to us', 'Ready for pickup' */
  now: string;
  steps: { label: string; done: boolean; current: boolean; day: string | null }[];
  /** the day it is expected, while it is on its way */
  expected: string | null;
  tracking: { carrier: string; number: string; url: string } | null;
};

export type CustomerOrder = {
  /**
   * The page's banner (issue 48 item 6): where the order is, by its least advanced part, and the
   * texts still to come, only those the product sends (none when staff turned them off).
   */
  banner: { title: string; body: string };
  /** '1 of 2 parts ready', 'Your part is on its way' */
  summary: string;
  parts: TrackedPart[];
  /** where and when to collect, once a part waits at the counter */
  /** `address` null: the owner has not set a pickup place yet; the page says we will text it */
  pickup: { address: string | null; hours: readonly string[] } | null;
};

/** A YYYY-MM-DD date as the customer reads it ('Tuesday, December 1'). */
const day = (date: string) => centralDay(new Date(`${date}T18:00:00Z`));

/**
 * The banner of an accepted quote's page, from the order's least advanced part: where it is, and
 * the texts still to come, only those order-lines.ts sends (ordered, shipped to us, ready or out
 * for delivery) and none when staff turned the lead's texts off.
 */
function orderBanner(lines: readonly OrderLine[], texts: boolean): CustomerOrder['banner'] {
  const least = [...lines].sort((a, b) => stepIndex(a.step) - stepIndex(b.step))[0]!;
  const one = lines.length === 1;
  const parts = one ? 'part' : 'parts';
  const is = one ? 'is' : 'are';
  const it = one ? 'it' : 'them';
  const ships = one ? 'it ships' : 'they ship';
  const ready = `${one ? 'it is' : 'they are'} ${least.handover === 'pickup' ? 'ready for pickup' : 'out for delivery'}`;
  const now: Record<LineStep, string> = {
    to_order: `Thank you! We are ordering your ${parts} now.`,
    ordered: `We have ordered your ${parts} from our supplier.`,
    shipped: `Your ${parts} ${is} on the way to us.`,
    arrived: `Your ${parts} ${is} here; we are getting ${it} ready.`,
    ready:
      least.handover === 'pickup'
        ? `Your ${parts} ${is} ready for pickup: where and when are below.`
        : `Your ${parts} ${is} out for delivery.`,
    done: 'Thank you for your order!',
  };
  const toCome: Partial<Record<LineStep, string>> = {
    to_order: `We will text you when we have ordered ${it}, when ${ships} to us and when ${ready}.`,
    ordered: `We will text you when ${ships} to us and when ${ready}.`,
    shipped: `We will text you when ${ready}.`,
    arrived: `We will text you when ${ready}.`,
  };
  const title =
    least.step === 'to_order'
      ? 'Quote accepted'
      : one
        ? stepLabel(least.step, least.handover)
        : linesSummary(lines);
  const more = texts ? toCome[least.step] : undefined;
  return { title, body: more ? `${now[least.step]} ${more}` : now[least.step] };
}

export function customerOrder(
  lines: readonly OrderLine[],
  place: { pickupAddress: string | null; hours: readonly string[] },
  /** whether the order's texts go out (staff may turn them off for a lead) */
  texts: boolean,
  /** the request: its part name names the first line, as the texts do (part-name.ts) */
  lead: NamedPart,
): CustomerOrder | null {
  if (!lines.length) return null;
  const first = Math.min(...lines.map((l) => l.id));
  const parts = lines.map((line): TrackedPart => {
    // 'to order' shows as the first step not yet reached
    const at = stepIndex(line.step);
    const steps = CUSTOMER_STEPS.map(({ step, reachedAt }) => {
      const done = stepIndex(step) <= at;
      const when = reachedAt && done ? (line[reachedAt] as string | null) : null;
      return {
        label: stepLabel(step, line.handover),
        done,
        current: step === line.step,
        day: when ? centralDay(new Date(when)) : null,
      };
    });
    const onItsWay = at < stepIndex('arrived');
    const url = onItsWay ? trackingUrl(line.carrier, line.trackingNumber) : undefined;
    return {
      part: linePartName(line, first, lead),
      now: line.step === 'to_order' ? 'Being ordered' : stepLabel(line.step, line.handover),
      steps,
      expected: onItsWay && line.promisedDate ? day(line.promisedDate) : null,
      tracking:
        url && line.carrier && line.trackingNumber
          ? { carrier: CARRIERS[line.carrier].name, number: line.trackingNumber, url }
          : null,
    };
  });
  const waiting = lines.some((l) => l.step === 'ready' && l.handover === 'pickup');
  return {
    banner: orderBanner(lines, texts),
    summary: linesSummary(lines),
    parts,
    pickup: waiting ? { address: place.pickupAddress, hours: place.hours } : null,
  };
}
