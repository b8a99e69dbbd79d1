/** Site-wide facts and copy (SPEC §1, §2 'Site chrome'). */
export type SiteInfo = {
  name: string;
  /** E.164, e.g. +12045550147 */
  phone: string;
  email: string;
  baseUrl: string;
};

export const SLOGAN = 'Parts hunted, problems solved.';
export const FOOTER_HOURS = 'Mon-Fri 7AM-6PM CT';
export const HOME_HOURS = ['Mon-Fri 7AM-6PM CT', 'Sat 8AM-4PM CT'] as const;
export const TEXTING_HOURS = 'Text for quotes 24/7';
/** The year the business's copyright starts (SPEC §2: 'Copyright notice 2024'). */
export const COPYRIGHT_YEAR = 2024;

/**
 * The footer's copyright years: from 2024 to the current year (issue 31 item 5: the footer shows
 * the current year; the spec's 2024 stays as the first), e.g. '2024–2026'.
 */
export function copyrightYears(currentYear: number): string {
  return currentYear > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}–${currentYear}` : String(COPYRIGHT_YEAR);
}

/** The sms: link that opens the phone's messaging app, with an optional prefilled body. */
export function smsHref(e164: string, body?: string): string {
  return body ? `sms:${e164}?&body=${encodeURIComponent(body)}` : `sms:${e164}`;
}

/** The demo defaults of DESIGN §3, used only when the server's values are not at hand (error pages). */
export const DEFAULT_SITE: SiteInfo = {
  name: 'Parts Hunters MB',
  phone: '+12045550147',
  email: 'quotes@example.com',
  baseUrl: 'http://localhost:3000',
};

/** Quote-button tracking attributes read by the chrome script (SPEC §7: type 'quote'). */
export function trackAttributes(location: string, text: string, type = 'quote') {
  return { 'data-track-type': type, 'data-track-location': location, 'data-track-text': text };
}
