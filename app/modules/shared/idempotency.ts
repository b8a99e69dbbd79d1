/**
 * The key that makes a retry change nothing (issue 47 item 7, decision 0179): a form makes one when
 * it is rendered (the quote page's question, the lead dialog's quote and text) and sends it in
 * IDEMPOTENCY_FIELD; an API client sends it as the `Idempotency-Key` header. The server keeps the
 * first answer under it (server/services/idempotency.ts). Pure: the browser and the server both
 * use it.
 */

/** The header an API client sends its key in (the IETF draft's name, as Stripe and others use). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The form field a rendered form sends its key in. */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/** What a key may be: 1 to 255 visible ASCII characters (a UUID, our own 22 characters, …). */
const KEY_RULE = /^[\x21-\x7e]{1,255}$/;
export const BAD_IDEMPOTENCY_KEY = 'The Idempotency-Key must be 1 to 255 visible ASCII characters.';

/**
 * A sent key as the server takes it: undefined for none (absent or empty: the request is a change of
 * its own, as without keys), the key when it follows the rule, null when it does not (refused 400).
 */
export function readIdempotencyKey(raw: unknown): string | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  return typeof raw === 'string' && KEY_RULE.test(raw) ? raw : null;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A new key: 22 base64url characters, 132 random bits. `crypto.getRandomValues`, which browsers
 * give pages served over plain HTTP too (unlike `randomUUID`), and Node everywhere.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  // 256 is a multiple of 64: each character is uniform
  return Array.from(bytes, (b) => ALPHABET[b & 63]).join('');
}
