/**
 * Texting's rows (issue 8): texts received (sms_inbound), opt-outs (sms_opt_outs, keyed by the
 * E.164 number) and the open leads of a phone number. Same shapes on SQLite and PostgreSQL. Texts
 * sent are outbox rows (outgoing-messages.ts); photos added to a lead are in lead-photos.ts.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import type { Engine } from '../engine.ts';
import type { DB } from '../schema.ts';

export type Executor = Kysely<DB> | Transaction<DB>;

export const INBOUND_KINDS = [
  'new_request',
  'message',
  'yes',
  'no',
  'stop',
  'start',
  'help',
  'no_quote',
] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

export type InboundRow = {
  id: number;
  messageSid: string;
  leadId: number | null;
  fromPhone: string;
  body: string;
  mediaCount: number;
  photoCount: number;
  kind: InboundKind;
  reply: string | null;
  createdAt: string;
};

export type NewInbound = Omit<InboundRow, 'id' | 'createdAt'> & { at: Date };

/** Statuses of a lead the customer is still talking to us about (decision 0060). */
export const OPEN_STATUSES: readonly LeadStatus[] = ['new', 'qualified', 'quoted', 'ordered'];

function toInbound(r: {
  id: number;
  message_sid: string;
  lead_id: number | null;
  from_phone: string;
  body: string;
  media_count: number;
  photo_count: number;
  kind: string;
  reply: string | null;
  created_at: string;
}): InboundRow {
  return {
    id: r.id,
    messageSid: r.message_sid,
    leadId: r.lead_id,
    fromPhone: r.from_phone,
    body: r.body,
    mediaCount: Number(r.media_count),
    photoCount: Number(r.photo_count),
    kind: r.kind as InboundKind,
    reply: r.reply,
    createdAt: r.created_at,
  };
}

export async function findInboundBySid(db: Executor, messageSid: string): Promise<InboundRow | undefined> {
  const row = await db
    .selectFrom('sms_inbound')
    .selectAll()
    .where('message_sid', '=', messageSid)
    .executeTakeFirst();
  return row && toInbound(row);
}

/** Stores a received text in the caller's transaction (a second row with the same MessageSid fails). */
export async function insertInbound(trx: Executor, row: NewInbound): Promise<number> {
  const { id } = await trx
    .insertInto('sms_inbound')
    .values({
      message_sid: row.messageSid,
      lead_id: row.leadId,
      from_phone: row.fromPhone,
      body: row.body,
      media_count: row.mediaCount,
      photo_count: row.photoCount,
      kind: row.kind,
      reply: row.reply,
      created_at: row.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Texts received about a lead, oldest first. */
export async function listInboundForLead(db: Executor, leadId: number): Promise<InboundRow[]> {
  const rows = await db
    .selectFrom('sms_inbound')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toInbound);
}

/** Whether this E.164 number has opted out of texts. */
export async function isNumberOptedOut(db: Executor, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('sms_opt_outs')
    .select('phone')
    .where('phone', '=', phone)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `phones` (E.164) opted out, in one statement. */
export async function optedOutNumbers(db: Executor, phones: readonly string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await db
    .selectFrom('sms_opt_outs')
    .select('phone')
    .where('phone', 'in', [...new Set(phones)])
    .execute();
  return new Set(rows.map((r) => r.phone));
}

/** Records (or refreshes) an opt-out: the keyword the customer sent, or a provider error code. */
export async function recordOptOut(db: Executor, phone: string, keyword: string, at: Date): Promise<void> {
  await db
    .insertInto('sms_opt_outs')
    .values({ phone, keyword: keyword.slice(0, 40), opted_out_at: at.toISOString() })
    .onConflict((oc) =>
      oc.column('phone').doUpdateSet({ keyword: keyword.slice(0, 40), opted_out_at: at.toISOString() }),
    )
    .execute();
}

/** Removes an opt-out (START); true when there was one. */
export async function removeOptOut(db: Executor, phone: string): Promise<boolean> {
  const result = await db.deleteFrom('sms_opt_outs').where('phone', '=', phone).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type OpenLead = {
  id: number;
  caseNumber: string | null;
  status: LeadStatus;
  phone: string;
  email: string | null;
  quotedAt: string | null;
  createdAt: string;
  /** what names the part in a text (partName in app/modules/messages/part-name.ts) */
  part: {
    description: string | null;
    partNumber: string | null;
    shortPartName: string | null;
    year: string | null;
    make: string | null;
    model: string | null;
  };
};

/**
 * Open leads (new, qualified, quoted, ordered) whose phone ends in these digits (its last ten:
 * lastTenDigits in app/modules/site/phone.ts), newest first. Web leads keep the phone as typed
 * ('(204) 555-0123'), so the stored `phone_digits` (phoneDigits, written with the lead) is
 * compared; the caller confirms the full number. Open leads are few, so the status index keeps
 * this cheap.
 */
export async function findOpenLeadsByDigits(db: Executor, lastTenDigits: string): Promise<OpenLead[]> {
  const rows = await db
    .selectFrom('leads')
    .select([
      'id',
      'case_number',
      'status',
      'phone',
      'email',
      'quoted_at',
      'created_at',
      'description',
      'part_number',
      'short_part_name',
      'year',
      'make',
      'model',
    ])
    .where('status', 'in', [...OPEN_STATUSES])
    .where('phone_digits', 'like', `%${lastTenDigits}`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    caseNumber: r.case_number,
    status: r.status as LeadStatus,
    phone: r.phone,
    email: r.email,
    quotedAt: r.quoted_at,
    createdAt: r.created_at,
    part: {
      description: r.description,
      partNumber: r.part_number,
      shortPartName: r.short_part_name,
      year: r.year,
      make: r.make,
      model: r.model,
    },
  }));
}

/**
 * Holds the number's lock until the transaction ends, so texts from one number are handled one at
 * a time across processes and machines (decision 0097). PostgreSQL: a transaction-scoped advisory
 * lock keyed on the number. SQLite: nothing to take, every transaction already begins IMMEDIATE
 * (one writer at a time for the file, decision 0092).
 */
export async function lockPhoneNumber(trx: Executor, phone: string, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`phmb:sms:${phone}`}))`.execute(trx);
}
