/**
 * The right customer's rows (issue 48 item 2, migration 0020, decision 0193): a lead linked to its
 * customer under another name carries `name_check` = 1 until staff say 'Same person' (the flag
 * cleared; the name then is one of the customer's known names: the names of their leads not
 * flagged) or 'Different person' (a new customer made of the request, the lead moved to them).
 * Same shapes on SQLite and PostgreSQL; each write in the caller's transaction.
 */
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { contactKeys, customerSearchText } from '#app/modules/customers/customers.ts';
import { namesDiffer, type NameCheck } from '#app/modules/customers/name-check.ts';
import { caseNumberFor } from '#app/modules/leads/leads.ts';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Flags a lead just linked to `customer` when the name it gave is neither the customer's nor one
 * of their known names (namesDiffer's rule). Returns whether it flagged it.
 */
export async function checkLeadName(
  trx: Executor,
  lead: { id: number; name: string },
  customer: { id: number; name: string },
): Promise<boolean> {
  const known = await trx
    .selectFrom('leads')
    .select('name')
    .distinct()
    .where('customer_id', '=', customer.id)
    .where('name_check', '=', 0)
    .where('id', '!=', lead.id)
    .execute();
  const flag = namesDiffer(
    lead.name,
    customer.name,
    known.map((k) => k.name),
  );
  if (flag) await trx.updateTable('leads').set({ name_check: 1 }).where('id', '=', lead.id).execute();
  return flag;
}

const flagged = (db: Executor) =>
  db
    .selectFrom('leads as l')
    .innerJoin('customers as c', 'c.id', 'l.customer_id')
    .select(['l.id', 'l.case_number', 'l.name', 'c.id as customer_id', 'c.name as customer_name'])
    .where('l.name_check', '=', 1);

type FlaggedRow = {
  id: number;
  case_number: string | null;
  name: string;
  customer_id: number;
  customer_name: string;
};

const toCheck = (r: FlaggedRow): NameCheck => ({
  leadId: r.id,
  caseNumber: r.case_number ?? caseNumberFor(r.id),
  requestName: r.name.trim(),
  customerId: r.customer_id,
  customerName: r.customer_name,
});

/** A lead's flag, or null (no other name, or staff settled it). */
export async function nameCheckOfLead(db: Executor, leadId: number): Promise<NameCheck | null> {
  const row = await flagged(db).where('l.id', '=', leadId).executeTakeFirst();
  return row ? toCheck(row) : null;
}

/** A customer's flagged requests, oldest first. */
export async function nameChecksOfCustomer(db: Executor, customerId: number): Promise<NameCheck[]> {
  const rows = await flagged(db).where('l.customer_id', '=', customerId).orderBy('l.id').execute();
  return rows.map(toCheck);
}

/**
 * A lead as settling its flag reads it, locked first (PostgreSQL: FOR UPDATE, as every writer of
 * a lead takes it before its customer); undefined for no such lead.
 */
export async function lockLeadForNameCheck(trx: Transaction<DB>, leadId: number, engine: Engine) {
  let q = trx
    .selectFrom('leads')
    .select(['id', 'case_number', 'name', 'phone', 'email', 'customer_id', 'name_check'])
    .where('id', '=', leadId);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** 'Same person': the flag cleared; the lead's name is now one of the customer's known names. */
export async function clearNameCheck(trx: Executor, leadId: number): Promise<void> {
  await trx.updateTable('leads').set({ name_check: 0 }).where('id', '=', leadId).execute();
}

/**
 * 'Different person': a new customer with the request's name and each of its phone and e-mail
 * that no customer holds (a number or address belongs to one customer: the one on file keeps
 * theirs), and the lead moved to them, its flag cleared. Returns the new customer's id.
 */
export async function splitLeadToNewCustomer(
  trx: Executor,
  lead: { id: number; name: string; phone: string; email: string | null },
  at: Date,
): Promise<number> {
  const keys = contactKeys(lead);
  const held = async (column: 'phone' | 'email', value: string | null) =>
    value !== null &&
    (await trx.selectFrom('customers').select('id').where(column, '=', value).executeTakeFirst()) !==
      undefined;
  const phone = (await held('phone', keys.phone)) ? null : keys.phone;
  const email = (await held('email', keys.email)) ? null : keys.email;
  const iso = at.toISOString();
  const name = lead.name.trim();
  const made = await trx
    .insertInto('customers')
    .values({
      name,
      phone,
      email,
      search_text: customerSearchText({ name, phone, email }),
      created_at: iso,
      updated_at: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('leads')
    .set({ customer_id: made.id, name_check: 0 })
    .where('id', '=', lead.id)
    .execute();
  return made.id;
}

/**
 * A customers search (`like`, lower case, its wildcards around it): their own words (name,
 * company, e-mail, phone digits) or any name one of their requests gave.
 */
export const searchedByAnyName = (like: string) => (eb: ExpressionBuilder<DB, 'customers'>) =>
  eb.or([
    eb('customers.search_text', 'like', like),
    eb.exists(
      eb
        .selectFrom('leads as l')
        .select('l.id')
        .whereRef('l.customer_id', '=', 'customers.id')
        .where(sql<string>`lower(l.name)`, 'like', like),
    ),
  ]);
