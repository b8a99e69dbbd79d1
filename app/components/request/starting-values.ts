/**
 * The values the request form (request-form.tsx) starts from: empty on the server; in the browser,
 * what was kept from last time (draft.ts), and over it what was typed in the server's form before
 * React ran it (an island, decision 0116).
 */
import { EMPTY_LEAD_REQUEST } from '#app/modules/leads/lead-request.ts';
import type { LeadRequestField, LeadRequestInput } from '#app/modules/leads/lead-request.schema.ts';
import { URGENCIES } from '#app/modules/leads/leads.ts';
import { loadDraft } from './draft.ts';

/** Fields in the order the form shows them: the first failing one is the one announced. */
export const FIELD_ORDER = Object.keys(EMPTY_LEAD_REQUEST) as LeadRequestField[];

const isUrgency = (value: unknown): value is LeadRequestInput['urgency'] =>
  typeof value === 'string' && (URGENCIES as readonly string[]).includes(value);

/** `typed`: what the server's form's controls hold, by name (none: the form was not an island). */
export function startingValues(typed: Record<string, string> = {}): {
  values: LeadRequestInput;
  /** something was kept from last time: the form says so */
  restored: boolean;
} {
  if (typeof window === 'undefined') return { values: EMPTY_LEAD_REQUEST, restored: false };
  const draft = loadDraft();
  const keptUrgency = draft?.urgency;
  const values: LeadRequestInput = {
    ...EMPTY_LEAD_REQUEST,
    ...draft,
    urgency: isUrgency(keptUrgency) ? keptUrgency : EMPTY_LEAD_REQUEST.urgency,
  };
  for (const name of FIELD_ORDER) {
    const value = typed[name];
    if (name === 'consent' || value === undefined || value === EMPTY_LEAD_REQUEST[name]) continue;
    if (name === 'urgency') {
      if (isUrgency(value)) values.urgency = value;
    } else {
      values[name] = value;
    }
  }
  return { values, restored: draft !== undefined };
}
