/**
 * The browser's side of a back-office change (app/staff.server.ts has the server's): a screen posts
 * to its route's action with a fetcher, React Router revalidates the screen's loaders, and then the
 * screen hears the answer once: `{ ok: true, … }`, or `{ ok: false, message, fieldErrors }` in the
 * one error shape (decision 0074). A change that never got such an answer (no connection, the
 * database away, a server failure) is turned into the same shape by `settleAction`, the route's
 * clientAction, so it becomes a notice with the words staff saw before, not the error page.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { isRouteErrorResponse, useFetcher } from 'react-router';
import { CONNECTION_FAILED } from '#app/components/admin/admin-api.ts';
import { SERVER_FAILED, type ActionFailure } from '#app/modules/site/answers.ts';

/**
 * The words for a change or a read that failed without an answer of its own: the server's
 * `message` when it sent one (a 503 while the database is away: decision 0090), else its status;
 * no connection at all: 'Unable to connect to server' (product.md §8); anything else, the server's
 * generic words.
 */
export function failureMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const body: unknown = typeof error.data === 'string' ? parseJson(error.data) : error.data;
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
      return body.message;
    return `${error.status}: ${error.statusText || (typeof error.data === 'string' ? error.data : '')}`;
  }
  // fetch() itself failed: offline, the server down, the request cut off
  if (error instanceof TypeError) return CONNECTION_FAILED;
  return SERVER_FAILED;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A route's clientAction: `export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
 * settleAction(serverAction());`. The action's own answer passes through, a redirect
 * (a session that ended) is followed, and any failure becomes `{ ok: false, message }`.
 */
export async function settleAction<T>(answer: Promise<T>): Promise<T | ActionFailure> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, message: failureMessage(error), fieldErrors: {} };
  }
}

/** A form post's fields from an object: each value as text, the absent ones left out. */
export function formFields(values: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== null) fields[name] = String(value);
  return fields;
}

/**
 * A fetcher for one of the screen's changes. `settled` is called once per answer, when the
 * fetcher is idle again: after React Router has revalidated the screen's loaders, so the screen
 * already shows the change when `settled` closes a dialog or moves the focus.
 */
export function useStaffFetcher<Answer extends { ok: boolean }>(settled: (answer: Answer) => void) {
  const fetcher = useFetcher<Answer>();
  const onSettled = useEffectEvent(settled);
  const heard = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined || fetcher.data === heard.current) return;
    heard.current = fetcher.data;
    onSettled(fetcher.data as Answer);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
