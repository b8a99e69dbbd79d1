/**
 * The inbox screen's body (app/routes/admin-inbox.tsx), around its open conversation
 * (app/routes/admin-inbox-conversation.tsx, conversation-pane.tsx). The list: the filters (Open, Assigned to me, Done, All)
 * as links that are the screen's address, then each conversation (name, last message, time,
 * unread count, assignee) opening it. On a wide screen the open conversation sits beside the list;
 * below 1024 px one of them is shown at a time, the conversation with 'Back to the inbox'.
 * The conversation itself: conversation-pane.tsx.
 */

import { Link, Outlet, useParams } from 'react-router';

import { useScreenReloading } from '#app/components/admin/use-screen-reloading.ts';

import { cn } from '#app/components/ui/cn.ts';

import {
  INBOX_FILTER_LABELS,
  INBOX_FILTERS,
  INBOX_TEXT,
  type InboxFilter,
} from '#app/modules/customers/inbox.ts';
import { inboxHref, type InboxRow } from '#app/modules/customers/screens.ts';

import { parseRowId } from '#app/modules/site/row-id.ts';
import { linkButtonClass } from './customers-screen.tsx';

/** product.md §9: skeleton lists show 5 rows. */
const SKELETON_ROWS = 5;

export function InboxScreen({
  filter,
  before,
  conversations,
  next,
  error,
}: {
  filter: InboxFilter;
  before: string;
  conversations: InboxRow[];
  next: string | null;
  error: string | null;
}) {
  const params = useParams();
  const openId = parseRowId(params.id ?? '') ?? null;
  const loading = useScreenReloading();
  return (
    <section>
      <h1 className="text-2xl font-bold">{INBOX_TEXT.title}</h1>
      <p className={cn('mt-1 text-slate-600', openId !== null && 'max-lg:hidden')}>{INBOX_TEXT.subtitle}</p>
      <div className="mt-6 lg:grid lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start lg:gap-6">
        <div className={cn('min-w-0', openId !== null && 'max-lg:hidden')}>
          <nav aria-label={INBOX_TEXT.filters}>
            <ul className="flex flex-wrap gap-2">
              {INBOX_FILTERS.map((f) => (
                <li key={f}>
                  <Link
                    to={inboxHref({ id: openId, filter: f })}
                    aria-current={f === filter ? 'page' : undefined}
                    className={cn(
                      'inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium',
                      f === filter
                        ? 'border-slate-900 bg-slate-900 text-white'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
                    )}
                  >
                    {INBOX_FILTER_LABELS[f]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {error && (
            <p
              role="alert"
              className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-800"
            >
              {error}
            </p>
          )}
          {loading ? (
            <ul aria-hidden="true" className="mt-4 grid gap-2">
              {Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <li key={i} className="rounded-lg border border-slate-200 bg-white p-3">
                  <div className="h-4 w-32 animate-pulse rounded bg-slate-200" />
                  <div className="mt-2 h-3.5 w-48 animate-pulse rounded bg-slate-200" />
                </li>
              ))}
            </ul>
          ) : conversations.length === 0 ? (
            <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {INBOX_TEXT.empty}
            </p>
          ) : (
            // on a wide screen the list scrolls beside the open conversation
            <ul
              aria-label={INBOX_TEXT.list}
              className="relative mt-4 grid gap-2 lg:max-h-[calc(100vh-16rem)] lg:overflow-y-auto lg:pr-1"
            >
              {conversations.map((c) => (
                <ConversationItem
                  key={c.customerId}
                  conversation={c}
                  href={inboxHref({ id: c.customerId, filter, before })}
                  open={c.customerId === openId}
                />
              ))}
            </ul>
          )}
          {(before !== '' || next !== null) && (
            <nav aria-label={INBOX_TEXT.pages} className="mt-4 flex flex-wrap gap-2">
              {before !== '' && (
                <Link to={inboxHref({ id: openId, filter })} className={linkButtonClass}>
                  {INBOX_TEXT.newest}
                </Link>
              )}
              {next !== null && (
                <Link to={inboxHref({ id: openId, filter, before: next })} className={linkButtonClass}>
                  {INBOX_TEXT.more}
                </Link>
              )}
            </nav>
          )}
        </div>
        <div className={cn('min-w-0', openId === null && 'max-lg:hidden')}>
          {openId === null ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {INBOX_TEXT.choose}
            </p>
          ) : (
            <Outlet />
          )}
        </div>
      </div>
    </section>
  );
}

function ConversationItem({
  conversation: c,
  href,
  open,
}: {
  conversation: InboxRow;
  href: string;
  open: boolean;
}) {
  // the open conversation is read: its loader marked it so, whatever the list read meanwhile
  const unread = open ? 0 : c.unread;
  return (
    <li data-testid="inbox-conversation">
      <Link
        to={href}
        aria-current={open ? 'true' : undefined}
        className={cn(
          'block rounded-lg border p-3 hover:border-slate-400',
          open ? 'border-slate-900 bg-slate-100' : 'border-slate-200 bg-white',
        )}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span
            className={cn('min-w-0 break-words text-slate-900', unread > 0 ? 'font-bold' : 'font-medium')}
          >
            {c.name}
          </span>
          <time dateTime={c.lastMessageAt} title={c.whenFull} className="shrink-0 text-xs text-slate-600">
            {c.when}
          </time>
        </span>
        {c.company && <span className="block break-words text-xs text-slate-600">{c.company}</span>}
        <span className="mt-1 flex items-start gap-2">
          <span className="line-clamp-2 min-w-0 flex-1 wrap-anywhere text-sm text-slate-700">
            {c.lastIn ? '' : `${INBOX_TEXT.you}: `}
            {c.preview}
          </span>
          {unread > 0 && (
            <span className="shrink-0 rounded-full bg-orange-700 px-2 py-0.5 text-xs font-bold text-white">
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">{INBOX_TEXT.unread(unread)}</span>
            </span>
          )}
        </span>
        {(c.assignedName || c.doneAt) && (
          <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
            {c.assignedName && <span>{INBOX_TEXT.assignedTo(c.assignedName)}</span>}
            {c.doneAt && (
              <span className="rounded bg-green-100 px-1.5 py-0.5 font-semibold text-green-900">
                {INBOX_TEXT.done}
              </span>
            )}
          </span>
        )}
      </Link>
    </li>
  );
}
