/**
 * The pieces of a change's input schema (decision 0182): each reads a value the way a screen's
 * form sends it (text) and the way JSON sends it, so neither door reads or coerces anything itself.
 */
import { z } from 'zod';
import { IDEMPOTENCY_FIELD } from '#app/modules/shared/idempotency.ts';
import { requireRowId } from '../validation.ts';

/** A value the service reads and checks itself, passed on as sent. */
export const given = z.unknown().optional();

/**
 * An id by the one rule (decision 0178): a form's text or a JSON number; anything else is the
 * 400 ROW_ID_MESSAGE with no field named, as for an id in a URL, whichever door it came through.
 * Whether a row has it is the service's 404.
 */
export const rowId = z
  .unknown()
  .optional()
  .transform((raw) => requireRowId(raw));

/** A field a form sends empty when nothing was typed: empty is not given (the service's default). */
export const blankAsAbsent = z
  .unknown()
  .optional()
  .transform((raw) => (raw === '' ? undefined : raw));

/** A field a form sends empty to clear it: empty is null (cleared); left out, kept as it is. */
export const blankAsNull = z
  .unknown()
  .optional()
  .transform((raw) => (raw === '' ? null : raw));

/**
 * A yes or no: JSON's true or false, or a form's 'true' or 'false'. Anything else is passed on
 * for the service to refuse in its own words.
 */
export const yesNo = z
  .unknown()
  .optional()
  .transform((raw) => (raw === 'true' ? true : raw === 'false' ? false : raw));

/**
 * The key a client made for one request (decision 0179): a dialog's hidden field
 * `idempotencyKey`; the `/api` door puts its `Idempotency-Key` header here.
 */
export const requestKey = { [IDEMPOTENCY_FIELD]: z.string().optional() };
export { IDEMPOTENCY_FIELD };

/**
 * Fields named by their path, as a form names them ('followUps.viewed.text', 'reviews.url'), as
 * the nested object JSON sends; an object already nested is left as it is.
 */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function nested(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const path = name.split('.');
    // never an object's own machinery ('__proto__.x' sets nothing)
    if (path.some((key) => UNSAFE_KEYS.has(key))) continue;
    let at = out;
    for (const key of path.slice(0, -1)) {
      const next = at[key];
      at = (at[key] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
    }
    at[path.at(-1)!] = value;
  }
  return out;
}

/** A file as a door hands it over with the fields (decision 0182 'Catalog, blog, sign-in'). */
export type Upload = { data: Buffer; name: string };

const isUpload = (raw: unknown): raw is Upload =>
  typeof raw === 'object' &&
  raw !== null &&
  Buffer.isBuffer((raw as Upload).data) &&
  typeof (raw as Upload).name === 'string';

/**
 * A file sent with the fields: the screen's form (`files` in its intent, app/changes.ts) or the
 * `/api` door's multipart body hands it over as `{ data, name }`; its limits are the upload's (the
 * door's parser, then the service's image pipeline). The name is cut to its last path part and 80
 * characters, `fallback` without one. Anything else sent under that name (a JSON text) is no file.
 */
export const upload = (fallback: string) =>
  z
    .unknown()
    .optional()
    .transform((raw): Upload | undefined =>
      isUpload(raw)
        ? { data: raw.data, name: (raw.name || fallback).split(/[\\/]/).pop()!.slice(0, 80) }
        : undefined,
    );
