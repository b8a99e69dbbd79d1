/**
 * The audit log (issue 30 item 5, decision 0160): who changed what and when, with the value before
 * and after as JSON. Written in the transaction of the change it records; read by the owner, newest
 * first, filtered by person, action and time.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type AuditEntry = {
  /** the account that did it; null for the customer, the system or an unknown username */
  userId: number | null;
  /** who: a staff member's username (as typed, for a failed sign-in), 'customer', 'orders (every part handed over)' */
  actor: string;
  /** e.g. 'sign_in', 'sign_in_failed', 'lead_status', 'quote_price', 'catalog_price', 'user_added' */
  action: string;
  /** what it was done to: 'lead:12', 'user:3', 'catalog:7' */
  subject: string | null;
  before?: unknown;
  after?: unknown;
};

export type AuditRecord = Omit<AuditEntry, 'before' | 'after'> & {
  id: number;
  at: string;
  before: unknown;
  after: unknown;
};

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function insertAudit(db: Executor, entry: AuditEntry, at: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: at.toISOString(),
      user_id: entry.userId,
      actor: entry.actor,
      action: entry.action,
      subject: entry.subject,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

export type AuditFilter = {
  actor?: string;
  action?: string;
  /** ISO times: from inclusive, until exclusive */
  from?: string;
  until?: string;
  /** the last page's oldest id: entries older than it */
  beforeId?: number;
  limit: number;
};

/** Entries newest first (by id: the order they were written), filtered. */
export async function listAudit(db: Executor, filter: AuditFilter): Promise<AuditRecord[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (filter.actor) q = q.where('actor', '=', filter.actor);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.from) q = q.where('at', '>=', filter.from);
  if (filter.until) q = q.where('at', '<', filter.until);
  if (filter.beforeId !== undefined) q = q.where('id', '<', filter.beforeId);
  const rows = await q.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    userId: row.user_id,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  }));
}
