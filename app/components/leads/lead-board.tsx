/**
 * The five-column board (product.md §2): New, Qualified, Quoted, Ordered, Fulfilled, each with its count,
 * 'No leads' when empty, the newest cards first and 'Load more' for older ones (decision 0050).
 * Below `lg` (a phone, a tablet held upright) it shows one status at a time, chosen in the status
 * switcher above it (StatusSwitcher, with the counts and Lost), so cards are as wide as the screen
 * and their text wraps; from `lg` up the five columns stand side by side (issue 31).
 */
import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { LEADS_TEXT, type LeadBoard as LeadBoardData } from '#app/modules/leads/lead-admin.ts';
import { BOARD_STATUSES, STATUS_LABELS, type BoardStatus } from '#app/modules/leads/status.ts';
import { LeadCard } from './lead-card.tsx';

/** The id of the screen's heading, which takes the focus when a changed lead left the board. */
export const LEADS_HEADING_ID = 'lead-management';

/** What the screen shows: a board status (the one column shown on a phone) or the lost leads. */
export type LeadsView = BoardStatus | 'lost';
export const LEADS_VIEWS: readonly LeadsView[] = [...BOARD_STATUSES, 'lost'];

/** What `?show=` asks for: a status (the column a phone shows) or the lost leads; New by default. */
export function viewOf(params: URLSearchParams): LeadsView {
  const show = params.get('show');
  return LEADS_VIEWS.find((v) => v === show) ?? 'new';
}

/**
 * Gives the focus back to a lead's card after its dialog closed: the card may have moved to
 * another column (a new element), left the board (lost), or be in a column a phone does not show;
 * then the page heading takes it.
 */
export function focusLeadCard(id: number): void {
  const card = document.querySelector<HTMLElement>(`[data-lead-card][data-lead-id="${id}"]`);
  const shown = card && card.getClientRects().length > 0 ? card : null;
  (shown ?? document.getElementById(LEADS_HEADING_ID))?.focus();
}

/**
 * One status at a time below `lg`: a link per status with its count, and Lost, each as wide as its
 * whole name, in rows that wrap (never wider than the screen, no name cut: decision 0191). The
 * chosen one is `aria-current`.
 */
export function StatusSwitcher({
  counts,
  shown,
  hrefOf,
}: {
  counts: Record<LeadsView, number>;
  shown: LeadsView;
  hrefOf: (view: LeadsView) => string;
}) {
  return (
    <nav aria-label="Lead status" className="lg:hidden">
      <ul className="flex flex-wrap gap-2">
        {LEADS_VIEWS.map((view) => {
          const current = view === shown;
          return (
            <li key={view}>
              <Link
                to={hrefOf(view)}
                replace
                preventScrollReset
                aria-current={current ? 'true' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-md border px-2.5 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-1',
                  current
                    ? 'border-slate-900 bg-slate-900 text-white'
                    : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
                )}
              >
                <span data-status-label>{view === 'lost' ? LEADS_TEXT.lost : STATUS_LABELS[view]}</span>
                <span
                  className={cn(
                    'rounded-full px-1.5 text-xs tabular-nums',
                    current ? 'bg-white/15 text-white' : 'bg-slate-100 text-slate-700',
                  )}
                >
                  <span className="sr-only">, count </span>
                  {counts[view]}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function LeadBoard({
  board,
  counts,
  shown,
  now,
  loadingMore,
  opening,
  onOpen,
  onLoadMore,
}: {
  board: LeadBoardData;
  /** the count in each column's header (product.md §2: the status counts; the board's totals when searching) */
  counts: Record<BoardStatus, number>;
  /** the one column shown below `lg` */
  shown: BoardStatus;
  now: Date;
  loadingMore: BoardStatus | null;
  /** the lead whose details are on their way */
  opening: number | null;
  onOpen: (id: number) => void;
  onLoadMore: (status: BoardStatus) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-5">
      {BOARD_STATUSES.map((status) => {
        const column = board.columns[status];
        const headingId = `board-${status}`;
        return (
          <section
            key={status}
            aria-labelledby={headingId}
            className={cn(
              'min-w-0 flex-col rounded-lg border border-slate-200 bg-slate-100/70',
              status === shown ? 'flex' : 'hidden lg:flex',
            )}
          >
            <h2
              id={headingId}
              className="flex items-center justify-between border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-900"
            >
              {STATUS_LABELS[status]}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                <span className="sr-only">Count: </span>
                {counts[status]}
              </span>
            </h2>
            {/* a column scrolls inside itself beside the others; alone on a phone, the page scrolls */}
            <div className="min-h-24 p-2 lg:max-h-[68vh] lg:overflow-y-auto">
              {column.leads.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-600">{LEADS_TEXT.noLeads}</p>
              ) : (
                <ul className="space-y-2">
                  {column.leads.map((lead) => (
                    <LeadCard
                      key={lead.id}
                      lead={lead}
                      now={now}
                      opening={opening === lead.id}
                      onOpen={onOpen}
                    />
                  ))}
                </ul>
              )}
              {column.nextBefore && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2 w-full"
                  disabled={loadingMore === status}
                  onClick={() => onLoadMore(status)}
                >
                  {loadingMore === status && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                  Load more ({column.total - column.leads.length} older)
                </Button>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}
