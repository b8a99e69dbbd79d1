/**
 * The order as the customer follows it on their private link (issue 29 item 3): each part's steps
 * with the day it reached each, the day it is expected, the carrier's tracking page, and, once a
 * part waits at the counter, where and when to pick it up. Nothing about suppliers, costs or
 * references: only what the customer needs. Pure.
 */
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
  /** '1 of 2 parts ready', 'Your part is on its way' */
  summary: string;
  parts: TrackedPart[];
  /** where and when to collect, once a part waits at the counter */
  pickup: { address: string; hours: readonly string[] } | null;
};

/** A YYYY-MM-DD date as the customer reads it ('Tuesday, December 1'). */
const day = (date: string) => centralDay(new Date(`${date}T18:00:00Z`));

export function customerOrder(
  lines: readonly OrderLine[],
  place: { pickupAddress: string; hours: readonly string[] },
): CustomerOrder | null {
  if (!lines.length) return null;
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
      part: line.part,
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
    summary: linesSummary(lines),
    parts,
    pickup: waiting ? { address: place.pickupAddress, hours: place.hours } : null,
  };
}
