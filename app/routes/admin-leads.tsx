/**
 * Lead Management (product.md §2 'Lead Management'; DESIGN §4; decision 0050): the summary cards, the
 * five-column board with search and 'Load more', the lost leads (issue 31), 'New lead' for a request
 * taken by phone, 'Export Report' (CSV, an /api download) and 'Generate SEO Pages'. React Router's
 * data flow (docs/ARCHITECTURE.md): the loader gives what the screen shows, from the URL: `?q=` the
 * search, `?{status}=n` a column (or `lost`) grown by 'Load more' to n cards, `?show=` the status a
 * phone shows (`lost`: the lost leads, at every width); the action generates the SEO pages or
 * enters a lead; the open lead is the nested route admin/leads/:id (routes/admin-lead-details.tsx),
 * whose changes revalidate this loader too.
 */
import { AlertTriangle, ArrowLeft, Loader2, Plus, Search, Sparkles, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  Link,
  Outlet,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/admin-leads';
import { settleAction, useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { ExportReportMenu } from '#app/components/insights/export-report-menu.tsx';
import {
  LEADS_HEADING_ID,
  LEADS_VIEWS,
  LeadBoard,
  StatusSwitcher,
  type LeadsView,
} from '#app/components/leads/lead-board.tsx';
import { LostLeads } from '#app/components/leads/lost-leads.tsx';
import { NewLeadDialog } from '#app/components/leads/new-lead-dialog.tsx';
import { SummaryCards } from '#app/components/leads/summary-cards.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { Button, buttonVariants } from '#app/components/ui/button.tsx';
import { Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { TEXT_LIMIT_WORDS } from '#app/modules/messages/messages.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { INSIGHT_RANGES } from '#app/modules/insights/insights.ts';
import {
  BOARD_MAX_PAGE,
  BOARD_PAGE_SIZE,
  LEADS_TEXT,
  parseBoardCursor,
  type LeadBoard as LeadBoardData,
  type LostLeadsPage,
} from '#app/modules/leads/lead-admin.ts';
import { BOARD_STATUSES, type BoardStatus } from '#app/modules/leads/status.ts';
import { served, type ScreenChanges } from '#app/changes.ts';
import { serveChanges, staffContext, type StaffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: LEADS_TEXT.title, description: 'Requests, pricing and quotes.', noindex: true });

/** The most cards 'Load more' grows a column to through the URL. */
const MAX_SHOWN = 5 * BOARD_MAX_PAGE;

/** The columns grown by 'Load more': `?new=100` shows the newest 100 cards of New (`?lost=` the lost leads). */
function shownOf(params: URLSearchParams): Partial<Record<LeadsView, number>> {
  const shown: Partial<Record<LeadsView, number>> = {};
  for (const status of LEADS_VIEWS) {
    // plain digits only, as the /api's limits ('1e3' and '0x10' are no count)
    const raw = params.get(status) ?? '';
    const n = /^\d{1,5}$/.test(raw) ? Number(raw) : 0;
    if (n > BOARD_PAGE_SIZE) shown[status] = Math.min(n, MAX_SHOWN);
  }
  return shown;
}

/** What `?show=` asks for: a status (the column a phone shows) or the lost leads; New by default. */
function viewOf(params: URLSearchParams): LeadsView {
  const show = params.get('show');
  return LEADS_VIEWS.find((v) => v === show) ?? 'new';
}

/** The lost leads, as many as the address asks for (`?lost=n`), page by page. */
async function lostLeadsOf(
  leadAdmin: StaffContext['services']['leadAdmin'],
  search: string,
  wanted: number,
): Promise<LostLeadsPage> {
  const lost = await leadAdmin.lostLeads({ search, limit: BOARD_PAGE_SIZE });
  let before = parseBoardCursor(lost.nextBefore);
  while (before && lost.leads.length < wanted) {
    const page = await leadAdmin.lostLeads({
      search,
      before,
      limit: Math.min(BOARD_MAX_PAGE, wanted - lost.leads.length),
    });
    lost.leads.push(...page.leads);
    lost.nextBefore = page.nextBefore;
    before = parseBoardCursor(page.nextBefore);
  }
  return lost;
}

/** Fills the grown columns with their older cards, page by page from each column's cursor. */
async function withOlderCards(
  leadAdmin: StaffContext['services']['leadAdmin'],
  board: LeadBoardData,
  shown: Partial<Record<BoardStatus, number>>,
): Promise<LeadBoardData> {
  for (const status of BOARD_STATUSES) {
    const column = board.columns[status];
    const wanted = shown[status] ?? 0;
    let before = parseBoardCursor(column.nextBefore);
    while (before && column.leads.length < wanted) {
      const page = await leadAdmin.boardColumn(status, {
        search: board.query,
        before,
        limit: Math.min(BOARD_MAX_PAGE, wanted - column.leads.length),
      });
      column.leads.push(...page.leads);
      column.nextBefore = page.nextBefore;
      before = parseBoardCursor(page.nextBefore);
    }
  }
  return board;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = staffContext(context);
  const params = new URL(request.url).searchParams;
  const search = (params.get('q') ?? '').slice(0, 100);
  const shown = shownOf(params);
  const [board, lost, stats, clicks, cities, textLimit] = await Promise.all([
    services.leadAdmin.board({ search }).then((b) => withOlderCards(services.leadAdmin, b, shown)),
    // the lost leads themselves only when they are shown; their count comes with the board
    viewOf(params) === 'lost' ? lostLeadsOf(services.leadAdmin, search, shown.lost ?? 0) : null,
    services.stats.leadStats(),
    services.clicks.clickStats(),
    // the city choice of 'New lead' (the request form's list)
    services.reference.listCities(),
    // texts to new customers waiting past the day's limit (decision 0175)
    services.messaging.textLimitNotice(),
  ]);
  return { board, lost, stats, clicks, cities, textLimit, now: new Date().toISOString() };
}

/**
 * Switching the status a phone shows changes only `?show=` between the board's statuses: the
 * board it has is the same, so it is not read again. Anything else (a search, the lost leads,
 * 'Load more', a change, a refresh) reads it as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href)
    return defaultShouldRevalidate;
  const before = new URLSearchParams(currentUrl.search);
  const after = new URLSearchParams(nextUrl.search);
  if (viewOf(before) === 'lost' || viewOf(after) === 'lost') return defaultShouldRevalidate;
  before.delete('show');
  after.delete('show');
  return before.toString() === after.toString() ? false : defaultShouldRevalidate;
}

/** 'New lead' posts the request form's fields (a description of up to 4,000 characters). */
const MAX_FORM_BYTES = 32 * 1024;

/** The screen's changes, by intent (server/changes/leads.ts, decision 0182). */
export const changes = {
  // 'Generate SEO Pages' (decision 0012): how many city pages are worth indexing
  'generate-seo-pages': served('leads.generateSeoPages', { answer: ({ count }) => ({ count }) }),
  // a request taken by phone (issue 31): the request form's fields, in the staff member's name
  'create-lead': served('leads.enter', { answer: (lead) => lead }),
} satisfies ScreenChanges;

export async function action({ context, request }: Route.ActionArgs) {
  return serveChanges(context, request, changes, { maxBytes: MAX_FORM_BYTES });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

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

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { board, lost, stats, clicks, cities, textLimit } = loaderData;
  const now = useNow(loaderData.now);
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

  const seo = useStaffFetcher<ActionAnswer<{ count: number }>>((answer) =>
    toast(
      answer.ok
        ? {
            title: 'SEO Pages Generated',
            description: `${answer.count} city pages are worth indexing and are in the sitemap.`,
          }
        : { title: 'Error', description: answer.message, variant: 'destructive' },
    ),
  );
  const generating = seo.state !== 'idle';

  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 id={LEADS_HEADING_ID} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
            {LEADS_TEXT.title}
          </h1>
          <p className="mt-1 text-slate-600">Requests, pricing and quotes.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {LEADS_TEXT.newLead}
          </Button>
          <ExportReportMenu ranges={INSIGHT_RANGES} />
          <Button
            variant="accent"
            onClick={() => void seo.submit({ intent: 'generate-seo-pages' }, { method: 'post' })}
            disabled={generating}
          >
            {generating ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Sparkles className="h-4 w-4" aria-hidden="true" />
            )}
            {LEADS_TEXT.generateSeo}
          </Button>
        </div>
      </div>

      {textLimit && (
        <div
          role="status"
          className="mt-6 flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{TEXT_LIMIT_WORDS.noticeTitle}</p>
            <p className="mt-1">{TEXT_LIMIT_WORDS.notice(textLimit.limit, textLimit.waiting)}</p>
          </div>
        </div>
      )}

      <div className="mt-6">
        <SummaryCards stats={stats} clicks={clicks} />
      </div>

      <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
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
          className={buttonVariants({ variant: 'outline', className: 'hidden lg:inline-flex' })}
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
