import { describe, expect, it } from 'vitest';
import { customerOrder } from './tracker.ts';
import { businessDay, dueReminder, lineException } from './order-timing.ts';
import {
  CARRIER_IDS,
  checkMove,
  checkPromisedDate,
  LINE_STEPS,
  lineChangeSchema,
  lineFieldsSchema,
  linesSummary,
  nextStep,
  ORDER_MESSAGES,
  shortDay,
  stepLabel,
  supplierSchema,
  trackingUrl,
  type OrderLine,
} from './orders.ts';

describe('the step machine', () => {
  it('goes to order → ordered → shipped → arrived → ready → done, and no further', () => {
    const walked: string[] = [LINE_STEPS[0]];
    for (let s = nextStep('to_order'); s; s = nextStep(s)) walked.push(s);
    expect(walked).toEqual(['to_order', 'ordered', 'shipped', 'arrived', 'ready', 'done']);
    expect(nextStep('done')).toBeUndefined();
  });

  it('moves forward to any later step, never back, never to the same step, never out of done', () => {
    expect(checkMove('to_order', 'ordered')).toBeUndefined();
    expect(checkMove('ordered', 'arrived')).toBeUndefined(); // a local supplier: nothing shipped
    expect(checkMove('arrived', 'shipped')).toBe(ORDER_MESSAGES.backwards);
    expect(checkMove('ready', 'ready')).toBe(ORDER_MESSAGES.same);
    expect(checkMove('done', 'ready')).toBe(ORDER_MESSAGES.lineDone);
  });

  it('names ready and done by how the part is handed over', () => {
    expect(stepLabel('ready', 'pickup')).toBe('Ready for pickup');
    expect(stepLabel('ready', 'delivery')).toBe('Out for delivery');
    expect(stepLabel('done', 'pickup')).toBe('Picked up');
    expect(stepLabel('done', 'delivery')).toBe('Delivered');
    expect(stepLabel('shipped', 'delivery')).toBe('Shipped to us');
  });

  it('sums the lines up for the customer', () => {
    expect(linesSummary([{ step: 'ready' }, { step: 'ordered' }])).toBe('1 of 2 parts ready');
    expect(linesSummary([{ step: 'done' }, { step: 'ready' }])).toBe('1 of 2 parts handed over, 1 ready');
    expect(linesSummary([{ step: 'done' }, { step: 'shipped' }, { step: 'ready' }])).toBe(
      '1 of 3 parts handed over, 1 ready',
    );
    expect(linesSummary([{ step: 'done' }, { step: 'shipped' }])).toBe('1 of 2 parts handed over');
    expect(linesSummary([{ step: 'to_order' }])).toBe('We are ordering your part');
    expect(linesSummary([{ step: 'arrived' }])).toBe('Your part has arrived at our shop');
    expect(linesSummary([{ step: 'done' }, { step: 'done' }])).toBe('All your parts have been handed over');
    expect(linesSummary([{ step: 'done' }])).toBe('Your part has been handed over');
    expect(linesSummary([{ step: 'shipped' }])).toBe('Your part is on its way');
    expect(linesSummary([{ step: 'ready' }])).toBe('Your part is ready');
  });
});

describe('tracking links', () => {
  it('has a template for each carrier of the region, each putting the number in the address', () => {
    expect(CARRIER_IDS).toEqual(['purolator', 'canada_post', 'ups', 'fedex', 'day_ross', 'loomis']);
    for (const carrier of CARRIER_IDS) {
      const url = new URL(trackingUrl(carrier, ' 1Z999AA10123456784 ')!);
      expect(url.protocol).toBe('https:');
      expect(url.href).toContain('1Z999AA10123456784');
    }
    expect(trackingUrl('purolator', '329000000123')).toBe(
      'https://www.purolator.com/en/shipping/tracker?pin=329000000123',
    );
  });

  it('encodes what staff typed, so it cannot change the address', () => {
    const url = trackingUrl('ups', '12&x=1#y')!;
    expect(url).toBe('https://www.ups.com/track?loc=en_CA&tracknum=12%26x%3D1%23y');
  });

  it('shows a promised date as staff scan it', () => {
    expect(shortDay('2026-11-26')).toBe('Thu, Nov 26');
  });

  it('has none without a carrier or a number', () => {
    expect(trackingUrl(null, '123')).toBeUndefined();
    expect(trackingUrl('fedex', '  ')).toBeUndefined();
    expect(trackingUrl('fedex', null)).toBeUndefined();
  });
});

