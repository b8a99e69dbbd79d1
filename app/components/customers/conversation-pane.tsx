/**
 * The inbox's open conversation (app/routes/admin-inbox-conversation.tsx, beside the list of
 * inbox-screen.tsx): the customer (and their page), a request under another name (decision 0193),
 * 'Assign to', 'Mark done' / 'Move back to open',
 * the thread, 'Reply by text' with the service's words when it refuses, and their requests.
 */
import { ArrowLeft, Loader2, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal, useFormErrors } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { customerPhone } from '#app/modules/customers/customers.ts';
import { INBOX_TEXT } from '#app/modules/customers/inbox.ts';
import { type CustomerLeadRow, type ThreadRow } from '#app/modules/customers/screens.ts';
import { CONVERSATION_TEXT, MAX_SMS_BODY, messagePayloadSchema } from '#app/modules/leads/lead-admin.ts';
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

import type { NameCheck } from '#app/modules/customers/name-check.ts';
import { FleetBadge } from './customers-screen.tsx';
import { NameCheckFlags } from './name-check-flag.tsx';
import { ThreadList } from './thread-list.tsx';
import { useRequestKey } from '#app/components/admin/request-key.ts';
import { WithNameBox } from '#app/components/leads/lead-conversation.tsx';

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
  /** requests under another name than the customer's, not yet settled (decision 0193) */
  nameChecks: NameCheck[];
  team: { id: number; name: string }[];
  me: number;
};

export function ConversationPane({
  customer,
  leads,
  thread,
  smsOptedOut,
  nameChecks,
  team,
}: ConversationData) {
  const { search } = useLocation();
  const phone = customerPhone(customer);
  return (
    <section
      aria-labelledby="conversation-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:p-4"
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
      <NameCheckFlags checks={nameChecks} className="mt-3" />
      <AssignForm key={customer.assignedUserId ?? 'nobody'} customer={customer} team={team} />
      <div className="mt-4 grid gap-4 xl:grid-cols-[minmax(0,1fr)_15rem]">
        <div className="min-w-0">
          <h3 className="sr-only">{INBOX_TEXT.conversation}</h3>
          {thread.length === 0 ? (
            <p className="text-sm text-slate-600">{INBOX_TEXT.noMessages}</p>
          ) : (
            // one pane at a time (below lg): the messages fill the screen above the reply box
            // (decision 0191), instead of a small box within the page
            <ThreadList
              label={INBOX_TEXT.conversation}
              thread={thread}
              className="max-lg:h-[max(20rem,calc(100dvh-14rem))] max-lg:max-h-none"
            />
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
  const [withName, setWithName] = useState(true);
  const [notice, setNotice] = useState('');
  const { element, show, check, clear, forget, refusal, field, error } = useFormErrors({ id: 'inbox-reply' });
  // a double press of Send, or the same reply sent again after no answer, sends one text
  const replyKey = useRequestKey();
  const fetcher = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) return show(answer);
    replyKey.done();
    setBody('');
    setWithName(true);
    setNotice(INBOX_TEXT.sent);
    toast({ title: INBOX_TEXT.sent });
  });
  const sending = fetcher.state !== 'idle';
  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = check(messagePayloadSchema, { body });
    if (!parsed) return;
    clear();
    setNotice('');
    void fetcher.submit(replyKey.keyed({ intent: 'reply', body: parsed.body, withName: String(withName) }), {
      method: 'post',
    });
  };
  return (
    <form ref={element} onSubmit={send} noValidate className="mt-4">
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
      {refusal && (
        <div className="mb-3">
          <Refusal message={refusal} />
        </div>
      )}
      <Label htmlFor="inbox-reply-body">{INBOX_TEXT.reply}</Label>
      <textarea
        {...field('body', 'inbox-reply-hint inbox-reply-count')}
        rows={3}
        maxLength={MAX_SMS_BODY}
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          forget('body');
          if (notice) setNotice('');
        }}
        className={cn(fieldClass, 'min-h-20 resize-y')}
      />
      {error('body')}
      <p id="inbox-reply-hint" className="mt-1 text-xs text-slate-600">
        {INBOX_TEXT.replyHint}
      </p>
      <WithNameBox on={withName} onChange={setWithName} />
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
