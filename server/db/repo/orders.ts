/**
 * Suppliers (`suppliers`) and the purchase lines of ordered leads (`order_lines`), issue 29 and
 * decision 0150. A line is written only with the revision its writer read (`updateLine`): two staff
 * moving one line at once, in one process or two, leave one of the moves and tell the other. Writes
 * run in the caller's transaction. Identical on SQLite and PostgreSQL.
 */
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type {
  Carrier,
  Handover,
  LineStep,
  OrderLine,
  Supplier,
  SupplierFields,
} from '#app/modules/orders/orders.ts';

export type { OrderLine };
import type { DB, OrderLinesTable, SuppliersTable } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A time as ISO text: SQLite gives back the text it was written as, PostgreSQL a Date. */
const iso = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.toISOString();

function toSupplier(row: Selectable<SuppliersTable>): Supplier {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    website: row.website,
    accountNumber: row.account_number,
    leadTimeDays: row.lead_time_days,
    notes: row.notes,
    archived: row.archived_at !== null,
  };
}

const supplierColumns = (s: SupplierFields) => ({
  name: s.name,
  phone: s.phone,
  email: s.email,
  website: s.website,
  account_number: s.accountNumber,
  lead_time_days: s.leadTimeDays ?? null,
  notes: s.notes,
});

/** Suppliers by name; archived ones only when asked. */
export async function listSuppliers(db: Executor, options: { archived?: boolean } = {}): Promise<Supplier[]> {
  let q = db.selectFrom('suppliers').selectAll().orderBy('name').orderBy('id');
  if (!options.archived) q = q.where('archived_at', 'is', null);
  return (await q.execute()).map(toSupplier);
}

export async function findSupplier(db: Executor, id: number): Promise<Supplier | undefined> {
  const row = await db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toSupplier(row);
}

