/**
 * Customer rows (`customers`, `customer_merges`; migration 0013, decision 0161): a lead attached
 * to its customer (matched by phone or e-mail, app/modules/customers/customers.ts; under another
 * name, flagged: name-checks.ts), what a customer reads from its leads kept current, the customers
 * list and one customer, edits and merges. Same shapes on SQLite and PostgreSQL; each write in the
 * caller's transaction.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  betterName,
  contactKeys,
  customerSearchText,
  matchCustomer,
  SPENT_STATUSES,
  type Customer,
  type CustomerSort,
  type CustomerSummary,
} from '#app/modules/customers/customers.ts';
import type { Engine } from '../engine.ts';
import type { CustomersTable, DB } from '../schema.ts';
import { checkLeadName, searchedByAnyName } from './name-checks.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export function toCustomer(row: Selectable<CustomersTable>): Customer {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    phone: row.phone,
    email: row.email,
    fleet: Boolean(row.fleet),
    noReviews: Boolean(row.no_reviews),
    leadCount: Number(row.lead_count),
    totalSpent: Number(row.total_spent),
    firstContactAt: row.first_contact_at,
    lastContactAt: row.last_contact_at,
    notes: row.notes,
    mergedInto: row.merged_into,
    assignedUserId: row.assigned_user_id,
    unread: Number(row.unread),
    doneAt: row.done_at,
    createdAt: row.created_at,
  };
}

function toSummary(row: Selectable<CustomersTable>): CustomerSummary {
  const {
    notes: _n,
    noReviews: _r,
    mergedInto: _m,
    assignedUserId: _a,
    unread: _u,
    doneAt: _d,
    createdAt: _c,
    ...summary
  } = toCustomer(row);
  return summary;
}

async function findBy(trx: Executor, column: 'phone' | 'email', value: string | null) {
  if (!value) return undefined;
  return trx
    .selectFrom('customers')
    .select(['id', 'phone', 'email', 'name'])
    .where(column, '=', value)
    .where('merged_into', 'is', null)
    .executeTakeFirst();
}

/**
 * Attaches a lead to its customer in the caller's transaction: the one with its phone, else its
 * e-mail, else a new one (matchCustomer's rule). Two processes attaching leads of one new number
 * at once make one customer: the unique phone and e-mail make the second insert do nothing, and it
 * reads the first's row. Returns the customer's id.
 */
export async function attachLead(
  trx: Executor,
  lead: { id: number; name: string; phone: string; email: string | null },
  at: Date,
): Promise<number> {
  const keys = contactKeys(lead);
  const iso = at.toISOString();
  for (let attempt = 0; ; attempt++) {
    const byPhone = await findBy(trx, 'phone', keys.phone);
    const byEmail = await findBy(trx, 'email', keys.email);
    const { customerId, learn } = matchCustomer(keys, byPhone, byEmail);
    if (customerId !== null) {
      const current = (byPhone ?? byEmail)!;
      const name = betterName(current.name, lead.name);
      if (learn.phone || learn.email || name !== current.name) {
        await trx
          .updateTable('customers')
          .set({ ...learn, name, updated_at: iso })
          .where('id', '=', customerId)
          .execute();
        await refreshSearchText(trx, customerId);
      }
      await trx.updateTable('leads').set({ customer_id: customerId }).where('id', '=', lead.id).execute();
      // another name than theirs: linked, but flagged for staff (decision 0193)
      await checkLeadName(trx, lead, { id: customerId, name });
      await refreshCustomers(trx, [customerId]);
      return customerId;
    }
    const inserted = await trx
      .insertInto('customers')
      .values({
        name: lead.name.trim() || 'Customer',
        phone: keys.phone,
        email: keys.email,
        search_text: customerSearchText({ name: lead.name, email: keys.email, phone: keys.phone }),
        created_at: iso,
        updated_at: iso,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx.updateTable('leads').set({ customer_id: inserted.id }).where('id', '=', lead.id).execute();
      await refreshCustomers(trx, [inserted.id]);
      return inserted.id;
    }
    // another transaction made this customer a moment ago: match again, now against it
    if (attempt >= 2) throw new Error(`customer for lead ${lead.id} could be neither found nor made`);
  }
}

async function refreshSearchText(trx: Executor, id: number): Promise<void> {
  const row = await trx
    .selectFrom('customers')
    .select(['name', 'company', 'email', 'phone'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row)
    await trx
      .updateTable('customers')
      .set({ search_text: customerSearchText(row) })
      .where('id', '=', id)
      .execute();
}

/**
 * What customers read from their leads, recomputed: how many, the total spent (the price of each
 * lead the customer said yes to), the first and the last contact (a lead or a message).
 */
export async function refreshCustomers(trx: Executor, ids: readonly number[] | 'all'): Promise<void> {
  if (!ids.length) return;
  const spent = [...SPENT_STATUSES];
  await trx
    .updateTable('customers as c')
    .set((eb) => ({
      lead_count: eb
        .selectFrom('leads')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('leads.customer_id', '=', 'c.id'),
      total_spent: eb
        .selectFrom('leads')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('sell_price'), sql.lit(0)).as('s'))
        .whereRef('leads.customer_id', '=', 'c.id')
        .where('status', 'in', spent),
      first_contact_at: eb
        .selectFrom('leads')
        .select((e) => e.fn.min('created_at').as('f'))
        .whereRef('leads.customer_id', '=', 'c.id'),
      last_contact_at: sql`(select case when max(l.created_at) is null then c.last_message_at
          when c.last_message_at is null or max(l.created_at) > c.last_message_at then max(l.created_at)
          else c.last_message_at end from leads l where l.customer_id = c.id)`,
    }))
    .$if(ids !== 'all', (q) => q.where('c.id', 'in', [...(ids as readonly number[])]))
    .execute();
}

