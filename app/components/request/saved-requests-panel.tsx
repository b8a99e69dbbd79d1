/**
 * The requests kept on this phone, above the form (decision 0208): each says what it is and where
 * it stands (waiting for signal, sent with its case number, or refused with the server's words),
 * and can be sent now or deleted. Rendered only in the browser, once the list is read: the
 * server's HTML has none, so the first render while hydrating has none either.
 */
import { CheckCircle2, CloudOff } from 'lucide-react';
import { useState, type Ref } from 'react';
import { secondaryButton } from './fields.tsx';
import { COPY } from './request-copy.ts';
import type { SavedRequest } from './saved-requests.ts';

const words = COPY.saved;

export function SavedRequestsPanel({
  saved,
  sendingNow,
  onSendNow,
  onForget,
  headingRef,
}: {
  saved: readonly SavedRequest[];
  sendingNow: boolean;
  onSendNow: () => void;
  onForget: (key: string) => void;
  /** focused when a request has just been kept, so the customer hears what happened */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  if (!saved.length) return null;
  const waiting = saved.some((r) => r.state === 'waiting');
  return (
    <section aria-labelledby="saved-requests-title" className="mb-6 space-y-3">
      <div role="status">
        <h2
          id="saved-requests-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {waiting ? words.keptTitle : words.title}
        </h2>
        {waiting && <p className="mt-1 text-sm text-slate-700">{words.keptText}</p>}
      </div>
      <ul className="space-y-3">
        {saved.map((request) => (
          <li key={request.key}>
            <SavedRequestItem
              request={request}
              sendingNow={sendingNow}
              onSendNow={onSendNow}
              onForget={() => onForget(request.key)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SavedRequestItem({
  request,
  sendingNow,
  onSendNow,
  onForget,
}: {
  request: SavedRequest;
  sendingNow: boolean;
  onSendNow: () => void;
  onForget: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (request.state === 'sent') {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-950">
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
        <div className="flex-1">
          <p className="font-semibold">{words.sentTitle}</p>
          <p className="mt-1">
            {words.sentCase[0]}
            <span className="whitespace-nowrap font-semibold">{request.caseNumber}</span>
            {words.sentCase[1]} {request.reply ?? COPY.confirmation.promise}
          </p>
          <p className="mt-1 text-slate-700">{request.summary}</p>
        </div>
        <button type="button" onClick={onForget} className={secondaryButton}>
          {words.done}
        </button>
      </div>
    );
  }
  const refused = request.state === 'refused';
  return (
    <div
      className={
        refused
          ? 'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950'
          : 'rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950'
      }
    >
      <div className="flex items-start gap-3">
        <CloudOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold">{request.summary}</p>
          <p className="mt-1">
            {words.photoCount(request.photos.length)} ·{' '}
            {refused ? words.refusedTitle : sendingNow ? words.sending : words.waiting}
          </p>
          {refused && (
            <p className="mt-1">{[request.message, words.refusedText].filter(Boolean).join(' ')}</p>
          )}
        </div>
      </div>
      {asking ? (
        <div className="mt-3" role="group" aria-label={words.removeQuestion}>
          <p className="font-medium">{words.removeQuestion}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" onClick={onForget} className={secondaryButton}>
              {words.removeYes}
            </button>
            {/* focus moves to the safe answer: the question took the place of the button */}
            <button type="button" autoFocus onClick={() => setAsking(false)} className={secondaryButton}>
              {words.removeNo}
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {!refused && (
            <button type="button" onClick={onSendNow} disabled={sendingNow} className={secondaryButton}>
              {words.sendNow}
            </button>
          )}
          <button type="button" onClick={() => setAsking(true)} className={secondaryButton}>
            {words.remove}
          </button>
        </div>
      )}
    </div>
  );
}