export async function insertSupplier(db: Executor, s: SupplierFields, at: Date): Promise<number> {
  const { id } = await db
    .insertInto('suppliers')
    .values({ ...supplierColumns(s), created_at: at.toISOString(), updated_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes a supplier's fields; false when there is no such supplier. */
export async function updateSupplier(
  db: Executor,
  id: number,
  s: SupplierFields,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('suppliers')
    .set({ ...supplierColumns(s), updated_at: at.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Archives (or brings back) a supplier; false when there is no such supplier. */
export async function archiveSupplier(
  db: Executor,
  id: number,
  archived: boolean,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('suppliers')
    .set({ archived_at: archived ? at.toISOString() : null, updated_at: at.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type LineRow = Selectable<OrderLinesTable> & { supplier_name: string | null };

function toLine(row: LineRow): OrderLine {
  return {
    id: row.id,
    leadId: row.lead_id,
    part: row.part,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    orderRef: row.order_ref,
    quotedCost: row.quoted_cost,
    actualCost: row.actual_cost,
    step: row.step as LineStep,
    previousStep: row.previous_step as LineStep | null,
    handover: row.handover as Handover,
    promisedDate: row.promised_date,
    carrier: row.carrier as Carrier | null,
    trackingNumber: row.tracking_number,
    orderedAt: iso(row.ordered_at),
    arrivedAt: iso(row.arrived_at),
    readyAt: iso(row.ready_at),
    doneAt: iso(row.done_at),
    remindedDays: row.reminded_days,
    revision: row.revision,
    createdAt: iso(row.created_at)!,
  };
}

function linesQuery(db: Executor) {
  return db
    .selectFrom('order_lines')
    .leftJoin('suppliers', 'suppliers.id', 'order_lines.supplier_id')
    .selectAll('order_lines')
    .select('suppliers.name as supplier_name');
}

/** A lead's lines, in the order they were added. */
export async function listLeadLines(db: Executor, leadId: number): Promise<OrderLine[]> {
  const rows = await linesQuery(db)
    .where('order_lines.lead_id', '=', leadId)
    .orderBy('order_lines.id')
    .execute();
  return rows.map(toLine);
}

/** Each lead's first purchase line (the one its acceptance opened), by lead id; one statement. */
export async function firstLineIds(db: Executor, leadIds: readonly number[]): Promise<Map<number, number>> {
  if (!leadIds.length) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select(['lead_id', (eb) => eb.fn.min<number>('id').as('first')])
    .where('lead_id', 'in', [...new Set(leadIds)])
    .groupBy('lead_id')
    .execute();
  return new Map(rows.map((r) => [r.lead_id, Number(r.first)]));
}

/** The lines of several leads (a customer's), in the order they were added; one statement. */
export async function listLinesOfLeads(db: Executor, leadIds: readonly number[]): Promise<OrderLine[]> {
  if (!leadIds.length) return [];
  const rows = await linesQuery(db)
    .where('order_lines.lead_id', 'in', [...leadIds])
    .orderBy('order_lines.id')
    .execute();
  return rows.map(toLine);
}

export async function findLine(db: Executor, id: number): Promise<OrderLine | undefined> {
  const row = await linesQuery(db).where('order_lines.id', '=', id).executeTakeFirst();
  return row && toLine(row);
}

/** Several lines by id, in id order (the reminders pass). */
export async function findLines(db: Executor, ids: readonly number[]): Promise<OrderLine[]> {
  if (!ids.length) return [];
  const rows = await linesQuery(db)
    .where('order_lines.id', 'in', [...ids])
    .orderBy('order_lines.id')
    .execute();
  return rows.map(toLine);
}

/**
 * Marks lines as reminded at `days` (a new revision each), in the caller's transaction, which holds
 * their leads' locks: only lines still ready for pickup.
 */
export async function markReminded(
  db: Executor,
  ids: readonly number[],
  days: number,
  at: Date,
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('order_lines')
    .set((eb) => ({ reminded_days: days, revision: eb('revision', '+', 1), updated_at: at.toISOString() }))
    .where('id', 'in', [...ids])
    .where('step', '=', 'ready')
    .execute();
}

export type NewLine = {
  leadId: number;
  part: string;
  supplierId?: number | null;
  orderRef?: string | null;
  quotedCost?: number | null;
  actualCost?: number | null;
  handover?: Handover;
  promisedDate?: string | null;
  carrier?: Carrier | null;
  trackingNumber?: string | null;
};

export async function insertLine(db: Executor, line: NewLine, at: Date): Promise<number> {
  const { id } = await db
    .insertInto('order_lines')
    .values({
      lead_id: line.leadId,
      part: line.part,
      supplier_id: line.supplierId ?? null,
      order_ref: line.orderRef ?? null,
      quoted_cost: line.quotedCost ?? null,
      actual_cost: line.actualCost ?? null,
      step: 'to_order',
      handover: line.handover ?? 'pickup',
      promised_date: line.promisedDate ?? null,
      carrier: line.carrier ?? null,
      tracking_number: line.trackingNumber ?? null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Lines as they stand, in one statement (the demo's year of orders). */
export async function insertLinesAsTheyStand(
  db: Executor,
  lines: readonly (NewLine & {
    step: LineStep;
    orderedAt: Date | null;
    arrivedAt: Date | null;
    readyAt: Date | null;
    doneAt: Date | null;
    createdAt: Date;
  })[],
): Promise<void> {
  if (!lines.length) return;
  const iso = (d: Date | null) => d && d.toISOString();
  await db
    .insertInto('order_lines')
    .values(
      lines.map((l) => ({
        lead_id: l.leadId,
        part: l.part,
        supplier_id: l.supplierId ?? null,
        order_ref: l.orderRef ?? null,
        quoted_cost: l.quotedCost ?? null,
        actual_cost: l.actualCost ?? null,
        step: l.step,
        handover: l.handover ?? 'pickup',
        promised_date: l.promisedDate ?? null,
        carrier: l.carrier ?? null,
        tracking_number: l.trackingNumber ?? null,
        ordered_at: iso(l.orderedAt),
        arrived_at: iso(l.arrivedAt),
        ready_at: iso(l.readyAt),
        done_at: iso(l.doneAt),
        created_at: l.createdAt.toISOString(),
        updated_at: (l.doneAt ?? l.readyAt ?? l.arrivedAt ?? l.orderedAt ?? l.createdAt).toISOString(),
      })),
    )
    .execute();
}

/**
 * Writes a line if it is still at `revision` (what its writer read), bumping the revision; false
 * when another write came first (or the line is gone).
 */
export async function updateLine(
  db: Executor,
  id: number,
  revision: number,
  changes: Omit<Updateable<OrderLinesTable>, 'id' | 'lead_id' | 'revision' | 'created_at'>,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set((eb) => ({ ...changes, revision: eb('revision', '+', 1), updated_at: at.toISOString() }))
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A line of an open order with what the orders screen shows of its lead. */
export type OpenLine = OrderLine & { caseNumber: string | null; customer: string };

/** The lines of open orders (leads that are ordered) at one of `steps`. */
function openLinesQuery(db: Executor, steps: readonly LineStep[]) {
  return linesQuery(db)
    .innerJoin('leads', 'leads.id', 'order_lines.lead_id')
    .select(['leads.case_number', 'leads.name as customer'])
    .where('order_lines.step', 'in', [...steps])
    .where('leads.status', '=', 'ordered');
}

const toOpenLine = (row: LineRow & { case_number: string | null; customer: string }): OpenLine => ({
  ...toLine(row),
  caseNumber: row.case_number,
  customer: row.customer,
});

/** How many lines of open orders are at each of `steps`. */
export async function countOpenLines(
  db: Executor,
  steps: readonly LineStep[],
): Promise<Map<LineStep, number>> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('leads', 'leads.id', 'order_lines.lead_id')
    .select(['order_lines.step', (eb) => eb.fn.countAll<number>().as('count')])
    .where('order_lines.step', 'in', [...steps])
    .where('leads.status', '=', 'ordered')
    .groupBy('order_lines.step')
    .execute();
  return new Map(rows.map((r) => [r.step as LineStep, Number(r.count)]));
}

/** The oldest `limit` lines of open orders at `step` (read along the index on step and id). */
export async function listOpenLinesAt(db: Executor, step: LineStep, limit: number): Promise<OpenLine[]> {
  const rows = await openLinesQuery(db, [step]).orderBy('order_lines.id').limit(limit).execute();
  return rows.map(toOpenLine);
}

/**
 * The lines of open orders that may need staff first (app/modules/orders/order-timing.ts decides),
 * oldest first, at most `limit` of each kind: not arrived and promised before `today`, ready since
 * before `readyBefore`, still to order and added before `addedBefore`. Three reads along the step
 * indexes rather than one OR that would read every line.
 */
export async function listLinesNeedingAttention(
  db: Executor,
  at: { today: string; readyBefore: Date; addedBefore: Date },
  limit: number,
): Promise<OpenLine[]> {
  const [late, uncollected, notOrdered] = await Promise.all([
    openLinesQuery(db, ['to_order', 'ordered', 'shipped'])
      .where('order_lines.promised_date', '<', at.today)
      .orderBy('order_lines.id')
      .limit(limit)
      .execute(),
    openLinesQuery(db, ['ready'])
      .where('order_lines.ready_at', '<', at.readyBefore.toISOString())
      .orderBy('order_lines.id')
      .limit(limit)
      .execute(),
    openLinesQuery(db, ['to_order'])
      .where('order_lines.created_at', '<', at.addedBefore.toISOString())
      .orderBy('order_lines.id')
      .limit(limit)
      .execute(),
  ]);
  const seen = new Set<number>();
  return [...late, ...uncollected, ...notOrdered]
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .sort((a, b) => a.id - b.id)
    .map(toOpenLine);
}

/**
 * Lines ready for pickup since before `readyBefore` whose last reminder (if any) was not the
 * 14-day one, by lead: the reminders pass's candidates.
 */
export async function listRemindableLines(
  db: Executor,
  readyBefore: Date,
): Promise<{ id: number; leadId: number; readyAt: Date; remindedDays: number | null }[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select(['id', 'lead_id', 'ready_at', 'reminded_days'])
    .where('step', '=', 'ready')
    .where('handover', '=', 'pickup')
    .where('ready_at', '<=', readyBefore.toISOString())
    .where((eb) => eb.or([eb('reminded_days', 'is', null), eb('reminded_days', '<', 14)]))
    .orderBy('lead_id')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    leadId: r.lead_id,
    readyAt: new Date(r.ready_at!),
    remindedDays: r.reminded_days,
  }));
}

/** Turns a lead's automatic order texts on or off (the caller records why). */
export async function setLeadAutoTexts(db: Executor, leadId: number, on: boolean): Promise<void> {
  await db
    .updateTable('leads')
    .set({ auto_texts: on ? 1 : 0 })
    .where('id', '=', leadId)
    .execute();
}

/** Whether the lead has purchase lines. */
export async function hasLines(db: Executor, leadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_lines')
    .select('id')
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every line of the lead not handed over yet, handed over now ('Mark as Fulfilled' closes the order). */
export async function closeOpenLines(db: Executor, leadId: number, at: Date): Promise<void> {
  await db
    .updateTable('order_lines')
    .set((eb) => ({
      step: 'done',
      previous_step: null,
      done_at: at.toISOString(),
      revision: eb('revision', '+', 1),
      updated_at: at.toISOString(),
    }))
    .where('lead_id', '=', leadId)
    .where('step', '!=', 'done')
    .execute();
}

/** Whether the lead's order texts go out by themselves (true unless staff switched them off). */
export async function leadAutoTexts(db: Executor, leadId: number): Promise<boolean> {
  const row = await db.selectFrom('leads').select('auto_texts').where('id', '=', leadId).executeTakeFirst();
  return row ? Boolean(row.auto_texts) : true;
}

export async function leadExists(db: Executor, leadId: number): Promise<boolean> {
  return (
    (await db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst()) !== undefined
  );
}
