/**
 * The country of a phone number (issue 47 item 1, decision 0175), for the limits on texts the
 * public can cause: +1 is shared by Canada, the United States and some twenty Caribbean and Pacific
 * countries (+1 876 is Jamaica), which only the area code tells apart. libphonenumber-js knows
 * them; its smallest metadata is enough to name a number's country. Pure; the server imports it
 * (kept out of phone.ts, which the browser loads, so the metadata stays out of its bundles).
 */
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The ISO 3166 code of a valid number's country ('CA', 'US', 'JM'), or undefined when it has none. */
export function phoneCountry(e164: string): string | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.country : undefined;
}

/** Whether `code` is a country code numbers can belong to ('CA'; not 'XX'). */
export function isPhoneCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

/** Country codes as people read them: 'Canada and the United States'. */
export function countryNames(codes: readonly string[]): string {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const named = codes.map((code) => (code === 'US' ? 'the United States' : (names.of(code) ?? code)));
  if (named.length <= 1) return named.join('');
  return `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}
