/**
 * Site-wide facts and copy (product.md §1, §2 'Site chrome'). A fact the site states in more than one
 * place has its one source here or where this file points (decision 0140): the opening hours come
 * the owner sets (shop-settings.ts, decision 0204) and travel with the site's facts; the reply
 * promise is one phrase.
 */
import { DEFAULT_HOURS, hoursLines, type WeekHours } from './opening-hours.ts';

export type SiteInfo = {
  name: string;
  /** E.164, e.g. +12045550147 */
  phone: string;
  email: string;
  baseUrl: string;
  /** the opening hours in force (the owner's Settings) */
  hours: WeekHours;
};

export const SLOGAN = 'Parts hunted, problems solved.';

/** The opening hours' lines on the home page, the request's confirmation and the footer. */
export function siteHours(site: Pick<SiteInfo, 'hours'>): string[] {
  return hoursLines(site.hours);
}

/** product.md §9: the promised contact time, in business hours. */
export const REPLY_PROMISE_MINUTES = 20;
/** The reply promise wherever the site makes it: '… within 20 minutes during business hours'. */
export const REPLY_PROMISE = `within ${REPLY_PROMISE_MINUTES} minutes during business hours`;
export const TEXTING_HOURS = 'Text for quotes 24/7';
/** The year the business's copyright starts (product.md §2: 'Copyright notice 2024'). */
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

/** The demo defaults of README.md, Configuration, used only when the server's values are not at hand (error pages). */
export const DEFAULT_SITE: SiteInfo = {
  name: 'Parts Hunters MB',
  phone: '+12045550147',
  email: 'quotes@example.com',
  baseUrl: 'http://localhost:3000',
  hours: DEFAULT_HOURS,
};

/** Quote-button tracking attributes read by the chrome script (product.md §7: type 'quote'). */
export function trackAttributes(location: string, text: string, type = 'quote') {
  return { 'data-track-type': type, 'data-track-location': location, 'data-track-text': text };
}
