/**
 * Where and on what a thing was done, in words a person reads (issue 48 item 7, decision 0195):
 * 'Chrome on Android at 203.0.113.77', 'Firefox on Windows on this computer'. The audit log's
 * sign-ins and the lead's history (an acceptance on the quote page) say this; the raw address and
 * browser string stay behind a disclosure for whoever needs them. Pure: a browser's string is read
 * by its well-known tokens only, never to decide anything.
 */

/** Browsers by the token that names them, the more specific first (Edge and Opera say Chrome too). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems by their token, the more specific first (Android says Linux, an iPhone says Mac OS X). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const named = (text: string, list: readonly [RegExp, string][]) =>
  list.find(([token]) => token.test(text))?.[1];

/** 'Chrome on Android'; 'Chrome' or 'a browser on Android' when one half is not known; '' for nothing. */
export function deviceWords(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return '';
  const browser = named(ua, BROWSERS);
  const system = named(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `a browser on ${system}`;
  return 'a program';
}

/**
 * Whether an address is this computer's own (loopback): 127.0.0.0/8, ::1, either as IPv6 mapped,
 * or '::/56', the key under which the sign-in throttle counts ::1 (server/http/client.ts).
 */
export function isLoopback(address: string): boolean {
  const a = address.trim().toLowerCase();
  return a === '::1' || a === '::/56' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** 'this computer' for loopback, else the address as given; '' for nothing. */
export function placeWords(address: string | null | undefined): string {
  const a = address?.trim() ?? '';
  if (!a) return '';
  return isLoopback(a) ? 'this computer' : a;
}

/**
 * 'Chrome on Android at 203.0.113.77', 'Chrome on Windows on this computer'; with only one of the
 * two, that one ('203.0.113.77', 'this computer', 'Chrome on Android'); '' with neither.
 */
export function whereWords({
  address,
  userAgent,
}: {
  address?: string | null;
  userAgent?: string | null;
}): string {
  const device = deviceWords(userAgent);
  const place = placeWords(address);
  if (device && place)
    return place === 'this computer' ? `${device} on this computer` : `${device} at ${place}`;
  return device || place;
}
