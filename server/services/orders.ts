/**
 * Orders after a yes (issue 29, decision 0150): suppliers, and the purchase lines of an ordered
 * lead moved step by step by staff. Every move and change is an event on the lead's timeline with
 * who and when, written with the line in one transaction; a move names the line's revision it saw,
 * so two staff moving one line at once (one process or several) leave one move and the other is
 * told (409). The customer's texts (the part ready or out for delivery, its date moved, the
 * reminders of a part not collected) are written once each under a key, held through quiet hours,
 * and skipped when staff switched the lead's automatic texts off. When every line is done the lead
 * becomes fulfilled through the one transition (lead-moves.ts).
 */
import type { Transaction } from 'kysely';
import { dateMovedText, orderedText, readyText, reminderText } from '#app/modules/messages/order-messages.ts';
import { afterQuietHours } from '#app/modules/shared/quiet-hours.ts';
import {
  businessDay,
  dueReminder,
  REMINDER_DAYS,
  EXCEPTION_LABELS,
  lineException,
  UNCOLLECTED_DAYS,
} from '#app/modules/orders/order-timing.ts';
import {
  checkMove,
  checkPromisedDate,
  LINE_STEPS,
  lineChangeSchema,
  lineFieldsSchema,
  moveLabel,
  nextStep,
  ORDER_MESSAGES,
  stepIndex,
  stepLabel,
  type OrdersBoard,
  type OrdersRow,
  supplierSchema,
  type LineStep,
} from '#app/modules/orders/orders.ts';
import { centralDay } from '#app/modules/quotes/quote.ts';
import { rowIdSchema } from '#app/modules/site/row-id.ts';
import { z } from 'zod';
import { insertLeadEvent } from '../db/repo/lead-events.ts';
import { mintLeadLinks } from '../db/repo/lead-links.ts';
import { lockLead, lockLeads } from '../db/repo/leads.ts';
import {
  archiveSupplier,
  findLine,
  findLines,
  findSupplier,
  insertLine,
  insertSupplier,
  listLeadLines,
  countOpenLines,
  listLinesNeedingAttention,
  listOpenLinesAt,
  leadAutoTexts,
  leadExists,
  listRemindableLines,
  listSuppliers,
  markReminded,
  setLeadAutoTexts,
  updateLine,
  updateSupplier,
  type OpenLine,
  type OrderLine,
} from '../db/repo/orders.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { ServiceDeps } from './context.ts';
import { moveLead } from './lead-moves.ts';
import type { Messaging } from './messaging.ts';

export const SUPPLIER_NOT_FOUND = 'Supplier not found';
export const LINE_NOT_FOUND = 'Part not found on this order';
/** Who moves a lead to fulfilled when its last part is handed over. */
export const ORDER_ACTOR = 'orders (every part handed over)';
export const MAX_WHY = 80;

const moveSchema = z.object({
  to: z.enum(LINE_STEPS, { message: 'Choose the step to move to.' }),
  revision: rowIdSchema('Reload the order and try again.'),
});
const undoSchema = moveSchema.pick({ revision: true });
const archiveSchema = z.object({ archived: z.boolean({ message: 'Say archived: true or false.' }) });
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

const DAY_MS = 86_400_000;
/** How many lines the orders screen shows: per step, of one step shown whole, needing attention. */
export const BOARD_STEP_LIMIT = 20;
export const BOARD_SHOW_ALL_LIMIT = 500;
export const BOARD_ATTENTION_LIMIT = 50;
const REMINDERS_PER_TRANSACTION = 100;

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

/** The orders screen's group headings. */
type OpenStep = Exclude<LineStep, 'done'>;
/** What a text of an order needs of its lead. */
type TextedLead = {
  id: number;
  case_number: string | null;
  phone: string;
  email: string | null;
  auto_texts: number;
};
const OPEN_STEPS = LINE_STEPS.filter((s): s is OpenStep => s !== 'done');
const STEP_GROUPS: Record<OpenStep, string> = {
  to_order: 'To order',
  ordered: 'Ordered from supplier',
  shipped: 'Shipped to us',
  arrived: 'Arrived',
  ready: 'Ready for pickup or out for delivery',
};

/** The column that keeps when a line reached a step (the steps without one keep only the event). */
const STEP_TIME = {
  ordered: 'ordered_at',
  arrived: 'arrived_at',
  ready: 'ready_at',
  done: 'done_at',
} as const satisfies Partial<Record<LineStep, string>>;

