/**
 * The confirmation screen (product.md §2): case number, the 20-minute promise (or, outside business
 * hours, when the business opens next: `reply`, the server's words with its answer, decision 0192),
 * the hours, Back to Home. Only ever rendered in the browser, after a submit.
 */
import { CheckCircle2, Clock, MessageSquare } from 'lucide-react';
import { type Ref } from 'react';
import { siteHours, smsHref, TEXTING_HOURS, type SiteInfo } from '#app/modules/site/site.ts';
import { primaryButton, secondaryButton } from './fields.tsx';
import { COPY } from './request-copy.ts';

export function RequestConfirmation({
  caseNumber,
  reply,
  site,
  headingRef,
}: {
  caseNumber: string;
  /** when we reply, as the server said it answering the request (an older server: the promise) */
  reply?: string;
  site: SiteInfo;
  /** Focused when the screen appears, so the confirmation is announced */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-green-700" aria-hidden="true" />
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="mt-4 text-2xl font-bold tracking-tight focus:outline-none"
      >
        {COPY.confirmation.title}
      </h2>
      <p className="mt-4 text-sm font-medium uppercase tracking-wide text-slate-600">
        {COPY.confirmation.caseLabel}
      </p>
      <p className="mt-1 font-mono text-4xl font-bold tracking-wider text-slate-900">{caseNumber}</p>
      <p className="mx-auto mt-5 max-w-md text-lg text-slate-800">{reply ?? COPY.confirmation.promise}</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{COPY.confirmation.keep}</p>

      <div className="mx-auto mt-6 max-w-sm rounded-lg bg-slate-50 p-4 text-left ring-1 ring-slate-200">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Clock className="h-4 w-4 text-accent" aria-hidden="true" />
          {COPY.confirmation.hoursTitle}
        </h3>
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {siteHours(site).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li className="font-medium text-slate-900">{TEXTING_HOURS}</li>
        </ul>
      </div>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {/* a plain link: the home page ships no React (decision 0013) */}
        <a href="/" className={primaryButton}>
          {COPY.confirmation.home}
        </a>
        <a href={smsHref(site.phone)} className={secondaryButton}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          {COPY.confirmation.text}
        </a>
      </div>
    </div>
  );
}
