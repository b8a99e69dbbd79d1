/**
 * The one way a lead changes status, whoever asks (DESIGN §8 as copied in docs/decisions/0125-quote-link.md):
 * staff in the dialog or through PATCH /api/leads/{id}, the customer on the quote page, a YES or NO by
 * text. In the caller's transaction it locks the lead, checks the move against the rules of the
 * mover (app/modules/leads/status.ts), writes the status and the event saying who and how, and
 * runs `then` for what must be sent or recorded with it. A lead already where a customer's move
 * would take it is left alone: a second press, or Accept on the page while a YES arrives, changes
 * nothing (`moved: false`), so a lead is ordered once, with one event and one confirmation. Staff
 * moving a lead where it already is get the 409 that says so (their screen was behind).
 */
import type { Selectable, Transaction } from 'kysely';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { canMove, transitionRefusal, type Mover } from '#app/modules/leads/status.ts';
import type { Engine } from '../db/engine.ts';
import { insertLeadEvent } from '../db/repo/lead-events.ts';
import { lockLead, updateLeadStatus } from '../db/repo/leads.ts';
import type { DB, LeadsTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const LEAD_NOT_FOUND = 'Lead not found';

export type Move = {
  leadId: number;
  to: LeadStatus;
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
  then?: (row: Selectable<LeadsTable>) => Promise<void>;
};

export type MoveResult = { moved: boolean; from: LeadStatus; row: Selectable<LeadsTable> };

export async function moveLead(trx: Transaction<DB>, engine: Engine, move: Move): Promise<MoveResult> {
  const row = await lockLead(trx, move.leadId, engine);
  if (!row) throw new AppError(404, LEAD_NOT_FOUND);
  const from = row.status as LeadStatus;
  // staff are told (their screen was behind); a customer's second answer is the first one again
  if (from === move.to && move.by === 'customer') return { moved: false, from, row };
  if (!canMove(move.by, from, move.to)) throw new AppError(409, transitionRefusal(from, move.to));
  await updateLeadStatus(trx, move.leadId, move.to, move.at, move.reason);
  await insertLeadEvent(trx, {
    leadId: move.leadId,
    type: move.type ?? 'status',
    fromStatus: from,
    toStatus: move.to,
    actor: move.actor,
    detail: move.detail ?? (move.to === 'lost' && move.reason ? { reason: move.reason } : null),
    at: move.at,
  });
  await move.then?.(row);
  return { moved: true, from, row };
}
