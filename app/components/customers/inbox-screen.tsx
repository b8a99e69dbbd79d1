/**
 * The inbox screen's body (app/routes/admin-inbox.tsx) and its open conversation
 * (app/routes/admin-inbox-conversation.tsx). The list: the filters (Open, Assigned to me, Done, All)
 * as links that are the screen's address, then each conversation (name, last message, time,
 * unread count, assignee) opening it. On a wide screen the open conversation sits beside the list;
 * below 1024 px one of them is shown at a time, the conversation with 'Back to the inbox'.
 * The conversation: the customer (and their page), 'Assign to', 'Mark done' / 'Move back to open',
 * the thread, 'Reply by text' with the service's words when it refuses, and their requests.
 */
import { ArrowLeft, Loader2, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { fieldMessages, useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { useScreenReloading } from '#app/components/admin/use-screen-reloading.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { customerPhone } from '#app/modules/customers/customers.ts';
import {
  INBOX_FILTER_LABELS,
  INBOX_FILTERS,
  INBOX_TEXT,
  type InboxFilter,
} from '#app/modules/customers/inbox.ts';
import {
  inboxHref,
  type CustomerLeadRow,
  type InboxRow,
  type ThreadRow,
} from '#app/modules/customers/screens.ts';
import { CONVERSATION_TEXT, MAX_SMS_BODY, messagePayloadSchema } from '#app/modules/leads/lead-admin.ts';
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { parseRowId } from '#app/modules/site/row-id.ts';
import { FleetBadge, linkButtonClass } from './customers-screen.tsx';
import { ThreadList } from './thread-list.tsx';
import { useRequestKey } from '#app/components/admin/request-key.ts';

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

export type ConversationData = {
  customer: {
    id: number;
    name: string;
    company: string | null;
    phone: string | null;
    email: string | null;
    fleet: boolean;
    assignedUserId: number | null;
    assignedName: string | null;
    done: boolean;
  };
  leads: CustomerLeadRow[];
  thread: ThreadRow[];
  smsOptedOut: boolean;
  team: { id: number; name: string }[];
  me: number;
};

export function ConversationPane({ customer, leads, thread, smsOptedOut, team }: ConversationData) {
  const { search } = useLocation();
  const phone = customerPhone(customer);
  return (
    <section
      aria-labelledby="conversation-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <Link
        to={`/admin/inbox${search}`}
        className="mb-3 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-blue-800 underline underline-offset-2 lg:hidden"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {INBOX_TEXT.back}
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="conversation-title" className="break-words text-xl font-bold">
            {customer.name}
          </h2>
          {customer.company && <p className="break-words text-slate-700">{customer.company}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            {phone && <span className="tabular-nums">{phone}</span>}
            {customer.fleet && <FleetBadge />}
            <Link
              to={`/admin/customers/${customer.id}`}
              className="inline-flex min-h-11 items-center font-medium text-blue-800 underline underline-offset-2"
            >
              {INBOX_TEXT.customerPage}
            </Link>
          </p>
        </div>
        <DoneButton done={customer.done} />
      </div>
      <AssignForm key={customer.assignedUserId ?? 'nobody'} customer={customer} team={team} />
      <div className="mt-4 grid gap-4 xl:grid-cols-[minmax(0,1fr)_15rem]">
        <div className="min-w-0">
          <h3 className="sr-only">{INBOX_TEXT.conversation}</h3>
          {thread.length === 0 ? (
            <p className="text-sm text-slate-600">{INBOX_TEXT.noMessages}</p>
          ) : (
            <ThreadList label={INBOX_TEXT.conversation} thread={thread} />
          )}
          <ReplyForm optedOut={smsOptedOut} textable={customer.phone !== null} />
        </div>
        <aside aria-labelledby="conversation-leads" className="min-w-0">
          <h3
            id="conversation-leads"
            className="text-sm font-semibold uppercase tracking-wide text-slate-700"
          >
            {INBOX_TEXT.leads}
          </h3>
          {leads.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{INBOX_TEXT.noLeads}</p>
          ) : (
            <ul className="relative mt-2 space-y-2 xl:max-h-[30rem] xl:overflow-y-auto xl:pr-1">
              {leads.map((lead) => (
                <li key={lead.id} className="rounded-md border border-slate-200 p-2 text-sm">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <Link
                      to={`/admin/leads/${lead.id}`}
                      className="font-semibold text-blue-800 underline underline-offset-2"
                    >
                      {lead.caseNumber}
                    </Link>
                    <span className="text-slate-700">{STATUS_LABELS[lead.status] ?? lead.status}</span>
                  </span>
                  <span className="block break-words text-slate-800">{lead.part}</span>
                  <span className="block text-xs text-slate-600">{lead.day}</span>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </section>
  );
}

/** 'Mark done', or 'Move back to open' for a conversation done. */
function DoneButton({ done }: { done: boolean }) {
  const fetcher = useStaffFetcher<ActionAnswer>((answer) => {
    if (answer.ok) toast({ title: done ? INBOX_TEXT.markedDone : INBOX_TEXT.reopened });
    else toast({ title: INBOX_TEXT.notChanged, description: answer.message, variant: 'destructive' });
  });
  const busy = fetcher.state !== 'idle';
  return (
    <Button
      variant={done ? 'outline' : 'primary'}
      disabled={busy}
      onClick={() => void fetcher.submit({ intent: 'done', done: String(!done) }, { method: 'post' })}
      className="shrink-0"
    >
      {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {done ? INBOX_TEXT.reopen : INBOX_TEXT.markDone}
    </Button>
  );
}

/** 'Assign to': someone on the team, or nobody. */
function AssignForm({ customer, team }: Pick<ConversationData, 'customer' | 'team'>) {
  const [chosen, setChosen] = useState(
    customer.assignedUserId === null ? '' : String(customer.assignedUserId),
  );
  const fetcher = useStaffFetcher<ActionAnswer>((answer) => {
    if (answer.ok) toast({ title: INBOX_TEXT.assigned });
    else toast({ title: INBOX_TEXT.notChanged, description: answer.message, variant: 'destructive' });
  });
  const busy = fetcher.state !== 'idle';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void fetcher.submit({ intent: 'assign', userId: chosen }, { method: 'post' });
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <Label htmlFor="inbox-assign">{INBOX_TEXT.assign}</Label>
        <select
          id="inbox-assign"
          value={chosen}
          onChange={(e) => setChosen(e.currentTarget.value)}
          className={cn(fieldClass, 'min-h-11')}
        >
          <option value="">{INBOX_TEXT.nobody}</option>
          {team.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={
          busy || chosen === (customer.assignedUserId === null ? '' : String(customer.assignedUserId))
        }
      >
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {INBOX_TEXT.assignButton}
      </Button>
    </form>
  );
}

/** 'Reply by text': the service's words when it refuses (an empty text, a number that sent STOP). */
function ReplyForm({ optedOut, textable }: { optedOut: boolean; textable: boolean }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [refused, setRefused] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const text = useRef<HTMLTextAreaElement>(null);
  // a double press of Send, or the same reply sent again after no answer, sends one text
  const replyKey = useRequestKey();
  const fetcher = useStaffFetcher<ActionAnswer>((answer) => {
    if (answer.ok) {
      replyKey.done();
      setBody('');
      setNotice(INBOX_TEXT.sent);
      toast({ title: INBOX_TEXT.sent });
    } else {
      const fieldError = fieldMessages(answer.fieldErrors).body;
      if (fieldError) setError(fieldError);
      else setRefused(answer.message);
    }
    text.current?.focus();
  });
  const sending = fetcher.state !== 'idle';
  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = messagePayloadSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      text.current?.focus();
      return;
    }
    setError(undefined);
    setRefused(null);
    setNotice('');
    void fetcher.submit(replyKey.keyed({ intent: 'reply', body: parsed.data.body }), { method: 'post' });
  };
  const described = ['inbox-reply-hint', 'inbox-reply-count', error && 'inbox-reply-error'].filter(Boolean);
  return (
    <form onSubmit={send} noValidate className="mt-4">
      {optedOut && (
        <p
          role="note"
          className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {CONVERSATION_TEXT.optedOut}
        </p>
      )}
      {!textable && (
        <p
          role="note"
          className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {INBOX_TEXT.noPhone}
        </p>
      )}
      {refused && (
        <p
          role="alert"
          className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {refused}
        </p>
      )}
      <Label htmlFor="inbox-reply">{INBOX_TEXT.reply}</Label>
      <textarea
        id="inbox-reply"
        ref={text}
        rows={3}
        maxLength={MAX_SMS_BODY}
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          if (error) setError(undefined);
          if (notice) setNotice('');
        }}
        className={cn(fieldClass, 'min-h-20 resize-y')}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.join(' ')}
      />
      <FieldError id="inbox-reply-error" message={error} />
      <p id="inbox-reply-hint" className="mt-1 text-xs text-slate-600">
        {INBOX_TEXT.replyHint}
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-600">
          <span id="inbox-reply-count">{INBOX_TEXT.count(body.length, MAX_SMS_BODY)}</span>
          <span role="status" className="block font-medium text-green-800">
            {notice}
          </span>
        </span>
        <Button type="submit" disabled={sending}>
          {sending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-4 w-4" aria-hidden="true" />
          )}
          {sending ? INBOX_TEXT.sending : INBOX_TEXT.send}
        </Button>
      </div>
    </form>
  );
}
