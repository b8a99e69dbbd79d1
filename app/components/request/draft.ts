/**
 * What the customer typed survives a reload or a dropped connection: the form's text fields are
 * kept in localStorage until the request succeeds. Photos are not (too big for storage), and
 * neither is the consent tick, which is given fresh with each request. Storage that is full or
 * switched off is simply not used.
 */
import { EMPTY_LEAD_REQUEST } from '#app/modules/leads/lead-request.ts';
import type { LeadRequestInput } from '#app/modules/leads/lead-request.schema.ts';
import { REQUEST_FORM_ISLAND } from './island.ts';

const KEY = REQUEST_FORM_ISLAND.draftKey;
const MAX_AGE_MS = 14 * 24 * 60 * 60_000;
type KeptField = Exclude<keyof LeadRequestInput, 'consent'>;
const KEPT_FIELDS = Object.keys(EMPTY_LEAD_REQUEST).filter((k) => k !== 'consent') as KeptField[];

export type Draft = Partial<Record<KeptField, string>>;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The saved draft, or undefined when there is none worth restoring (empty, stale or unreadable). */
export function loadDraft(): Draft | undefined {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { savedAt?: unknown; values?: Record<string, unknown> };
    if (typeof parsed.savedAt !== 'number' || Date.now() - parsed.savedAt > MAX_AGE_MS) return undefined;
    const draft: Draft = {};
    for (const field of KEPT_FIELDS) {
      const value = parsed.values?.[field];
      if (typeof value === 'string' && value.length <= 5000) draft[field] = value;
    }
    const typed = KEPT_FIELDS.some((f) => f !== 'urgency' && draft[f]?.trim());
    return typed ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(values: Partial<LeadRequestInput>): void {
  const kept: Draft = {};
  for (const field of KEPT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string') kept[field] = value;
  }
  try {
    storage()?.setItem(KEY, JSON.stringify({ savedAt: Date.now(), values: kept }));
  } catch {
    // full or disabled: the form still works, it just cannot remember
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
