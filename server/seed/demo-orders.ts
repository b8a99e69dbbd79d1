/**
 * The demo's suppliers and the purchase lines of its year of orders (issue 29, decision 0150), so
 * the orders screen and the margins and supplier figures mean something on first start: each
 * ordered lead of the history bought its part from one of a handful of Manitoba suppliers, at a
 * cost near what was quoted (sometimes more), arriving around the supplier's usual lead time
 * (some late); fulfilled ones handed over. Drawn from a fixed seed, like the rest of the history.
 * Names are made up; phone numbers stay in the fictitious 555-01xx range.
 */
import { businessDay } from '#app/modules/orders/order-timing.ts';
import type { Carrier, LineStep, SupplierFields } from '#app/modules/orders/orders.ts';
import { etaDate } from '#app/modules/quotes/quote.ts';

export const DEMO_SUPPLIERS: readonly (SupplierFields & { reliability: number; carrier: Carrier | null })[] =
  [
    {
      name: 'Prairie Hydraulics Supply',
      phone: '(204) 555-0161',
      email: 'counter@prairiehydraulics.example',
      website: 'https://prairiehydraulics.example',
      accountNumber: 'PH-20418',
      leadTimeDays: 1,
      notes: 'Winnipeg counter, open 7-5. Hoses made while you wait.',
      reliability: 0.95,
      carrier: null,
    },
    {
      name: 'Westman Ag Parts',
      phone: '(204) 555-0162',
      email: 'orders@westmanag.example',
      website: 'https://westmanag.example',
      accountNumber: 'WAP-7731',
      leadTimeDays: 3,
      notes: 'Brandon. Best for combine and baler parts.',
      reliability: 0.85,
      carrier: 'day_ross',
    },
    {
      name: 'Red River Bearings & Seals',
      phone: '(204) 555-0163',
      email: 'sales@rrbearings.example',
      website: null,
      accountNumber: 'RRB-1190',
      leadTimeDays: 2,
      notes: null,
      reliability: 0.9,
      carrier: 'purolator',
    },
    {
      name: 'Keystone Truck & Trailer',
      phone: '(204) 555-0164',
      email: 'parts@keystonetruck.example',
      website: 'https://keystonetruck.example',
      accountNumber: 'KTT-5502',
      leadTimeDays: 4,
      notes: 'Brakes, axles, air systems. Ask for the fleet price.',
      reliability: 0.75,
      carrier: 'loomis',
    },
    {
      name: 'Great Plains OEM Direct',
      phone: '(204) 555-0165',
      email: 'dealer@gpoem.example',
      website: 'https://gpoem.example',
      accountNumber: 'GPO-3308',
      leadTimeDays: 6,
      notes: 'Dealer orders from the US warehouse: customs adds a day or two.',
      reliability: 0.65,
      carrier: 'ups',
    },
  ];

const DAY = 86_400_000;
const HOUR = 3_600_000;

export type DemoLine = {
  supplier: number;
  part: string;
  quotedCost: number;
  actualCost: number;
  step: LineStep;
  promisedDate: string;
  carrier: Carrier | null;
  trackingNumber: string | null;
  orderedAt: Date | null;
  arrivedAt: Date | null;
  readyAt: Date | null;
  doneAt: Date | null;
  createdAt: Date;
};

/**
 * The purchase line of a demo lead ordered at `orderedAt` (fulfilled at `fulfilledAt`, if it was),
 * quoted at `quotedCost` cents, as seen at `now`.
 */
export function demoLine(
  rnd: () => number,
  lead: { part: string; quotedCost: number; orderedAt: Date; fulfilledAt: Date | null },
  now: Date,
): DemoLine {
  const supplier = Math.floor(rnd() * DEMO_SUPPLIERS.length);
  const s = DEMO_SUPPLIERS[supplier]!;
  const lead_time = s.leadTimeDays ?? 2;
  // ordered from the supplier within a few business hours of the yes
  const orderedAt = new Date(lead.orderedAt.getTime() + (1 + rnd() * 5) * HOUR);
  const promised = etaDate(orderedAt, lead_time);
  // most parts come when promised; the less reliable suppliers' slip one to four days
  const late = rnd() > s.reliability ? 1 + Math.floor(rnd() * 4) : 0;
  const arrives = new Date(etaDate(orderedAt, lead_time + late).getTime() - rnd() * 6 * HOUR);
  // the real cost: usually a little under or over the quote, now and then a surprise
  const drift = rnd() < 0.1 ? 1.1 + rnd() * 0.2 : 0.93 + rnd() * 0.12;
  const line: DemoLine = {
    supplier,
    part: lead.part,
    quotedCost: lead.quotedCost,
    actualCost: Math.round(lead.quotedCost * drift),
    step: 'ordered',
    promisedDate: businessDay(promised),
    carrier: s.carrier,
    trackingNumber: s.carrier ? String(100_000_000 + Math.floor(rnd() * 800_000_000)) : null,
    orderedAt,
    arrivedAt: null,
    readyAt: null,
    doneAt: null,
    createdAt: lead.orderedAt,
  };
  const doneAt = lead.fulfilledAt;
  if (doneAt) {
    const arrivedAt = arrives < doneAt ? arrives : new Date(doneAt.getTime() - 2 * HOUR);
    return { ...line, step: 'done', arrivedAt, readyAt: new Date(arrivedAt.getTime() + HOUR), doneAt };
  }
  // still open at `now`: where it has got to
  if (arrives.getTime() + HOUR <= now.getTime()) {
    return { ...line, step: 'ready', arrivedAt: arrives, readyAt: new Date(arrives.getTime() + HOUR) };
  }
  if (s.carrier && orderedAt.getTime() + DAY <= now.getTime()) return { ...line, step: 'shipped' };
  return orderedAt <= now ? line : { ...line, step: 'to_order', orderedAt: null };
}
