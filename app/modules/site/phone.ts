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

/**
 * A phone number as people read it, the one way the site and the back office show numbers: a North
 * American number however it was stored or typed ('+12045550147', '204-555-0147',
 * '1 204 555 0147') as (204) 555-0147; another E.164 number as it is; anything that is no number
 * we could dial, as given.
 */
export function formatPhone(phone: string): string {
  const e164 = toE164(phone);
  const m = e164 ? /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164) : null;
  if (m) return `(${m[1]}) ${m[2]}-${m[3]}`;
  return e164 ?? phone.trim();
}

/**
 * The `tel:` or `sms:` link of a number: its E.164 form, or, for a number that has none, its
 * digits (with the + typed before them), which a phone still dials.
 */
export function phoneLink(scheme: 'tel' | 'sms', phone: string): string {
  const trimmed = phone.trim();
  const target = toE164(trimmed) ?? `${trimmed.startsWith('+') ? '+' : ''}${phoneDigits(trimmed)}`;
  return `${scheme}:${target}`;
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