describe('what staff type', () => {
  it('takes a line with a known carrier, a cost in cents and a real date', () => {
    const line = lineFieldsSchema.parse({
      part: 'Hydraulic pump',
      supplierId: '3',
      actualCost: '4500',
      promisedDate: '2026-12-03',
      carrier: 'day_ross',
      trackingNumber: ' 88812 ',
    });
    expect(line).toMatchObject({
      part: 'Hydraulic pump',
      supplierId: 3,
      actualCost: 4500,
      promisedDate: '2026-12-03',
      carrier: 'day_ross',
      trackingNumber: '88812',
      handover: 'pickup',
    });
  });

  it('refuses a negative cost, an unknown carrier and a date that does not exist, each with its message', () => {
    const result = lineFieldsSchema.safeParse({
      part: 'Pump',
      actualCost: -1,
      carrier: 'pony-express',
      promisedDate: '2026-02-30',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      actualCost: ORDER_MESSAGES.cost,
      carrier: ORDER_MESSAGES.carrier,
      promisedDate: ORDER_MESSAGES.date,
    });
  });

  it('changes only the fields a change names', () => {
    expect(lineChangeSchema.parse({ promisedDate: '2026-12-01' })).toEqual({ promisedDate: '2026-12-01' });
    expect(lineChangeSchema.parse({ handover: 'delivery', orderRef: '' })).toEqual({
      handover: 'delivery',
      orderRef: null,
    });
  });

  it('refuses a promised date before the order', () => {
    expect(checkPromisedDate('2026-11-25', '2026-11-26')).toBe(ORDER_MESSAGES.promisedBeforeOrder);
    expect(checkPromisedDate('2026-11-26', '2026-11-26')).toBeUndefined();
    expect(checkPromisedDate(null, '2026-11-26')).toBeUndefined();
  });

  it('takes a supplier with a name, and says what is wrong with the rest', () => {
    expect(
      supplierSchema.parse({ name: ' Prairie Hydraulics ', leadTimeDays: '2', email: '' }),
    ).toMatchObject({
      name: 'Prairie Hydraulics',
      leadTimeDays: 2,
      email: null,
    });
    const result = supplierSchema.safeParse({ name: ' ', leadTimeDays: -1, website: 'javascript:alert(1)' });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      name: ORDER_MESSAGES.supplierName,
      leadTimeDays: ORDER_MESSAGES.leadTime,
      website: 'Enter the website as https://…',
    });
  });
});

// Winnipeg is UTC-6 in winter (CST) and UTC-5 in summer (CDT)
const at = (iso: string) => new Date(iso);

describe('reminders of a part not collected', () => {
  const ready = at('2026-11-02T15:00:00Z');
  const day = 86_400_000;
  it('are due at 3 and at 14 days, once each', () => {
    expect(dueReminder(ready, new Date(ready.getTime() + 3 * day - 1), [])).toBeUndefined();
    expect(dueReminder(ready, new Date(ready.getTime() + 3 * day), [])).toBe(3);
    expect(dueReminder(ready, new Date(ready.getTime() + 5 * day), [3])).toBeUndefined();
    expect(dueReminder(ready, new Date(ready.getTime() + 14 * day), [3])).toBe(14);
    expect(dueReminder(ready, new Date(ready.getTime() + 20 * day), [3, 14])).toBeUndefined();
  });

  it('sends only the latest when both came due unsent', () => {
    expect(dueReminder(ready, new Date(ready.getTime() + 15 * day), [])).toBe(14);
    expect(dueReminder(ready, new Date(ready.getTime() + 16 * day), [14])).toBeUndefined();
  });
});

