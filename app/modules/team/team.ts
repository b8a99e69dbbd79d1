/**
 * The team as its screen shows it (issue 30 item 5, decision 0160): the accounts, their roles in
 * words, the words of the owner's screens, and the one sentence staff meet when they open one.
 * Pure: the server's repositories give these shapes (server/db/repo/users.ts).
 */
import { wallClock } from '#app/modules/shared/calendar.ts';

export type Role = 'owner' | 'staff';

/** An account on the team screen: no password, ever. */
export type TeamMember = {
  id: number;
  username: string;
  displayName: string;
  role: Role;
  /** when it was disabled; null while it can sign in */
  disabledAt: string | null;
  createdAt: string;
};

/**
 * An account as the screen lists it: its days in words, written by the server (see `businessDay`).
 */
export type TeamRow = TeamMember & { added: string; disabledSince: string | null };

export function teamRow(member: TeamMember): TeamRow {
  return {
    ...member,
    added: businessDay(member.createdAt),
    disabledSince: member.disabledAt ? businessDay(member.disabledAt) : null,
  };
}

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', staff: 'Staff' };

/** What staff read on the owner's screens and endpoints (403). */
export const OWNER_ONLY = 'Only the owner can do this.';
/** A change the owner keeps unless they allow staff on the Settings screen (decision 0204). */
export const OWNER_UNLESS_ALLOWED = 'Only the owner can do this, unless the owner allows staff in Settings.';

export const TEAM_TEXT = {
  title: 'Team',
  subtitle: 'Who can sign in to the back office.',
  add: 'Add staff member',
  adding: 'Adding...',
  disable: 'Disable',
  enable: 'Turn back on',
  reset: 'Reset password',
  rename: 'Rename',
  saveName: 'Save name',
  renamed: (name: string) => `Renamed to ${name}.`,
  resetting: 'Resetting...',
  disabling: 'Disabling...',
  copy: 'Copy',
  copied: 'Password copied',
  copyByHand: 'Copy it by hand: it is selected.',
  done: 'Done',
  active: 'Active',
  disabled: 'Disabled',
  you: 'You',
  password: 'Password',
  /** shown once, beside the generated password */
  giveTo: (name: string) => `Give this password to ${name}: it is shown only now.`,
  since: (day: string) => `since ${day}`,
  usernameHint: 'Letters, digits, dots, dashes or underscores: 3 to 64 of them.',
  confirmDisable: (name: string) =>
    `${name} is signed out at once and cannot sign in until you turn the account back on. Their history keeps their name.`,
  confirmReset: (name: string) =>
    `${name} is signed out at once, and their old password stops working. You see the new one once, to give to them.`,
  disabledDone: (name: string) => `${name} is disabled.`,
  enabledDone: (name: string) => `${name} can sign in again.`,
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A day in Winnipeg, 'Nov 26, 2026', written out by hand (not Intl's words, which differ between
 * Node and Chromium). Call it on the server, in a loader, and hand the words to the screen: the
 * browser's time-zone data can differ from the server's (Chromium 156 puts Winnipeg on daylight
 * time in November 2026, Node 24's ICU does not), and a time written in the browser would then
 * differ by an hour from the server's HTML (a hydration error).
 */
export function businessDay(at: string | Date): string {
  const w = wallClock(typeof at === 'string' ? new Date(at) : at);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`;
}

/** A calendar day ('2026-11-26') in the same words: 'Nov 26, 2026'. */
export function calendarDayWords(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${date}, ${year}`;
}

/** A time in Winnipeg, 'Nov 26, 2026, 2:05 p.m.': by hand, on the server, for the same reasons. */
export function businessTime(at: string | Date): string {
  const w = wallClock(typeof at === 'string' ? new Date(at) : at);
  const hour = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const minute = String(w.minute).padStart(2, '0');
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}, ${hour}:${minute} ${w.hour < 12 ? 'a.m.' : 'p.m.'}`;
}
