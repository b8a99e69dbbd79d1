/**
 * The customer's answers on the quote page (components/quotes/quote-page.tsx): the options with the
 * Accept form, Decline with a reason, and a question. Plain HTML forms posting to the page itself
 * (routes/quote.tsx), each named by its button's `intent`; what the action refused comes back as
 * `refused`: a summary at the top of its form that the page opens on (error-summary.tsx), each
 * message beside its field too, and what was typed kept.
 */
import { MessageSquare } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import { DECLINE_REASONS } from '#app/modules/quotes/quote.ts';
import { businessDays } from '#app/modules/quotes/eta.ts';
import { QUOTE_PAGE_TEXT as T, type QuotePageData } from '#app/modules/quotes/quote-page.ts';
import { IDEMPOTENCY_FIELD } from '#app/modules/shared/idempotency.ts';
import { ErrorSummary, type QuoteRefusal } from './error-summary.tsx';

/** What the page's action refused, to show beside the form that sent it. */
export type { QuoteRefusal } from './error-summary.tsx';

/** What each answer's form is drawn from. */
type AnswerProps = { page: QuotePageData; refused: QuoteRefusal | undefined };

export const card = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

export function Options({ page, refused }: AnswerProps) {
  const quote = page.quote!;
  const open = page.state === 'open';
  const several = quote.options.length > 1;
  const error = (name: string) => refused?.fieldErrors[name]?.[0];
  const chosen = refused?.fields.option ?? (several ? undefined : '0');
  const list = (
    <ul className="mt-4 space-y-3">
      {quote.options.map((o, i) => {
        const accepted = quote.acceptedOption === i;
        const body = (
          <span className="block min-w-0 flex-1">
            <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="text-base font-semibold text-slate-900">{o.label}</span>
              <span className="text-xl font-bold tabular-nums text-slate-900">{o.price}</span>
            </span>
            <span className="mt-1 block text-sm text-slate-700">
              All-in price in CAD. ETA {businessDays(o.etaDays)}: {o.etaDate} if you accept today.
            </span>
            {o.warranty && <span className="mt-1 block text-sm text-slate-700">Warranty: {o.warranty}</span>}
            {(o.brand || o.partNumber) && (
              <span className="mt-1 block text-sm text-slate-700">
                Part: {[o.brand, o.partNumber].filter(Boolean).join(' ')}
              </span>
            )}
            {o.note && (
              <span className="mt-1 block whitespace-pre-line text-sm text-slate-800">{o.note}</span>
            )}
            {accepted && <span className="mt-2 block text-sm font-semibold text-green-800">Your choice</span>}
          </span>
        );
        return (
          <li key={i}>
            {open && several ? (
              // the radio beside the option's name and price, on their line (issue 48 item 10)
              <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-4 has-[:checked]:border-orange-600 has-[:checked]:ring-2 has-[:checked]:ring-orange-500/40">
                <input
                  type="radio"
                  id={`option-${i}`}
                  name="option"
                  value={i}
                  defaultChecked={chosen === String(i)}
                  className="mt-1 h-5 w-5 shrink-0 accent-orange-600"
                  aria-invalid={error('option') ? true : undefined}
                  aria-describedby={error('option') ? 'option-error' : undefined}
                />
                {body}
              </label>
            ) : (
              <div
                className={cn('rounded-md border p-4', accepted ? 'border-green-400' : 'border-slate-200')}
              >
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
  if (!open) {
    return (
      <section aria-labelledby="options-title" className={card}>
        <h2 id="options-title" className="text-lg font-semibold">
          {T.options}
        </h2>
        {list}
      </section>
    );
  }
  return (
    <section aria-labelledby="options-title" className={card}>
      <form method="post" noValidate>
        <ErrorSummary
          id="accept-errors"
          refused={refused}
          fields={{ option: 'option-0', name: 'accept-name', po: 'accept-po', terms: 'accept-terms' }}
        />
        <input type="hidden" name="version" value={quote.version} />
        {several ? (
          <fieldset>
            <legend id="options-title" className="text-lg font-semibold">
              {T.options}: choose one
            </legend>
            <FieldError id="option-error" message={error('option')} />
            {list}
          </fieldset>
        ) : (
          <>
            <h2 id="options-title" className="text-lg font-semibold">
              {T.options}
            </h2>
            <input type="hidden" name="option" value="0" />
            {list}
          </>
        )}
        <div className="mt-6 space-y-4 border-t border-slate-200 pt-6">
          <div>
            <Label htmlFor="accept-name" required>
              Your full name
            </Label>
            <Input
              id="accept-name"
              name="name"
              autoComplete="name"
              required
              defaultValue={String(refused?.fields.name ?? '')}
              aria-invalid={error('name') ? true : undefined}
              aria-describedby={error('name') ? 'accept-name-error' : undefined}
            />
            <FieldError id="accept-name-error" message={error('name')} />
          </div>
          <div>
            <Label htmlFor="accept-po">{page.poRequired ? 'PO number' : 'PO number (optional)'}</Label>
            <Input
              id="accept-po"
              name="po"
              required={page.poRequired}
              defaultValue={String(refused?.fields.po ?? '')}
              aria-invalid={error('po') ? true : undefined}
              aria-describedby={error('po') ? 'accept-po-error' : undefined}
            />
            <FieldError id="accept-po-error" message={error('po')} />
          </div>
          <div>
            <label className="flex min-h-11 items-center gap-3 text-slate-900">
              <input
                type="checkbox"
                id="accept-terms"
                name="terms"
                value="yes"
                required
                className="h-5 w-5 shrink-0 accent-orange-600"
                aria-invalid={error('terms') ? true : undefined}
                aria-describedby={error('terms') ? 'accept-terms-error' : undefined}
              />
              <span>
                {T.terms} (
                <a href="/terms-of-service" className="underline underline-offset-2">
                  Terms of Service
                </a>
                )
              </span>
            </label>
            <FieldError id="accept-terms-error" message={error('terms')} />
          </div>
          <Button type="submit" name="intent" value="accept" variant="accent" className="w-full sm:w-auto">
            {T.accept}
          </Button>
        </div>
      </form>
    </section>
  );
}

const firstReason = Object.keys(DECLINE_REASONS)[0]!;

export function Decline({ page, refused }: AnswerProps) {
  const error = refused?.fieldErrors.reason?.[0];
  return (
    <details className={card} open={Boolean(refused)}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-900">
        Not for you? {T.decline}
      </summary>
      <form method="post" noValidate className="mt-4 space-y-4">
        <ErrorSummary
          id="decline-errors"
          refused={refused}
          fields={{ reason: `decline-reason-${firstReason}`, detail: 'decline-detail' }}
        />
        <input type="hidden" name="version" value={page.quote!.version} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Why? It helps us quote better.</legend>
          <FieldError id="decline-reason-error" message={error} />
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {Object.entries(DECLINE_REASONS).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  id={`decline-reason-${value}`}
                  name="reason"
                  value={value}
                  defaultChecked={refused?.fields.reason === value}
                  className="h-5 w-5 accent-orange-600"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'decline-reason-error' : undefined}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Label htmlFor="decline-detail">Anything else? (optional)</Label>
          <textarea
            id="decline-detail"
            name="detail"
            rows={2}
            maxLength={500}
            className={fieldClass}
            defaultValue={String(refused?.fields.detail ?? '')}
            aria-invalid={refused?.fieldErrors.detail ? true : undefined}
            aria-describedby={refused?.fieldErrors.detail ? 'decline-detail-error' : undefined}
          />
          <FieldError id="decline-detail-error" message={refused?.fieldErrors.detail?.[0]} />
        </div>
        <Button type="submit" name="intent" value="decline" variant="outline">
          {T.decline}
        </Button>
      </form>
    </details>
  );
}

export function Question({
  page,
  asked,
  refused,
  formKey,
}: AnswerProps & { asked: boolean; formKey: string }) {
  const error = refused?.fieldErrors.body?.[0];
  return (
    <section aria-labelledby="question-title" className={card}>
      <h2 id="question-title" className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquare className="h-5 w-5" aria-hidden="true" />
        {T.ask}
      </h2>
      {page.questions.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Your questions">
          {page.questions.map((q, i) => (
            <li key={i} className="rounded-md bg-slate-100 p-3 text-sm">
              <p className="whitespace-pre-line break-words text-slate-900">{q.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {T.sent} {q.at}
              </p>
            </li>
          ))}
        </ul>
      )}
      {asked && (
        <p role="status" className="mt-3 font-medium text-green-800">
          {T.sent}. {T.askHint}
        </p>
      )}
      <form method="post" noValidate className="mt-4 space-y-3">
        <ErrorSummary id="question-errors" refused={refused} fields={{ body: 'question-body' }} />
        {/* a double press, or the form sent again after a lost answer, asks once (decision 0179) */}
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={formKey} />
        <div>
          <Label htmlFor="question-body">Your question</Label>
          <textarea
            id="question-body"
            name="body"
            rows={3}
            maxLength={1000}
            className={fieldClass}
            defaultValue={String(refused?.fields.body ?? '')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'question-body-error' : 'question-hint'}
          />
          <FieldError id="question-body-error" message={error} />
          {!error && (
            <p id="question-hint" className="mt-1.5 text-sm text-slate-600">
              {T.askHint} Or call{' '}
              <a href={page.business.phoneHref} className="underline underline-offset-2">
                {page.business.phone}
              </a>
              .
            </p>
          )}
        </div>
        <Button type="submit" name="intent" value="question" variant="primary">
          {T.send}
        </Button>
      </form>
    </section>
  );
}
