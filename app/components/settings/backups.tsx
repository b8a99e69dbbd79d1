/**
 * Backups on the owner's Settings (issue 49 item 5, decision 0197): when the last backup was made
 * (the server's words, decision 0192) and how big it is, and a warning when there is none or it is
 * older than 36 hours. The loader gives `backup` (server/services/backups.ts `status`) with the
 * words of its time.
 */
import { AlertTriangle, DatabaseBackup } from 'lucide-react';
import { TimeWordsProvider, When } from '#app/components/admin/time-words.tsx';
import { BACKUP_TEXT, byteWords, type BackupStatus } from '#app/modules/shared/backups.ts';
import type { TimeWords } from '#app/modules/shared/time-words.ts';

export function Backups({ backup }: { backup: BackupStatus & { times: TimeWords } }) {
  const { last, stale, place, times } = backup;
  return (
    <TimeWordsProvider words={times}>
      <section aria-labelledby="settings-backups" className="mt-10 grid min-w-0 gap-3" data-testid="backups">
        <h2 id="settings-backups" className="flex items-center gap-2 text-xl font-semibold">
          <DatabaseBackup className="h-5 w-5" aria-hidden="true" />
          {BACKUP_TEXT.title}
        </h2>
        <p className="text-slate-700">{BACKUP_TEXT.intro}</p>
        {last ? (
          <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
            <dt className="font-medium">{BACKUP_TEXT.last}</dt>
            <dd className="min-w-0">
              <When at={last.at} />
            </dd>
            <dt className="font-medium">{BACKUP_TEXT.size}</dt>
            <dd>{byteWords(last.bytes)}</dd>
          </dl>
        ) : (
          <p className="text-slate-800">{BACKUP_TEXT.none}</p>
        )}
        {stale && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          >
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {last ? BACKUP_TEXT.stale : BACKUP_TEXT.noneWarning}
          </p>
        )}
        <p className="text-sm break-words text-slate-600">{BACKUP_TEXT.kept(place)}</p>
      </section>
    </TimeWordsProvider>
  );
}
