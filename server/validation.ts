/**
 * The one way input is checked on the server (decision 0005, decision 0074): a zod schema's failure
 * becomes the one error shape every endpoint and page action answers with, 400
 * `{ message, fieldErrors }`. The message is the first failing rule's own words (the spec's
 * messages, word for word: the browser shows it as is), never prefixed with the field's path;
 * `fieldErrors` holds every message by field ('specs.0.name' for nested fields, '_' for the
 * input as a whole).
 */
import type { z } from 'zod';
import { parseRowId, ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import { NUL, UNSTORABLE_TEXT } from '#app/modules/site/unstorable.ts';
import { AppError } from './errors.ts';

export type FieldErrors = Record<string, string[]>;

/** What zod reports about a failed parse (a ZodError, or `safeParse(...).error`). */
type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/** Every issue's message under its field's path, in the order zod found them. */
export function fieldErrorsOf(error: Issues): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) (out[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return out;
}

/** A zod failure as the 400 AppError of the one error shape. */
export function validationError(error: Issues): AppError {
  return new AppError(400, error.issues[0]?.message ?? 'Invalid input', {
    cause: error,
    fieldErrors: fieldErrorsOf(error),
  });
}

/**
 * The input as the schema's output, or an AppError 400 `{ message, fieldErrors }` (see above).
 * Services and page actions call this rather than `schema.parse`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  rejectUnstorable(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}

/**
 * The id in a URL (`/api/leads/{id}`, `/admin/customers/{id}`, …) by the one rule (`parseRowId`):
 * the id, or the 400 ROW_ID_MESSAGE when it is not one ('abc', '+1', '1e3', 0, past
 * 2,147,483,647: decision 0178). Whether a row has it is the caller's 404.
 */
export function requireRowId(raw: unknown): number {
  const id = parseRowId(raw);
  if (id === undefined) throw new AppError(400, ROW_ID_MESSAGE);
  return id;
}

/*
 * U+0000 is the one character PostgreSQL cannot store in text (SQLite can): any field holding it
 * is refused with UNSTORABLE_TEXT before a schema or the database sees it (decision 0095). Lone
 * UTF-16 surrogates need nothing: they reach either engine as U+FFFD.
 */
export { UNSTORABLE_TEXT };

/** Every field of the input (nested: 'specs.0.name'; keys too) whose text holds U+0000. */
export function unstorableFields(input: unknown): FieldErrors {
  const out: FieldErrors = {};
  const walk = (value: unknown, path: string[], depth: number) => {
    if (typeof value === 'string') {
      if (value.includes(NUL)) out[path.join('.') || '_'] = [UNSTORABLE_TEXT];
    } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && depth < 32) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) out[[...path, key].join('.')] = [UNSTORABLE_TEXT];
        else walk(item, [...path, key], depth + 1);
      }
    }
  };
  walk(input, [], 0);
  return out;
}

/** The 400 of the one error shape when any field of the input holds U+0000. */
export function rejectUnstorable(input: unknown): void {
  const fieldErrors = unstorableFields(input);
  if (Object.keys(fieldErrors).length > 0) throw new AppError(400, UNSTORABLE_TEXT, { fieldErrors });
}

/** The input with U+0000 removed from every text in it (Twilio's webhooks: the text is kept). */
export function withoutUnstorable<T>(input: T): T {
  if (typeof input === 'string') return input.replaceAll(NUL, '') as T;
  if (Array.isArray(input)) return input.map(withoutUnstorable) as T;
  if (input && typeof input === 'object')
    return Object.fromEntries(
      Object.entries(input).map(([key, value]) => [key.replaceAll(NUL, ''), withoutUnstorable(value)]),
    ) as T;
  return input;
}
