/**
 * The one way input is checked on the server (DESIGN §4, decision 0074): a zod schema's failure
 * becomes the one error shape every endpoint and page action answers with, 400
 * `{ message, fieldErrors }`. The message is the first failing rule's own words (the spec's
 * messages, word for word: the browser shows it as is), never prefixed with the field's path;
 * `fieldErrors` holds every message by field ('specs.0.name' for nested fields, '_' for the
 * input as a whole).
 */
import type { z } from 'zod';
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
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}
