/**
 * The conversation with the customer in the Lead Details dialog (issue 8): texts in and out (and
 * e-mail copies) with their delivery status, oldest first, and a box to text the customer. The
 * box is replaced by a notice when the number has opted out (STOP). Questions the customer asked
 * on the quote page (channel 'web', issue 28) are in it too, marked 'Quote page'. The text is
 * posted to the action of admin/leads/:id (intent 'text'); the lead, reloaded after it, shows the
 * new message.
 */
import { Globe, Loader2, Mail, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useRequestKey } from '#app/components/admin/request-key.ts';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal, useFormErrors } from '#app/components/admin/staff-form.tsx';
import { type ActionAnswer } from '#app/modules/site/answers.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  CONVERSATION_TEXT,
  MAX_SMS_BODY,
  messagePayloadSchema,
  type ConversationMessage,
  type ConversationStatus,
  type LeadDetails,
} from '#app/modules/leads/lead-admin.ts';
import { useWhen } from '#app/components/admin/time-words.tsx';

/** What each status means, for the badge (label) and its tooltip. */
export const MESSAGE_STATUS: Record<ConversationStatus, { label: string; hint: string; tone: string }> = {
  received: { label: 'Received', hint: 'Text from the customer', tone: 'bg-slate-100 text-slate-700' },
  logged: {
    label: 'Logged',
    hint: 'Recorded only: texting is in log mode (SMS_PROVIDER=log), nothing was sent',
    tone: 'bg-slate-100 text-slate-700',
  },
  queued: { label: 'Queued', hint: 'Waiting to be sent', tone: 'bg-amber-100 text-amber-900' },
  sending: {
    label: 'Sending',
    hint: 'Being handed to the SMS provider',
    tone: 'bg-amber-100 text-amber-900',
  },
  sent: { label: 'Sent', hint: 'Accepted by the provider', tone: 'bg-sky-100 text-sky-900' },
  delivered: {
    label: 'Delivered',
    hint: "Delivered to the customer's phone",
    tone: 'bg-green-100 text-green-900',
  },
  failed: { label: 'Failed', hint: 'Not delivered', tone: 'bg-red-100 text-red-900' },
  blocked: {
    label: 'Not sent',
    hint: 'The customer has opted out of texts',
    tone: 'bg-red-100 text-red-900',
  },
  withheld: {
    label: 'Not sent',
    hint: 'An automatic text to a new customer, past the limits on such texts',
    tone: 'bg-red-100 text-red-900',
  },
  cancelled: {
    label: 'Cancelled',
    hint: 'A follow-up not needed: the customer answered, or the quote changed',
    tone: 'bg-slate-100 text-slate-700',
  },
};

/** A question the customer asked on the quote page (channel 'web'): received, not a text. */
const WEB_QUESTION = {
  label: 'Received',
  hint: 'Question from the quote page (not a text: answer by text or call)',
  tone: 'bg-slate-200 text-slate-800',
};

/**
 * One message of a conversation. `when`: its time in words, written by the server (the inbox and a
 * customer's page, whose loaders write it: the browser's time-zone data may differ); without it
 * the time is written here, as the lead dialog always has.
 */
