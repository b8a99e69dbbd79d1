/**
 * The customer's private page (routes/quote.tsx): the request beside the customer's own photos, the
 * quote's options, and the forms that answer it. Plain HTML forms posting to the page itself: they
 * work without JavaScript, and the page ships none. Built for a phone: one column, 44 px targets.
 */
import { AlertTriangle, CheckCircle2, Clock, MessageSquare, XCircle } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import { DECLINE_REASONS } from '#app/modules/quotes/quote.ts';
import { QUOTE_PAGE_TEXT as T, type QuotePageData } from '#app/modules/quotes/quote-page.ts';

/** What the page's action refused, to show beside the form that sent it. */
export type QuoteRefusal = {
  intent: string;
  message: string;
  fieldErrors: Record<string, string[]>;
  fields: Record<string, FormDataEntryValue>;
};

const card = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

export function QuotePageMissing({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Link not found</h1>
      <p className="mt-4 text-slate-700">{message}</p>
    </section>
  );
}

export function QuotePage({
  page,
  asked,
  refused,
}: {
  page: QuotePageData;
  asked: boolean;
  refused: QuoteRefusal | undefined;
}) {
  const refusedHere = (intent: string) => (refused?.intent === intent ? refused : undefined);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <p className="text-sm font-medium text-slate-600">
          {page.business.name} · case {page.caseNumber}
        </p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{T.title(page.caseNumber)}</h1>
        <p className="mt-2 text-slate-700">
          {page.firstName ? `For ${page.firstName}` : 'For you'}
          {page.phoneLast4 && <>, phone ending in {page.phoneLast4}</>}
        </p>
      </header>

      {refused && !refused.fieldErrors[Object.keys(refused.fieldErrors)[0] ?? ''] && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 font-medium text-red-800">
          {refused.message}
        </p>
      )}
      <Status page={page} />

      <section aria-labelledby="your-part" className={card}>
        <h2 id="your-part" className="text-lg font-semibold">
          {page.quote ? T.yourPart : 'Your request'}
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          <RequestFacts page={page} />
          <Photos photos={page.photos} />
        </div>
      </section>

      {page.quote && <Options page={page} refused={refusedHere('accept')} />}
      {page.state === 'open' && <Decline page={page} refused={refusedHere('decline')} />}
      <Question page={page} asked={asked} refused={refusedHere('question')} />
    </div>
  );
}