/** The customer of a lead, or null (not linked yet). */
export async function customerIdOfLead(db: Executor, leadId: number): Promise<number | null> {
  const row = await db.selectFrom('leads').select('customer_id').where('id', '=', leadId).executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Whether a lead's customer is a fleet account (its quotes ask for a PO number). */
export async function isFleetLead(db: Executor, leadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('leads')
    .innerJoin('customers', 'customers.id', 'leads.customer_id')
    .select('customers.fleet')
    .where('leads.id', '=', leadId)
    .executeTakeFirst();
  return Boolean(row?.fleet);
}

/** Every customer's id, in id order (the demo seed refreshes each one's conversation). */
export async function allCustomerIds(db: Executor): Promise<number[]> {
  return (await db.selectFrom('customers').select('id').orderBy('id').execute()).map((c) => c.id);
}

/** Leads not yet linked to a customer, oldest first (those of before migration 0013 or a previous build). */
export async function unlinkedLeads(
  db: Executor,
  limit: number,
): Promise<{ id: number; name: string; phone: string; email: string | null }[]> {
  return db
    .selectFrom('leads')
    .select(['id', 'name', 'phone', 'email'])
    .where('customer_id', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Whether the lead is still without a customer (another process may have linked it since it was listed). */
export async function leadStillUnlinked(trx: Executor, leadId: number): Promise<boolean> {
  const still = await trx
    .selectFrom('leads')
    .select('customer_id')
    .where('id', '=', leadId)
    .executeTakeFirst();
  return still !== undefined && still.customer_id === null;
}

/** Locks the leads of these customers (PostgreSQL: FOR UPDATE, in id order), as a merge does first. */
export async function lockLeadsOfCustomers(
  trx: Transaction<DB>,
  customerIds: readonly number[],
  engine: Engine,
): Promise<void> {
  if (!customerIds.length) return;
  let q = trx
    .selectFrom('leads')
    .select('id')
    .where('customer_id', 'in', [...customerIds])
    .orderBy('id');
  if (engine === 'postgres') q = q.forUpdate();
  await q.execute();
}

/** Locks customers (PostgreSQL: FOR UPDATE, in id order so two merges never deadlock). */
export async function lockCustomers(
  trx: Transaction<DB>,
  ids: readonly number[],
  engine: Engine,
): Promise<Selectable<CustomersTable>[]> {
  if (!ids.length) return [];
  let q = trx
    .selectFrom('customers')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (engine === 'postgres') q = q.forUpdate();
  return q.execute();
}

/**
 * A customer as their page shows them: with the name of whom their conversation is assigned to and
 * whether their number sent STOP, in one statement.
 */
export async function findCustomerPage(
  db: Executor,
  id: number,
): Promise<(Customer & { assignedName: string | null; smsOptedOut: boolean }) | undefined> {
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.assigned_user_id')
    .selectAll('c')
    .select((eb) => [
      'u.display_name as assigned_name',
      eb
        .exists(eb.selectFrom('sms_opt_outs as o').select('o.phone').whereRef('o.phone', '=', 'c.phone'))
        .as('opted_out'),
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { assigned_name, opted_out, ...customer } = row;
  return { ...toCustomer(customer), assignedName: assigned_name, smsOptedOut: Boolean(opted_out) };
}

export async function findCustomer(db: Executor, id: number): Promise<Customer | undefined> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCustomer(row);
}

/**
 * The customers list: merged ones left out, searched in name, company, e-mail and phone digits,
 * sorted by last contact or total spent (most recent or most first), a page after `after`.
 */
export async function listCustomers(
  db: Executor,
  query: {
    search?: string;
    sort: CustomerSort;
    after?: { value: string | number | null; id: number };
    limit: number;
  },
): Promise<CustomerSummary[]> {
  const column = query.sort === 'total_spent' ? 'total_spent' : 'last_contact_at';
  let q = db.selectFrom('customers').selectAll().where('merged_into', 'is', null);
  // in the customer's own words, or any name their requests gave (decision 0193)
  if (query.search) q = q.where(searchedByAnyName(`%${query.search.replace(/[\\%_]/g, '')}%`));
  if (query.after) {
    const { value, id } = query.after;
    q =
      value === null
        ? q.where((eb) => eb.and([eb(column, 'is', null), eb('id', '<', id)]))
        : q.where((eb) =>
            eb.or([
              eb(column, '<', value as never),
              eb.and([eb(column, '=', value as never), eb('id', '<', id)]),
              eb(column, 'is', null),
            ]),
          );
  }
  // newest or largest first; customers never contacted (none: every customer has a lead) last
  const rows = await q
    .orderBy(sql`${sql.ref(column)} is null`)
    .orderBy(column, 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map(toSummary);
}

export async function updateCustomer(
  trx: Executor,
  id: number,
  patch: { name: string; company: string | null; notes: string | null; fleet: boolean; noReviews: boolean },
  at: Date,
): Promise<void> {
  await trx
    .updateTable('customers')
    .set({
      name: patch.name,
      company: patch.company,
      notes: patch.notes,
      fleet: patch.fleet ? 1 : 0,
      no_reviews: patch.noReviews ? 1 : 0,
      updated_at: at.toISOString(),
    })
    .where('id', '=', id)
    .execute();
  await refreshSearchText(trx, id);
}

/**
 * Merges `merged` into `kept` in the caller's transaction (both locked by the caller): its leads
 * move, the kept one learns a phone or e-mail it lacks, their conversations become one, and the
 * merged row stays, pointing at the kept one, without phone or e-mail (so matching never finds it),
 * with the merge and the merged row as it was recorded.
 */
export async function mergeCustomerRows(
  trx: Transaction<DB>,
  kept: Selectable<CustomersTable>,
  merged: Selectable<CustomersTable>,
  meta: { actor: string; at: Date; notes: string | null },
): Promise<void> {
  const iso = meta.at.toISOString();
  await trx.updateTable('leads').set({ customer_id: kept.id }).where('customer_id', '=', merged.id).execute();
  await trx
    .updateTable('customers')
    .set({ merged_into: kept.id, phone: null, email: null, unread: 0, updated_at: iso })
    .where('id', '=', merged.id)
    .execute();
  const later = (a: string | null, b: string | null) => (!a ? b : !b ? a : a > b ? a : b);
  const mergedIsLater =
    merged.last_message_at !== null &&
    (kept.last_message_at === null || merged.last_message_at > kept.last_message_at);
  await trx
    .updateTable('customers')
    .set({
      phone: kept.phone ?? merged.phone,
      email: kept.email ?? merged.email,
      company: kept.company ?? merged.company,
      notes: meta.notes,
      fleet: kept.fleet || merged.fleet ? 1 : 0,
      no_reviews: kept.no_reviews || merged.no_reviews ? 1 : 0,
      unread: Number(kept.unread) + Number(merged.unread),
      last_message_at: later(kept.last_message_at, merged.last_message_at),
      last_message_preview: mergedIsLater ? merged.last_message_preview : kept.last_message_preview,
      last_message_in: mergedIsLater ? merged.last_message_in : kept.last_message_in,
      done_at: Number(kept.unread) + Number(merged.unread) > 0 ? null : kept.done_at,
      review_requested_at: later(kept.review_requested_at, merged.review_requested_at),
      updated_at: iso,
    })
    .where('id', '=', kept.id)
    .execute();
  await refreshSearchText(trx, kept.id);
  await refreshCustomers(trx, [kept.id]);
  await trx
    .insertInto('customer_merges')
    .values({
      kept_id: kept.id,
      merged_id: merged.id,
      merged: JSON.stringify(toCustomer(merged)),
      actor: meta.actor,
      at: iso,
    })
    .execute();
}

/** The leads of a customer, newest first, as its page lists them. */
export async function customerLeadRows(db: Executor, customerId: number, limit: number) {
  return db
    .selectFrom('leads')
    .select([
      'id',
      'case_number',
      'status',
      'source',
      'equipment',
      'make',
      'model',
      'year',
      'part_number',
      'short_part_name',
      'description',
      'sell_price',
      'quote_version',
      'quote_expires_at',
      'created_at',
      'phone',
      'email',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The lead a reply to a customer is about: their newest open request (not yet fulfilled or lost),
 * else their newest; undefined for a customer without leads.
 */
export async function replyLeadOf(db: Executor, customerId: number): Promise<number | undefined> {
  const newest = (open: boolean) => {
    let q = db.selectFrom('leads').select('id').where('customer_id', '=', customerId);
    if (open) q = q.where('status', 'not in', ['fulfilled', 'lost']);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  };
  return ((await newest(true)) ?? (await newest(false)))?.id;
}
