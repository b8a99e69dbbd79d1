/**
 * The quote as sent, in the pricing calculator (issue 28): the current version (its number, when
 * and by whom it was sent, how long it holds, whether the customer opened it, each option with
 * its price and ETA), the option the customer accepted (by whom, PO, when: the version is locked
 * then), and the earlier versions, collapsed. A lead priced before quote versions existed shows
 * its one price as the spec's Current Quote did.
 */
import { CheckCircle2, ChevronDown, Eye, Lock } from 'lucide-react';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { DIFFICULTY_LABELS } from '#app/modules/pricing/pricing.ts';
import { isExpired, optionLabel, type QuoteVersion } from '#app/modules/quotes/quote.ts';
import { businessDays } from '#app/modules/quotes/eta.ts';
import { formatMoney, formatPercent } from '#app/modules/site/money.ts';
import { LEADS_TEXT } from '#app/modules/leads/lead-admin.ts';
import { SMS_ACTOR } from '#app/modules/messages/messages.ts';
import { When } from '#app/components/admin/time-words.tsx';
import { PriceRow } from './quote-option-fields.tsx';

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/**
 * How an accepted version was accepted: on the quote page (the event the page wrote holds the
 * option, the typed name and PO) or by a YES by text (option 1).
 */
export function acceptance(lead: LeadDetails, version: QuoteVersion) {
  const ordered = lead.events.filter((e) => e.toStatus === 'ordered');
  const page = ordered.find((e) => e.detail?.version === version.version && 'option' in (e.detail ?? {}));
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  if (page) return { how: 'on the quote page', name: text(page.detail?.name), po: text(page.detail?.po) };
  const byText = ordered.some((e) => e.actor === SMS_ACTOR);
  return { how: byText ? 'by text (YES)' : null, name: null, po: null };
}

export function Options({ version }: { version: QuoteVersion }) {
  return (
    <ul className="mt-2 space-y-2">
      {version.options.map((o, i) => {
        const accepted = version.acceptedOption === i;
        const part = [o.brand, o.partNumber].filter(Boolean).join(' ');
        return (
          <li
            key={i}
            className={
              accepted
                ? 'rounded-md border-2 border-green-700 bg-white p-2.5'
                : 'rounded-md border border-slate-200 bg-white p-2.5'
            }
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-slate-900">
                {optionLabel(o, i)}
                {accepted && (
                  <span className="ml-2 inline-flex items-center gap-1 text-xs font-semibold text-green-800">
                    <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
                    Accepted
                  </span>
                )}
              </span>
              <span className="font-bold tabular-nums text-slate-900">{formatMoney(o.sellPrice)}</span>
            </p>
            <p className="text-xs text-slate-700">
              ETA {businessDays(o.etaDays)} · cost {formatMoney(o.cost)} · markup {formatPercent(o.markupPct)}{' '}
              · {DIFFICULTY_LABELS[o.difficulty] ?? o.difficulty}
            </p>
            {(o.warranty || part) && (
              <p className="text-xs text-slate-700">
                {[o.warranty && `Warranty: ${o.warranty}`, part && `Part: ${part}`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            )}
            {o.note && (
              <p className="mt-1 whitespace-pre-line break-words text-xs text-slate-800">
                <span className="font-medium">Note to the customer:</span> {o.note}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Sent({ version }: { version: QuoteVersion }) {
  return (
    <>
      Version {version.version} · sent <When at={version.sentAt} /> by {version.sentBy}
    </>
  );
}

export function QuoteVersions({ lead, now }: { lead: LeadDetails; now: Date }) {
  const versions = lead.quoteVersions;
  const current = versions.find((v) => v.version === lead.quoteVersion) ?? versions.at(-1);

  if (!current) {
    // priced before quote versions: the lead's own figures
    if (lead.sellPrice === null) return null;
    return (
      <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
        <h4 className="font-semibold text-slate-900">{LEADS_TEXT.currentQuote}</h4>
        <dl className="mt-2 grid gap-1 sm:grid-cols-2 sm:gap-x-6">
          <PriceRow label="Cost" value={lead.cost === null ? LEADS_TEXT.na : formatMoney(lead.cost)} />
          <PriceRow
            label="Markup"
            value={lead.markupPct === null ? LEADS_TEXT.na : formatPercent(Number(lead.markupPct))}
          />
          <PriceRow label="Price" value={formatMoney(lead.sellPrice)} strong />
          <PriceRow label="ETA" value={lead.etaDays === null ? LEADS_TEXT.na : businessDays(lead.etaDays)} />
        </dl>
      </div>
    );
  }

  const earlier = versions.filter((v) => v !== current).reverse();
  const accepted =
    current.acceptedOption !== null ? current : versions.find((v) => v.acceptedOption !== null);
  const open = lead.status === 'quoted';
  const expired = open && isExpired(current.expiresAt, now);
  const who = accepted ? acceptance(lead, accepted) : null;

  return (
    <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
      <h4 className="font-semibold text-slate-900">{LEADS_TEXT.currentQuote}</h4>
      <p className="mt-0.5 text-slate-700">
        <Sent version={current} />
      </p>
      {open && (
        <p className={expired ? 'font-medium text-amber-900' : 'text-slate-700'}>
          {expired ? 'Expired' : 'Holds until'} <When at={current.expiresAt} />
        </p>
      )}
      {open && (
        <p className="mt-1 flex items-center gap-1.5 text-slate-700">
          <Eye className="h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
          {lead.quoteViews > 0 && lead.quoteFirstViewedAt ? (
            <span>
              Viewed by the customer {times(lead.quoteViews)}, first <When at={lead.quoteFirstViewedAt} />
            </span>
          ) : (
            <span>Not opened by the customer yet</span>
          )}
        </p>
      )}
      {accepted && (
        <p
          className="mt-2 flex gap-2 rounded-md bg-green-50 p-2 text-green-900 ring-1 ring-green-200"
          role="note"
        >
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="block">
              Accepted{who?.how ? ` ${who.how}` : ''}:{' '}
              <strong className="font-semibold">
                {optionLabel(
                  accepted.options[accepted.acceptedOption!] ?? { label: null },
                  accepted.acceptedOption!,
                )}
              </strong>
              {accepted.version !== current.version && <> (version {accepted.version})</>}
              {who?.name && <>, by {who.name}</>}
              {who?.po && <>, PO {who.po}</>}
              {accepted.acceptedAt && (
                <>
                  {' · '}
                  <When at={accepted.acceptedAt} />
                </>
              )}
            </span>
            <span className="block">Locked: this version can no longer be changed.</span>
          </span>
        </p>
      )}
      <Options version={current} />
      {earlier.length > 0 && (
        <details className="group mt-3">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 [&::-webkit-details-marker]:hidden">
            <ChevronDown className="h-4 w-4 shrink-0 transition group-open:rotate-180" aria-hidden="true" />
            Earlier versions ({earlier.length})
          </summary>
          <ol className="mt-1 space-y-3">
            {earlier.map((v) => (
              <li key={v.version}>
                <p className="text-slate-700">
                  <Sent version={v} />
                </p>
                <Options version={v} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
