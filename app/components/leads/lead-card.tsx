/**
 * A lead on the board (product.md §2): case number, urgency, equipment and name, description, age, price;
 * a quoted lead's quote 'Viewed' by the customer, or 'Expired' once its 48 hours are over (issue 28).
 */
import { Camera, Eye, Loader2, TimerOff } from 'lucide-react';
import { LEADS_TEXT, leadAge, type LeadCard as LeadCardData } from '#app/modules/leads/lead-admin.ts';
import { isExpired } from '#app/modules/quotes/quote.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { equipmentLabel } from './lead-labels.ts';
import { UrgencyBadge } from './urgency-badge.tsx';

/** What the customer did with a quoted lead's quote, as the card says it: expired first, then viewed. */
export function quoteMark(lead: LeadCardData, now: Date): 'Expired' | 'Viewed' | null {
  if (lead.status !== 'quoted') return null;
  if (lead.quoteExpiresAt && isExpired(lead.quoteExpiresAt, now)) return 'Expired';
  return lead.quoteViews > 0 ? 'Viewed' : null;
}

export function LeadCard({
  lead,
  now,
  opening,
  onOpen,
}: {
  lead: LeadCardData;
  now: Date;
  /** its details are loading (the dialog opens when they are there) */
  opening: boolean;
  onOpen: (id: number) => void;
}) {
  const mark = quoteMark(lead, now);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(lead.id)}
        data-lead-card=""
        data-lead-id={lead.id}
        aria-busy={opening || undefined}
        className="relative block w-full rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm transition hover:border-slate-400 hover:shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
      >
        <span className="flex items-center justify-between gap-2">
          <span className="flex items-center gap-1 font-mono text-xs font-semibold text-slate-700">
            {lead.caseNumber}
            {opening && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />}
          </span>
          <UrgencyBadge urgency={lead.urgency} />
        </span>
        {/* equipment and name each get a line of their own: side by side in a 15rem column
            'Agricultural Equipment' alone fills it, and the truncated line never showed the name */}
        <span className="mt-1.5 block break-words text-sm font-semibold text-slate-900">
          {equipmentLabel(lead.equipment) ?? LEADS_TEXT.unknownEquipment}
        </span>
        <span className="line-clamp-2 break-words text-sm text-slate-700">{lead.name}</span>
        {lead.description && (
          // line-clamp sets its own display (-webkit-box): no `block` here, or it stops clamping
          <span className="mt-1 line-clamp-2 text-sm text-slate-600 wrap-anywhere">{lead.description}</span>
        )}
        <span className="mt-2 flex items-center justify-between gap-2 text-xs text-slate-600">
          <span className="flex items-center gap-2">
            <span>{leadAge(lead.createdAt, now)}</span>
            {lead.photoCount > 0 && (
              <span className="inline-flex items-center gap-0.5" title={`${lead.photoCount} photos`}>
                <Camera className="h-3.5 w-3.5" aria-hidden="true" />
                <span className="sr-only">Photos: </span>
                {lead.photoCount}
              </span>
            )}
            {mark === 'Viewed' && (
              <span
                className="inline-flex items-center gap-0.5 rounded bg-sky-100 px-1.5 py-0.5 font-medium text-sky-900"
                title={`The customer opened the quote (${lead.quoteViews} ${lead.quoteViews === 1 ? 'view' : 'views'})`}
              >
                <Eye className="h-3.5 w-3.5" aria-hidden="true" />
                Viewed
              </span>
            )}
            {mark === 'Expired' && (
              <span
                className="inline-flex items-center gap-0.5 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900"
                title="The quote's 48 hours are over: send a new one"
              >
                <TimerOff className="h-3.5 w-3.5" aria-hidden="true" />
                Expired
              </span>
            )}
          </span>
          {lead.sellPrice !== null && (
            <span className="font-semibold text-slate-900">{formatMoney(lead.sellPrice)}</span>
          )}
        </span>
      </button>
    </li>
  );
}
