/**
 * One conversation of the inbox (issue 30 item 2, decision 0161), nested in app/routes/admin-inbox.tsx
 * at admin/inbox/:id (the customer's id): opening it marks its messages read; it shows the thread
 * (texts in and out, e-mail copies, questions from the quote page), the customer's requests (each
 * opening its lead) and their page, 'Reply by text', 'Assign to' (the team, by name) and 'Mark done'
 * / 'Move back to open'. The loader reads through the inbox and customers services (opening
 * the conversation marks it read, the one door of that: decision 0182); the action replies, assigns and marks done: the
 * inbox's changes (server/changes/customers.ts, decision 0182), whose refusals (an empty text, a
 * number that sent STOP) come back as data. An unknown or merged customer is a 404.
 */
import { data } from 'react-router';
import type { Route } from './+types/admin-inbox-conversation';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { ConversationPane } from '#app/components/customers/conversation-pane.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { INBOX_TEXT } from '#app/modules/customers/inbox.ts';
import type { CustomerPage } from '#app/modules/customers/customers.ts';
import { customerLeadRow, threadRow } from '#app/modules/customers/screens.ts';
import type { TeamMember } from '#app/modules/team/team.ts';
import type { ScreenChanges } from '#app/changes.ts';
import { refusal, serveChanges, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `${INBOX_TEXT.title}: ${args.loaderData.customer.name}` : INBOX_TEXT.notFound,
    description: INBOX_TEXT.subtitle,
    noindex: true,
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, session } = staffContext(context);
  let page: CustomerPage;
  try {
    // staff opened it: its messages are read (also each time it reloads while open)
    await services.inbox.markRead(params.id);
    page = await services.customers.page(params.id);
  } catch (err) {
    // no such conversation (an old link, a customer merged since): 404 with the service's words;
    // an address whose id is not one: 400 with the id's (decision 0178)
    const refused = refusal(err);
    if (refused) throw data({ message: refused.message }, { status: refused.status });
    throw err;
  }
  // whom it can be assigned to: the team, by name (only those who can sign in)
  const members: TeamMember[] = await services.team.list();
  const { customer } = page;
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      company: customer.company,
      phone: customer.phone,
      email: customer.email,
      fleet: customer.fleet,
      assignedUserId: customer.assignedUserId,
      assignedName: customer.assignedName,
      done: customer.doneAt !== null,
    },
    // days and times are written here, on the server: the browser's time-zone data may differ
    leads: page.leads.map(customerLeadRow),
    thread: page.conversation.map(threadRow),
    smsOptedOut: page.smsOptedOut,
    nameChecks: page.nameChecks,
    team: members
      .filter((m) => m.disabledAt === null || m.id === customer.assignedUserId)
      .map((m) => ({ id: m.id, name: m.displayName })),
    me: session.user.id,
  };
}

/**
 * `intent` 'reply' (with `body`, and the key the form was rendered with: a second press or a retry
 * sends nothing, decision 0179): a text to the customer; 'assign' (with `userId`, '' for nobody);
 * 'done' (with `done`, 'true' or 'false').
 */
export const changes = {
  reply: 'inbox.reply',
  assign: 'inbox.assign',
  done: 'inbox.setDone',
} satisfies ScreenChanges;

export async function action({ request, context, params }: Route.ActionArgs) {
  // a text of 1,000 characters, each up to nine bytes once a form encodes it
  return serveChanges(context, request, changes, { maxBytes: 64 * 1024, params: { id: params.id } });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminInboxConversation({ loaderData }: Route.ComponentProps) {
  // another conversation starts with an empty reply box
  return <ConversationPane key={loaderData.customer.id} {...loaderData} />;
}
