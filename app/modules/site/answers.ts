/**
 * How the server answers a change it refused or could not make, in the words the browser shows:
 * the one error shape (decision 0074) as a back-office action's data (app/staff.server.ts, read by
 * app/components/admin/staff-fetcher.ts), and the words of a failure the server cannot describe.
 */

/** What a failure without words of its own says (a 500; server/http/errors.ts). */
export const SERVER_FAILED = 'Something went wrong on our side. Please try again.';

/** A refused change: the one error shape, with `ok: false`. */
export type ActionFailure = { ok: false; message: string; fieldErrors: Record<string, string[]> };

/** What a back-office action answers: done (with what the action adds) or refused. */
export type ActionAnswer<Done extends object = object> = ({ ok: true } & Done) | ActionFailure;
