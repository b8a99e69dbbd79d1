/**
 * The lost leads (issue 31), which have no column on the board: newest first, each with why it
 * was lost (or 'No reason given'), when, by whom and the status it left, the search of the board
 * applied, 'Load more' for older ones. A lead opens in the Lead Details dialog like a card, where
 * Reopen sends it back to the status it left.
 */
import { Loader2 } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { LEADS_TEXT, type LostLeadsPage } from '#app/modules/leads/lead-admin.ts';
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { When } from '#app/components/admin/time-words.tsx';
import { equipmentLabel } from './lead-labels.ts';
import { UrgencyBadge } from './urgency-badge.tsx';

export function LostLeads({
  lost,
  loadingMore,
  opening,
  onOpen,
  onLoadMore,
}: {
  lost: LostLeadsPage;
  loadingMore: boolean;
  /** the lead whose details are on their way */
  opening: number | null;
  onOpen: (id: number) => void;
  onLoadMore: () => void;
}) {
  return (
    <section aria-labelledby="lost-leads" className="rounded-lg border border-slate-200 bg-slate-100/70">
      <h2
        id="lost-leads"
        className="flex items-center justify-between border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-900"
      >
        {LEADS_TEXT.lostHeading}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
          <span className="sr-only">Count: </span>
          {lost.total}
        </span>
      </h2>
      <div className="p-2">
        {lost.leads.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{LEADS_TEXT.noLostLeads}</p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3">
            {lost.leads.map((lead) => (
              <li key={lead.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onOpen(lead.id)}
                  data-lead-card=""
                  data-lead-id={lead.id}
                  aria-busy={opening === lead.id || undefined}
                  className="block h-full w-full rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm transition hover:border-slate-400 hover:shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="flex items-center gap-1 font-mono text-xs font-semibold text-slate-700">
                      {lead.caseNumber}
                      {opening === lead.id && (
                        <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
                      )}
                    </span>
                    <UrgencyBadge urgency={lead.urgency} />
                  </span>
                  <span className="mt-1.5 block break-words text-sm font-semibold text-slate-900">
                    {equipmentLabel(lead.equipment) ?? LEADS_TEXT.unknownEquipment}
                  </span>
                  <span className="block break-words text-sm text-slate-700">{lead.name}</span>
                  <span className="mt-2 block rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-950 ring-1 ring-red-100">
                    <span className="font-semibold">Reason: </span>
                    <span className="wrap-anywhere">{lead.lostReason ?? 'No reason given'}</span>
                  </span>
                  <span className="mt-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-slate-600">
                    <span>
                      Lost <When at={lead.lostAt} />
                      {lead.lostBy ? ` by ${lead.lostBy}` : ''} · was {STATUS_LABELS[lead.leftStatus]}
                    </span>
                    {lead.sellPrice !== null && (
                      <span className="font-semibold text-slate-900">{formatMoney(lead.sellPrice)}</span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {lost.nextBefore && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            disabled={loadingMore}
            onClick={onLoadMore}
          >
            {loadingMore && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            Load more ({lost.total - lost.leads.length} older)
          </Button>
        )}
      </div>
    </section>
  );
}
