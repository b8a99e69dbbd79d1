/**
 * The back office's HTTP client (SPEC §7, §8): sends cookies and the stored CSRF token; any
 * non-OK answer throws an ApiError whose message is 'status: body-or-status-text' and which
 * also carries the server's own `{ message }` for notices.
 */
import { AUTH_FLAG_KEY, AUTH_TOKEN_KEY, CSRF_HEADER } from '#app/modules/auth/login.schema.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage?: string;
  /** Per-field messages of a 400 (`{ message, fieldErrors }`), keyed by field name */
  readonly fieldErrors: Record<string, string[]>;
  constructor(
    status: number,
    text: string,
    serverMessage?: string,
    fieldErrors: Record<string, string[]> = {},
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
}

export function storedToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** SPEC §4: authenticated in the browser when both a stored token and the stored flag exist. */
export function isAuthenticatedInBrowser(): boolean {
  try {
    return Boolean(window.localStorage.getItem(AUTH_TOKEN_KEY) && window.localStorage.getItem(AUTH_FLAG_KEY));
  } catch {
    return false;
  }
}

export function rememberLogin(token: string | undefined): void {
  window.localStorage.setItem(AUTH_TOKEN_KEY, token || 'authenticated');
  window.localStorage.setItem(AUTH_FLAG_KEY, 'true');
}

export function forgetLogin(): void {
  window.localStorage.removeItem(AUTH_TOKEN_KEY);
  window.localStorage.removeItem(AUTH_FLAG_KEY);
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = storedToken();
  if (token) headers[CSRF_HEADER] = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: 'include' });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let serverMessage: string | undefined;
    let fieldErrors: Record<string, string[]> = {};
    try {
      const parsed = JSON.parse(text) as { message?: unknown; fieldErrors?: Record<string, string[]> };
      if (typeof parsed.message === 'string') serverMessage = parsed.message;
      if (parsed.fieldErrors && typeof parsed.fieldErrors === 'object') fieldErrors = parsed.fieldErrors;
    } catch {
      // not JSON: the text itself is the message
    }
    throw new ApiError(res.status, text, serverMessage, fieldErrors);
  }
  return res;
}
