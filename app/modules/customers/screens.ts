/**
 * The customers and inbox screens' data as their loaders hand it over (issue 30 items 1 and 2):
 * every day and time already in Winnipeg words. The loaders call these on the server, because the
 * browser's time-zone data may differ from the server's (Chromium 156 puts Winnipeg on daylight
 * time in November 2026, Node 24's ICU does not): a time written in the browser would be an hour
 * off the server's HTML, a hydration error (decision 0160). Pure.
 */
import { wallClock } from '#app/modules/shared/calendar.ts';
import { businessDay, businessTime } from '#app/modules/team/team.ts';
import type { ThreadMessage } from './conversation.ts';
import type { CustomerLead, CustomerPage, CustomerQuote, CustomerSummary } from './customers.ts';
import type { InboxConversation } from './inbox.ts';

/** A customer in the list, with their last contact as a day ('Nov 26, 2026'). */
export type CustomerRow = CustomerSummary & { lastContact: string | null };

export function customerRow(c: CustomerSummary): CustomerRow {
  return { ...c, lastContact: c.lastContactAt ? businessDay(c.lastContactAt) : null };
}

/** A message of a thread, with its time in words ('Nov 26, 2026, 2:05 p.m.'). */
export type ThreadRow = ThreadMessage & { when: string };

export function threadRow(m: ThreadMessage): ThreadRow {
  return { ...m, when: businessTime(m.at) };
}

/** A lead on a customer's page or beside a conversation, with the day it came in. */
export type CustomerLeadRow = CustomerLead & { day: string };

export function customerLeadRow(lead: CustomerLead): CustomerLeadRow {
  return { ...lead, day: businessDay(lead.createdAt) };
}

/** A customer's page as its screen shows it. */
export type CustomerScreenData = Omit<CustomerPage, 'customer' | 'leads' | 'quotes' | 'conversation'> & {
  customer: CustomerPage['customer'] & { firstContact: string | null; lastContact: string | null };
  leads: CustomerLeadRow[];
  quotes: (CustomerQuote & { sent: string })[];
  thread: ThreadRow[];
};

export function customerScreen(page: CustomerPage): CustomerScreenData {
  const { customer, leads, quotes, conversation, ...rest } = page;
  return {
    ...rest,
    customer: {
      ...customer,
      firstContact: customer.firstContactAt ? businessDay(customer.firstContactAt) : null,
      lastContact: customer.lastContactAt ? businessDay(customer.lastContactAt) : null,
    },
    leads: leads.map(customerLeadRow),
    quotes: quotes.map((q) => ({ ...q, sent: businessDay(q.sentAt) })),
    thread: conversation.map(threadRow),
  };
}

/**
 * A conversation in the inbox list, with its time as staff scan it: the time alone today
 * ('2:05 p.m.'), else the day ('Nov 24', with the year when it is not this one), and the whole of
 * it for a tooltip.
 */
export type InboxRow = InboxConversation & { when: string; whenFull: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function inboxWhen(at: string, now: Date): string {
  const w = wallClock(new Date(at));
  const today = wallClock(now);
  if (w.year === today.year && w.month === today.month && w.day === today.day) {
    const hour = w.hour % 12 === 0 ? 12 : w.hour % 12;
    return `${hour}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'a.m.' : 'p.m.'}`;
  }
  const day = `${MONTHS[w.month - 1]} ${w.day}`;
  return w.year === today.year ? day : `${day}, ${w.year}`;
}

export function inboxRow(c: InboxConversation, now: Date): InboxRow {
  return { ...c, when: inboxWhen(c.lastMessageAt, now), whenFull: businessTime(c.lastMessageAt) };
}

/** The customers list's address with only what narrows it: no '?search=&after='. */
export function customersHref(query: { search?: string; sort?: string; after?: string | null }): string {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.sort && query.sort !== 'last_contact') params.set('sort', query.sort);
  if (query.after) params.set('after', query.after);
  const search = params.toString();
  return search ? `/admin/customers?${search}` : '/admin/customers';
}

/** The inbox's address: a conversation (or none) under a filter (the default, open, left out). */
export function inboxHref(query: { id?: number | null; filter?: string; before?: string | null }): string {
  const params = new URLSearchParams();
  if (query.filter && query.filter !== 'open') params.set('filter', query.filter);
  if (query.before) params.set('before', query.before);
  const search = params.toString();
  return `/admin/inbox${query.id ? `/${query.id}` : ''}${search ? `?${search}` : ''}`;
}
