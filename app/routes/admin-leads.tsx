/**
 * Lead Management (SPEC §2 'Lead Management'; DESIGN §4; decision 0050): the summary cards, the
 * five-column board with search and 'Load more', the Lead Details dialog with the pricing
 * calculator, 'Export Report' (CSV) and 'Generate SEO Pages'. The first render comes from the
 * loader (same services as the /api twins); after a change the board and stats reload from the API.
 */
import { Loader2, Search, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { redirect } from 'react-router';
import type { Route } from './+types/admin-leads';
import { adminApi, errorMessage } from '#app/components/admin/admin-api.ts';
import { ExportReportMenu } from '#app/components/insights/export-report-menu.tsx';
import { LeadBoard } from '#app/components/leads/lead-board.tsx';
import { LeadDetailsDialog } from '#app/components/leads/lead-details-dialog.tsx';
import { SummaryCards } from '#app/components/leads/summary-cards.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { INSIGHT_RANGES } from '#app/modules/insights/insights.ts';
import { LEADS_TEXT, type LeadBoard as LeadBoardData } from '#app/modules/leads/lead-admin.ts';
import type { BoardStatus } from '#app/modules/leads/status.ts';
import type { LeadStats } from '#app/modules/leads/lead-stats.ts';
import type { ClickStats } from '#app/modules/site/click.schema.ts';
import { getAppContext } from '#app/load-context.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: LEADS_TEXT.title, description: 'Requests, pricing and quotes.', noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { session, services } = getAppContext(context);
  if (!session) throw redirect('/admin/login');
  const [board, stats, clicks] = await Promise.all([
    services.leadAdmin.board(),
    services.stats.leadStats(),
    services.clicks.clickStats(),
  ]);
  return { board, stats, clicks, now: new Date().toISOString() };
}

const EMPTY_CLICKS: ClickStats = { totalClicks: 0, todayClicks: 0, buttonBreakdown: {} };

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const [board, setBoard] = useState<LeadBoardData>(loaderData.board);
  const [stats, setStats] = useState<Partial<LeadStats>>(loaderData.stats);
  const [clicks, setClicks] = useState<ClickStats>(loaderData.clicks ?? EMPTY_CLICKS);
  const [now, setNow] = useState(() => new Date(loaderData.now));
  const [openId, setOpenId] = useState<number | null>(null);
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [loadingMore, setLoadingMore] = useState<BoardStatus | null>(null);
  const [generating, setGenerating] = useState(false);
  const [reloads, setReloads] = useState(0);
  const firstLoad = useRef(true);
  /** the lead just changed in the dialog: its card gets the focus back even after it moved column */
  const returnFocus = useRef<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // ages move on while the page is open
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(searchText.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    let current = true;
    Promise.all([adminApi.leads.board(query), adminApi.stats(), adminApi.clickStats()])
      .then(([b, s, c]) => {
        if (!current) return;
        setBoard(b);
        setStats(s);
        setClicks(c);
      })
      .catch((err: unknown) => {
        if (current) toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
      });
    return () => {
      current = false;
    };
  }, [query, reloads]);

  const refresh = useCallback(() => setReloads((n) => n + 1), []);
  const close = useCallback(() => setOpenId(null), []);
  const changed = useCallback(() => {
    returnFocus.current = openId;
    refresh();
  }, [openId, refresh]);

  // A changed lead is re-rendered in its new column (or leaves the board when lost), which drops
  // the focus the dialog gave back to its card: put it on the card again, or on the page heading.
  useEffect(() => {
    const id = returnFocus.current;
    if (id === null) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    returnFocus.current = null;
    const card = document.querySelector<HTMLElement>(`[data-lead-id="${id}"]`);
    (card ?? headingRef.current)?.focus();
  }, [board]);

  async function loadMore(status: BoardStatus) {
    const column = board.columns[status];
    if (!column.nextBefore) return;
    setLoadingMore(status);
    try {
      const page = await adminApi.leads.column(status, { before: column.nextBefore, search: board.query });
      setBoard((b) => ({
        ...b,
        columns: {
          ...b.columns,
          [status]: {
            ...b.columns[status],
            leads: [...b.columns[status].leads, ...page.leads],
            nextBefore: page.nextBefore,
          },
        },
      }));
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setLoadingMore(null);
    }
  }

  async function generateSeoPages() {
    setGenerating(true);
    try {
      const { count } = await adminApi.generateSeoPages();
      toast({
        title: 'SEO Pages Generated',
        description: `${count} city pages are worth indexing and are in the sitemap.`,
      });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  }

  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
            {LEADS_TEXT.title}
          </h1>
          <p className="mt-1 text-slate-600">Requests, pricing and quotes.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportReportMenu ranges={INSIGHT_RANGES} />
          <Button variant="accent" onClick={() => void generateSeoPages()} disabled={generating}>
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
          onOpen={setOpenId}
          onLoadMore={(s) => void loadMore(s)}
        />
      </div>

      <LeadDetailsDialog key={openId ?? 'closed'} leadId={openId} onClose={close} onChanged={changed} />
    </section>
  );
}