describe('what needs staff first', () => {
  const accepted = at('2026-11-23T16:00:00Z'); // Monday 10:00 CST
  const base = { step: 'ordered' as const, promisedDate: null, readyAt: null, acceptedAt: accepted };

  it('a part not arrived after its promised date is late, from the next day in Winnipeg', () => {
    const line = { ...base, promisedDate: '2026-11-25' };
    expect(lineException(line, at('2026-11-26T05:59:00Z'))).toBeUndefined(); // 23:59 on the 25th
    expect(lineException(line, at('2026-11-26T06:00:00Z'))).toBe('late');
    expect(lineException({ ...line, step: 'arrived' }, at('2026-11-27T12:00:00Z'))).toBeUndefined();
  });

  it('a part ready for more than 3 days is not collected', () => {
    const line = { ...base, step: 'ready' as const, readyAt: at('2026-11-23T18:00:00Z') };
    expect(lineException(line, at('2026-11-26T18:00:00Z'))).toBeUndefined();
    expect(lineException(line, at('2026-11-26T18:00:01Z'))).toBe('uncollected');
    expect(lineException({ ...line, step: 'done' }, at('2026-12-26T18:00:00Z'))).toBeUndefined();
  });

  it('a part still to order a business day after yes needs ordering (weekends do not count)', () => {
    const line = { ...base, step: 'to_order' as const };
    expect(lineException(line, at('2026-11-24T16:00:00Z'))).toBeUndefined();
    expect(lineException(line, at('2026-11-24T16:00:01Z'))).toBe('not_ordered');
    const friday = { ...line, acceptedAt: at('2026-11-27T16:00:00Z') };
    expect(lineException(friday, at('2026-11-29T20:00:00Z'))).toBeUndefined(); // Sunday
    expect(lineException(friday, at('2026-11-30T16:00:01Z'))).toBe('not_ordered');
  });

  it('reads the business day in Winnipeg', () => {
    expect(businessDay(at('2026-11-26T05:59:00Z'))).toBe('2026-11-25');
    expect(businessDay(at('2026-11-26T06:00:00Z'))).toBe('2026-11-26');
  });
});

