/**
 * The customer's private page (routes/quote.tsx): the request beside the customer's own photos, the
 * quote's options, and the forms that answer it (quote-answers.tsx). Plain HTML forms posting to the page itself: they
 * work without JavaScript, and the page ships none. Built for a phone: one column, 44 px targets.
 * Once the quote is accepted, the order as it goes (order-tracker.tsx, issue 29).
 */
import { AlertTriangle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { QUOTE_PAGE_TEXT as T, type QuotePageData } from '#app/modules/quotes/quote-page.ts';
import { OrderTracker } from './order-tracker.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { card, Decline, Options, Question, type QuoteRefusal } from './quote-answers.tsx';

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
  formKey,
}: {
  page: QuotePageData;
  asked: boolean;
  refused: QuoteRefusal | undefined;
  /** made for this rendering: the question is posted with it (a second post changes nothing) */
  formKey: string;
}) {
  const refusedHere = (intent: string) => (refused?.intent === intent ? refused : undefined);
  // a refusal is said at the top of the form that sent it; when that form is gone (the quote was
  // replaced or closed meanwhile, or it was 'Ask for a new quote'), at the top of the answers
  const formShown = (intent: string) =>
    intent === 'question' || (page.state === 'open' && (intent === 'accept' || intent === 'decline'));
  const answers = (
    <>
      {refused && !formShown(refused.intent) && <ErrorSummary id="page-errors" refused={refused} />}
      <Status page={page} />
      {page.order && <OrderTracker order={page.order} />}

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
      <Question page={page} asked={asked} refused={refusedHere('question')} formKey={formKey} />
    </>
  );
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

      {page.staffView && (
        <Banner tone="warn" icon={AlertTriangle} title={T.staffView} titleId="staff-view-title">
          <p>{T.staffViewBody}</p>
        </Banner>
      )}
      {page.staffView ? (
        // for staff, every button and field is off (decision 0169), with or without JavaScript
        <fieldset disabled aria-labelledby="staff-view-title" className="min-w-0 space-y-6">
          {answers}
        </fieldset>
      ) : (
        answers
      )}
    </div>
  );
}

function Banner({
  tone,
  icon: Icon,
  title,
  titleId = 'status-title',
  children,
}: {
  tone: 'ok' | 'info' | 'warn';
  icon: typeof Clock;
  title: string;
  titleId?: string;
  children: React.ReactNode;
}) {
  const tones = {
    ok: 'border-green-300 bg-green-50 text-green-900',
    info: 'border-sky-300 bg-sky-50 text-sky-950',
    warn: 'border-amber-300 bg-amber-50 text-amber-950',
  };
  return (
    <section className={cn('rounded-lg border p-4 sm:p-5', tones[tone])} aria-labelledby={titleId}>
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
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
        <Banner tone="ok" icon={CheckCircle2} title={page.order?.banner.title ?? T.accepted}>
          {page.accepted?.option && (
            <p>
              <strong>{page.accepted.option}</strong>, accepted {page.accepted.at}
              {page.accepted.name && <> by {page.accepted.name}</>}
              {page.accepted.po && <> (PO {page.accepted.po})</>}.
            </p>
          )}
          <p>{page.order?.banner.body ?? T.acceptedBody}</p>
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

function Photos({ photos }: { photos: QuotePageData['photos'] }) {
  return (
    <figure>
      <figcaption className="text-sm font-medium text-slate-700">{T.yourPhotos}</figcaption>
      {photos.length ? (
        <ul className="mt-2 grid grid-cols-2 gap-2">
          {photos.map((photo, i) => (
            <li key={photo.full}>
              <a href={photo.full} className="block overflow-hidden rounded-md ring-1 ring-slate-200">
                <img
                  src={photo.preview}
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
