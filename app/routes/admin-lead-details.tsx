/**
 * One lead in the Lead Details dialog, over the board (admin/leads/:id, nested in
 * routes/admin-leads.tsx; product.md §2, §7; issue 8). The loader gives the lead with its history and
 * conversation; the action takes the dialog's changes, each a declared change (server/changes/,
 * decision 0182) that PATCH /api/leads/{id} and POST /api/leads/{id}/quote perform too:
 * `intent=status`, `intent=quote` (the options as 'options.{n}.{field}' fields and the internal
 * `notes`, or the one-option fields of docs/product.md §7), `intent=text` (the quote and the text
 * carry the key the dialog made, decision 0179), `intent=reopen`, and an order's parts:
 * `line-add`, `line-change`, `line-step`, `line-undo`, `auto-texts` (issue 29). After
 * a change React Router reloads the lead and the board, and the dialog stays open on the lead as it
 * is now; while it is open they are reloaded every REFRESH_MS as well, so texts in and delivery
 * statuses show up. Closing the dialog goes back to the board's address.
 */
import { useCallback, useEffect, useEffectEvent } from 'react';
import { data, useFetchers, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import type { Route } from './+types/admin-lead-details';
import { failureMessage, settleAction } from '#app/components/admin/staff-fetcher.ts';
import { LeadDetailsDialog } from '#app/components/leads/lead-details-dialog.tsx';
import { StaffNamesProvider } from '#app/components/admin/staff-names.tsx';
import { TimeWordsProvider } from '#app/components/admin/time-words.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { isBoardStatus } from '#app/modules/leads/lead-admin.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { timeWords } from '#app/modules/shared/time-words.ts';
import type { ScreenChanges } from '#app/changes.ts';
import { refusal, serveChanges, staffContext } from '#app/staff.server.ts';

/** How often an open dialog re-reads its lead (new texts, delivery statuses). */
const REFRESH_MS = 15_000;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = staffContext(context);
  try {
    const lead = await services.leadAdmin.getLead(params.id);
    // an order's parts, its texts switch and the suppliers to pick (issue 29)
    const order = ORDER_STATUSES.includes(lead.status) ? await services.orders.order(lead.id) : null;
    // the time it was read at: whether the lead's quote still holds
    // every time the dialog shows, in the server's words (decision 0192: one clock)
    // the owner's markup rules in force: the calculator prices as the server will (decision 0204)
    const markup = services.shop.current().markup;
    // the history names staff by username: shown by display name (decision 0201)
    const names = Object.fromEntries((await services.team.list()).map((m) => [m.username, m.displayName]));
    return { lead, order, markup, now: new Date().toISOString(), times: timeWords({ lead, order }), names };
  } catch (err) {
    // no such lead (an old link, a typed address): 404 with the service's words, for the
    // ErrorBoundary; an address whose id is not one: 400 with the id's (decision 0178)
    const refused = refusal(err);
    if (refused) throw data({ message: refused.message }, { status: refused.status });
    throw err;
  }
}

/** The statuses whose dialog shows the order's parts. */
const ORDER_STATUSES: readonly LeadStatus[] = ['ordered', 'fulfilled'];

/**
 * The dialog's changes, by intent (server/changes/leads.ts and orders.ts, decision 0182): the
 * form's fields and the lead's id from the address (`id`; an order's parts name it `lead`).
 */
export const changes = {
  status: 'leads.changeStatus',
  // the dialog's options ('options.1.cost', …) and internal notes, with the key the dialog made
  // when it was rendered: a second press or a retry sends nothing (decision 0179)
  quote: 'leads.sendQuote',
  text: 'leads.sendText',
  reopen: 'leads.reopen',
  // the short part name the texts and the customer's page use (issue 48 item 5)
  'part-name': 'leads.setPartName',
  // an order's parts (issue 29): the cost in dollars, an emptied field cleared
  'line-add': 'orders.addLine',
  'line-change': 'orders.changeLine',
  'line-step': 'orders.moveLine',
  'line-undo': 'orders.undoLine',
  'auto-texts': 'orders.setAutoTexts',
  // a request under another name than its customer's (decision 0193); the inbox and the
  // customer's page post their flag's answers here too, the lead being what is flagged
  'same-person': 'customers.samePerson',
  'different-person': 'customers.differentPerson',
} satisfies ScreenChanges;

/** The dialog's forms are a few fields of text: a quote's notes, a text to the customer. */
const MAX_FORM_BYTES = 64 * 1024;

export async function action({ context, params, request }: Route.ActionArgs) {
  return serveChanges(context, request, changes, {
    maxBytes: MAX_FORM_BYTES,
    params: { id: params.id, lead: params.id },
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

/**
 * Back to the board, keeping its search and grown columns (`replace`: forgetting this address).
 * Given the lead's status, a board that shows one status at a time (a phone) shows the lead's, so
 * its card, wherever the lead moved, takes the focus back; the lost leads' list stays as it is.
 */
function useCloseLead(replace = false) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (status?: LeadStatus) => {
      const params = new URLSearchParams(search);
      // below `lg` the board shows one status at a time (components/leads/lead-board.tsx)
      const oneAtATime = !window.matchMedia('(min-width: 1024px)').matches;
      if (status && oneAtATime && params.get('show') !== 'lost' && isBoardStatus(status)) {
        if (status === 'new') params.delete('show');
        else params.set('show', status);
      }
      const next = params.toString();
      void navigate(
        { pathname: '/admin/leads', search: next ? `?${next}` : '' },
        { replace, preventScrollReset: true },
      );
    },
    [navigate, search, replace],
  );
}

/** Re-reads the screen now and then while nothing else is under way and the tab is visible. */
function useRefresh() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const refresh = useEffectEvent(() => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    if (revalidator.state !== 'idle' || navigation.state !== 'idle') return;
    if (fetchers.some((f) => f.state !== 'idle')) return;
    void revalidator.revalidate();
  });
  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
}

export default function AdminLeadDetails({ loaderData }: Route.ComponentProps) {
  const close = useCloseLead();
  useRefresh();
  return (
    <TimeWordsProvider words={loaderData.times}>
      <StaffNamesProvider names={loaderData.names}>
        <LeadDetailsDialog
          key={loaderData.lead.id}
          lead={loaderData.lead}
          order={loaderData.order}
          markup={loaderData.markup}
          now={new Date(loaderData.now)}
          onClose={() => close(loaderData.lead.status)}
        />
      </StaffNamesProvider>
    </TimeWordsProvider>
  );
}

/** A lead that cannot be shown (gone, or the server failed): said in a notice, back to the board. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const close = useCloseLead(true);
  const tell = useEffectEvent(() => {
    toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' });
    close();
  });
  useEffect(() => tell(), [error]);
  return null;
}
