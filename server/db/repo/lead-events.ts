/**
 * A lead's history (`lead_events`): every status change, quote, message and creation, with its
 * time and actor (decision 0005). Written in the transaction of the change it records.
 */
import type { Kysely, Transaction } from 'kysely';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import type { LeadEvent } from '#app/modules/leads/lead-admin.ts';
import type { DB } from '../schema.ts';

export type LeadEventInput = {
  leadId: number;
  type: string;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  actor: string;
  detail?: Record<string, unknown> | null;
  at: Date;
};

export async function insertLeadEvent(
  trx: Transaction<DB> | Kysely<DB>,
  event: LeadEventInput,
): Promise<void> {
  await insertLeadEvents(trx, [event]);
}

/** Several events in one statement (a lead's whole history, as the demo seed writes it). */
export async function insertLeadEvents(
  trx: Transaction<DB> | Kysely<DB>,
  events: readonly LeadEventInput[],
): Promise<void> {
  if (!events.length) return;
  await trx
    .insertInto('lead_events')
    .values(
      events.map((event) => ({
        lead_id: event.leadId,
        type: event.type,
        from_status: event.fromStatus,
        to_status: event.toStatus,
        actor: event.actor,
        detail: event.detail ? JSON.stringify(event.detail) : null,
        created_at: event.at.toISOString(),
      })),
    )
    .execute();
}

function parseDetail(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A lead's events, oldest first. */
export async function listLeadEvents(db: Kysely<DB>, leadId: number): Promise<LeadEvent[]> {
  const rows = await db
    .selectFrom('lead_events')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    fromStatus: r.from_status as LeadStatus | null,
    toStatus: r.to_status as LeadStatus | null,
    actor: r.actor,
    detail: parseDetail(r.detail),
    createdAt: r.created_at,
  }));
}

/** A lead's last move into a status: where from, when and by whom. */
export type MoveInto = { leadId: number; fromStatus: string | null; actor: string; createdAt: string };

/**
 * The last event of each of the leads that moved it into `status` (a lost lead's move to lost: the
 * status it left, when and by whom; issue 31), oldest events ignored. Read in the caller's
 * transaction when a change depends on it, so the lead's row lock covers it.
 */
export async function lastMovesInto(
  db: Transaction<DB> | Kysely<DB>,
  leadIds: readonly number[],
  status: LeadStatus,
): Promise<Map<number, MoveInto>> {
  const last = new Map<number, MoveInto>();
  if (leadIds.length === 0) return last;
  const rows = await db
    .selectFrom('lead_events')
    .select(['lead_id', 'from_status', 'actor', 'created_at', 'id'])
    .where('lead_id', 'in', [...leadIds])
    .where('to_status', '=', status)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // oldest first: a later move replaces an earlier one
  for (const r of rows)
    last.set(r.lead_id, {
      leadId: r.lead_id,
      fromStatus: r.from_status,
      actor: r.actor,
      createdAt: r.created_at,
    });
  return last;
}
