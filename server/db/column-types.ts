/**
 * The column types both engines give alike (server/db/schema.ts, schema-bookkeeping.ts): timestamps
 * as ISO-8601 UTC strings, JSON as text; booleans differ (SQLite: 0/1), hence DbBoolean.
 */

/** ISO-8601 UTC timestamp, e.g. 2026-11-21T04:58:26.123Z */
export type Timestamp = string;
/** A JSON document stored as text (lists of strings, key-value maps). */
export type JsonText = string;
export type DbBoolean = boolean | number;
