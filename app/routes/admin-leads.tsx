/**
 * Lead Management (product.md §2 'Lead Management'; decision 0005; decision 0050): the summary cards, the
 * five-column board with search and 'Load more', the lost leads (issue 31), 'New lead' for a request
 * taken by phone and 'Export Report' (CSV, an /api download). React Router's
 * data flow (docs/ARCHITECTURE.md): the loader gives what the screen shows, from the URL: `?q=` the
 * search, `?{status}=n` a column (or `lost`) grown by 'Load more' to n cards, `?show=` the status a
 * phone shows (`lost`: the lost leads, at every width); the action generates the SEO pages or
 * enters a lead; the open lead is the nested route admin/leads/:id (routes/admin-lead-details.tsx),
 * whose changes revalidate this loader too. The screen itself: app/components/leads/leads-screen.tsx.
 */
import { type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/admin-leads';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { TimeWordsProvider } from '#app/components/admin/time-words.tsx';
import { LEADS_VIEWS, viewOf, type LeadsView } from '#app/components/leads/lead-board.tsx';
import { LeadsScreen } from '#app/components/leads/leads-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import {
  BOARD_MAX_PAGE,
  BOARD_PAGE_SIZE,
  LEADS_TEXT,
  parseBoardCursor,
  type LeadBoard as LeadBoardData,
  type LostLeadsPage,
} from '#app/modules/leads/lead-admin.ts';
import { BOARD_STATUSES, type BoardStatus } from '#app/modules/leads/status.ts';
import { timeWords } from '#app/modules/shared/time-words.ts';
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
  const { services, session } = staffContext(context);
  const params = new URL(request.url).searchParams;
  const search = (params.get('q') ?? '').slice(0, 100);
  const shown = shownOf(params);
  const [board, lost, stats, clicks, cities, textLimit] = await Promise.all([
    services.leadAdmin.board({ search }).then((b) => withOlderCards(services.leadAdmin, b, shown)),
    // the lost leads themselves only when they are shown; their count comes with the board
    viewOf(params) === 'lost' ? lostLeadsOf(services.leadAdmin, search, shown.lost ?? 0) : null,
    // the month's revenue only for who may see money (decision 0204): else no Monthly Revenue card
    services.stats.leadStats(session.user),
    services.clicks.clickStats(),
    // the city choice of 'New lead' (the request form's list)
    services.reference.listCities(),
    // texts to new customers waiting past the day's limit (decision 0175)
    services.messaging.textLimitNotice(),
  ]);
  return {
    board,
    lost,
    stats,
    clicks,
    cities,
    textLimit,
    // no pickup place set on Settings yet: the board says so, with the way there for the owner
    pickupMissing: services.shop.current().pickup === null ? { owner: session.user.role === 'owner' } : null,
    now: new Date().toISOString(),
    // the lost leads' days and times, in the server's words (decision 0192: one clock)
    times: timeWords(lost),
  };
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
  // a request taken by phone (issue 31): the request form's fields, in the staff member's name
  'create-lead': served('leads.enter', { answer: (lead) => lead }),
} satisfies ScreenChanges;

export async function action({ context, request }: Route.ActionArgs) {
  return serveChanges(context, request, changes, { maxBytes: MAX_FORM_BYTES });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  return (
    <TimeWordsProvider words={loaderData.times}>
      <LeadsScreen {...loaderData} />
    </TimeWordsProvider>
  );
}
