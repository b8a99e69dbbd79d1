/**
 * Quote versions (`quote_versions`) and the customer's views of them, issue 28 and decision 0125.
 * The links to a lead's page are in lead-links.ts. Writes run in the caller's transaction,
 * after it locked the lead (leads.ts `lockLead`). Identical on SQLite and PostgreSQL.
 */
import type { Kysely, Transaction } from 'kysely';
import type { QuoteOption, QuoteVersion } from '#app/modules/quotes/quote.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type NewQuoteVersion = {
  leadId: number;
  version: number;
  options: readonly QuoteOption[];
  contentHash: string;
  sentBy: string;
  sentAt: Date;
  expiresAt: Date;
};

function toVersion(row: {
  version: number;
  options: string;
  content_hash: string;
  sent_by: string;
  sent_at: string;
  expires_at: string;
  accepted_option: number | null;
  accepted_at: string | null;
}): QuoteVersion {
  return {
    version: row.version,
    options: JSON.parse(row.options) as QuoteOption[],
    contentHash: row.content_hash,
    sentBy: row.sent_by,
    sentAt: new Date(row.sent_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    acceptedOption: row.accepted_option,
    acceptedAt: row.accepted_at && new Date(row.accepted_at).toISOString(),
  };
}

/** Records a sent version and makes it the lead's current one (views start again at 0). */
export async function insertQuoteVersion(trx: Transaction<DB>, v: NewQuoteVersion): Promise<void> {
  await trx
    .insertInto('quote_versions')
    .values({
      lead_id: v.leadId,
      version: v.version,
      options: JSON.stringify(v.options),
      content_hash: v.contentHash,
      sent_by: v.sentBy,
      sent_at: v.sentAt.toISOString(),
      expires_at: v.expiresAt.toISOString(),
    })
    .execute();
  await trx
    .updateTable('leads')
    .set({
      quote_version: v.version,
      quote_expires_at: v.expiresAt.toISOString(),
      quote_views: 0,
      quote_first_viewed_at: null,
    })
    .where('id', '=', v.leadId)
    .execute();
}

/** Every version of a lead, oldest first. */
export async function listQuoteVersions(db: Executor, leadId: number): Promise<QuoteVersion[]> {
  const rows = await db
    .selectFrom('quote_versions')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('version')
    .execute();
  return rows.map(toVersion);
}

/** The versions of several leads (a customer's), by lead, each oldest first; one statement. */
export async function listQuoteVersionsOf(
  db: Executor,
  leadIds: readonly number[],
): Promise<Map<number, QuoteVersion[]>> {
  const byLead = new Map<number, QuoteVersion[]>();
  if (!leadIds.length) return byLead;
  const rows = await db
    .selectFrom('quote_versions')
    .selectAll()
    .where('lead_id', 'in', [...leadIds])
    .orderBy('lead_id')
    .orderBy('version')
    .execute();
  for (const row of rows) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), toVersion(row)]);
  return byLead;
}

export async function findQuoteVersion(
  db: Executor,
  leadId: number,
  version: number,
): Promise<QuoteVersion | undefined> {
  const row = await db
    .selectFrom('quote_versions')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row && toVersion(row);
}

/** Locks a version: the option the customer accepted, and when. */
export async function markVersionAccepted(
  trx: Transaction<DB>,
  leadId: number,
  version: number,
  option: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('quote_versions')
    .set({ accepted_option: option, accepted_at: at.toISOString() })
    .where('lead_id', '=', leadId)
    .where('version', '=', version)
    .execute();
}

/** Counts a customer's view of the lead's current quote, in one statement; true when it was the first. */
export async function recordQuoteView(db: Executor, leadId: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('leads')
    .set((eb) => ({
      quote_views: eb('quote_views', '+', 1),
      quote_first_viewed_at: eb.fn.coalesce('quote_first_viewed_at', eb.val(at.toISOString())),
    }))
    .where('id', '=', leadId)
    .where('quote_version', 'is not', null)
    .returning('quote_views')
    .executeTakeFirst();
  return Number(row?.quote_views) === 1;
}

/** The option the customer accepted of the lead's quote (the newest accepted version), if any. */
export async function findAcceptedOption(db: Executor, leadId: number): Promise<QuoteOption | undefined> {
  const row = await db
    .selectFrom('quote_versions')
    .select(['options', 'accepted_option'])
    .where('lead_id', '=', leadId)
    .where('accepted_option', 'is not', null)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  return row ? (JSON.parse(row.options) as QuoteOption[])[row.accepted_option!] : undefined;
}

/** The key of the text that carried version `version` of lead `leadId`'s quote. */
export const quoteTextKey = (leadId: number, version: number) => `lead:${leadId}:quote:v${version}`;

/**
 * The version of a lead's quote that the last quote text handed to Twilio carried (issue 48 item
 * 1: a number replied answers that text), or undefined when none has gone out yet.
 */
export async function lastTextedQuoteVersion(db: Executor, leadId: number): Promise<number | undefined> {
  const rows = await db
    .selectFrom('outgoing_messages')
    .select('dedupe_key')
    .where('lead_id', '=', leadId)
    .where('channel', '=', 'sms')
    .where('dedupe_key', 'like', `lead:${leadId}:quote:v%`)
    .where('status', 'in', ['sent', 'delivered'])
    .execute();
  const versions = rows.map((r) => Number(/:v(\d+)$/.exec(r.dedupe_key ?? '')?.[1])).filter((v) => v > 0);
  return versions.length ? Math.max(...versions) : undefined;
}