describe("the customer's tracker", () => {
  const line = (fields: Partial<OrderLine>): OrderLine => ({
    id: 1,
    leadId: 1,
    part: 'Hydraulic pump',
    supplierId: 3,
    supplierName: 'Westman Ag Parts',
    orderRef: 'PO-55',
    quotedCost: 20_000,
    actualCost: 19_000,
    step: 'shipped',
    previousStep: 'ordered',
    handover: 'pickup',
    promisedDate: '2026-12-01',
    carrier: 'purolator',
    trackingNumber: '329000000123',
    orderedAt: '2026-11-26T17:00:00.000Z',
    arrivedAt: null,
    readyAt: null,
    doneAt: null,
    remindedDays: null,
    revision: 3,
    createdAt: '2026-11-26T16:00:00.000Z',
    ...fields,
  });
  const place = { pickupAddress: '1 Main St, Winnipeg', hours: ['Mon-Fri 7AM-6PM'] };
  const lead = { description: 'Hydraulic pump (leaks at the shaft seal)', partNumber: null };

  it('shows each part on its way with its steps, the day it is expected and its tracking page', () => {
    const order = customerOrder([line({})], place, true, lead)!;
    expect(order.summary).toBe('Your part is on its way');
    expect(order.pickup).toBeNull();
    const [part] = order.parts;
    expect(part).toMatchObject({
      // the request's part name, brackets flattened, as the texts name it
      part: 'Hydraulic pump leaks at the shaft seal',
      now: 'Shipped to us',
      expected: 'Tuesday, December 1',
      tracking: {
        carrier: 'Purolator',
        number: '329000000123',
        url: 'https://www.purolator.com/en/shipping/tracker?pin=329000000123',
      },
    });
    expect(part!.steps.map((s) => [s.label, s.done, s.current, s.day])).toEqual([
      ['Ordered from supplier', true, false, 'Thursday, November 26'],
      ['Shipped to us', true, true, null],
      ['Arrived', false, false, null],
      ['Ready for pickup', false, false, null],
      ['Picked up', false, false, null],
    ]);
  });

  it('says where and when to pick up once a part waits at the counter, and nothing of suppliers or costs', () => {
    const order = customerOrder(
      [
        line({ step: 'ready', arrivedAt: '2026-11-30T16:00:00.000Z', readyAt: '2026-11-30T17:00:00.000Z' }),
        line({
          id: 2,
          part: 'Seal kit',
          step: 'to_order',
          orderedAt: null,
          carrier: null,
          trackingNumber: null,
        }),
      ],
      place,
      true,
      lead,
    )!;
    expect(order.summary).toBe('1 of 2 parts ready');
    // the first line is the request's part; a line staff added, by its own words
    expect(order.parts.map((p) => p.part)).toEqual(['Hydraulic pump leaks at the shaft seal', 'Seal kit']);
    expect(order.pickup).toEqual({ address: '1 Main St, Winnipeg', hours: ['Mon-Fri 7AM-6PM'] });
    expect(order.parts.map((p) => [p.now, p.expected, p.tracking])).toEqual([
      ['Ready for pickup', null, null],
      ['Being ordered', 'Tuesday, December 1', null],
    ]);
    const said = JSON.stringify(order);
    for (const secret of ['Westman', 'PO-55', '19000', '20000']) expect(said).not.toContain(secret);
  });

  it("puts the order's state in the page's banner, and promises only the texts still to come", () => {
    const banner = (fields: Partial<OrderLine>, texts = true) =>
      customerOrder([line(fields)], place, texts, lead)!.banner;
    expect(banner({ step: 'to_order', orderedAt: null })).toEqual({
      title: 'Quote accepted',
      body: 'Thank you! We are ordering your part now. We will text you when we have ordered it, when it ships to us and when it is ready for pickup.',
    });
    expect(banner({ step: 'ordered' })).toEqual({
      title: 'Ordered from supplier',
      body: 'We have ordered your part from our supplier. We will text you when it ships to us and when it is ready for pickup.',
    });
    expect(banner({ step: 'shipped', handover: 'delivery' })).toEqual({
      title: 'Shipped to us',
      body: 'Your part is on the way to us. We will text you when it is out for delivery.',
    });
    expect(banner({ step: 'arrived' }).body).toBe(
      'Your part is here; we are getting it ready. We will text you when it is ready for pickup.',
    );
    expect(banner({ step: 'ready' })).toEqual({
      title: 'Ready for pickup',
      body: 'Your part is ready for pickup: where and when are below.',
    });
    expect(banner({ step: 'done' })).toEqual({ title: 'Picked up', body: 'Thank you for your order!' });
    expect(banner({ step: 'done', handover: 'delivery' }).title).toBe('Delivered');
    // staff turned the lead's texts off: no text is promised
    expect(banner({ step: 'ordered' }, false).body).toBe('We have ordered your part from our supplier.');
    // several parts: the least advanced one speaks, the summary is the title
    const two = customerOrder(
      [line({ step: 'ready' }), line({ id: 2, step: 'ordered' })],
      place,
      true,
      lead,
    )!;
    expect(two.banner).toEqual({
      title: two.summary,
      body: 'We have ordered your parts from our supplier. We will text you when they ship to us and when they are ready for pickup.',
    });
  });

  it('has nothing to show before the first part is on the order', () => {
    expect(customerOrder([], place, true, lead)).toBeNull();
  });
});
