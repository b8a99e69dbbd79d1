/**
 * Which errors mean "the database is away for now" rather than "this request or this code is
 * wrong": the one place that knows the error shapes of `pg`, of Node's sockets and of SQLite.
 * The HTTP layer answers those with 503 and Retry-After instead of a 500 (decision 0090).
 */

/**
 * PostgreSQL SQLSTATEs of a server that is shutting down, restarting, refusing or cutting
 * connections, or did not answer within our statement timeout. Class 08 (connection exception)
 * is matched as a whole.
 */
const PG_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown: another backend crashed, every connection is reset
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '57014', // query_canceled: our statement_timeout fired (we never cancel otherwise)
  '25P03', // idle_in_transaction_session_timeout
]);

/** Socket and DNS failures on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * `pg` and `pg-pool` report a lost or missing connection with a bare Error and these messages;
 * Kysely with the last one once the pool has been closed (a request still running at shutdown).
 */
const PG_MESSAGES = [
  /^Connection terminated/, // …unexpectedly, …due to connection timeout
  /^timeout exceeded when trying to connect$/, // no connection from the pool in connectionTimeoutMillis
  /^Query read timeout$/, // query_timeout: the server went silent
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^driver has already been destroyed$/,
];

/**
 * SQLite primary result codes (node:sqlite's `errcode`, extended codes masked to the primary):
 * the file is locked beyond the busy timeout, read-only, unreadable or unwritable, or the disk
 * is full. Constraint and syntax errors are not among them: those are bugs or bad input.
 */
const SQLITE_UNAVAILABLE = new Set([
  5, // SQLITE_BUSY
  6, // SQLITE_LOCKED
  8, // SQLITE_READONLY
  10, // SQLITE_IOERR
  13, // SQLITE_FULL
  14, // SQLITE_CANTOPEN
  15, // SQLITE_PROTOCOL
]);

type ErrorLike = {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
};

function unavailableHere(err: ErrorLike): boolean {
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code === 'ERR_SQLITE_ERROR') {
    return typeof err.errcode === 'number' && SQLITE_UNAVAILABLE.has(err.errcode & 0xff);
  }
  if (code && NETWORK_CODES.has(code)) return true;
  if (code && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || PG_UNAVAILABLE.has(code))) return true;
  const message = typeof err.message === 'string' ? err.message : '';
  if (code === 'ERR_INVALID_STATE') return message === 'database is not open'; // closed at shutdown
  return PG_MESSAGES.some((pattern) => pattern.test(message));
}

/** The error itself, then its causes and (for AggregateError) its parts, a few levels deep. */
function* chain(err: unknown, depth = 0): Generator<ErrorLike> {
  if (depth > 4 || typeof err !== 'object' || err === null) return;
  const e = err as ErrorLike;
  yield e;
  if (Array.isArray(e.errors)) for (const part of e.errors) yield* chain(part, depth + 1);
  if (e.cause !== undefined && e.cause !== err) yield* chain(e.cause, depth + 1);
}

/**
 * True when `err` says the database cannot be reached or cannot serve right now (connection
 * refused, cut or timed out; PostgreSQL shutting down or restarting; SQLite busy, read-only or
 * unreadable). Such a request may succeed if retried in a moment: answer 503 with Retry-After.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) if (unavailableHere(e)) return true;
  return false;
}

/**
 * True when the connection was lost after the statement may have reached the server, so whether
 * a transaction committed is unknown (the server may have committed and then failed to tell us).
 * A refused connection or a SQLite error is never ambiguous: SQLite runs in this process and
 * answers every statement, and a connection that never opened ran nothing.
 */
export function isOutcomeUnknown(err: unknown): boolean {
  for (const e of chain(err)) {
    if (!unavailableHere(e)) continue;
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (code === 'ERR_SQLITE_ERROR' || code === 'ERR_INVALID_STATE') continue;
    if (['ECONNREFUSED', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) continue;
    if (code === '57P03' || code === '53300') continue; // refused at connection time
    if (/^(timeout exceeded when trying to connect|Cannot use a pool|driver has already)/.test(message))
      continue;
    if (/^Connection terminated due to connection timeout$/.test(message)) continue;
    return true;
  }
  return false;
}
