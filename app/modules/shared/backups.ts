/**
 * Backups (issue 49 item 5, decision 0197): when the night's backup is due, which backups are
 * kept, when the last one is too old, and the words Settings shows about them. Pure: the server
 * (server/services/backups.ts) and the Settings screen (app/components/settings/backups.tsx) use
 * the same rules.
 */
import { wallClock } from './calendar.ts';

/** The night's backup is made from 03:00 Winnipeg time… */
export const NIGHTLY_HOUR = 3;
/** …by the first process to see the hour, until 06:00: a server down all that time skips a night. */
export const NIGHTLY_UNTIL_HOUR = 6;
/** Kept: the newest backup of each of the 7 latest days that have one, and of the 4 latest weeks. */
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
/** Settings warns when the last backup is older than this, or when there is none. */
export const STALE_AFTER_MS = 36 * 60 * 60_000;

/** A Winnipeg calendar day as 'YYYY-MM-DD'. */
export function backupDay(at: Date): string {
  const w = wallClock(at);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The Monday (Winnipeg) of the week an instant falls in, as 'YYYY-MM-DD'. */
export function backupWeek(at: Date): string {
  const w = wallClock(at);
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Whether the night's backup is due at `now`: between 03:00 and 06:00 Winnipeg time, and no
 * backup made since 03:00 that day (`last`: when the newest was made, undefined for none).
 */
export function nightlyDue(now: Date, last: Date | undefined): boolean {
  const hour = wallClock(now).hour;
  if (hour < NIGHTLY_HOUR || hour >= NIGHTLY_UNTIL_HOUR) return false;
  if (!last) return true;
  return !(backupDay(last) === backupDay(now) && wallClock(last).hour >= NIGHTLY_HOUR);
}

/**
 * Which backups to keep, by when each was made: the newest of each of the KEEP_DAILY latest
 * Winnipeg days that have one, and the newest of each of the KEEP_WEEKLY latest weeks (Monday to
 * Sunday) that have one. The newest of all is always among them. Returns the kept ones' indexes.
 */
export function backupsToKeep(made: readonly Date[]): Set<number> {
  const order = made.map((at, i) => ({ at, i })).sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<number>();
  const newestOf = (key: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const { at, i } of order) {
      const k = key(at);
      if (seen.has(k)) continue;
      if (seen.size === count) break;
      seen.add(k);
      keep.add(i);
    }
  };
  newestOf(backupDay, KEEP_DAILY);
  newestOf(backupWeek, KEEP_WEEKLY);
  return keep;
}

/** The last backup as Settings shows it (server/services/backups.ts writes it). */
export type BackupStatus = {
  /** the newest complete backup, or null when none was made yet */
  last: { name: string; at: string; bytes: number } | null;
  /** no backup, or the last one older than STALE_AFTER_MS */
  stale: boolean;
  /** where backups are kept, in words ('the data folder's backups folder', 'the storage bucket') */
  place: string;
};

/** A number of bytes as a person reads it: '812 bytes', '3.4 MB', '1.2 GB'. */
export function byteWords(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export const BACKUP_TEXT = {
  title: 'Backups',
  intro:
    'Every night at 3 a.m. the server copies the database and the stored photos and pictures into one dated backup. It keeps the last 7 days and 4 weeks.',
  last: 'Last backup',
  size: 'Size',
  none: 'No backup has been made yet.',
  stale:
    'The last backup is more than 36 hours old. Check that the server is running, or run npm run backup.',
  noneWarning: 'There is no backup yet. Run npm run backup, or wait for tonight’s at 3 a.m.',
  kept: (place: string) => `Kept in ${place}.`,
} as const;
