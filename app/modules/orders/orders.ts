/**
 * What happens after a customer says yes (issue 29, docs/decisions/0150-orders.md): an ordered lead
 * has one or more purchase lines, each a part bought from a supplier, and each line moves through
 * the steps below, forward only, one action at a time, with an explicit, recorded 'undo last step'.
 * The lead is fulfilled when every line is done. Also here: the carriers this region uses and their
 * tracking pages, and what staff type for a line and a supplier, with its messages.
 * Pure: no React, no I/O.
 */
import { z } from 'zod';
import { partName, type NamedPart } from '../messages/part-name.ts';
import { MAX_COST_CENTS, optionalText } from '../quotes/quote.ts';
import { rowIdSchema } from '../site/row-id.ts';

/** A line's steps, in order. 'ready' and 'done' read differently for a pickup and a delivery. */
export const LINE_STEPS = ['to_order', 'ordered', 'shipped', 'arrived', 'ready', 'done'] as const;
export type LineStep = (typeof LINE_STEPS)[number];

/** How the part reaches the customer once it is here. */
export const HANDOVERS = ['pickup', 'delivery'] as const;
export type Handover = (typeof HANDOVERS)[number];

const STEP_LABELS: Record<LineStep, string | Record<Handover, string>> = {
  // accepted by the customer, not yet ordered from a supplier: never read as the board's "Ordered"
  // (issue 48 item 7)
  to_order: 'Accepted, to order',
  ordered: 'Ordered from supplier',
  shipped: 'Shipped to us',
  arrived: 'Arrived',
  ready: { pickup: 'Ready for pickup', delivery: 'Out for delivery' },
  done: { pickup: 'Picked up', delivery: 'Delivered' },
};

/** The words for a step, e.g. 'Ready for pickup' or 'Out for delivery'. */
export function stepLabel(step: LineStep, handover: Handover): string {
  const label = STEP_LABELS[step];
  return typeof label === 'string' ? label : label[handover];
}

export const stepIndex = (step: LineStep): number => LINE_STEPS.indexOf(step);

/** The step after `step`; undefined for 'done'. */
export function nextStep(step: LineStep): LineStep | undefined {
  return LINE_STEPS[stepIndex(step) + 1];
}

export const ORDER_MESSAGES = {
  backwards: 'A part only moves forward. Use "Undo last step" to take a step back.',
  same: 'The part is already at that step.',
  nothingToUndo: 'There is no step to undo.',
  lineDone: 'This part has been handed over; nothing more to do.',
  changed: 'Someone else moved this part just now. Here is where it is.',
  promisedBeforeOrder: 'The promised date cannot be before the order date.',
  cost: 'Cost must be 0 or more, in cents.',
  carrier: 'Choose a carrier from the list.',
  supplier: 'Choose a supplier.',
  supplierName: 'Supplier name is required.',
  leadTime: 'Lead time must be a whole number of days from 0 to 365.',
  date: 'Enter a date as YYYY-MM-DD.',
  notOrdered: 'Only an ordered lead has parts to order.',
  orderedSupplier: 'Choose the supplier the part was ordered from.',
  orderedPromised: 'Enter the date the supplier promised, as YYYY-MM-DD.',
} as const;

/**
 * Whether a line at `from` may move to `to`: forward only, to any later step (a local supplier's
 * part needs no 'shipped'), one move at a time. A message when it may not.
 */
export function checkMove(from: LineStep, to: LineStep): string | undefined {
  if (from === 'done') return ORDER_MESSAGES.lineDone;
  if (to === from) return ORDER_MESSAGES.same;
  if (stepIndex(to) < stepIndex(from)) return ORDER_MESSAGES.backwards;
  return undefined;
}

/**
 * The carriers the region's suppliers ship with, and the page that tracks a number with each. The
 * number is put into the URL encoded, so whatever staff typed cannot change the address.
 */
