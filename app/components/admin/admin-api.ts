/**
 * The back office's HTTP client (product.md §7, §8; decision 0074): sends cookies and the stored CSRF
 * token; any non-OK answer throws an ApiError whose message is 'status: body-or-status-text' and
 * which also carries the server's one error shape, `{ message, fieldErrors }`. `adminApi` names
 * the calls the back office still makes to /api and answers the types app/modules owns.
 * `errorMessage` turns such a failure into words in a notice.
 */
import {
  AUTH_FLAG_KEY,
  AUTH_TOKEN_KEY,
  CSRF_HEADER,
  type LoginInput,
  type SignedIn,
} from '#app/modules/auth/login.schema.ts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { CatalogImportResult } from '#app/modules/catalog/catalog.ts';
import type { UploadedImage } from '#app/modules/site/uploads.ts';

/** What the browser says when the server cannot be reached at all (product.md §8). */
export const CONNECTION_FAILED = 'Unable to connect to server';

export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message`, when it answered the one error shape */
  readonly serverMessage?: string;
  /** Per-field messages of a 400 (`{ message, fieldErrors }`), keyed by field path */
  readonly fieldErrors: Record<string, string[]>;
  /** The answer's body as JSON, when it was JSON (a report such as the CSV import's) */
  readonly body?: unknown;
  constructor(
    status: number,
    text: string,
    serverMessage?: string,
    fieldErrors: Record<string, string[]> = {},
    body?: unknown,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

/** The ApiError for a non-OK answer: its text, and the one error shape when the body has it. */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  const text = (await res.text()) || res.statusText;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text itself is the message
  }
  const shape = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    fieldErrors?: unknown;
  };
  const fieldErrors =
    typeof shape.fieldErrors === 'object' && shape.fieldErrors !== null
      ? (shape.fieldErrors as Record<string, string[]>)
      : {};
  return new ApiError(
    res.status,
    text,
    typeof shape.message === 'string' ? shape.message : undefined,
    fieldErrors,
    body,
  );
}

/**
 * The words for a failed call (product.md §8): the server's message when it sent one; otherwise
 * `fallback` when the screen has its own words ('Failed to save blog post'), else the error's
 * 'status: text'. A call that never reached the server: `fallback`, else 'Unable to connect to server'.
 */
export function errorMessage(err: unknown, fallback?: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback ?? err.message;
  return fallback ?? CONNECTION_FAILED;
}

export function storedToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** product.md §4: authenticated in the browser when both a stored token and the stored flag exist. */
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
  if (!res.ok) throw await apiErrorOf(res);
  return res;
}

/** One call, its answer read as JSON of the type the module declares. */
async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}

const isImportReport = (body: unknown): body is CatalogImportResult =>
  typeof body === 'object' && body !== null && 'problems' in body;

/**
 * The back office's calls to /api (decision 0124): signing in and out (the session cookie is the HTTP
 * layer's), picture uploads while a form is open, and the CSV import. Everything else a screen
 * shows or changes goes through its route's loader and action.
 */
export const adminApi = {
  auth: {
    login: (input: LoginInput) => call<SignedIn>('POST', '/api/admin/login', input),
    logout: () => call<{ ok: true }>('POST', '/api/admin/logout'),
  },

  /** Passkeys (decision 0202): each ceremony's options (with its challenge's id), then the browser's answer. */
  passkeys: {
    signInOptions: () =>
      call<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>(
        'POST',
        '/api/admin/passkey-login/options',
      ),
    signIn: (answer: { challengeId: string; response: unknown }) =>
      call<SignedIn>('POST', '/api/admin/passkey-login', answer),
    addOptions: () =>
      call<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>(
        'POST',
        '/api/admin/passkeys/options',
        {},
      ),
    add: (answer: { challengeId: string; response: unknown; name: string }) =>
      call<{ id: number; name: string }>('POST', '/api/admin/passkeys', answer),
  },

  /** Notifications (decision 0205): this browser's push subscription, kept for this session. */
  push: {
    subscribe: (subscription: unknown) =>
      call<{ on: true }>('POST', '/api/admin/push-subscriptions', subscription),
  },

  catalog: {
    /** A sheet with problems answers 400 with its report: returned like a good one (ok: false). */
    async importCsv(file: File, dryRun: boolean): Promise<CatalogImportResult> {
      const body = new FormData();
      body.append('file', file);
      try {
        return await call<CatalogImportResult>(
          'POST',
          `/api/admin/catalog/import${dryRun ? '?dryRun=1' : ''}`,
          body,
        );
      } catch (err) {
        if (err instanceof ApiError && err.status === 400 && isImportReport(err.body)) return err.body;
        throw err;
      }
    },
    uploadImages(files: readonly File[]): Promise<UploadedImage[]> {
      const body = new FormData();
      for (const file of files) body.append('images', file);
      return call<UploadedImage[]>('POST', '/api/admin/catalog/images', body);
    },
  },

  blog: {
    uploadImage(file: File): Promise<UploadedImage> {
      const body = new FormData();
      body.append('image', file, file.name || 'pasted-image.png');
      return call<UploadedImage>('POST', '/api/admin/blog/images', body);
    },
  },
} as const;
