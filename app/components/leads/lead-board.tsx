/**
 * The five-column board (SPEC §2): New, Qualified, Quoted, Ordered, Fulfilled, each with its count,
 * 'No leads' when empty, the newest cards first and 'Load more' for older ones (decision 0050).
 * On a phone the columns scroll sideways inside the board, never the page.
 */
import { Loader2 } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { LEADS_TEXT, type LeadBoard as LeadBoardData } from '#app/modules/leads/lead-admin.ts';
import { BOARD_STATUSES, STATUS_LABELS, type BoardStatus } from '#app/modules/leads/status.ts';
import { LeadCard } from './lead-card.tsx';

/** The id of the screen's heading, which takes the focus when a changed lead left the board. */
export const LEADS_HEADING_ID = 'lead-management';

/**
 * Gives the focus back to a lead's card after its dialog closed: the card may have moved to
 * another column (a new element), or left the board (lost), then the page heading takes it.
 */
export function focusLeadCard(id: number): void {
  const card = document.querySelector<HTMLElement>(`[data-lead-card][data-lead-id="${id}"]`);
  (card ?? document.getElementById(LEADS_HEADING_ID))?.focus();
}

export function LeadBoard({
  board,
  counts,
  now,
  loadingMore,
  opening,
  onOpen,
  onLoadMore,
}: {
  board: LeadBoardData;
  /** statusCounts of the stats (SPEC §2: the header counts); the board's own totals when searching */
  counts: Partial<Record<BoardStatus, number>>;
  now: Date;
  loadingMore: BoardStatus | null;
  /** the lead whose details are on their way */
  opening: number | null;
  onOpen: (id: number) => void;
  onLoadMore: (status: BoardStatus) => void;
}) {
  return (
    <div className="relative -mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
      <div className="grid min-w-max auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-3 lg:min-w-0">
        {BOARD_STATUSES.map((status) => {
          const column = board.columns[status];
          const count = board.query ? column.total : (counts[status] ?? column.total);
          const headingId = `board-${status}`;
          return (
            <section
              key={status}
              aria-labelledby={headingId}
              className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-slate-100/70"
            >
              <h2
                id={headingId}
                className="flex items-center justify-between border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-900"
              >
                {STATUS_LABELS[status]}
                <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                  <span className="sr-only">Count: </span>
                  {count}
                </span>
              </h2>
              <div className="max-h-[68vh] min-h-24 overflow-y-auto p-2">
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
                    {loadingMore === status && (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                    )}
                    Load more ({column.total - column.leads.length} older)
                  </Button>
                )}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
