/**
 * A lead's order as the lead dialog shows and changes it (issue 29, decision 0150): its purchase
 * lines, added, moved step by step, taken back one step, and changed, and the switch of the lead's
 * automatic texts. Every move and change is an event on the lead's timeline with who and when,
 * written with the line in one transaction; a move names the line's revision it saw, so two staff
 * moving one line at once (one process or several) leave one move and the other is told (409). The
 * customer's texts of these moments are order-texts.ts; when every line is done the lead becomes
 * fulfilled through the one transition (lead-moves.ts).
 */
import { businessDay } from '#app/modules/orders/order-timing.ts';
import {
  checkMove,
  checkPromisedDate,
  LINE_STEPS,
  lineChangeSchema,
  lineFieldsSchema,
  markOrderedSchema,
  ORDER_MESSAGES,
  ordersThePart,
  stepIndex,
  type LineStep,
} from '#app/modules/orders/orders.ts';
import { rowIdSchema } from '#app/modules/site/row-id.ts';
import { z } from 'zod';
import { insertLeadEvent } from '../db/repo/lead-events.ts';
import { lockLead } from '../db/repo/leads.ts';
import {
  findLine,
  findSupplier,
  insertLine,
  leadAutoTexts,
  leadExists,
  listLeadLines,
  listSuppliers,
  setLeadAutoTexts,
  updateLine,
  type OrderLine,
} from '../db/repo/orders.ts';
import type { Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { ServiceDeps } from './context.ts';
import { LEAD_NOT_FOUND, moveLead } from './lead-moves.ts';
import type { OrderTexts } from './order-texts.ts';

export const LINE_NOT_FOUND = 'Part not found on this order';
/** Who moves a lead to fulfilled when its last part is handed over. */
export const ORDER_ACTOR = 'orders (every part handed over)';
export const MAX_WHY = 80;

const moveSchema = z.object({
  to: z.enum(LINE_STEPS, { message: 'Choose the step to move to.' }),
  revision: rowIdSchema('Reload the order and try again.'),
  // 'Mark ordered' gives them (issue 48 item 7): a supplier that is no id is refused here, both
  // are read whole (with the line's own) by markOrderedSchema at the move
  supplierId: rowIdSchema(ORDER_MESSAGES.orderedSupplier).optional().nullable(),
  promisedDate: z.unknown().optional(),
});
const undoSchema = moveSchema.pick({ revision: true });
const autoTextsSchema = z.object({ on: z.boolean({ message: 'Say on: true or false.' }) });
const changeSchema = lineChangeSchema.extend({
  revision: rowIdSchema('Reload the order and try again.'),
  /** why the promised date moved, for the customer's text */
  why: z
    .string()
    .trim()
    .max(MAX_WHY, `Say why in at most ${MAX_WHY} characters`)
    .optional()
    .nullable()
    .transform((v) => v || null),
});

/** A line's columns as the timeline names them when they change. */
const CHANGE_WORDS: Record<string, string> = {
  part: 'part',
  supplier_id: 'supplier',
  order_ref: 'order reference',
  actual_cost: 'actual cost',
  promised_date: 'promised date',
  carrier: 'carrier',
  tracking_number: 'tracking number',
  handover: 'pickup or delivery',
};

/** The column that keeps when a line reached a step (the steps without one keep only the event). */
const STEP_TIME = {
  ordered: 'ordered_at',
  arrived: 'arrived_at',
  ready: 'ready_at',
  done: 'done_at',
} as const satisfies Partial<Record<LineStep, string>>;

export function orderLinesService(deps: ServiceDeps, parts: { texts: OrderTexts }) {
  const { db, engine, now } = deps;
  const { texts } = parts;

  /** The lead, locked in `trx`; 404 when it is gone, 409 when it is not (or no longer) an order. */
  async function lockOrder(trx: Tx, leadId: number, options: { closed?: boolean } = {}) {
    const lead = await lockLead(trx, leadId, engine);
    if (!lead) throw new AppError(404, LEAD_NOT_FOUND);
    const open = lead.status === 'ordered' || (options.closed && lead.status === 'fulfilled');
    if (!open) throw new AppError(409, ORDER_MESSAGES.notOrdered);
    return lead;
  }

  /** A line of the lead, as it is now; 404 when it is not there. */
  async function lineOf(trx: Tx, leadId: number, lineId: number): Promise<OrderLine> {
    const line = await findLine(trx, lineId);
    if (!line || line.leadId !== leadId) throw new AppError(404, LINE_NOT_FOUND);
    return line;
  }

  /** An event of the order on the lead's timeline (who, when, what), in the caller's transaction. */
  function record(
    trx: Tx,
    leadId: number,
    type: 'line_added' | 'line_step' | 'line_undo' | 'line_changed' | 'auto_texts',
    actor: string,
    detail: Record<string, unknown>,
    at: Date,
  ) {
    return insertLeadEvent(trx, { leadId, type, fromStatus: null, toStatus: null, actor, detail, at });
  }

  /** 400 naming the field when `supplierId` names no supplier. */
  async function checkSupplier(trx: Tx, supplierId: number | null | undefined) {
    if (supplierId && !(await findSupplier(trx, supplierId)))
      throw new AppError(400, ORDER_MESSAGES.supplier, {
        fieldErrors: { supplierId: [ORDER_MESSAGES.supplier] },
      });
  }

  /**
   * The supplier and promised date of a part being ordered: those given with the move, else the
   * line's own; 400 naming the field when one is missing, the supplier unknown, or the date before
   * today (the day it is ordered).
   */
  async function orderFacts(
    trx: Tx,
    line: OrderLine,
    given: { supplierId?: unknown; promisedDate?: unknown },
    at: Date,
  ): Promise<{ supplierId: number; promisedDate: string }> {
    const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    const facts = parseInput(markOrderedSchema, {
      supplierId: blank(given.supplierId) ? (line.supplierId ?? undefined) : given.supplierId,
      promisedDate: blank(given.promisedDate) ? (line.promisedDate ?? undefined) : given.promisedDate,
    });
    if (!(await findSupplier(trx, facts.supplierId)))
      throw new AppError(400, ORDER_MESSAGES.orderedSupplier, {
        fieldErrors: { supplierId: [ORDER_MESSAGES.orderedSupplier] },
      });
    const early = checkPromisedDate(facts.promisedDate, businessDay(at));
    if (early) throw new AppError(400, early, { fieldErrors: { promisedDate: [early] } });
    return facts;
  }

  /** Writes the line at the revision the caller saw, or 409 with where it is now. */
  async function write(
    trx: Tx,
    line: OrderLine,
    revision: number,
    changes: Parameters<typeof updateLine>[3],
    at: Date,
  ) {
    if (line.revision !== revision || !(await updateLine(trx, line.id, revision, changes, at))) {
      throw new AppError(409, ORDER_MESSAGES.changed);
    }
  }

  return {
    /** A lead's purchase lines; 404 for a lead that does not exist. */
    async lines(leadId: number): Promise<OrderLine[]> {
      const lines = await listLeadLines(db, leadId);
      if (!lines.length && !(await leadExists(db, leadId))) throw new AppError(404, LEAD_NOT_FOUND);
      return lines;
    },

    /** What the lead dialog shows of an order: its lines, the texts switch, the suppliers to pick. */
    async order(leadId: number) {
      const [lines, autoTexts, suppliers] = await Promise.all([
        listLeadLines(db, leadId),
        leadAutoTexts(db, leadId),
        listSuppliers(db),
      ]);
      return { lines, autoTexts, suppliers: suppliers.map(({ id, name }) => ({ id, name })) };
    },

    /** Adds a purchase line to an ordered lead (two parts from two suppliers is common). */
    async addLine(leadId: number, payload: unknown, actor: string): Promise<OrderLine> {
      const fields = parseInput(lineFieldsSchema, payload);
      const at = now();
      const refused = checkPromisedDate(fields.promisedDate, businessDay(at));
      if (refused) throw new AppError(400, refused, { fieldErrors: { promisedDate: [refused] } });
      const id = await db.transaction().execute(async (trx) => {
        await lockOrder(trx, leadId);
        await checkSupplier(trx, fields.supplierId);
        const id = await insertLine(trx, { leadId, ...fields }, at);
        await record(trx, leadId, 'line_added', actor, { line: id, part: fields.part }, at);
        return id;
      });
      return (await findLine(db, id))!;
    },

    /**
     * Moves a line forward (one action: any later step), at the revision staff saw. Ordered from
     * the supplier and ready tell the customer; the last line done makes the lead fulfilled. A
     * line leaving 'to order' needs its supplier and promised date, given with the move or already
     * on the line (400 naming the field: markOrderedSchema, decision 0195); both are kept with it.
     */
    async moveLine(leadId: number, lineId: number, payload: unknown, actor: string): Promise<OrderLine> {
      const { to, revision, ...given } = parseInput(moveSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const lead = await lockOrder(trx, leadId);
        const line = await lineOf(trx, leadId, lineId);
        if (line.revision !== revision) throw new AppError(409, ORDER_MESSAGES.changed);
        const refused = checkMove(line.step, to);
        if (refused) throw new AppError(409, refused);
        const facts: Partial<{ supplierId: number; promisedDate: string }> = ordersThePart(line.step, to)
          ? await orderFacts(trx, line, given, at)
          : {};
        const times: Record<string, string> = {};
        // a step skipped (a local part never 'shipped') still gets the times of the steps it passed
        for (const [step, column] of Object.entries(STEP_TIME)) {
          const i = stepIndex(step as LineStep);
          if (i > stepIndex(line.step) && i <= stepIndex(to)) times[column] = at.toISOString();
        }
        const ordered = { ...line, ...facts };
        await write(
          trx,
          line,
          revision,
          {
            step: to,
            previous_step: line.step,
            ...times,
            ...(facts.supplierId ? { supplier_id: facts.supplierId, promised_date: facts.promisedDate } : {}),
          },
          at,
        );
        await record(
          trx,
          leadId,
          'line_step',
          actor,
          { line: line.id, part: line.part, from: line.step, to, handover: line.handover },
          at,
        );
        // ordered from the supplier, then shipped to us: one text for the furthest of the two
        // the move reached (a part that goes straight to ready gets the ready text)
        if (to === 'shipped') await texts.shipped(trx, lead, line, at);
        else if (line.step === 'to_order' && stepIndex(to) < stepIndex('ready')) {
          await texts.ordered(trx, lead, ordered, at);
        }
        if (to === 'ready') await texts.ready(trx, lead, line, at);
        if (to === 'done') {
          const lines = await listLeadLines(trx, leadId);
          if (lines.every((l) => l.step === 'done')) {
            await moveLead(trx, engine, { leadId, to: 'fulfilled', by: 'staff', actor: ORDER_ACTOR, at });
          }
        }
      });
      texts.kick();
      return (await findLine(db, lineId))!;
    },

    /** Takes a line back to the step before its last move (once), recorded on the timeline. */
    async undoLine(leadId: number, lineId: number, payload: unknown, actor: string): Promise<OrderLine> {
      const { revision } = parseInput(undoSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await lockOrder(trx, leadId);
        const line = await lineOf(trx, leadId, lineId);
        if (line.revision !== revision) throw new AppError(409, ORDER_MESSAGES.changed);
        if (!line.previousStep) throw new AppError(409, ORDER_MESSAGES.nothingToUndo);
        // the times of the steps undone go with them
        const times: Record<string, null> = {};
        for (const [step, column] of Object.entries(STEP_TIME)) {
          if (stepIndex(step as LineStep) > stepIndex(line.previousStep)) times[column] = null;
        }
        await write(trx, line, revision, { step: line.previousStep, previous_step: null, ...times }, at);
        await record(
          trx,
          leadId,
          'line_undo',
          actor,
          {
            line: line.id,
            part: line.part,
            from: line.step,
            to: line.previousStep,
            handover: line.handover,
          },
          at,
        );
      });
      return (await findLine(db, lineId))!;
    },

    /**
     * Changes a line's details (supplier, reference, actual cost, promised date, carrier, tracking,
     * pickup or delivery), at the revision staff saw. A promised date moved on an ordered part
     * tells the customer the new date (and why, when staff say).
     */
    async changeLine(leadId: number, lineId: number, payload: unknown, actor: string): Promise<OrderLine> {
      const { revision, why, ...change } = parseInput(changeSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const lead = await lockOrder(trx, leadId, { closed: true });
        const line = await lineOf(trx, leadId, lineId);
        const orderedDay = line.orderedAt ? businessDay(new Date(line.orderedAt)) : businessDay(at);
        const refused =
          change.promisedDate !== undefined && checkPromisedDate(change.promisedDate, orderedDay);
        if (refused) throw new AppError(400, refused, { fieldErrors: { promisedDate: [refused] } });
        await checkSupplier(trx, change.supplierId);
        const columns = {
          part: change.part,
          supplier_id: change.supplierId,
          order_ref: change.orderRef,
          actual_cost: change.actualCost,
          promised_date: change.promisedDate,
          carrier: change.carrier,
          tracking_number: change.trackingNumber,
          handover: change.handover,
        };
        const changed = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
        await write(trx, line, revision, changed, at);
        await record(
          trx,
          leadId,
          'line_changed',
          actor,
          {
            line: line.id,
            part: line.part,
            changes: Object.keys(changed).map((c) => CHANGE_WORDS[c] ?? c),
            ...(why ? { why } : {}),
          },
          at,
        );
        // set or moved once the part is ordered (set before, the 'ordered' text carries it)
        const date = change.promisedDate;
        const moved = date && date !== line.promisedDate;
        if (
          moved &&
          stepIndex(line.step) >= stepIndex('ordered') &&
          stepIndex(line.step) < stepIndex('ready')
        ) {
          await texts.dateMoved(trx, lead, line, { date, why }, at);
        }
      });
      texts.kick();
      return (await findLine(db, lineId))!;
    },

    /** Staff switch a lead's automatic texts off (or on again). */
    async setAutoTexts(leadId: number, payload: unknown, actor: string): Promise<void> {
      const { on } = parseInput(autoTextsSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const lead = await lockLead(trx, leadId, engine);
        if (!lead) throw new AppError(404, LEAD_NOT_FOUND);
        if (Boolean(lead.auto_texts) === on) return;
        await setLeadAutoTexts(trx, leadId, on);
        await record(trx, leadId, 'auto_texts', actor, { on }, at);
      });
    },
  };
}
