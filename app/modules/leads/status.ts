/**
 * The lead state machine (product.md §4, decision 0005): the transitions staff may make, and the one a quote
 * makes. The server enforces it (one transaction with the lead event); the dialog offers only what
 * it allows. Pure.
 */
import type { LeadStatus } from './leads.ts';

/** Status changes staff make by hand (PATCH /api/leads/{id}). Lost is reachable from any other status. */
const MANUAL: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['qualified', 'lost'],
  qualified: ['lost'],
  quoted: ['ordered', 'lost'],
  ordered: ['fulfilled', 'lost'],
  fulfilled: ['lost'],
  lost: [],
};

/**
 * What a customer's answer may do (the quote page, YES / NO by text; issue 28): only a quoted lead
 * takes it. Ordered (accept), lost (decline), or back to qualified when the quote expired and they
 * ask for a new one.
 */
const CUSTOMER: Partial<Record<LeadStatus, readonly LeadStatus[]>> = {
  quoted: ['ordered', 'lost', 'qualified'],
};

/** Who moves a lead: staff by hand, or the customer answering a quote. */
export type Mover = 'staff' | 'customer';

export function canMove(by: Mover, from: LeadStatus, to: LeadStatus): boolean {
  return by === 'staff' ? canTransition(from, to) : (CUSTOMER[from] ?? []).includes(to);
}

/** Statuses a quote may be sent from (a quoted lead can be re-quoted); the quote makes the lead quoted. */
export const QUOTABLE_STATUSES: readonly LeadStatus[] = ['new', 'qualified', 'quoted'];

/** The five board columns (product.md §2); lost leads have none. */
export const BOARD_STATUSES = ['new', 'qualified', 'quoted', 'ordered', 'fulfilled'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  qualified: 'Qualified',
  quoted: 'Quoted',
  ordered: 'Ordered',
  fulfilled: 'Fulfilled',
  lost: 'Lost',
};

export function allowedTransitions(from: LeadStatus): readonly LeadStatus[] {
  return MANUAL[from] ?? [];
}

export function canTransition(from: LeadStatus, to: LeadStatus): boolean {
  return allowedTransitions(from).includes(to);
}

export function canQuote(status: LeadStatus): boolean {
  return QUOTABLE_STATUSES.includes(status);
}

/** Why a change is refused, in staff's words (the 409 message). */
export function transitionRefusal(from: LeadStatus, to: LeadStatus): string {
  if (from === to) return `This lead is already ${STATUS_LABELS[to].toLowerCase()}.`;
  if (from === 'lost') return 'This lead is lost: reopen it first.';
  return `${aLead(from)} cannot be marked as ${STATUS_LABELS[to].toLowerCase()}.`;
}

/**
 * Reopening (issue 31): a lost lead goes back to the status it left, which the event of its move
 * to lost recorded. A lead that became lost without such an event (entered as lost) goes back to
 * the start.
 */
export const REOPEN_FALLBACK: LeadStatus = 'new';

/** The status a lost lead goes back to: the one its move to lost came from, if it is one to go back to. */
export function reopenTarget(leftFrom: string | null | undefined): LeadStatus {
  return BOARD_STATUSES.find((s) => s === leftFrom) ?? REOPEN_FALLBACK;
}

/** Why a lead cannot be reopened (the 409 message): it is not lost. */
export function reopenRefusal(from: LeadStatus): string {
  return `${aLead(from)} is not lost: there is nothing to reopen.`;
}

/**
 * Marking a lead lost after the customer said yes undoes an order: staff confirm it first (the
 * dialog says so; issue 31).
 */
export function losingNeedsConfirmation(from: LeadStatus): boolean {
  return from === 'ordered' || from === 'fulfilled';
}

export function quoteRefusal(from: LeadStatus): string {
  return `${aLead(from)} cannot be quoted.`;
}

/** 'A new lead', 'An ordered lead'. */
function aLead(status: LeadStatus): string {
  const word = STATUS_LABELS[status].toLowerCase();
  return `${/^[aeiou]/.test(word) ? 'An' : 'A'} ${word} lead`;
}
