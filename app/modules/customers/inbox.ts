/**
 * The inbox (issue 30 item 2, decision 0161): every conversation with a customer in one list,
 * newest first, with what staff do to one (reply, assign, done) and the words of its screen. Pure.
 */
import { z } from 'zod';
import { rowIdSchema } from '../site/row-id.ts';

export const INBOX_FILTERS = ['open', 'mine', 'done', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = {
  open: 'Open',
  mine: 'Assigned to me',
  done: 'Done',
  all: 'All',
};

/** A conversation in the list. */
export type InboxConversation = {
  customerId: number;
  name: string;
  company: string | null;
  phone: string | null;
  lastMessageAt: string;
  preview: string;
  /** the last message came from the customer */
  lastIn: boolean;
  unread: number;
  assignedUserId: number | null;
  assignedName: string | null;
  doneAt: string | null;
};

/** How many conversations have unread messages, and the newest message's time (what polling compares). */
export type InboxPulse = { unread: number; latest: string | null };

/** How often the back office asks for the pulse: a text shows within this and a render. */
export const INBOX_POLL_MS = 3_000;

export const INBOX_TEXT = {
  title: 'Inbox',
  subtitle: 'Every conversation with a customer: texts, questions from quote pages, quotes and order texts.',
  empty: 'No conversations here.',
  more: 'Older conversations',
  unread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  assign: 'Assign to',
  nobody: 'Nobody',
  markDone: 'Mark done',
  reopen: 'Move back to open',
  reply: 'Reply by text',
  send: 'Send text',
  sending: 'Sending...',
  sent: 'Text queued',
  leads: 'Their requests',
  you: 'You',
  notFound: 'Conversation not found',
  noPhone: 'This customer has no phone number to text.',
  noLead: 'This customer has no request to text about.',
  unknownUser: 'Choose someone on the team.',
  // the screen (/admin/inbox, /admin/inbox/{id})
  filters: 'Which conversations',
  list: 'Conversations',
  pages: 'Pages of conversations',
  newest: 'Newest conversations',
  choose: 'Choose a conversation to read it.',
  back: 'Back to the inbox',
  conversation: 'Conversation',
  noMessages: 'No messages yet.',
  noLeads: 'No requests.',
  customerPage: 'Customer page',
  assignedTo: (name: string) => `Assigned to ${name}`,
  assignButton: 'Assign',
  assigned: 'Conversation assigned',
  done: 'Done',
  markedDone: 'Marked done',
  reopened: 'Moved back to open',
  count: (n: number, max: number) => `${n} / ${max} characters`,
  notChanged: 'Not changed',
  replyHint: 'Texted about their newest open request, with a copy by e-mail.',
  /** after 'Inbox' in the menu, for screen readers */
  /** after the Inbox link's badge, for screen readers: 'Inbox 3 unread' */
  navUnread: 'unread',
} as const;

export const inboxQuerySchema = z.object({
  filter: z.enum(INBOX_FILTERS, { message: 'Choose open, mine, done or all.' }).default('open'),
  /** the page after this one: `${lastMessageAt}|${customerId}` of the last row shown */
  before: z.string().max(100).optional(),
});

export const assignSchema = z.object({
  userId: rowIdSchema(INBOX_TEXT.unknownUser).nullable(),
});

export const doneSchema = z.object({ done: z.boolean({ message: 'Say done: true or false.' }) });
