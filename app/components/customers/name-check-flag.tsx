/**
 * A request under another name than its customer's (issue 48 item 2, decision 0193): the name the
 * request gave beside the customer's, and 'Same person' / 'Different person'. The lead dialog, the
 * inbox's conversation and the customer's page show it; each answer is the lead's change, posted to
 * the lead's own screen (app/routes/admin-lead-details.tsx serves `same-person` and
 * `different-person`), and React Router then reads the screen it was pressed on again, so the flag
 * is gone (and, for 'Different person', the request is the new customer's).
 */
import { Loader2, UserRoundSearch } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { NAME_CHECK_TEXT, type NameCheck } from '#app/modules/customers/name-check.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

type Intent = 'same-person' | 'different-person';

/**
 * The flags of a screen (none, one, or one per request of a customer's), and what the last answer
 * did: the answered flag is gone once the screen is read again, so its outcome is said in its place
 * (a status line that takes the focus, as the pressed button is gone with the flag).
 * `linked`: the customer's name links to their page (not on that page itself).
 */
export function NameCheckFlags({
  checks,
  linked = true,
  className,
}: {
  checks: readonly NameCheck[];
  linked?: boolean;
  className?: string;
}) {
  // the flag last answered, and what its answer did once the screen was read again
  const [answering, setAnswering] = useState<NameCheck | null>(null);
  const [settled, setSettled] = useState<{ intent: Intent; check: NameCheck } | null>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const fetcher = useStaffFetcher<ActionAnswer<{ intent: Intent }>>((answer) => {
    if (answer.ok && answering) setSettled({ intent: answer.intent, check: answering });
  });
  useEffect(() => {
    if (settled) outcome.current?.focus();
  }, [settled]);
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const pressed = fetcher.state === 'idle' ? null : (fetcher.formData?.get('intent') as Intent | null);
  const answer = (check: NameCheck, intent: Intent) => {
    setAnswering(check);
    setSettled(null);
    void fetcher.submit({ intent }, { method: 'post', action: `/admin/leads/${check.leadId}` });
  };
  if (checks.length === 0 && !settled) return null;
  return (
    <div className={cn('space-y-2', className)}>
      {settled && (
        <p
          ref={outcome}
          role="status"
          tabIndex={-1}
          className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          {settledWords(settled.intent, settled.check)}
        </p>
      )}
      {checks.map((check) => (
        <NameCheckFlag
          key={check.leadId}
          check={check}
          linked={linked}
          pressed={answering?.leadId === check.leadId ? pressed : null}
          busy={pressed !== null}
          refused={answering?.leadId === check.leadId ? refused : null}
          onAnswer={(intent) => answer(check, intent)}
        />
      ))}
    </div>
  );
}

function NameCheckFlag(props: {
  check: NameCheck;
  linked: boolean;
  pressed: Intent | null;
  busy: boolean;
  refused: string | null;
  onAnswer: (intent: Intent) => void;
}) {
  const { check } = props;
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-line`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      <p id={`${id}-line`} className="flex items-start gap-2 font-semibold">
        <UserRoundSearch className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">
          {NAME_CHECK_TEXT.requestFrom} {check.requestName.trim()} · {NAME_CHECK_TEXT.onFileAs}{' '}
          {props.linked ? (
            <Link to={`/admin/customers/${check.customerId}`} className="underline underline-offset-2">
              {check.customerName}
            </Link>
          ) : (
            check.customerName
          )}{' '}
          <span className="font-normal">({check.caseNumber})</span>
        </span>
      </p>
      <p className="mt-1 text-sm">{NAME_CHECK_TEXT.question}</p>
      <Refusal message={props.refused} />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Choice
          intent="same-person"
          label={NAME_CHECK_TEXT.same}
          hint={NAME_CHECK_TEXT.sameHint}
          hintId={`${id}-same`}
          {...props}
        />
        <Choice
          intent="different-person"
          label={NAME_CHECK_TEXT.different}
          hint={NAME_CHECK_TEXT.differentHint}
          hintId={`${id}-different`}
          {...props}
        />
      </div>
    </section>
  );
}

function Choice(props: {
  intent: Intent;
  label: string;
  hint: string;
  hintId: string;
  pressed: Intent | null;
  busy: boolean;
  onAnswer: (intent: Intent) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:max-w-xs">
      <Button
        variant="outline"
        className="bg-white"
        disabled={props.busy}
        aria-describedby={props.hintId}
        onClick={() => props.onAnswer(props.intent)}
      >
        {props.pressed === props.intent && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {props.label}
      </Button>
      <span id={props.hintId} className="text-xs text-amber-900">
        {props.hint}
      </span>
    </div>
  );
}

/** What was done (the screen answers the intent it served). */
function settledWords(intent: Intent, check: NameCheck): string {
  return intent === 'different-person'
    ? `${check.requestName.trim()} is a new customer now, with ${check.caseNumber}.`
    : `${check.requestName.trim()} is kept as another name of ${check.customerName}.`;
}
