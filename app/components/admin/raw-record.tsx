/**
 * What a record kept that a person does not read but may need, behind a disclosure (issue 48 item
 * 7, decision 0195): a raw address, a browser's string, a content hash. The words above it say
 * where and on what; this is the evidence, one press away.
 */
import { ChevronDown } from 'lucide-react';

export function RawRecord({ summary, facts }: { summary: string; facts: readonly [string, string][] }) {
  return (
    <details className="group mt-1 text-xs" data-raw-record="">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 [&::-webkit-details-marker]:hidden">
        <ChevronDown className="h-3.5 w-3.5 shrink-0 transition group-open:rotate-180" aria-hidden="true" />
        {summary}
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        {facts.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-600">{name}</dt>
            <dd className="wrap-anywhere font-mono text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
