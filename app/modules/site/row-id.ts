/**
 * The id of a row as it arrives in a URL or a cursor (/api/leads/{id}, /api/catalog/{id},
 * /api/admin/blog/{id}, a board cursor's last id). Ids are PostgreSQL `integer` columns, which
 * refuse a value above 2,147,483,647 with an error (SQLite takes it), so a larger number, like
 * anything that is not written as plain digits ('0x10', '1e3', '+1', ' 12 '), names no row: the
 * caller answers 404 (or 400 for a cursor) on both engines (decision 0098). Pure.
 */

/** The largest value of a PostgreSQL `integer` (2^31 - 1), the type of every id column. */
export const MAX_ROW_ID = 2_147_483_647;

/** A positive id written as plain digits and within `integer`, or undefined. */
export function parseRowId(raw: unknown): number | undefined {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ROW_ID ? n : undefined;
}