function Banner({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: 'ok' | 'info' | 'warn';
  icon: typeof Clock;
  title: string;
  children: React.ReactNode;
}) {
  const tones = {
    ok: 'border-green-300 bg-green-50 text-green-900',
    info: 'border-sky-300 bg-sky-50 text-sky-950',
    warn: 'border-amber-300 bg-amber-50 text-amber-950',
  };
  return (
    <section className={cn('rounded-lg border p-4 sm:p-5', tones[tone])} aria-labelledby="status-title">
      <h2 id="status-title" className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

function Status({ page }: { page: QuotePageData }) {
  switch (page.state) {
    case 'request':
      return (
        <Banner tone="info" icon={Clock} title={T.onIt}>
          <p>{page.renewing ? T.renewing : page.reply.open ? T.replyOpen : T.replyClosed(page.reply.when)}</p>
        </Banner>
      );
    case 'open':
      return (
        <Banner tone="info" icon={Clock} title={T.timeLeft(page.quote!.timeLeft)}>
          <p>{T.holds(page.quote!.expires)}</p>
        </Banner>
      );
    case 'expired':
      return (
        <Banner tone="warn" icon={AlertTriangle} title={T.expired}>
          <p>{T.expiredBody}</p>
          <form method="post">
            <Button type="submit" name="intent" value="renew" variant="accent">
              {T.renew}
            </Button>
          </form>
        </Banner>
      );
    case 'replaced':
      return (
        <Banner tone="warn" icon={AlertTriangle} title={T.replaced}>
          <p>
            <a href={page.currentHref!} className="font-semibold underline underline-offset-2">
              {T.replacedLink}
            </a>
          </p>
        </Banner>
      );
    case 'accepted':
      return (
        <Banner tone="ok" icon={CheckCircle2} title={T.accepted}>
          {page.accepted?.option && (
            <p>
              <strong>{page.accepted.option}</strong>, accepted {page.accepted.at}
              {page.accepted.name && <> by {page.accepted.name}</>}
              {page.accepted.po && <> (PO {page.accepted.po})</>}.
            </p>
          )}
          <p>{T.acceptedBody}</p>
        </Banner>
      );
    case 'declined':
      return (
        <Banner tone="info" icon={XCircle} title={T.declined}>
          <p>{T.declinedBody}</p>
        </Banner>
      );
  }
}

function RequestFacts({ page }: { page: QuotePageData }) {
  const { request } = page;
  const rows: [string, string | null][] = [
    ['Equipment', request.equipment],
    ['Make', request.make],
    ['Model', request.model],
    ['Year', request.year],
    ['Part number', request.partNumber],
  ];
  return (
    <div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      {request.description && (
        <p className="mt-3 whitespace-pre-line break-words text-slate-800">{request.description}</p>
      )}
    </div>
  );
}

function Photos({ photos }: { photos: string[] }) {
  return (
    <figure>
      <figcaption className="text-sm font-medium text-slate-700">{T.yourPhotos}</figcaption>
      {photos.length ? (
        <ul className="mt-2 grid grid-cols-2 gap-2">
          {photos.map((src, i) => (
            <li key={src}>
              <a href={src} className="block overflow-hidden rounded-md ring-1 ring-slate-200">
                <img
                  src={src}
                  alt={`Your photo ${i + 1}`}
                  width={320}
                  height={240}
                  loading={i < 2 ? 'eager' : 'lazy'}
                  decoding="async"
                  className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{T.noPhotos}</p>
      )}
    </figure>
  );
}

function Options({ page, refused }: { page: QuotePageData; refused: QuoteRefusal | undefined }) {
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
          <>
            <span className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-base font-semibold text-slate-900">{o.label}</span>
              <span className="text-xl font-bold tabular-nums text-slate-900">{o.price}</span>
            </span>
            <span className="mt-1 block text-sm text-slate-700">
              All-in price in CAD. ETA {o.etaDays === 1 ? '1 business day' : `${o.etaDays} business days`}:{' '}
              {o.etaDate} if you accept today.
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
          </>
        );
        return (
          <li key={i}>
            {open && several ? (
              <label className="block cursor-pointer rounded-md border border-slate-300 p-4 has-[:checked]:border-orange-600 has-[:checked]:ring-2 has-[:checked]:ring-orange-500/40">
                <input
                  type="radio"
                  name="option"
                  value={i}
                  defaultChecked={chosen === String(i)}
                  className="mr-2 h-5 w-5 align-middle accent-orange-600"
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
            <Label htmlFor="accept-po">PO number (optional)</Label>
            <Input id="accept-po" name="po" defaultValue={String(refused?.fields.po ?? '')} />
          </div>
          <div>
            <label className="flex min-h-11 items-center gap-3 text-slate-900">
              <input
                type="checkbox"
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

function Decline({ page, refused }: { page: QuotePageData; refused: QuoteRefusal | undefined }) {
  const error = refused?.fieldErrors.reason?.[0];
  return (
    <details className={card} open={Boolean(refused)}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-900">
        Not for you? {T.decline}
      </summary>
      <form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="version" value={page.quote!.version} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Why? It helps us quote better.</legend>
          <FieldError id="decline-reason-error" message={error} />
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {Object.entries(DECLINE_REASONS).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  defaultChecked={refused?.fields.reason === value}
                  className="h-5 w-5 accent-orange-600"
                  aria-describedby={error ? 'decline-reason-error' : undefined}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Label htmlFor="decline-detail">Anything else? (optional)</Label>
          <textarea id="decline-detail" name="detail" rows={2} maxLength={500} className={fieldClass} />
        </div>
        <Button type="submit" name="intent" value="decline" variant="outline">
          {T.decline}
        </Button>
      </form>
    </details>
  );
}

function Question({
  page,
  asked,
  refused,
}: {
  page: QuotePageData;
  asked: boolean;
  refused: QuoteRefusal | undefined;
}) {
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