export const CARRIERS = {
  purolator: { name: 'Purolator', url: 'https://www.purolator.com/en/shipping/tracker?pin={n}' },
  canada_post: {
    name: 'Canada Post',
    url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  },
  ups: { name: 'UPS', url: 'https://www.ups.com/track?loc=en_CA&tracknum={n}' },
  fedex: { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbrs={n}' },
  day_ross: { name: 'Day & Ross', url: 'https://dayross.com/view-shipment-tracking?pro={n}' },
  loomis: {
    name: 'Loomis Express',
    url: 'https://www.loomis-express.com/loomship/Track/TrackStatus?wbs={n}',
  },
} as const;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as Carrier[];

/** The carrier's tracking page for a number; undefined without a carrier or a number. */
export function trackingUrl(carrier: Carrier | null, trackingNumber: string | null): string | undefined {
  const number = trackingNumber?.trim();
  if (!carrier || !number) return undefined;
  return CARRIERS[carrier].url.replace('{n}', encodeURIComponent(number));
}

export const MAX_LINE_TEXT = 120;
export const MAX_SUPPLIER_NOTES = 2_000;
export const MAX_LEAD_TIME_DAYS = 365;

const text = optionalText;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not). */
const isoDate = z
  .string()
  .trim()
  .refine((v) => {
    if (!DATE.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, ORDER_MESSAGES.date);

/** What staff give for a purchase line: all optional but the part; cost in cents. */
export const lineFieldsSchema = z.object({
  part: z
    .string()
    .trim()
    .min(1, 'Name the part.')
    .max(MAX_LINE_TEXT, `The part can be at most ${MAX_LINE_TEXT} characters`),
  supplierId: rowIdSchema(ORDER_MESSAGES.supplier).optional().nullable(),
  orderRef: text(MAX_LINE_TEXT, 'The order reference'),
  actualCost: z.coerce
    .number({ message: ORDER_MESSAGES.cost })
    .int(ORDER_MESSAGES.cost)
    .min(0, ORDER_MESSAGES.cost)
    .max(MAX_COST_CENTS, 'Cost is too large')
    .optional()
    .nullable(),
  promisedDate: isoDate.optional().nullable(),
  carrier: z
    .enum(CARRIER_IDS as [Carrier, ...Carrier[]], { message: ORDER_MESSAGES.carrier })
    .optional()
    .nullable(),
  trackingNumber: text(60, 'The tracking number'),
  handover: z.enum(HANDOVERS).default('pickup'),
});
export type LineFields = z.output<typeof lineFieldsSchema>;
/** A change to a line: any of its fields (a field left out stays as it is: no default here). */
export const lineChangeSchema = lineFieldsSchema.extend({ handover: z.enum(HANDOVERS) }).partial();
export type LineChange = z.output<typeof lineChangeSchema>;

/**
 * What 'Mark ordered' asks for (issue 48 item 7, decision 0195): the supplier the part was ordered
 * from and the date they promised, so the suppliers' on-time figures of /admin/insights
 * (app/modules/insights/insights.ts) count every order. Required when a line leaves 'Accepted,
 * to order' (to ordered, or further for a part that skips a step), whether staff give them with
 * the move or the line already has them.
 */
export const markOrderedSchema = z.object({
  supplierId: rowIdSchema(ORDER_MESSAGES.orderedSupplier),
  promisedDate: z
    .string({ message: ORDER_MESSAGES.orderedPromised })
    .trim()
    .min(1, ORDER_MESSAGES.orderedPromised)
    .pipe(isoDate),
});
export type MarkOrdered = z.output<typeof markOrderedSchema>;

/** Whether a move from `from` to `to` orders the part from its supplier (it leaves 'to order'). */
export const ordersThePart = (from: LineStep, to: LineStep): boolean =>
  from === 'to_order' && stepIndex(to) > stepIndex('to_order');

/** The promised date may not be before the day the line was ordered (YYYY-MM-DD, business zone). */
export function checkPromisedDate(
  promisedDate: string | null | undefined,
  orderedDay: string,
): string | undefined {
  return promisedDate && promisedDate < orderedDay ? ORDER_MESSAGES.promisedBeforeOrder : undefined;
}

/** A supplier as staff type it. */
export const supplierSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, ORDER_MESSAGES.supplierName)
    .max(MAX_LINE_TEXT, `Supplier name can be at most ${MAX_LINE_TEXT} characters`),
  phone: text(40, 'The phone'),
  email: z
    .string()
    .trim()
    .max(254, 'The e-mail can be at most 254 characters')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter a valid e-mail address.')
    .optional()
    .nullable()
    .transform((v) => v || null),
  website: z
    .string()
    .trim()
    .max(300, 'The website can be at most 300 characters')
    .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Enter the website as https://…')
    .optional()
    .nullable()
    .transform((v) => v || null),
  accountNumber: text(60, 'The account number'),
  leadTimeDays: z.coerce
    .number({ message: ORDER_MESSAGES.leadTime })
    .int(ORDER_MESSAGES.leadTime)
    .min(0, ORDER_MESSAGES.leadTime)
    .max(MAX_LEAD_TIME_DAYS, ORDER_MESSAGES.leadTime)
    .optional()
    .nullable(),
  notes: text(MAX_SUPPLIER_NOTES, 'Notes'),
});
export type SupplierFields = z.output<typeof supplierSchema>;
/** A supplier as stored and listed. */
export type Supplier = SupplierFields & { id: number; archived: boolean };