export function MessageBubble({ message, when }: { message: ConversationMessage; when?: string }) {
  const words = useWhen();
  const incoming = message.direction === 'in';
  const web = message.channel === 'web';
  const status = web ? WEB_QUESTION : (MESSAGE_STATUS[message.status] ?? MESSAGE_STATUS.sent);
  const who = incoming ? 'Customer' : message.channel === 'email' ? 'E-mail to customer' : 'Us';
  return (
    <li className={cn('flex', incoming ? 'justify-start' : 'justify-end')}>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm',
          incoming ? 'bg-slate-100 text-slate-900' : 'bg-slate-800 text-white',
        )}
      >
        <p className={cn('flex items-center gap-1 text-xs', incoming ? 'text-slate-600' : 'text-slate-300')}>
          {message.channel === 'email' && <Mail className="h-3.5 w-3.5" aria-hidden="true" />}
          {web && <Globe className="h-3.5 w-3.5" aria-hidden="true" />}
          <span className="font-semibold">{who}</span>
          {web && (
            <>
              <span aria-hidden="true">·</span>
              <span>Quote page</span>
            </>
          )}
          <span aria-hidden="true">·</span>
          <time dateTime={message.at}>{when ?? words(message.at)}</time>
        </p>
        <p className="mt-1 whitespace-pre-line wrap-anywhere">{message.body}</p>
        {message.photoCount > 0 && (
          <p className={cn('mt-1 text-xs', incoming ? 'text-slate-600' : 'text-slate-300')}>
            {message.photoCount === 1 ? '1 photo' : `${message.photoCount} photos`} (see Photos)
          </p>
        )}
        <p className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
          <span className={cn('rounded px-1.5 py-0.5 font-medium', status.tone)} title={status.hint}>
            <span className="sr-only">Status: </span>
            {status.label}
          </span>
          {message.error && (
            <span className={incoming ? 'text-red-800' : 'text-red-200'}>{message.error}</span>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * 'Start with our name' (issue 48 item 5): ticked, the text begins with the business's name as
 * every other text does; unticked for one message, it goes as typed. The reply forms of the lead
 * dialog and of the inbox both show it, ticked again after each text.
 */
export function WithNameBox({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="mt-2 flex items-center gap-2">
      <input
        id={id}
        name="withName"
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-orange-600"
        checked={on}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        {CONVERSATION_TEXT.withName}
      </label>
    </div>
  );
}

export function LeadConversation({ lead }: { lead: LeadDetails }) {
  const [body, setBody] = useState('');
  const [withName, setWithName] = useState(true);
  /** said in the form's own live region: the toast region is hidden from assistive tech while the dialog is open */
  const [notice, setNotice] = useState('');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const count = lead.conversation.length;
  const { element, show, check, clear, forget, refusal, field, error } = useFormErrors({
    id: 'conversation',
    notice: 'Error',
  });

  // the newest message is the one staff need: keep the list scrolled to it
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  // a double press of Send Text, or the same text sent again after no answer, sends one text
  const textKey = useRequestKey();
  const text = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) return show(answer);
    textKey.done();
    setBody('');
    setWithName(true);
    setNotice(CONVERSATION_TEXT.sent.description);
    toast(CONVERSATION_TEXT.sent);
    // the box keeps the focus for the next text
    textRef.current?.focus();
  });
  const sending = text.state !== 'idle';

  function send(event: React.FormEvent) {
    event.preventDefault();
    const parsed = check(messagePayloadSchema, { body });
    if (!parsed) return;
    clear();
    setNotice('');
    void text.submit(textKey.keyed({ intent: 'text', body: parsed.body, withName: String(withName) }), {
      method: 'post',
    });
  }

  return (
    <section className="rounded-lg border border-slate-200 p-4" aria-labelledby="conversation-heading">
      <h3 id="conversation-heading" className="mb-3 text-base font-semibold">
        {CONVERSATION_TEXT.heading}
      </h3>
      {count === 0 ? (
        <p className="text-sm text-slate-600">{CONVERSATION_TEXT.empty}</p>
      ) : (
        <ol
          ref={listRef}
          className="max-h-80 space-y-2 overflow-y-auto pr-1"
          aria-labelledby="conversation-heading"
          tabIndex={0}
        >
          {lead.conversation.map((message) => (
            <MessageBubble key={message.key} message={message} />
          ))}
        </ol>
      )}

      {lead.smsOptedOut ? (
        <p
          className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          role="note"
        >
          {CONVERSATION_TEXT.optedOut}
        </p>
      ) : (
        <form ref={element} onSubmit={send} noValidate className="mt-3">
          {refusal && (
            <div className="mb-3">
              <Refusal message={refusal} />
            </div>
          )}
          <Label htmlFor="conversation-body">{CONVERSATION_TEXT.label}</Label>
          <textarea
            {...field('body', 'conversation-count')}
            ref={textRef}
            rows={3}
            maxLength={MAX_SMS_BODY}
            value={body}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              forget('body');
              if (notice) setNotice('');
            }}
            placeholder={CONVERSATION_TEXT.placeholder}
            className={cn(fieldClass, 'min-h-20 resize-y')}
          />
          {error('body')}
          <WithNameBox on={withName} onChange={setWithName} />
          <div className="mt-2 flex items-center justify-between gap-2">
            <span className="text-xs text-slate-600">
              <span id="conversation-count">
                {body.length} / {MAX_SMS_BODY} characters
              </span>
              <span role="status" className="block font-medium text-green-800">
                {notice}
              </span>
            </span>
            <Button type="submit" disabled={sending || body.trim() === ''}>
              {sending ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <Send className="h-4 w-4" aria-hidden="true" />
              )}
              {sending ? CONVERSATION_TEXT.sending : CONVERSATION_TEXT.send}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
