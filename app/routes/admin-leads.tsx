/**
 * Lead Management (SPEC §2 'Lead Management'; DESIGN §4; decision 0050): the summary cards, the
 * five-column board with search and 'Load more', 'Export Report' (CSV, an /api download) and
 * 'Generate SEO Pages'. React Router's data flow (docs/ARCHITECTURE.md): the loader gives what the
 * screen shows, from the URL: `?q=` the search, `?{status}=n` a column grown by 'Load more' to n
 * cards; the action generates the SEO pages; the open lead is the nested route
 * admin/leads/:id (routes/admin-lead-details.tsx), whose changes revalidate this loader too.
 */
import { Loader2, Search, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/admin-leads';
import { settleAction, useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { ExportReportMenu } from '#app/components/insights/export-report-menu.tsx';
import { LEADS_HEADING_ID, LeadBoard } from '#app/components/leads/lead-board.tsx';
import { SummaryCards } from '#app/components/leads/summary-cards.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { INSIGHT_RANGES } from '#app/modules/insights/insights.ts';
import {
  BOARD_MAX_PAGE,
  BOARD_PAGE_SIZE,
  LEADS_TEXT,
  parseBoardCursor,
  type LeadBoard as LeadBoardData,
} from '#app/modules/leads/lead-admin.ts';
import { BOARD_STATUSES, type BoardStatus } from '#app/modules/leads/status.ts';
import {
  bodyRefusal,
  formText,
  refuse,
  staffAction,
  staffContext,
  type StaffContext,
} from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: LEADS_TEXT.title, description: 'Requests, pricing and quotes.', noindex: true });

/** The most cards 'Load more' grows a column to through the URL. */
const MAX_SHOWN = 5 * BOARD_MAX_PAGE;

/** The columns grown by 'Load more': `?new=100` shows the newest 100 cards of New. */
function shownOf(params: URLSearchParams): Partial<Record<BoardStatus, number>> {
  const shown: Partial<Record<BoardStatus, number>> = {};
  for (const status of BOARD_STATUSES) {
    // plain digits only, as the /api's limits ('1e3' and '0x10' are no count)
    const raw = params.get(status) ?? '';
    const n = /^\d{1,5}$/.test(raw) ? Number(raw) : 0;
    if (n > BOARD_PAGE_SIZE) shown[status] = Math.min(n, MAX_SHOWN);
  }
  return shown;
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
  const [board, stats, clicks] = await Promise.all([
    services.leadAdmin.board({ search }).then((b) => withOlderCards(services.leadAdmin, b, shownOf(params))),
    services.stats.leadStats(),
    services.clicks.clickStats(),
  ]);
  return { board, stats, clicks, now: new Date().toISOString() };
}

export async function action({ context, request }: Route.ActionArgs) {
  staffContext(context); // a visitor without a session: to the sign-in page before anything else
  const refused = bodyRefusal(request, 1024);
  if (refused) return refused;
  const form = await request.formData().catch(() => null);
  if (!form) return refuse(400, 'The form was incomplete or malformed. Please try again.');
  if (formText(form, 'intent') !== 'generate-seo-pages') return refuse(400, 'Unknown action');
  // 'Generate SEO Pages' (decision 0012): the city pages worth indexing, as POST /api/admin/seo-pages
  return staffAction(context, async ({ services }) => ({
    count: (await services.cityPages.indexablePages()).length,
  }));
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
  const { board, stats, clicks } = loaderData;
  const now = useNow(loaderData.now);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();

  // the search box's text is the user's; the search itself is the URL's (?q=), 300 ms after typing
  const query = (searchParams.get('q') ?? '').trim();
  const [searchText, setSearchText] = useState(query);
  const [seen, setSeen] = useState(location.key);
  if (location.key !== seen) {
    setSeen(location.key);
    // an address the box did not ask for (a link, Back) shows what it searches; one the box asked
    // for may arrive while more is being typed, and must not take those letters away
    const fromBox = (location.state as { searchBox?: true } | null)?.searchBox === true;
    if (!fromBox && searchText.trim() !== query) setSearchText(query);
  }
  useEffect(() => {
    const next = searchText.trim();
    if (next === query) return;
    const timer = setTimeout(
      () =>
        setSearchParams(next ? { q: next } : {}, {
          replace: true,
          preventScrollReset: true,
          state: { searchBox: true },
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [searchText, query, setSearchParams]);

  const pending = navigation.state === 'loading' ? navigation.location : undefined;
  const pendingParams =
    pending?.pathname === '/admin/leads' ? new URLSearchParams(pending.search) : undefined;
  const loadingMore =
    BOARD_STATUSES.find((s) => Number(pendingParams?.get(s) ?? 0) > board.columns[s].leads.length) ?? null;
  const opening = Number(/^\/admin\/leads\/(\d+)$/.exec(pending?.pathname ?? '')?.[1] ?? NaN);

  function loadMore(status: BoardStatus) {
    const next = new URLSearchParams(searchParams);
    next.set(status, String(board.columns[status].leads.length + BOARD_PAGE_SIZE));
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }

  function open(id: number) {
    void navigate({ pathname: `/admin/leads/${id}`, search: location.search }, { preventScrollReset: true });
  }

  const seo = useStaffFetcher<Awaited<ReturnType<typeof clientAction>>>((answer) =>
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

      <div className="mt-6">
        <SummaryCards stats={stats} clicks={clicks} />
      </div>

      <div className="mt-6 max-w-md">
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

      <div className="mt-4">
        <LeadBoard
          board={board}
          counts={stats.statusCounts ?? {}}
          now={now}
          loadingMore={loadingMore}
          opening={Number.isNaN(opening) ? null : opening}
          onOpen={open}
          onLoadMore={loadMore}
        />
      </div>

      {/* the Lead Details dialog of admin/leads/:id */}
      <Outlet />
    </section>
  );
}
