/**
 * 'Notifications' on 'Your account' (issue 51 item 4, decision 0205): turning them on in this
 * browser (the site's service worker `/sw.js`, the browser's permission, its push subscription
 * POSTed to /api/admin/push-subscriptions for this session), turning them off here ('push-off'),
 * and the four kinds the person wants, for every browser of theirs ('push-choose'). The server says
 * whether this session has a subscription; the browser may have lost its own (site data cleared),
 * so turning on again is always offered while the server has none.
 */
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { errorMessage } from '#app/components/admin/admin-api.ts';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { PUSH_KINDS } from '#app/modules/messages/push-lines.ts';
import { subscribeHere, supported, unsubscribeHere } from './push-here.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import {
  NOTIFICATIONS_TEXT,
  PUSH_KIND_LABELS,
  type NotificationsState,
} from '#app/modules/team/notifications.ts';

const CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

export function NotificationsCard({
  state,
  token,
  username,
}: {
  state: NotificationsState;
  token: string;
  /** whose this browser's subscription is: it follows them from session to session (push-here.ts) */
  username: string;
}) {
  const revalidator = useRevalidator();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function turnOn() {
    setProblem(null);
    if (!supported()) return setProblem(NOTIFICATIONS_TEXT.unsupported);
    setWorking(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setProblem(NOTIFICATIONS_TEXT.denied);
      await subscribeHere(state.publicKey, token, username);
      toast({ title: NOTIFICATIONS_TEXT.turnedOn });
      await revalidator.revalidate();
    } catch (err) {
      setProblem(errorMessage(err, NOTIFICATIONS_TEXT.failed));
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className={CARD}>
      <h2 className="text-lg font-semibold">{NOTIFICATIONS_TEXT.heading}</h2>
      <p className="mt-1 text-sm text-slate-700">{NOTIFICATIONS_TEXT.hint}</p>
      <p className="mt-3 text-sm font-medium text-slate-900" role="status">
        {state.here ? NOTIFICATIONS_TEXT.on : NOTIFICATIONS_TEXT.off}
      </p>
      {state.elsewhere > 0 && (
        <p className="mt-1 text-sm text-slate-600">{NOTIFICATIONS_TEXT.onElsewhere(state.elsewhere)}</p>
      )}
      {state.here ? (
        <TurnOff />
      ) : (
        <Button
          type="button"
          variant="accent"
          className="mt-3"
          disabled={working}
          onClick={() => void turnOn()}
        >
          {working && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {working ? NOTIFICATIONS_TEXT.turningOn : NOTIFICATIONS_TEXT.turnOn}
        </Button>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">{NOTIFICATIONS_TEXT.signedOutNote}</p>
      <Choices kinds={state.kinds} />
    </div>
  );
}

/** Turning them off here: the browser's subscription first, the server's removed either way. */
function TurnOff() {
  const { element, post, refusal, busy } = useStaffForm<ActionAnswer>({
    id: 'push-off',
    done: () => toast({ title: NOTIFICATIONS_TEXT.turnedOff }),
  });
  return (
    <form
      ref={element}
      noValidate
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void unsubscribeHere()
          .catch(() => undefined)
          .then(() => post({ intent: 'push-off' }));
      }}
    >
      <Refusal message={refusal} />
      <Button type="submit" variant="outline" disabled={busy}>
        {NOTIFICATIONS_TEXT.turnOff}
      </Button>
    </form>
  );
}

/** The four kinds, ticked or not, saved for every browser of the person's. */
function Choices({ kinds }: { kinds: readonly string[] }) {
  const id = useId();
  const { element, post, refusal, busy } = useStaffForm<ActionAnswer>({
    id: 'push-choose',
    done: () => toast({ title: NOTIFICATIONS_TEXT.saved }),
  });
  return (
    <form
      ref={element}
      noValidate
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const fields: Record<string, string> = { intent: 'push-choose' };
        for (const kind of PUSH_KINDS) fields[kind] = String(form.get(kind) === 'on');
        post(fields);
      }}
    >
      <fieldset>
        <legend className="font-medium text-slate-900">{NOTIFICATIONS_TEXT.choicesHeading}</legend>
        <p className="text-sm text-slate-600">{NOTIFICATIONS_TEXT.choicesHint}</p>
        <Refusal message={refusal} />
        <div className="mt-2 grid gap-2">
          {PUSH_KINDS.map((kind) => (
            <div key={kind} className="flex items-center gap-2">
              <input
                id={`${id}-${kind}`}
                name={kind}
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-orange-600"
                defaultChecked={kinds.includes(kind)}
              />
              <label htmlFor={`${id}-${kind}`} className="text-sm text-slate-800">
                {PUSH_KIND_LABELS[kind]}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="outline" className="mt-3" disabled={busy}>
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {NOTIFICATIONS_TEXT.save}
      </Button>
    </form>
  );
}
