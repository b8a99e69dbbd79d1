/**
 * The inbox (issue 30 item 2, decision 0161): every conversation with a customer, newest first,
 * filtered Open / Assigned to me / Done / All (?filter=), 50 at a time ('Older conversations',
 * ?before=); each with the customer's name, the last message, its time, the unread count and who
 * it is assigned to. The open conversation is the nested route admin/inbox/:id
 * (app/routes/admin-inbox-conversation.tsx), beside the list on a wide screen and instead of it on
 * a phone. React Router's data flow (decision 0124): the loader reads the list through the inbox
 * service (GET /api/inbox); a filter the service refuses shows its words above an empty list. The
 * back office's shell polls the inbox's pulse and reloads the screen when a message arrives.
 */
import { data } from 'react-router';
import type { Route } from './+types/admin-inbox';
import { InboxScreen } from '#app/components/customers/inbox-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import {
  INBOX_FILTERS,
  INBOX_TEXT,
  type InboxConversation,
  type InboxFilter,
} from '#app/modules/customers/inbox.ts';
import { inboxRow, type InboxRow } from '#app/modules/customers/screens.ts';
import { refusal, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: INBOX_TEXT.title, description: INBOX_TEXT.subtitle, noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, session } = staffContext(context);
  const params = new URL(request.url).searchParams;
  const filter = params.get('filter') ?? '';
  const before = params.get('before') ?? '';
  const shown = {
    filter: (INBOX_FILTERS as readonly string[]).includes(filter) ? (filter as InboxFilter) : 'open',
    before,
  };
  try {
    const list: { conversations: InboxConversation[]; next: string | null } = await services.inbox.list(
      { ...(filter ? { filter } : {}), ...(before ? { before } : {}) },
      session.user,
    );
    // times are written here, on the server: the browser's time-zone data may differ
    const now = new Date();
    return {
      ...shown,
      conversations: list.conversations.map((c) => inboxRow(c, now)),
      next: list.next,
      error: null,
    };
  } catch (err) {
    const refused = refusal(err);
    if (!refused) throw err;
    return data(
      { ...shown, conversations: [] as InboxRow[], next: null, error: refused.message },
      { status: refused.status },
    );
  }
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  return <InboxScreen {...loaderData} />;
}
