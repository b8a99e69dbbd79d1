/**
 * Which unique constraint a failed insert or update collided on, on either engine (decision 0074).
 * Services check uniqueness first and answer in words (409 'Slug already exists'); this catches
 * the race where two writers pass that check at once and the database refuses the second.
 *
 * - PostgreSQL (pg): SQLSTATE 23505, the table in `table`, the columns in `detail`
 *   ('Key (slug)=(b-axle) already exists.'), the constraint's name in `constraint`.
 * - SQLite (node:sqlite): extended code SQLITE_CONSTRAINT_UNIQUE (2067) or
 *   SQLITE_CONSTRAINT_PRIMARYKEY (1555) in `errcode`, and the message
 *   'UNIQUE constraint failed: catalog_items.slug[, table.column…]'.
 */

export type UniqueViolation = {
  /** the table, when the engine says */
  table?: string;
  /** the columns of the constraint, in order (empty when the engine does not say) */
  columns: string[];
  /** PostgreSQL's constraint name ('catalog_items_slug_key'); SQLite names none */
  constraint?: string;
};

const PG_UNIQUE = '23505';
const SQLITE_UNIQUE_CODES = new Set([2067, 1555]);
const SQLITE_MESSAGE = /UNIQUE constraint failed: (.+)$/;
const PG_DETAIL = /^Key \((.+?)\)=/;

/** The unique constraint `err` reports, or undefined for any other error. */
export function uniqueViolationOn(err: unknown): UniqueViolation | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown } & Record<string, unknown>;
  const message = typeof e.message === 'string' ? e.message : '';

  if (e.code === PG_UNIQUE) {
    const detail = typeof e.detail === 'string' ? PG_DETAIL.exec(e.detail) : null;
    return {
      table: typeof e.table === 'string' ? e.table : undefined,
      columns: detail ? detail[1]!.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [],
      constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
    };
  }

  const sqlite = SQLITE_MESSAGE.exec(message);
  if (sqlite && (typeof e.errcode !== 'number' || SQLITE_UNIQUE_CODES.has(e.errcode))) {
    const parts = sqlite[1]!.split(',').map((p) => p.trim());
    const [table] = parts[0]!.split('.');
    return { table, columns: parts.map((p) => p.slice(p.indexOf('.') + 1)) };
  }
  return undefined;
}
