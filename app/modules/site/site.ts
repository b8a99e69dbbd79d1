/**
 * Site-wide facts and copy (product.md §1, §2 'Site chrome'). A fact the site states in more than one
 * place has its one source here or where this file points (decision 0140): the opening hours come
 * from the business calendar (shared/business-hours.ts), the reply promise is one phrase.
 */
import { BUSINESS_HOURS } from '../shared/business-hours.ts';

export type SiteInfo = {
  name: string;
  /** E.164, e.g. +12045550147 */
  phone: string;
  email: string;
  baseUrl: string;
};

export const SLOGAN = 'Parts hunted, problems solved.';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A time of day in seconds after midnight as the site writes it: '7AM', '6PM', '7:30AM'. */
function clock(seconds: number): string {
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds % 3600) / 60);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Opening hours as lines of text, days with the same hours in a row joined: the business calendar
 * of product.md §1 gives ['Mon-Fri 7AM-6PM CT', 'Sat 8AM-4PM CT']. Closed days are left out.
 */
export function hoursLines(hours: typeof BUSINESS_HOURS): string[] {
  const lines: string[] = [];
  let day = 0;
  while (day < 7) {
    const open = hours[day];
    let last = day;
    while (
      open &&
      last + 1 < 7 &&
      hours[last + 1]?.open === open.open &&
      hours[last + 1]?.close === open.close
    )
      last++;
    if (open) {
      const days = last === day ? DAY_NAMES[day] : `${DAY_NAMES[day]}-${DAY_NAMES[last]}`;
      lines.push(`${days} ${clock(open.open)}-${clock(open.close)} CT`);
    }
    day = last + 1;
  }
  return lines;
}

/** The home page's and the request confirmation's reading of the hours (product.md §1). */
export const HOME_HOURS: readonly string[] = hoursLines(BUSINESS_HOURS);
/** The footer's reading (product.md §1: the weekday hours only). */
export const FOOTER_HOURS = HOME_HOURS[0]!;
/** The hours in a text message's few words: 'Mon-Fri 7AM-6PM, Sat 8AM-4PM CT'. */
export const HOURS_IN_A_LINE = `${HOME_HOURS.map((line) => line.replace(/ CT$/, '')).join(', ')} CT`;

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
};

/** Quote-button tracking attributes read by the chrome script (product.md §7: type 'quote'). */
export function trackAttributes(location: string, text: string, type = 'quote') {
  return { 'data-track-type': type, 'data-track-location': location, 'data-track-text': text };
}
