/**
 * What a quote sent from the Lead Details dialog sent (issue 48 item 8, decision 0192): at the top
 * of the dialog, once the lead has been read again, its version, when and by whom, and each option
 * with its price; it takes the focus, so staff see at once what the customer got (the form itself
 * waits behind 'Send a new version', app/components/leads/pricing-calculator.tsx).
 */
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LEADS_TEXT, type LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { Options, Sent } from './quote-versions.tsx';

/** `sends`: how many quotes this dialog has sent (0: none, nothing shown); each one takes the focus. */
export function QuoteSent({ lead, sends }: { lead: LeadDetails; sends: number }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (sends === 0) return;
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [sends]);
  const version = sends > 0 ? lead.quoteVersions.at(-1) : undefined;
  if (!version) return null;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="quote-sent-title"
      className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
    >
      <h3 id="quote-sent-title" className="flex items-center gap-2 font-semibold text-green-900">
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
        {LEADS_TEXT.sentSummary(version.version)}
      </h3>
      <p className="mt-0.5 text-slate-800">
        <Sent version={version} />
      </p>
      <Options version={version} />
    </section>
  );
}
