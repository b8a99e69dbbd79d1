/**
 * Phone-number rules, in one place for the browser, the server and the database layer: E.164 (how
 * numbers are stored for texting and configured), the display format, and the digits that search
 * and number matching compare (web leads keep the phone as the customer typed it). Pure.
 */

/** An E.164 number: '+', a non-zero digit, 8 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/**
 * A phone number in E.164, or null when it cannot be one. North American numbers may be typed
 * any way ('(204) 555-0123', '1-204-555-0123'); others need their leading +.
 */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = phoneDigits(trimmed);
  if (trimmed.startsWith('+')) return E164_PATTERN.test(`+${digits}`) ? `+${digits}` : null;
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}

/** +12045550147 → (204) 555-0147; other shapes are returned as given. */
export function formatPhone(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/** A phone number as search compares it (stored in `leads.phone_digits`): its digits only. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/**
 * The last ten digits: what a texting number (+12045550123) and a typed one ('204-555-0123')
 * have in common, to find the leads a text may be about before comparing them as E.164.
 */
export function lastTenDigits(phone: string): string {
  return phoneDigits(phone).slice(-10);
}