/** A purchase line as stored and shown (times as ISO text, costs in cents). */
export type OrderLine = {
  id: number;
  leadId: number;
  part: string;
  supplierId: number | null;
  supplierName: string | null;
  orderRef: string | null;
  quotedCost: number | null;
  actualCost: number | null;
  step: LineStep;
  previousStep: LineStep | null;
  handover: Handover;
  promisedDate: string | null;
  carrier: Carrier | null;
  trackingNumber: string | null;
  orderedAt: string | null;
  arrivedAt: string | null;
  readyAt: string | null;
  doneAt: string | null;
  remindedDays: number | null;
  revision: number;
  createdAt: string;
};

/** What the lead dialog shows of an order. */
export type LeadOrder = {
  lines: OrderLine[];
  autoTexts: boolean;
  suppliers: { id: number; name: string }[];
};

/** A lead's lines in a few words for the customer: '1 of 2 parts ready', 'Your part is on its way'. */
export function linesSummary(lines: readonly { step: LineStep }[]): string {
  const done = lines.filter((l) => l.step === 'done').length;
  const ready = lines.filter((l) => l.step === 'ready').length;
  if (done === lines.length)
    return lines.length === 1 ? 'Your part has been handed over' : 'All your parts have been handed over';
  if (lines.length === 1) {
    const [{ step }] = lines as [{ step: LineStep }];
    if (step === 'to_order') return 'We are ordering your part';
    if (step === 'arrived') return 'Your part has arrived at our shop';
    return step === 'ready' ? 'Your part is ready' : 'Your part is on its way';
  }
  const handedOver = done ? `${done} of ${lines.length} parts handed over` : '';
  if (!done) return `${ready} of ${lines.length} parts ready`;
  return ready ? `${handedOver}, ${ready} ready` : handedOver;
}

/** A line as the orders screen lists it. */
export type OrdersRow = {
  leadId: number;
  lineId: number;
  revision: number;
  caseNumber: string;
  customer: string;
  part: string;
  supplierId: number | null;
  supplierName: string | null;
  step: LineStep;
  stepLabel: string;
  /** the one-action move forward, when there is one */
  next: { step: LineStep; label: string } | null;
  canUndo: boolean;
  promisedDate: string | null;
  /** why it is on top, in words */
  exception: string | null;
};

/** The orders screen: what needs staff first, then the open lines by step. */
export type OrdersBoard = {
  exceptions: OrdersRow[];
  /** each step's lines: how many in all, and the first of them */
  steps: { step: LineStep; label: string; total: number; rows: OrdersRow[] }[];
  /** the suppliers 'Mark ordered' offers */
  suppliers: { id: number; name: string }[];
};

/** The words of the button that moves a line to `step`. */
export function moveLabel(step: LineStep, handover: Handover): string {
  const labels: Record<LineStep, string> = {
    to_order: 'To order',
    ordered: 'Mark ordered',
    shipped: 'Mark shipped',
    arrived: 'Mark arrived',
    ready: handover === 'pickup' ? 'Mark ready for pickup' : 'Mark out for delivery',
    done: handover === 'pickup' ? 'Mark picked up' : 'Mark delivered',
  };
  return labels[step];
}

/**
 * What the first purchase line of an order buys, as staff read it: the request's part name and
 * machine ('Hydraulic pump, 2015 John Deere 6120') and, when the customer chose an option, its
 * name, brand and part number, in one pair of brackets. The customer's texts and page name the
 * line by the lead's part name alone (`linePartName`, app/modules/messages/part-name.ts).
 */
export function firstLinePart(
  request: NamedPart & { year: string | null; make: string | null; model: string | null },
  option?: { label: string | null; brand: string | null; partNumber: string | null } | null,
): string {
  const chosen = option ? [option.label, option.brand, option.partNumber].filter(Boolean).join(', ') : '';
  const machine = [request.year, request.make, request.model].filter(Boolean).join(' ');
  const part = [partName(request), machine].filter(Boolean).join(', ');
  return (chosen ? `${part} (${chosen.replace(/[()]/g, '')})` : part).slice(0, MAX_LINE_TEXT);
}

/**
 * Dollars as staff type them ('45', '45.5', '$1,234.56') in cents for the API; the text itself when
 * it is not an amount (the schema then says what is wrong), undefined when empty.
 */
export function centsOfDollars(text: string): number | string | undefined {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!plain) return undefined;
  return /^-?\d+(\.\d{1,2})?$/.test(plain) ? Math.round(Number(plain) * 100) : text;
}

const SHORT_DAY = new Intl.DateTimeFormat('en-CA', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD date as staff scan it: 'Thu, Nov 26' (the same on the server and in the browser). */
export function shortDay(date: string): string {
  return SHORT_DAY.format(new Date(`${date}T12:00:00Z`));
}
