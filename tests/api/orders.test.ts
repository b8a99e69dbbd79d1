/**
 * Orders after a yes (issue 29) on both engines with a fixed clock, through the screens' doors as
 * staff use them (the suppliers screen and the Lead Details dialog's actions and loaders, decision
 * 0182): suppliers (add, edit, archive, bad input); purchase lines of an ordered lead (added,
 * refused on a lead not ordered, bad input with its messages); each step forward with the time it
 * was reached, never back, one of two moves of the same line at once (the other told), 'undo last
 * step' recorded; the customer's texts, each once and held through the night (ready for pickup, a
 * promised date moved, the 3- and 14-day reminders), none when staff switched them off; and the
 * lead fulfilled by itself when its last part is handed over.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#app/modules/orders/orders.ts';
import { DEFAULT_HOURS, hoursLines } from '#app/modules/site/opening-hours.ts';
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import type { DB } from '#server/db/index.ts';
import { insertLead } from '#server/db/repo/leads.ts';
import { insertLinesAsTheyStand, type OrderLine } from '#server/db/repo/orders.ts';
import * as leadDetailsRoute from '#app/routes/admin-lead-details.tsx';
import * as ordersRoute from '#app/routes/admin-orders.tsx';
import * as suppliersRoute from '#app/routes/admin-suppliers.tsx';
import { insertUser } from '#server/db/repo/users.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices, type Services } from '#server/services/index.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import { BOARD_STEP_LIMIT, ORDER_ACTOR } from '#server/services/orders.ts';
import { STAFF } from '../support/admin.ts';
import { eachEngine, testDeps } from '../support/databases.ts';
import { screenDoors } from '../support/screen-door.ts';
import { clientOf } from '#server/http/client.ts';

/** Monday 23 November 2026, 10:00 in Winnipeg (CST, UTC-6). */
const NOW = new Date('2026-11-23T16:00:00.000Z');
/** The date 'Mark ordered' gives when the part has none yet (a Friday). */
const PROMISED = '2026-12-04';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const LINK = /\/q\/[A-Za-z0-9_-]{24}/;

