/**
 * The one way a lead changes status, whoever asks (decision 0125):
 * staff in the dialog or through PATCH /api/leads/{id}, the customer on the quote page, a YES or NO by
 * text. In the caller's transaction it locks the lead, checks the move against the rules of the
 * mover (app/modules/leads/status.ts), writes the status and the event saying who and how, and
 * runs `then` for what must be sent or recorded with it. A lead already where a customer's move
 * would take it is left alone: a second press, or Accept on the page while a YES arrives, changes
 * nothing (`moved: false`), so a lead is ordered once, with one event and one confirmation. Staff
 * moving a lead where it already is get the 409 that says so (their screen was behind).
 *
 * Reopening (issue 31) is a move too: `to: REOPEN` sends a lost lead back to the status it left,
 * read from the event of its move to lost under the same lock, so two processes reopening, or one
 * reopening while another marks it lost again, can never send it back to a status it did not leave.
 */
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { firstLinePart } from '#app/modules/orders/orders.ts';
import {
  canMove,
  reopenRefusal,
  reopenTarget,
  transitionRefusal,
  type Mover,
} from '#app/modules/leads/status.ts';
import type { Engine } from '../db/engine.ts';
import { insertAudit } from '../db/repo/audit.ts';
import { cancelFollowUps } from '../db/repo/conversations.ts';
import { refreshCustomers } from '../db/repo/customers.ts';
import { insertLeadEvent, lastMovesInto } from '../db/repo/lead-events.ts';
import { lockLead, updateLeadStatus } from '../db/repo/leads.ts';
import { closeOpenLines, hasLines, insertLine } from '../db/repo/orders.ts';
import { findAcceptedOption } from '../db/repo/quotes.ts';
import type { LeadRow, Tx } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const LEAD_NOT_FOUND = 'Lead not found';

/** A move's target meaning 'back to the status this lost lead left' (staff's Reopen). */
export const REOPEN = 'reopen';

export type Move = {
  leadId: number;
  to: LeadStatus | typeof REOPEN;
  by: Mover;
  /** who, as the timeline shows it: a staff username, 'customer (quote page)', 'customer (SMS)' */
  actor: string;
  at: Date;
  /** the lost reason */
  reason?: string | null;
  /** what the timeline records besides the move (the accepted option, the reason, the text) */
  detail?: Record<string, unknown> | null;
  /** the event's type: 'status' unless told (an expired quote sent back: 'expired') */
  type?: string;
  /** what goes with the move, in the same transaction: only when the lead moved */
  then?: (row: LeadRow) => Promise<void>;
};

export type MoveResult = { moved: boolean; from: LeadStatus; to: LeadStatus; row: LeadRow };

export async function moveLead(trx: Tx, engine: Engine, move: Move): Promise<MoveResult> {
  const row = await lockLead(trx, move.leadId, engine);
  if (!row) throw new AppError(404, LEAD_NOT_FOUND);
  const from = row.status as LeadStatus;
  if (move.to === REOPEN) return reopen(trx, move, row);
  const to = move.to;
  // staff are told (their screen was behind); a customer's second answer is the first one again
  if (from === to && move.by === 'customer') return { moved: false, from, to, row };
  if (!canMove(move.by, from, to)) throw new AppError(409, transitionRefusal(from, to));
  await updateLeadStatus(trx, move.leadId, to, move.at, move.reason);
  await insertLeadEvent(trx, {
    leadId: move.leadId,
    type: move.type ?? 'status',
    fromStatus: from,
    toStatus: to,
    actor: move.actor,
    detail: move.detail ?? (to === 'lost' && move.reason ? { reason: move.reason } : null),
    at: move.at,
  });
  await auditMove(trx, move, from, to);
  await move.then?.(row);
  await orderFollows(trx, to, row, move);
  await customerFollows(trx, row, move);
  return { moved: true, from, to, row };
}

/**
 * A quote's follow-ups wait for an answer, which a move gives (decision 0161): those still in the
 * outbox are cancelled. The customer's total spent may change with the status.
 */
async function customerFollows(trx: Tx, row: LeadRow, move: Move): Promise<void> {
  await cancelFollowUps(trx, { leadId: move.leadId }, move.at, 'The lead moved to another status.');
  if (row.customer_id !== null) await refreshCustomers(trx, [row.customer_id]);
}

/** Every status change is in the owner's audit log too (decision 0160), by whoever made it. */
function auditMove(trx: Tx, move: Move, from: LeadStatus, to: LeadStatus) {
  return insertAudit(
    trx,
    {
      userId: null,
      actor: move.actor,
      action: 'lead_status',
      subject: `lead:${move.leadId}`,
      before: { status: from },
      after: { status: to, ...(move.reason ? { reason: move.reason } : {}) },
    },
    move.at,
  );
}

/**
 * The order's purchase lines follow the lead (issue 29, decision 0150): a lead that becomes ordered
 * gets its first line (the accepted option's part, at its cost) unless it has lines already; a
 * fulfilled one has every line handed over. After `then`, which records what was accepted.
 */
async function orderFollows(trx: Tx, to: LeadStatus, row: LeadRow, move: Move): Promise<void> {
  if (to === 'fulfilled') return closeOpenLines(trx, row.id, move.at);
  if (to !== 'ordered' || (await hasLines(trx, row.id))) return;
  const option = await findAcceptedOption(trx, row.id);
  const part = firstLinePart(
    {
      description: row.description,
      partNumber: row.part_number,
      shortPartName: row.short_part_name,
      year: row.year,
      make: row.make,
      model: row.model,
    },
    option,
  );
  // the move's own event says the lead was ordered: the line it opens needs none of its own
  await insertLine(trx, { leadId: row.id, part, quotedCost: option?.cost ?? row.cost }, move.at);
}

/**
 * A lost lead back to the status it left (staff only): the last event that moved it to lost says
 * which, read under the lead's lock. The 'reopened' event keeps the lost reason it had.
 */
async function reopen(trx: Tx, move: Move, row: LeadRow): Promise<MoveResult> {
  const from = row.status as LeadStatus;
  if (move.by !== 'staff' || from !== 'lost') throw new AppError(409, reopenRefusal(from));
  const lost = (await lastMovesInto(trx, [move.leadId], 'lost')).get(move.leadId);
  const to = reopenTarget(lost?.fromStatus);
  await updateLeadStatus(trx, move.leadId, to, move.at);
  await insertLeadEvent(trx, {
    leadId: move.leadId,
    type: 'reopened',
    fromStatus: 'lost',
    toStatus: to,
    actor: move.actor,
    detail: row.lost_reason ? { lostReason: row.lost_reason } : null,
    at: move.at,
  });
  await auditMove(trx, move, from, to);
  await move.then?.(row);
  await orderFollows(trx, to, row, move);
  await customerFollows(trx, row, move);
  return { moved: true, from, to, row };
}