export function ordersService(deps: ServiceDeps, parts: { messaging: Messaging }) {
  const { db, engine, config, now } = deps;
  const { messaging } = parts;

  /** The lead, locked in `trx`; 404 when it is gone, 409 when it is not (or no longer) an order. */
  async function lockOrder(trx: Transaction<DB>, leadId: number, options: { closed?: boolean } = {}) {
    const lead = await lockLead(trx, leadId, engine);
    if (!lead) throw new AppError(404, 'Lead not found');
    const open = lead.status === 'ordered' || (options.closed && lead.status === 'fulfilled');
    if (!open) throw new AppError(409, ORDER_MESSAGES.notOrdered);
    return lead;
  }

  /** A line of the lead, as it is now; 404 when it is not there. */
  async function lineOf(trx: Transaction<DB>, leadId: number, lineId: number): Promise<OrderLine> {
    const line = await findLine(trx, lineId);
    if (!line || line.leadId !== leadId) throw new AppError(404, LINE_NOT_FOUND);
    return line;
  }

  /** An event of the order on the lead's timeline (who, when, what), in the caller's transaction. */
  function record(
    trx: Transaction<DB>,
    leadId: number,
    type: 'line_added' | 'line_step' | 'line_undo' | 'line_changed' | 'auto_texts',
    actor: string,
    detail: Record<string, unknown>,
    at: Date,
  ) {
    return insertLeadEvent(trx, { leadId, type, fromStatus: null, toStatus: null, actor, detail, at });
  }

  /** 400 naming the field when `supplierId` names no supplier. */
  async function checkSupplier(trx: Transaction<DB>, supplierId: number | null | undefined) {
    if (supplierId && !(await findSupplier(trx, supplierId)))
      throw new AppError(400, ORDER_MESSAGES.supplier, {
        fieldErrors: { supplierId: [ORDER_MESSAGES.supplier] },
      });
  }

  /** Writes the line at the revision the caller saw, or 409 with where it is now. */
  async function write(
    trx: Transaction<DB>,
    line: OrderLine,
    revision: number,
    changes: Parameters<typeof updateLine>[3],
    at: Date,
  ) {
    if (line.revision !== revision || !(await updateLine(trx, line.id, revision, changes, at))) {
      throw new AppError(409, ORDER_MESSAGES.changed);
    }
  }

  /**
   * The customer's texts of an order's moments, in the caller's transaction (none when staff
   * switched the lead's automatic texts off): each with a link of its own, written once under its
   * key (`lead:{id}:{key}`), held past quiet hours, with an e-mail copy where the lead has an
   * address. A handful of statements for any number of them (the reminders pass writes a hundred).
   */
  async function tellAll(
    trx: Transaction<DB>,
    moments: readonly { lead: TextedLead; key: string; body: (url: string) => string }[],
    at: Date,
  ) {
    const texted = moments.filter((m) => m.lead.auto_texts);
    const urls = await mintLeadLinks(
      trx,
      config.baseUrl,
      texted.map((m) => ({ leadId: m.lead.id, version: null })),
      at,
    );
    const notBefore = afterQuietHours(at, config.quietHours);
    const texts = texted.map((m, i) => ({
      lead: m.lead,
      key: `lead:${m.lead.id}:${m.key}`,
      body: m.body(urls[i]!),
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
  const tell = (
    trx: Transaction<DB>,
    lead: TextedLead,
    key: string,
    body: (url: string) => string,
    at: Date,
  ) => tellAll(trx, [{ lead, key, body }], at);

  const orderOf = (lead: { case_number: string | null }, line: OrderLine) => ({
    siteName: config.site.name,
    caseNumber: lead.case_number ?? '',
    part: line.part,
  });

  const service = {
    suppliers: {
      list: (options: { archived?: boolean } = {}) => listSuppliers(db, options),
      async get(id: number) {
        const supplier = await findSupplier(db, id);
        if (!supplier) throw new AppError(404, SUPPLIER_NOT_FOUND);
        return supplier;
      },
      async create(payload: unknown) {
        const fields = parseInput(supplierSchema, payload);
        const id = await insertSupplier(db, fields, now());
        return service.suppliers.get(id);
      },
      async update(id: number, payload: unknown) {
        const fields = parseInput(supplierSchema, payload);
        if (!(await updateSupplier(db, id, fields, now()))) throw new AppError(404, SUPPLIER_NOT_FOUND);
        return service.suppliers.get(id);
      },
      /** `{ archived: true }` archives, `{ archived: false }` brings back. */
      async archive(id: number, payload: unknown) {
        const { archived } = parseInput(archiveSchema, payload);
        if (!(await archiveSupplier(db, id, archived, now()))) throw new AppError(404, SUPPLIER_NOT_FOUND);
        return service.suppliers.get(id);
      },
    },

    /**
     * The orders screen: the lines that need staff first (late, ready and not collected, not
     * ordered), then each step's count and its first lines (all of one step with `show`).
     */
    async board(options: { show?: LineStep } = {}): Promise<OrdersBoard> {
      const at = now();
      const row = (line: OpenLine): OrdersRow & { needs: boolean } => {
        const exception = lineException(
          {
            step: line.step,
            promisedDate: line.promisedDate,
            readyAt: line.readyAt ? new Date(line.readyAt) : null,
            acceptedAt: new Date(line.createdAt),
          },
          at,
        );
        const next = nextStep(line.step);
        return {
          leadId: line.leadId,
          lineId: line.id,
          revision: line.revision,
          caseNumber: line.caseNumber ?? `#${line.leadId}`,
          customer: line.customer,
          part: line.part,
          supplierName: line.supplierName,
          step: line.step,
          stepLabel: stepLabel(line.step, line.handover),
          next: next ? { step: next, label: moveLabel(next, line.handover) } : null,
          canUndo: line.previousStep !== null,
          promisedDate: line.promisedDate,
          exception: exception ? EXCEPTION_LABELS[exception] : null,
          needs: exception !== undefined,
        };
      };
      const strip = ({ needs: _, ...r }: OrdersRow & { needs: boolean }): OrdersRow => r;
      const [counts, candidates, ...groups] = await Promise.all([
        countOpenLines(db, OPEN_STEPS),
        // a line still to order for a day may be within its business day (a weekend): the rule decides
        listLinesNeedingAttention(
          db,
          {
            today: businessDay(at),
            readyBefore: new Date(at.getTime() - UNCOLLECTED_DAYS * DAY_MS),
            addedBefore: new Date(at.getTime() - DAY_MS),
          },
          BOARD_ATTENTION_LIMIT,
        ),
        ...OPEN_STEPS.map((step) =>
          listOpenLinesAt(db, step, step === options.show ? BOARD_SHOW_ALL_LIMIT : BOARD_STEP_LIMIT),
        ),
      ]);
      return {
        exceptions: candidates
          .map(row)
          .filter((r) => r.needs)
          .map(strip),
        steps: OPEN_STEPS.map((step, i) => ({
          step,
          label: STEP_GROUPS[step],
          total: counts.get(step) ?? 0,
          rows: groups[i]!.map((line) => strip(row(line))),
        })),
      };
    },

    /** A lead's purchase lines; 404 for a lead that does not exist. */
    async lines(leadId: number): Promise<OrderLine[]> {
      const lines = await listLeadLines(db, leadId);
      if (!lines.length && !(await leadExists(db, leadId))) throw new AppError(404, 'Lead not found');
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
     * the supplier and ready tell the customer; the last line done makes the lead fulfilled.
     */
    async moveLine(leadId: number, lineId: number, payload: unknown, actor: string): Promise<OrderLine> {
      const { to, revision } = parseInput(moveSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const lead = await lockOrder(trx, leadId);
        const line = await lineOf(trx, leadId, lineId);
        if (line.revision !== revision) throw new AppError(409, ORDER_MESSAGES.changed);
        const refused = checkMove(line.step, to);
        if (refused) throw new AppError(409, refused);
        const times: Record<string, string> = {};
        // a step skipped (a local part never 'shipped') still gets the times of the steps it passed
        for (const [step, column] of Object.entries(STEP_TIME)) {
          const i = stepIndex(step as LineStep);
          if (i > stepIndex(line.step) && i <= stepIndex(to)) times[column] = at.toISOString();
        }
        await write(trx, line, revision, { step: to, previous_step: line.step, ...times }, at);
        await record(
          trx,
          leadId,
          'line_step',
          actor,
          { line: line.id, part: line.part, from: line.step, to, handover: line.handover },
          at,
        );
        // ordered from the supplier (a part that goes straight to ready gets the ready text)
        if (line.step === 'to_order' && stepIndex(to) < stepIndex('ready')) {
          const day = line.promisedDate ? centralDay(new Date(`${line.promisedDate}T18:00:00Z`)) : null;
          await tell(
            trx,
            lead,
            `line:${line.id}:ordered`,
            (url) => orderedText({ ...orderOf(lead, line), url, day }),
            at,
          );
        }
        if (to === 'ready') {
          await tell(
            trx,
            lead,
            `line:${line.id}:ready`,
            (url) => readyText({ ...orderOf(lead, line), url, handover: line.handover }),
            at,
          );
        }
        if (to === 'done') {
          const lines = await listLeadLines(trx, leadId);
          if (lines.every((l) => l.step === 'done')) {
            await moveLead(trx, engine, { leadId, to: 'fulfilled', by: 'staff', actor: ORDER_ACTOR, at });
          }
        }
      });
      messaging.outbox.kick();
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
        const moved = change.promisedDate && change.promisedDate !== line.promisedDate;
        if (
          moved &&
          stepIndex(line.step) >= stepIndex('ordered') &&
          stepIndex(line.step) < stepIndex('ready')
        ) {
          const day = centralDay(new Date(`${change.promisedDate}T18:00:00Z`));
          await tell(
            trx,
            lead,
            `line:${line.id}:date:${change.promisedDate}`,
            (url) => dateMovedText({ ...orderOf(lead, line), url, day, why }),
            at,
          );
        }
      });
      messaging.outbox.kick();
      return (await findLine(db, lineId))!;
    },

    /** Staff switch a lead's automatic texts off (or on again). */
    async setAutoTexts(leadId: number, payload: unknown, actor: string): Promise<void> {
      const { on } = parseInput(autoTextsSchema, payload);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const lead = await lockLead(trx, leadId, engine);
        if (!lead) throw new AppError(404, 'Lead not found');
        if (Boolean(lead.auto_texts) === on) return;
        await setLeadAutoTexts(trx, leadId, on);
        await record(trx, leadId, 'auto_texts', actor, { on }, at);
      });
    },

    /**
     * The reminders pass: each part ready and not collected gets its 'still waiting for you' text
     * at 3 and at 14 days, once each (the outbox key), however often the pass runs and in however
     * many processes. Returns how many reminders it wrote.
     */
    async sendReminders(): Promise<number> {
      const at = now();
      const due = (await listRemindableLines(db, new Date(at.getTime() - REMINDER_DAYS[0] * DAY_MS))).filter(
        (row) => dueReminder(row.readyAt, at, row.remindedDays ? [row.remindedDays] : []) !== undefined,
      );
      let written = 0;
      // a hundred at a time, each batch one transaction of a handful of statements, its leads
      // locked in id order (no deadlock with another process's pass); each line read again under
      // its lead's lock, so a part collected meanwhile is not reminded
      for (let start = 0; start < due.length; start += REMINDERS_PER_TRANSACTION) {
        const batch = due.slice(start, start + REMINDERS_PER_TRANSACTION);
        written += await db.transaction().execute(async (trx) => {
          const leads = new Map(
            (await lockLeads(trx, [...new Set(batch.map((row) => row.leadId))], engine)).map((l) => [
              l.id,
              l,
            ]),
          );
          const reminders = (
            await findLines(
              trx,
              batch.map((row) => row.id),
            )
          ).flatMap((line) => {
            const lead = leads.get(line.leadId);
            const days =
              line.step === 'ready' && line.readyAt
                ? dueReminder(new Date(line.readyAt), at, [line.remindedDays ?? 0])
                : undefined;
            return lead && days ? [{ lead, line, days }] : [];
          });
          for (const days of REMINDER_DAYS) {
            const ids = reminders.filter((r) => r.days === days).map((r) => r.line.id);
            await markReminded(trx, ids, days, at);
          }
          await tellAll(
            trx,
            reminders.map(({ lead, line, days }) => ({
              lead,
              key: `line:${line.id}:reminder:${days}`,
              body: (url: string) => reminderText({ ...orderOf(lead, line), url }),
            })),
            at,
          );
          return reminders.length;
        });
      }
      if (written) messaging.outbox.kick();
      return written;
    },
  };
  return service;
}

export type OrdersService = ReturnType<typeof ordersService>;