eachEngine('orders after a yes', (ctx) => {
  let clock = NOW;
  let deps: ServiceDeps;
  let services: Services;
  let db: Kysely<DB>;
  let screens: ReturnType<typeof screenDoors>;
  let staff: { user: { id: number; username: string; displayName: string; role: 'staff' } };
  let phones = 0;
  /** The supplier 'Mark ordered' picks when the part has none yet. */
  let orderedFrom: { id: number };

  beforeAll(async () => {
    deps = testDeps(ctx().t, () => clock);
    services = createServices(deps);
    db = deps.db;
    screens = screenDoors(services, deps);
    await seedReference(deps);
    const user = { username: STAFF.username, displayName: 'Sam Staff', role: 'staff' as const };
    const id = await insertUser(db, { ...user, passwordHash: 'x' }, deps.now());
    staff = { user: { id, ...user } };
    orderedFrom = await services.orders.suppliers.create({ name: 'Winnipeg Truck Parts', leadTimeDays: 3 });
  });
  afterAll(() => services.messaging.outbox.stop());
  beforeEach(() => {
    clock = NOW;
  });

  async function orderedLead(status: 'ordered' | 'quoted' | 'new' = 'ordered') {
    const n = 3000 + ++phones;
    const { id } = await insertLead(
      db,
      {
        status,
        urgency: 'flexible',
        source: 'web',
        name: 'Dana Friesen',
        phone: `(204) 555-${n}`,
        description: 'Hydraulic pump for the loader',
        year: '2015',
        make: 'John Deere',
        model: '6120',
      },
      [],
      { now: NOW, actor: 'customer', createdAt: at(-DAY) },
    );
    return id;
  }

  /** The suppliers screen: its action (`intent`) and its loader (`?archived=1`). */
  const suppliers = {
    act: (intent: string, fields: object) => screens.act(suppliersRoute, staff, intent, { ...fields }),
    list: async (query = '') =>
      (await screens.load(suppliersRoute, staff, `/admin/suppliers${query}`)).body.suppliers as {
        id: number;
        name: string;
      }[],
  };
  /** The Lead Details dialog's action for the lead `leadId` (its address's id). */
  const dialog = (leadId: number, intent: string, fields: object) =>
    screens.act(leadDetailsRoute, staff, intent, { ...fields }, { id: leadId });
  /** The lead's parts as the dialog's loader reads them. */
  const lines = async (leadId: number) => {
    const read = await screens.load(leadDetailsRoute, staff, `/admin/leads/${leadId}`, { id: leadId });
    expect(read.status).toBe(200);
    return read.body.order.lines as OrderLine[];
  };
  const lineOf = async (leadId: number, lineId: number) =>
    (await lines(leadId)).find((l) => l.id === lineId)!;
  /** Adds a part through the dialog; answers it as the loader then reads it. */
  async function addLine(leadId: number, fields: object = { part: 'Hydraulic pump' }) {
    const before = new Set((await lines(leadId)).map((l) => l.id));
    const added = await dialog(leadId, 'line-add', fields);
    expect(added).toMatchObject({ status: 200, body: { ok: true } });
    return (await lines(leadId)).find((l) => !before.has(l.id))!;
  }
  /**
   * A part moved one step, as the dialog's buttons post it; 'Mark ordered' (a part leaving 'to
   * order') with its small form filled: the supplier and the promised date, the part's own when it
   * has them (issue 48 item 7).
   */
  const step = (leadId: number, line: OrderLine, to: string) =>
    dialog(leadId, 'line-step', {
      line: line.id,
      to,
      revision: line.revision,
      ...(line.step === 'to_order' && to !== 'to_order'
        ? { supplierId: line.supplierId ?? orderedFrom.id, promisedDate: line.promisedDate ?? PROMISED }
        : {}),
    });
  const undo = (leadId: number, line: OrderLine) =>
    dialog(leadId, 'line-undo', { line: line.id, revision: line.revision });
  const changeLine = (leadId: number, line: OrderLine, fields: object) =>
    dialog(leadId, 'line-change', { line: line.id, ...fields, revision: line.revision });
  /** Moves a line forward through the steps given, each from the line as it stands after the last. */
  async function walk(leadId: number, line: OrderLine, ...steps: string[]) {
    let current = line;
    for (const to of steps) {
      expect(await step(leadId, current, to)).toMatchObject({ status: 200, body: { ok: true } });
      current = await lineOf(leadId, line.id);
    }
    return current;
  }
  const texts = (leadId: number) =>
    db
      .selectFrom('outgoing_messages')
      .select(['body', 'next_attempt_at', 'dedupe_key'])
      .where('lead_id', '=', leadId)
      .where('channel', '=', 'sms')
      .orderBy('id')
      .execute();
  const events = (leadId: number, type: string) =>
    db
      .selectFrom('lead_events')
      .select(['actor', 'detail', 'to_status'])
      .where('lead_id', '=', leadId)
      .where('type', '=', type)
      .orderBy('id')
      .execute();

  describe('suppliers', () => {
    it('are added, edited and archived; archived ones leave the list but stay readable', async () => {
      const created = await suppliers.act('create', {
        name: 'Prairie Hydraulics',
        phone: '204-555-0190',
        email: 'orders@prairiehyd.example',
        website: 'https://prairiehyd.example',
        accountNumber: 'PH-8812',
        leadTimeDays: 2,
        notes: 'Ask for Kim',
      });
      expect(created.status).toBe(200);
      const id = (created.body.supplier as { id: number }).id;
      expect(created.body.supplier).toMatchObject({
        name: 'Prairie Hydraulics',
        leadTimeDays: 2,
        archived: false,
      });
      const updated = await suppliers.act('update', { id, name: 'Prairie Hydraulics Ltd.', leadTimeDays: 3 });
      expect(updated.status).toBe(200);
      const listed = await suppliers.list();
      expect(listed.find((s) => s.id === id)?.name).toBe('Prairie Hydraulics Ltd.');

      expect((await suppliers.act('archive', { id })).status).toBe(200);
      const after = await suppliers.list();
      expect(after.some((s) => s.id === id)).toBe(false);
      const all = await suppliers.list('?archived=1');
      expect(all.some((s) => s.id === id)).toBe(true);
    });

    it('say what is wrong with bad input, 400 for an id that is not one, and 404 for one that does not exist', async () => {
      const bad = await suppliers.act('create', { name: ' ', leadTimeDays: -2 });
      expect(bad.status).toBe(400);
      expect(bad.body.fieldErrors).toMatchObject({
        name: [ORDER_MESSAGES.supplierName],
        leadTimeDays: [ORDER_MESSAGES.leadTime],
      });
      expect((await suppliers.act('update', { id: 999999, name: 'Nobody' })).status).toBe(404);
      const notAnId = await suppliers.act('update', { id: 'abc', name: 'Nobody' });
      expect(notAnId).toMatchObject({ status: 400 });
      expect(notAnId.body).toEqual({ ok: false, message: ROW_ID_MESSAGE, fieldErrors: {} });
    });

    it('are for staff only', async () => {
      // a visitor without a session is sent to sign in, by the loader and by the action
      expect(await screens.load(suppliersRoute, null, '/admin/suppliers')).toMatchObject({
        status: 302,
        location: '/admin/login',
      });
      expect(await screens.act(suppliersRoute, null, 'create', { name: 'Nobody' })).toMatchObject({
        status: 302,
        location: '/admin/login',
      });
    });
  });

  describe('purchase lines', () => {
    it('belong to ordered leads only', async () => {
      const quoted = await orderedLead('quoted');
      const res = await dialog(quoted, 'line-add', { part: 'Pump' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORDER_MESSAGES.notOrdered);
    });

    it('refuse a negative cost, an unknown carrier, an unknown supplier and a promised date in the past', async () => {
      const id = await orderedLead();
      const bad = await dialog(id, 'line-add', { part: 'Pump', actualCost: -5, carrier: 'pony' });
      expect(bad.status).toBe(400);
      expect(bad.body.fieldErrors).toMatchObject({
        actualCost: [ORDER_MESSAGES.cost],
        carrier: [ORDER_MESSAGES.carrier],
      });
      const past = await dialog(id, 'line-add', { part: 'Pump', promisedDate: '2026-11-22' });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe(ORDER_MESSAGES.promisedBeforeOrder);
      const nobody = await dialog(id, 'line-add', { part: 'Pump', supplierId: 999999 });
      expect(nobody.status).toBe(400);
      expect(nobody.body.message).toBe(ORDER_MESSAGES.supplier);
      expect(await services.orders.lines(id)).toEqual([]);
    });

    it('move forward with the time of each step, never back, and record each move', async () => {
      const id = await orderedLead();
      const supplier = await services.orders.suppliers.create({ name: 'Brandon Ag Parts', leadTimeDays: 2 });
      const line = await addLine(id, {
        part: 'Hydraulic pump',
        supplierId: supplier.id,
        carrier: 'purolator',
        trackingNumber: '329000000123',
        promisedDate: '2026-11-26',
      });
      expect(line).toMatchObject({ step: 'to_order', supplierName: 'Brandon Ag Parts', orderedAt: null });

      clock = at(HOUR);
      const ordered = await walk(id, line, 'ordered');
      expect(ordered.orderedAt).toBe(at(HOUR).toISOString());
      const back = await step(id, ordered, 'to_order');
      expect(back.status).toBe(409);
      expect(back.body.message).toBe(ORDER_MESSAGES.backwards);

      // a part from a local supplier is never 'shipped': straight to arrived
      clock = at(2 * HOUR);
      const arrived = await walk(id, ordered, 'arrived');
      expect(arrived).toMatchObject({ step: 'arrived', arrivedAt: at(2 * HOUR).toISOString() });
      const moves = await events(id, 'line_step');
      expect(moves.map((e) => [e.actor, JSON.parse(e.detail!).from, JSON.parse(e.detail!).to])).toEqual([
        [STAFF.username, 'to_order', 'ordered'],
        [STAFF.username, 'ordered', 'arrived'],
      ]);
    });

    // issue 48 item 7 (decision 0195): the supplier's on-time figure counts every part ordered
    it("'Mark ordered' asks for the supplier and the promised date, and keeps them with the part", async () => {
      const id = await orderedLead();
      const line = await addLine(id, { part: 'Seal kit' });
      const mark = (fields: object) =>
        dialog(id, 'line-step', { line: line.id, to: 'ordered', revision: line.revision, ...fields });
      const neither = await mark({ supplierId: '', promisedDate: '' });
      expect(neither).toMatchObject({
        status: 400,
        body: { ok: false, message: ORDER_MESSAGES.orderedSupplier },
      });
      expect(neither.body.fieldErrors).toEqual({
        supplierId: [ORDER_MESSAGES.orderedSupplier],
        promisedDate: [ORDER_MESSAGES.orderedPromised],
      });
      expect((await mark({ supplierId: orderedFrom.id })).body.fieldErrors).toEqual({
        promisedDate: [ORDER_MESSAGES.orderedPromised],
      });
      expect((await mark({ supplierId: 999_999, promisedDate: '2026-11-27' })).body).toMatchObject({
        message: ORDER_MESSAGES.orderedSupplier,
        fieldErrors: { supplierId: [ORDER_MESSAGES.orderedSupplier] },
      });
      expect((await mark({ supplierId: orderedFrom.id, promisedDate: '2026-11-20' })).body).toMatchObject({
        message: ORDER_MESSAGES.promisedBeforeOrder,
        fieldErrors: { promisedDate: [ORDER_MESSAGES.promisedBeforeOrder] },
      });
      expect(
        (await mark({ supplierId: orderedFrom.id, promisedDate: '27/11/2026' })).body.fieldErrors,
      ).toEqual({
        promisedDate: [ORDER_MESSAGES.date],
      });
      // nothing moved, nothing told
      expect(await lineOf(id, line.id)).toMatchObject({
        step: 'to_order',
        supplierId: null,
        promisedDate: null,
      });
      expect(await events(id, 'line_step')).toEqual([]);
      expect(await texts(id)).toEqual([]);

      // the orders screen's 'Mark ordered' is the same change (skipping a step needs them too)
      const fromScreen = await screens.act(ordersRoute, staff, 'step', {
        lead: id,
        line: line.id,
        to: 'arrived',
        revision: line.revision,
      });
      expect(fromScreen).toMatchObject({ status: 400, body: { message: ORDER_MESSAGES.orderedSupplier } });
      const done = await screens.act(ordersRoute, staff, 'step', {
        lead: id,
        line: line.id,
        to: 'ordered',
        revision: line.revision,
        supplierId: String(orderedFrom.id),
        promisedDate: '2026-11-27',
      });
      expect(done).toMatchObject({ status: 200, body: { ok: true } });
      expect(await lineOf(id, line.id)).toMatchObject({
        step: 'ordered',
        supplierId: orderedFrom.id,
        supplierName: 'Winnipeg Truck Parts',
        promisedDate: '2026-11-27',
      });
      expect((await texts(id)).map((t) => t.body)).toEqual([
        expect.stringContaining('Expected Friday, November 27.'),
      ]);

      // a part that has both already is ordered with one press
      const ready = await addLine(id, {
        part: 'Filter',
        supplierId: orderedFrom.id,
        promisedDate: '2026-11-25',
      });
      const pressed = await dialog(id, 'line-step', {
        line: ready.id,
        to: 'ordered',
        revision: ready.revision,
      });
      expect(pressed).toMatchObject({ status: 200, body: { ok: true } });
      expect(await lineOf(id, ready.id)).toMatchObject({ step: 'ordered', promisedDate: '2026-11-25' });
    });

    it('tell the second of two moves at once that someone else moved it, and record one move', async () => {
      const id = await orderedLead();
      const line = await addLine(id);
      const answers = await Promise.all([step(id, line, 'ordered'), step(id, line, 'ordered')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe(ORDER_MESSAGES.changed);
      expect(await events(id, 'line_step')).toHaveLength(1);
      // a stale revision is refused even when nobody moves at the same time
      const stale = await step(id, line, 'shipped');
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(ORDER_MESSAGES.changed);
    });

    it("undo last step goes back once, recorded, and the part's ready text is not sent twice", async () => {
      const id = await orderedLead();
      const ready = await walk(id, await addLine(id), 'ordered', 'arrived', 'ready');
      expect(ready.readyAt).toBe(NOW.toISOString());
      expect((await undo(id, ready)).status).toBe(200);
      const undone = await lineOf(id, ready.id);
      expect(undone).toMatchObject({ step: 'arrived', readyAt: null, previousStep: null });
      const again = await undo(id, undone);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ORDER_MESSAGES.nothingToUndo);
      expect((await events(id, 'line_undo')).map((e) => JSON.parse(e.detail!).to)).toEqual(['arrived']);

      await walk(id, undone, 'ready');
      const readyTexts = (await texts(id)).filter((t) => /ready for pickup/.test(t.body));
      expect(readyTexts).toHaveLength(1);
      expect(readyTexts[0]!.body).toMatch(LINK);
      expect(readyTexts[0]!.body).toContain('Hydraulic pump');
    });
  });

  describe("the customer's texts", () => {
    it('wait for 08:00 when the part is ready at night', async () => {
      const id = await orderedLead();
      const arrived = await walk(id, await addLine(id), 'ordered', 'arrived');
      clock = new Date('2026-11-24T03:30:00.000Z'); // 21:30 in Winnipeg
      await walk(id, arrived, 'ready');
      const [text] = (await texts(id)).filter((t) => /ready for pickup/.test(t.body));
      expect(new Date(text!.next_attempt_at).toISOString()).toBe('2026-11-24T14:00:00.000Z');
    });

    it('tell the part is ordered from the supplier, with its day when staff have it, once', async () => {
      const id = await orderedLead();
      const line = await addLine(id, { part: 'Hydraulic pump', promisedDate: '2026-11-27' });
      const ordered = await walk(id, line, 'ordered');
      expect((await undo(id, ordered)).status).toBe(200);
      const undone = await lineOf(id, ordered.id);
      await walk(id, undone, 'shipped');
      const sent = (await texts(id)).filter((t) => /We ordered your part/.test(t.body));
      expect(sent.map((t) => t.dedupe_key)).toEqual([`lead:${id}:line:${line.id}:ordered`]);
      // the order's first line is the request's part: the texts name it by the lead's part name
      expect(sent[0]!.body).toContain('your part (Hydraulic pump for the loader) for order');
      expect(sent[0]!.body).toContain('Expected Friday, November 27.');
      expect(sent[0]!.body).toMatch(LINK);

      // the day given with 'Mark ordered' (the part had none) is in the text; a day moved later is
      // its own text; a part that goes straight to ready is told it is ready, not ordered
      const other = await orderedLead();
      const plain = await walk(other, await addLine(other), 'ordered');
      expect((await texts(other)).map((t) => t.body)).toEqual([
        expect.stringContaining('Expected Friday, December 4.'),
      ]);
      expect((await changeLine(other, plain, { promisedDate: '2026-11-30' })).status).toBe(200);
      expect((await texts(other)).filter((t) => /New date/.test(t.body))[0]!.body).toContain(
        'Monday, November 30',
      );
      const local = await orderedLead();
      await walk(local, await addLine(local), 'ready');
      expect((await texts(local)).map((t) => /ready for pickup/.test(t.body))).toEqual([true]);
    });

    it("tell the part has shipped to us, with the carrier's tracking link when staff gave the number, once", async () => {
      const id = await orderedLead();
      const line = await addLine(id, {
        part: 'Hydraulic pump',
        carrier: 'purolator',
        trackingNumber: 'PUR 3309 17',
      });
      const shipped = await walk(id, line, 'ordered', 'shipped');
      const sent = (await texts(id)).filter((t) => /has shipped to us/.test(t.body));
      expect(sent.map((t) => t.dedupe_key)).toEqual([`lead:${id}:line:${line.id}:shipped`]);
      // the order's first line is the request's part: the texts name it by the lead's part name
      expect(sent[0]!.body).toContain('Your part (Hydraulic pump for the loader) for order');
      expect(sent[0]!.body).toContain(
        'Purolator tracking: https://www.purolator.com/en/shipping/tracker?pin=PUR%203309%2017',
      );
      expect(sent[0]!.body).toMatch(LINK);
      // shipped again after an undo: not told twice
      expect((await undo(id, shipped)).status).toBe(200);
      await walk(id, await lineOf(id, shipped.id), 'shipped');
      expect((await texts(id)).filter((t) => /has shipped to us/.test(t.body))).toHaveLength(1);

      // without a tracking number: the text without a carrier's link; straight from 'to order' to
      // shipped: the one text, not 'ordered' as well
      const other = await orderedLead();
      await walk(other, await addLine(other), 'shipped');
      const bodies = (await texts(other)).map((t) => t.body);
      expect(bodies.filter((b) => /has shipped to us/.test(b))).toEqual([
        expect.not.stringContaining('tracking'),
      ]);
      expect(bodies.filter((b) => /We ordered your part/.test(b))).toEqual([]);
    });

    it('tell the new date (and why) when a promised date moves, once per date', async () => {
      const id = await orderedLead();
      const line = await addLine(id, { part: 'Hydraulic pump', promisedDate: '2026-11-25' });
      const ordered = await walk(id, line, 'ordered');
      const change = await changeLine(id, ordered, { promisedDate: '2026-11-30', why: 'supplier backorder' });
      expect(change.status).toBe(200);
      const moved = await lineOf(id, ordered.id);
      expect(moved.promisedDate).toBe('2026-11-30');
      const dated = (await texts(id)).filter((t) => /New date/.test(t.body));
      expect(dated).toHaveLength(1);
      expect(dated[0]!.body).toContain('Monday, November 30 (supplier backorder)');
      const before = await changeLine(id, moved, { promisedDate: '2026-11-20' });
      expect(before.status).toBe(400);
      expect(before.body.message).toBe(ORDER_MESSAGES.promisedBeforeOrder);
    });

    it('are not sent when staff switch them off for the lead, and the switch is on the timeline', async () => {
      const id = await orderedLead();
      expect(await dialog(id, 'auto-texts', { on: false })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      await walk(id, await addLine(id), 'ordered', 'arrived', 'ready');
      expect(await texts(id)).toEqual([]);
      expect((await events(id, 'auto_texts')).map((e) => JSON.parse(e.detail!))).toEqual([{ on: false }]);
      expect((await dialog(id, 'auto-texts', { on: 'no' })).status).toBe(400);
    });

    it('remind at 3 and at 14 days of a part not collected, once each, however often the pass runs', async () => {
      const id = await orderedLead();
      await walk(id, await addLine(id), 'ordered', 'arrived', 'ready');
      const reminders = async () => (await texts(id)).filter((t) => /still waiting for you/.test(t.body));
      clock = at(3 * DAY - HOUR);
      await services.orders.sendReminders();
      expect(await reminders()).toHaveLength(0);
      clock = at(3 * DAY + HOUR); // Thursday 11:00
      const passes = await Promise.all([services.orders.sendReminders(), services.orders.sendReminders()]);
      expect(passes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      await services.orders.sendReminders();
      expect(await reminders()).toHaveLength(1);
      clock = at(14 * DAY + HOUR);
      await services.orders.sendReminders();
      await services.orders.sendReminders();
      const sent = await reminders();
      expect(sent.map((t) => t.dedupe_key)).toEqual([
        expect.stringMatching(/:reminder:3$/),
        expect.stringMatching(/:reminder:14$/),
      ]);
    });
  });

  describe('the reminders pass over many parts', () => {
    it('reminds every uncollected part of every lead once, each text with a link of its own, none where texts are off', async () => {
      const two = await orderedLead();
      const quiet = await orderedLead();
      const collected = await orderedLead();
      expect((await dialog(quiet, 'auto-texts', { on: false })).status).toBe(200);
      const parts = [
        await walk(two, await addLine(two, { part: 'Hydraulic pump' }), 'ready'),
        await walk(two, await addLine(two, { part: 'Seal kit' }), 'ready'),
        await walk(quiet, await addLine(quiet), 'ready'),
      ];
      const gone = await walk(collected, await addLine(collected), 'ready');
      await walk(collected, gone, 'done');
      clock = at(3 * DAY + HOUR);
      expect(await services.orders.sendReminders()).toBe(3);
      expect(await services.orders.sendReminders()).toBe(0);
      const reminders = (await texts(two)).filter((t) => /still waiting for you/.test(t.body));
      expect(reminders.map((t) => t.dedupe_key)).toEqual([
        `lead:${two}:line:${parts[0]!.id}:reminder:3`,
        `lead:${two}:line:${parts[1]!.id}:reminder:3`,
      ]);
      // the first line by the lead's part name, the line staff added by its own words
      expect(reminders.map((t) => t.body.match(/\(([^)]+)\)/)![1])).toEqual([
        'Hydraulic pump for the loader',
        'Seal kit',
      ]);
      const links = reminders.map((t) => t.body.match(LINK)![0]);
      expect(new Set(links).size).toBe(2);
      // the quiet lead's part is marked reminded (a new revision), with no text
      expect(await texts(quiet)).toEqual([]);
      const [quietLine] = await lines(quiet);
      expect(quietLine).toMatchObject({ remindedDays: 3, revision: parts[2]!.revision + 1 });
      expect((await texts(collected)).filter((t) => /still waiting/.test(t.body))).toEqual([]);
    });
  });

  describe('the orders screen', () => {
    it('lists what needs staff first, then every open part by step, with its next move', async () => {
      const late = await orderedLead();
      const lateLine = await walk(
        late,
        await addLine(late, { part: 'Late pump', promisedDate: '2026-11-24' }),
        'ordered',
      );
      const waiting = await orderedLead();
      const readyLine = await walk(
        waiting,
        await addLine(waiting, { part: 'Ready seal kit' }),
        'ordered',
        'ready',
      );
      const fresh = await orderedLead();
      await addLine(fresh, { part: 'Fresh filter' });
      const quoted = await orderedLead('quoted');
      await db.updateTable('leads').set({ status: 'ordered' }).where('id', '=', quoted).execute();
      await addLine(quoted, { part: 'Gone filter' });
      await db.updateTable('leads').set({ status: 'lost' }).where('id', '=', quoted).execute();

      clock = at(4 * DAY + HOUR); // Friday 11:00: the 24th is past, ready since Monday, to order since Monday
      const board = await services.orders.board();
      expect(board.exceptions.map((r) => [r.part, r.exception])).toEqual(
        expect.arrayContaining([
          ['Late pump', 'Past its promised date'],
          ['Ready seal kit', 'Ready, not collected for over 3 days'],
          ['Fresh filter', 'Still to order a business day after yes'],
        ]),
      );
      expect(board.exceptions.some((r) => r.part === 'Gone filter')).toBe(false);
      expect(board.steps.flatMap((s) => s.rows).some((r) => r.part === 'Gone filter')).toBe(false);
      const lateRow = board.exceptions.find((r) => r.lineId === lateLine.id)!;
      expect(lateRow).toMatchObject({
        leadId: late,
        stepLabel: 'Ordered from supplier',
        next: { step: 'shipped', label: 'Mark shipped' },
        canUndo: true,
      });
      expect(board.exceptions.find((r) => r.lineId === readyLine.id)!.next).toEqual({
        step: 'done',
        label: 'Mark picked up',
      });
      expect(board.steps.map((s) => s.label)).toEqual([
        'Accepted, to order',
        'Ordered from supplier',
        'Shipped to us',
        'Arrived',
        'Ready for pickup or out for delivery',
      ]);

      clock = NOW;
      const today = await services.orders.board();
      expect(today.exceptions.some((r) => r.lineId === lateLine.id)).toBe(false);
      expect(today.steps.find((s) => s.step === 'ordered')!.rows.some((r) => r.lineId === lateLine.id)).toBe(
        true,
      );
    });

    it("shows each step's count and its oldest lines, all of one step when asked", async () => {
      const id = await orderedLead();
      await insertLinesAsTheyStand(
        db,
        Array.from({ length: BOARD_STEP_LIMIT + 1 }, (_, i) => ({
          leadId: id,
          part: `Bulk bolt ${i}`,
          step: 'arrived' as const,
          orderedAt: NOW,
          arrivedAt: NOW,
          readyAt: null,
          doneAt: null,
          createdAt: NOW,
        })),
      );
      const arrived = (board: Awaited<ReturnType<Services['orders']['board']>>) =>
        board.steps.find((s) => s.step === 'arrived')!;
      const first = arrived(await services.orders.board());
      expect(first.rows).toHaveLength(BOARD_STEP_LIMIT);
      expect(first.total).toBeGreaterThanOrEqual(BOARD_STEP_LIMIT + 1);
      const whole = arrived(await services.orders.board({ show: 'arrived' }));
      expect(whole.rows).toHaveLength(whole.total);
    });
  });

  describe('the lead and its lines', () => {
    it('the texts and the tracker name the part short, at a word, without nested brackets', async () => {
      const { id } = await insertLead(
        db,
        {
          status: 'new',
          urgency: 'flexible',
          source: 'web',
          name: 'Dana Friesen',
          phone: `(204) 555-${3000 + ++phones}`,
          description: 'Driver-side headlight assembly cracked after hitting a deer on Highway 12',
          year: '2016',
          make: 'Freightliner',
          model: 'M2 106',
        },
        [],
        { now: NOW, actor: 'customer', createdAt: at(-DAY) },
      );
      const { case_number: caseNumber } = await db
        .selectFrom('leads')
        .select('case_number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await services.leadAdmin.sendQuote(
        id,
        { options: [{ label: 'Aftermarket (Depo)', cost: 20_000, etaDays: 2, brand: 'Depo' }] },
        STAFF.username,
      );
      const quote = (await texts(id)).at(-1)!.body;
      expect(quote).toContain(`quote ${caseNumber} for Driver-side headlight assembly cracked...: $`);
      const token = /\/q\/([A-Za-z0-9_-]{24})/.exec(quote)![1]!;
      const viewer = { staff: false, ...clientOf('198.51.100.9', 'test') };
      await services.quotes.accept(
        token,
        { version: '1', option: '0', name: 'Dana Friesen', po: '', terms: 'yes' },
        viewer,
      );
      const [line] = await services.orders.lines(id);
      await walk(id, line!, 'ordered');
      const ordered = (await texts(id)).find((t) => /We ordered your part/.test(t.body))!.body;
      expect(ordered).toMatch(
        new RegExp(
          `^Parts Hunters MB: We ordered your part \\(Driver-side headlight assembly cracked\\.\\.\\.\\) for order ${caseNumber} from our supplier\\. Expected \\w+day, \\w+ \\d{1,2}\\. Follow it: \\S+/q/[A-Za-z0-9_-]{24}$`,
        ),
      );
      // the page names the part as the texts do
      const order = (await services.quotes.page(token, viewer)).order!;
      expect(order.parts.map((p) => p.part)).toEqual(['Driver-side headlight assembly cracked...']);
      // a short name staff set on the lead names the part from then on, in the texts and on the page
      await services.leadAdmin.setPartName(id, { shortPartName: 'Headlight, driver side' });
      const renamed = (await services.quotes.page(token, viewer)).order!;
      expect(renamed.parts.map((p) => p.part)).toEqual(['Headlight, driver side']);
      await walk(id, (await services.orders.lines(id))[0]!, 'shipped');
      expect((await texts(id)).at(-1)!.body).toContain('Your part (Headlight, driver side) for order');
    });

    it("a quote accepted on the page opens the order's first line: the option's part at its cost", async () => {
      const id = await orderedLead('new');
      await services.leadAdmin.sendQuote(
        id,
        {
          options: [
            { label: 'New OEM', cost: 40_000, etaDays: 5, brand: 'Eaton', partNumber: 'PV-1234' },
            { label: 'Reman', cost: 22_000, etaDays: 2, brand: 'Prince', partNumber: 'RM-88' },
          ],
        },
        STAFF.username,
      );
      const token = /\/q\/([A-Za-z0-9_-]{24})/.exec((await texts(id)).at(-1)!.body)![1]!;
      await services.quotes.accept(
        token,
        { version: '1', option: '1', name: 'Dana Friesen', po: '', terms: 'yes' },
        { staff: false, ...clientOf('198.51.100.7', 'test') },
      );
      const accepted = (await texts(id)).at(-1)!.body;
      expect(accepted).toMatch(
        /is accepted and your part is being ordered, expected Wednesday, November 25\./,
      );
      const [line] = await services.orders.lines(id);
      expect(line).toMatchObject({
        part: 'Hydraulic pump for the loader, 2015 John Deere 6120 (Reman, Prince, RM-88)',
        quotedCost: 22_000,
        step: 'to_order',
      });

      // the customer's link follows the order: on its way, then where and when to pick it up
      const viewer = { staff: false, ...clientOf('198.51.100.8', 'test') };
      const before = (await services.quotes.page(token, viewer)).order!;
      expect(before).toMatchObject({ summary: 'We are ordering your part', pickup: null });
      expect(before.parts[0]!.now).toBe('Being ordered');
      await walk(id, line!, 'ordered', 'arrived', 'ready');
      const after = (await services.quotes.page(token, viewer)).order!;
      expect(after.summary).toBe('Your part is ready');
      // no pickup place set yet: the page names none (it says we will text it), the hours none
      expect(after.pickup).toEqual({ address: null, hours: hoursLines(DEFAULT_HOURS) });
      // once the owner sets it on Settings, the page names it, with the hours they gave
      const owner = { id: staff.user.id, username: 'owner', displayName: 'Owner', role: 'owner' as const };
      await services.shop.update(
        'pickup',
        { pickup: { address: '1450 Sargent Ave, Winnipeg', hours: 'Mon-Fri 8AM-5PM' } },
        owner,
      );
      expect((await services.quotes.page(token, viewer)).order!.pickup).toEqual({
        address: '1450 Sargent Ave, Winnipeg',
        hours: ['Mon-Fri 8AM-5PM'],
      });
      await services.shop.update('pickup', { pickup: { address: '', hours: '' } }, owner);
      const readyText = (await texts(id)).find((t) => /ready for pickup/.test(t.body))!.body;
      const readyToken = /\/q\/([A-Za-z0-9_-]{24})/.exec(readyText)![1]!;
      expect((await services.quotes.page(readyToken, viewer)).order!.parts[0]!.now).toBe('Ready for pickup');
    });

    it('Mark as Ordered opens the first line once; Mark as Fulfilled hands over every line', async () => {
      const id = await orderedLead('quoted');
      await db.updateTable('leads').set({ cost: 15_000 }).where('id', '=', id).execute();
      await services.leadAdmin.changeStatus(id, { status: 'ordered' }, STAFF.username);
      const [first] = await services.orders.lines(id);
      expect(first).toMatchObject({
        part: 'Hydraulic pump for the loader, 2015 John Deere 6120',
        quotedCost: 15_000,
      });
      await walk(id, first!, 'ordered', 'arrived');
      await addLine(id, { part: 'Seal kit' });
      await services.leadAdmin.changeStatus(id, { status: 'fulfilled' }, STAFF.username);
      const lines = await services.orders.lines(id);
      expect(lines.map((l) => [l.part.split(',')[0], l.step])).toEqual([
        ['Hydraulic pump for the loader', 'done'],
        ['Seal kit', 'done'],
      ]);
      expect(lines.every((l) => l.doneAt === NOW.toISOString())).toBe(true);
    });
  });

  describe('fulfilment', () => {
    it('comes by itself when every part is handed over, through the one transition', async () => {
      const id = await orderedLead();
      const first = await addLine(id, { part: 'Hydraulic pump' });
      const second = await addLine(id, { part: 'Pump seal kit', handover: 'delivery' });
      await walk(id, first, 'ordered', 'arrived', 'ready', 'done');
      expect((await services.leadAdmin.getLead(id)).status).toBe('ordered');
      const delivered = await walk(id, second, 'ordered', 'ready');
      expect((await texts(id)).some((t) => /out for delivery/.test(t.body))).toBe(true);
      await walk(id, delivered, 'done');
      expect((await services.leadAdmin.getLead(id)).status).toBe('fulfilled');
      const fulfilled = await events(id, 'status');
      expect(fulfilled.filter((e) => e.to_status === 'fulfilled').map((e) => e.actor)).toEqual([ORDER_ACTOR]);
      // a fulfilled lead takes no new part
      expect((await dialog(id, 'line-add', { part: 'Another' })).status).toBe(409);
    });
  });
});
