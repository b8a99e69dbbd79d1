/**
 * A conversation with a customer, as the lead dialog and the inbox show it (issues 8 and 30): texts
 * in, questions from the quote page and messages out, oldest first, a reply right after the text it
 * answers. Pure: the server reads the three kinds of rows; this puts them in one thread.
 */
import type { ConversationMessage, ConversationStatus } from '#app/modules/leads/lead-admin.ts';

export type ConversationInput = {
  incoming: readonly {
    id: number;
    leadId: number | null;
    body: string;
    photoCount: number;
    createdAt: string;
  }[];
  questions: readonly { id: number; leadId: number; body: string; createdAt: string }[];
  outgoing: readonly {
    id: number;
    leadId: number | null;
    channel: string;
    body: string;
    status: string;
    lastError: string | null;
    createdAt: string;
  }[];
};

/** A message of the thread with the lead it is about (null: a text about none, such as STOP). */
export type ThreadMessage = ConversationMessage & { leadId: number | null };

export function conversationOf(input: ConversationInput): ThreadMessage[] {
  const messages: ThreadMessage[] = [
    ...input.incoming.map((m): ThreadMessage => ({
      key: `in-${m.id}`,
      leadId: m.leadId,
      direction: 'in',
      channel: 'sms',
      body: m.body,
      status: 'received',
      error: null,
      photoCount: m.photoCount,
      at: m.createdAt,
    })),
    ...input.questions.map((m): ThreadMessage => ({
      key: `web-${m.id}`,
      leadId: m.leadId,
      direction: 'in',
      channel: 'web',
      body: m.body,
      status: 'received',
      error: null,
      photoCount: 0,
      at: m.createdAt,
    })),
    ...input.outgoing.map((m): ThreadMessage => ({
      key: `out-${m.id}`,
      leadId: m.leadId,
      direction: 'out',
      channel: m.channel === 'email' ? 'email' : 'sms',
      body: m.body,
      status: m.status as ConversationStatus,
      error: ['failed', 'blocked', 'cancelled', 'withheld'].includes(m.status) ? m.lastError : null,
      photoCount: 0,
      at: m.createdAt,
    })),
  ];
  const order = (key: string) => Number(key.slice(key.indexOf('-') + 1));
  return messages.sort(
    (a, b) =>
      Date.parse(a.at) - Date.parse(b.at) ||
      (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1) ||
      order(a.key) - order(b.key),
  );
}
