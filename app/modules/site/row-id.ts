/**
 * The one parser of an id, wherever it arrives: a URL (/api/leads/{id}, /api/catalog/{id}, a
 * page's /admin/customers/{id}), a body or a form (a merge's `into`, an assignee, a supplier, the
 * quote page's `version`), a query (the audit log's `before`) or a cursor (a board cursor's last
 * id). Ids are PostgreSQL `integer` columns, which refuse a value above 2,147,483,647 with an
 * error (SQLite takes it), so a larger number, like anything that is not written as plain digits
 * ('0x10', '1e3', '+1', ' 12 ', '1.5', '-1'), is not an id: the request is a 400 with a message
 * on both engines (decision 0178; a well-formed id that names no row stays the endpoint's 404).
 * Pure.
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (2^31 - 1), the type of every id column. */
export const MAX_ROW_ID = 2_147_483_647;

/** What a request is told when an id in it is not one (a field with words of its own says those). */
export const ROW_ID_MESSAGE = 'That is not an id: ids are whole numbers from 1 to 2,147,483,647.';

/** A positive id written as plain digits (or a JSON number) and within `integer`, or undefined. */
export function parseRowId(raw: unknown): number | undefined {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ROW_ID ? n : undefined;
}

/**
 * The schema of an id in a body, a form or a query: `parseRowId`'s rule, refused with `message`
 * (ROW_ID_MESSAGE unless the field has words of its own, such as 'Choose a supplier.'). Chain
 * `.optional()` / `.nullable()` for a field that may be left out or cleared.
 */
export function rowIdSchema(message: string = ROW_ID_MESSAGE) {
  return z.unknown().transform((raw, ctx) => {
    const id = parseRowId(raw);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
}
