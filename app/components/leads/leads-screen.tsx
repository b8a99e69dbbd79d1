/**
 * The Lead Management screen's body (app/routes/admin-leads.tsx; product.md §2 'Lead Management'):
 * the summary cards, the five-column board with search and 'Load more', the lost leads, 'New lead',
 * 'Export Report'; the open lead (the nested route) in its outlet.
 */
import { AlertTriangle, ArrowLeft, MapPin, Plus, Search, XCircle, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { PICKUP_MISSING } from '#app/modules/site/shop-settings.ts';
import { PhoneFold } from '#app/components/admin/phone-fold.tsx';
import { ExportReportMenu } from '#app/components/insights/export-report-menu.tsx';
import {
  LEADS_HEADING_ID,
  LeadBoard,
  StatusSwitcher,
  viewOf,
  type LeadsView,
} from '#app/components/leads/lead-board.tsx';
import { LostLeads } from '#app/components/leads/lost-leads.tsx';
import { NewLeadDialog } from '#app/components/leads/new-lead-dialog.tsx';
import { SummaryCards } from '#app/components/leads/summary-cards.tsx';
import { Button, buttonVariants } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { Input, Label } from '#app/components/ui/input.tsx';
import { INSIGHT_RANGES } from '#app/modules/insights/insights.ts';
import {
  BOARD_PAGE_SIZE,
  LEADS_TEXT,
  type LeadBoard as LeadBoardData,
  type LostLeadsPage,
} from '#app/modules/leads/lead-admin.ts';
import type { LeadStats } from '#app/modules/leads/lead-stats.ts';
import { BOARD_STATUSES } from '#app/modules/leads/status.ts';
import { TEXT_LIMIT_WORDS } from '#app/modules/messages/messages.ts';
import type { ClickStats } from '#app/modules/site/click.schema.ts';
import type { City } from '#app/modules/site/reference.ts';

/** The phone's fold over the summary cards and the tools (decision 0191). */
const SUMMARY_AND_TOOLS = 'Summary and tools';

/** The time the ages on the cards are counted from: the server's, then the browser's each minute. */
function useNow(served: string): Date {
  const [tick, setTick] = useState<Date | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setTick(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const loaded = new Date(served);
  return tick && tick > loaded ? tick : loaded;
}

export function LeadsScreen({
  board,
  lost,
  stats,
  clicks,
  cities,
  textLimit,
  pickupMissing,
  now: served,
}: {
  board: LeadBoardData;
  lost: LostLeadsPage | null;
  stats: Partial<LeadStats>;
  clicks: ClickStats;
  cities: readonly City[];
  textLimit: { limit: number; waiting: number } | null;
  /** no pickup place is set (Settings): said here, with a link for the owner */
  pickupMissing: { owner: boolean } | null;
  /** when the server read the board (ISO) */
  now: string;
}) {
  const now = useNow(served);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [creating, setCreating] = useState(false);
  const view = viewOf(searchParams);

  // the search box's text is the user's; the search itself is the URL's (?q=), 300 ms after typing
  const query = (searchParams.get('q') ?? '').trim();
  const [searchText, setSearchText] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    setSeenQuery(query);
    // an address the box did not ask for (a link, Back) shows what it searches; one the box asked
    // for may arrive while more is being typed, and must not take those letters away. An address
    // with the same search (another status, more cards) leaves the box alone: letters typed while
    // it arrives stay.
    const fromBox = (location.state as { searchBox?: true } | null)?.searchBox === true;
    if (!fromBox && searchText.trim() !== query) setSearchText(query);
  }
  useEffect(() => {
    const next = searchText.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      // a new search starts the lists again from their first page, in the same view
      const params = new URLSearchParams();
      if (next) params.set('q', next);
      if (view !== 'new') params.set('show', view);
      setSearchParams(params, { replace: true, preventScrollReset: true, state: { searchBox: true } });
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, query, view, setSearchParams]);

  const pending = navigation.state === 'loading' ? navigation.location : undefined;
  const pendingParams =
    pending?.pathname === '/admin/leads' ? new URLSearchParams(pending.search) : undefined;
  const loadingMore =
    BOARD_STATUSES.find((s) => Number(pendingParams?.get(s) ?? 0) > board.columns[s].leads.length) ?? null;
  const loadingLost = lost !== null && Number(pendingParams?.get('lost') ?? 0) > lost.leads.length;
  const opening = Number(/^\/admin\/leads\/(\d+)$/.exec(pending?.pathname ?? '')?.[1] ?? NaN);

  // product.md §2: the header counts are the status counts; while searching, what the search found
  const counts = Object.fromEntries([
    ...BOARD_STATUSES.map((s) => [
      s,
      board.query ? board.columns[s].total : (stats.statusCounts?.[s] ?? board.columns[s].total),
    ]),
    ['lost', board.lost.total],
  ]) as Record<LeadsView, number>;

  function loadMore(status: LeadsView) {
    const next = new URLSearchParams(searchParams);
    const showing = status === 'lost' ? (lost?.leads.length ?? 0) : board.columns[status].leads.length;
    next.set(status, String(showing + BOARD_PAGE_SIZE));
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }

  /** The address of a view: the same search, the lists from their first page. */
  function hrefOf(next: LeadsView): string {
    const params = new URLSearchParams();
    if (query) params.set('q', query);
    if (next !== 'new') params.set('show', next);
    const text = params.toString();
    return `/admin/leads${text ? `?${text}` : ''}`;
  }

  function open(id: number) {
    void navigate({ pathname: `/admin/leads/${id}`, search: location.search }, { preventScrollReset: true });
  }

  return (
    <section>
      {/* on a desk: the title, then 'New lead' and the tools on its right, the notice and the
          summary cards below; on a phone the cards and the tools fold behind one button, so the
          board starts in the first screenful (decision 0191) */}
      <div className="flex flex-wrap items-start gap-x-2 gap-y-4">
        <div className="mr-auto lg:order-1">
          <h1 id={LEADS_HEADING_ID} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
            {LEADS_TEXT.title}
          </h1>
          <p className="mt-1 text-slate-600">Requests, pricing and quotes.</p>
        </div>
        <Button onClick={() => setCreating(true)} className="lg:order-2">
          <Plus className="h-4 w-4" aria-hidden="true" />
          {LEADS_TEXT.newLead}
        </Button>
        {textLimit && (
          <BoardNotice icon={AlertTriangle}>
            <p className="font-semibold">{TEXT_LIMIT_WORDS.noticeTitle}</p>
            <p className="mt-1">{TEXT_LIMIT_WORDS.notice(textLimit.limit, textLimit.waiting)}</p>
          </BoardNotice>
        )}
        {pickupMissing && (
          <BoardNotice icon={MapPin}>
            <p>
              {PICKUP_MISSING.board}{' '}
              {pickupMissing.owner && (
                <Link
                  to="/admin/settings#shop-pickup-title"
                  className="font-semibold underline underline-offset-2"
                >
                  {PICKUP_MISSING.settingsLink}
                </Link>
              )}
            </p>
          </BoardNotice>
        )}
        <PhoneFold
          id="lead-summary-tools"
          label={SUMMARY_AND_TOOLS}
          className="w-full lg:contents"
          contentClassName="lg:contents"
        >
          <div className="flex flex-wrap gap-2 lg:order-3">
            <ExportReportMenu ranges={INSIGHT_RANGES} />
          </div>
          <div className="mt-3 w-full lg:order-5 lg:mt-2">
            <SummaryCards stats={stats} clicks={clicks} />
          </div>
        </PhoneFold>
      </div>

      <div className="mt-4 flex flex-col gap-3 lg:mt-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="w-full max-w-md">
          <Label htmlFor="lead-search">Search leads</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id="lead-search"
              type="search"
              placeholder="Case number, name or phone"
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              className="pl-9"
            />
          </div>
        </div>
        {/* beside the board's five columns, the way to the lost leads (a phone has it in the switcher) */}
        <Link
          to={hrefOf(view === 'lost' ? 'new' : 'lost')}
          // merged, so `hidden` wins over the button's own inline-flex below lg
          className={cn(buttonVariants({ variant: 'outline' }), 'hidden lg:inline-flex')}
        >
          {view === 'lost' ? (
            <>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              {LEADS_TEXT.backToBoard}
            </>
          ) : (
            <>
              <XCircle className="h-4 w-4" aria-hidden="true" />
              {LEADS_TEXT.lostHeading} ({counts.lost})
            </>
          )}
        </Link>
      </div>

      <div className="mt-4">
        <StatusSwitcher counts={counts} shown={view} hrefOf={hrefOf} />
      </div>

      <div className="mt-3 lg:mt-0">
        {view === 'lost' && lost ? (
          <LostLeads
            lost={lost}
            loadingMore={loadingLost}
            opening={Number.isNaN(opening) ? null : opening}
            onOpen={open}
            onLoadMore={() => loadMore('lost')}
          />
        ) : (
          <LeadBoard
            board={board}
            counts={counts}
            shown={view === 'lost' ? 'new' : view}
            now={now}
            loadingMore={loadingMore}
            opening={Number.isNaN(opening) ? null : opening}
            onOpen={open}
            onLoadMore={loadMore}
          />
        )}
      </div>

      <NewLeadDialog
        open={creating}
        onOpenChange={setCreating}
        cities={cities}
        onCreated={(lead) => {
          setCreating(false);
          // the new lead opens over the board, ready to be priced
          void navigate({ pathname: `/admin/leads/${lead.id}`, search: location.search });
        }}
      />

      {/* the Lead Details dialog of admin/leads/:id */}
      <Outlet />
    </section>
  );
}

/** A notice at the top of the board (texts held past the day's limit, no pickup place set). */
function BoardNotice({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex w-full gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 lg:order-4 lg:mt-2"
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
