/**
 * The Lead Details dialog (product.md §2, §7, §8): contact (the phone and e-mail as call, text and
 * e-mail links), equipment, description, photos (640 px tiles; full size on click, in a viewer
 * that covers the dialog), the pricing calculator with the quote's versions (issue 28), staff's
 * internal notes, the history, the conversation with the customer by text (issue 8), and the
 * actions the state machine allows: Mark as Lost asks for a reason, which staff may leave blank,
 * and warns before an ordered or fulfilled lead is lost; a lost lead shows why and when, and
 * Reopen (issue 31). The lead comes from the loader of admin/leads/:id
 * (routes/admin-lead-details.tsx); a change is posted to its action (intents 'status', 'reopen',
 * 'quote') and, once the screen has revalidated, the dialog stays open on the lead as it is now,
 * says so, and puts the focus on its status (issue 31: staff work a lead through several steps).
 * Closing it gives the focus back to the lead's card.
 *
 * Layout: the actions sit under the title, before the details. On a phone the whole dialog scrolls
 * under its title bar (whose height it keeps clear when it scrolls a field into view), so nothing
 * (the calculated price, the buttons) is ever under a fixed footer; from `sm` up the details scroll
 * between the title and actions above and the dialog's edge below.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, Mail, RotateCcw, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useRequestKey } from '#app/components/admin/request-key.ts';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { type ActionAnswer } from '#app/modules/site/answers.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  LEADS_TEXT,
  MAX_LOST_REASON,
  quotePayloadFields,
  type LeadDetails,
  type QuotePayload,
} from '#app/modules/leads/lead-admin.ts';
import { leadPhotoPreviewUrl } from '#app/modules/leads/lead-photos.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import {
  canQuote,
  canTransition,
  losingNeedsConfirmation,
  reopenTarget,
  STATUS_LABELS,
} from '#app/modules/leads/status.ts';
import { focusLeadCard } from './lead-board.tsx';
import { useStaffName } from '#app/components/admin/staff-names.tsx';
import { useWhen, When } from '#app/components/admin/time-words.tsx';
import { categoryLabel, cityLabel, equipmentLabel } from './lead-labels.ts';
import { LeadConversation } from './lead-conversation.tsx';
import { LeadTimeline } from './lead-timeline.tsx';
import { NameCheckFlags } from '#app/components/customers/name-check-flag.tsx';
import { OrderLines } from '#app/components/orders/order-lines.tsx';
import type { LeadOrder } from '#app/modules/orders/orders.ts';
import type { MarkupRules } from '#app/modules/pricing/pricing.ts';
import { contactLink, PhoneLinks } from './phone-links.tsx';
import { PartNameForm } from './part-name-form.tsx';
import { PricingCalculator } from './pricing-calculator.tsx';
import { QuoteSent } from './quote-sent.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

function Field({
  label,
  value,
  children,
}: {
  label: string;
  value?: string | null | undefined;
  /** what to show instead of the value (links) */
  children?: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children ?? (value || LEADS_TEXT.na)}</dd>
    </div>
  );
}

/** When, by whom and from which status a lost lead was lost (its last move to lost). */
function lostMove(lead: LeadDetails) {
  const move = lead.events.findLast((e) => e.toStatus === 'lost');
  return { at: move?.createdAt ?? null, by: move?.actor ?? null, left: reopenTarget(move?.fromStatus) };
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const ACTIONS: { to: LeadStatus; label: string }[] = [
  { to: 'qualified', label: LEADS_TEXT.markQualified },
  { to: 'ordered', label: LEADS_TEXT.markOrdered },
  { to: 'fulfilled', label: LEADS_TEXT.markFulfilled },
];

export function LeadDetailsDialog({
  lead,
  order = null,
  markup,
  now,
  onClose,
}: {
  lead: LeadDetails;
  /** an ordered or fulfilled lead's parts (issue 29) */
  order?: LeadOrder | null;
  /** the owner's markup rules in force, as the server prices (decision 0204) */
  markup: MarkupRules;
  /** the time the lead was read at: whether its quote still holds */
  now: Date;
  onClose: () => void;
}) {
  const [losing, setLosing] = useState(false);
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  /** what the last change did, said in the dialog's live region (the toasts are outside the dialog) */
  const [notice, setNotice] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);

  /** A change went through: the dialog stays on the lead as it is now, and the focus on its status. */
  function done(words: string) {
    setLosing(false);
    setReason('');
    setNotice(words);
    statusRef.current?.focus();
  }

  const statusChange = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) return toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    toast(LEADS_TEXT.updated);
    done(LEADS_TEXT.updated.description);
  });
  // a double press of Send Quote, or the same quote sent again after no answer, sends one version
  const quoteKey = useRequestKey();
  // what a quote sent from this dialog sent, at the top of it, taking the focus (decision 0192)
  const [sends, setSends] = useState(0);
  const quote = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) return toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    quoteKey.done();
    toast(LEADS_TEXT.quoteSent);
    setNotice(LEADS_TEXT.quoteSent.description);
    setSends((n) => n + 1);
  });
  const busy = statusChange.state !== 'idle' ? 'status' : quote.state !== 'idle' ? 'quote' : null;
  /** the status (or 'reopen') on its way, for its button's spinner */
  const pending = statusChange.formData?.get('status') || statusChange.formData?.get('intent');
  const lost = lead.status === 'lost' ? lostMove(lead) : null;
  const when = useWhen();
  const who = useStaffName();
  const warnLosing = losingNeedsConfirmation(lead.status);

  function changeStatus(status: LeadStatus, lostReason?: string) {
    setNotice('');
    void statusChange.submit({ intent: 'status', status, reason: lostReason ?? '' }, { method: 'post' });
  }

  function reopen() {
    setNotice('');
    void statusChange.submit({ intent: 'reopen' }, { method: 'post' });
  }

  function sendQuote(payload: QuotePayload) {
    setNotice('');
    // the options as fields named by their path ('options.1.cost'), the server's names for them
    void quote.submit(quoteKey.keyed({ intent: 'quote', ...quotePayloadFields(payload) }), {
      method: 'post',
    });
  }

  function confirmLost(event: React.FormEvent) {
    event.preventDefault();
    // the reason helps staff learn why leads are lost, but it is not required (product.md §7)
    changeStatus('lost', reason.trim() || undefined);
  }

  return (
    <Dialog.Root open onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className="fixed inset-0 z-50 scroll-pt-28 overflow-y-auto overscroll-contain bg-white shadow-2xl sm:inset-auto sm:scroll-pt-0 sm:left-1/2 sm:top-1/2 sm:flex sm:max-h-[92vh] sm:w-[min(94vw,60rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:flex-col sm:overflow-hidden sm:rounded-xl"
          aria-describedby={undefined}
          onKeyDown={(event) => {
            // a toast of the last change is a layer above the dialog and takes Escape for itself
            // (Radix): Escape still closes the dialog, as it does without one. The dialog's own
            // Escape, and the photo viewer's, mark the event as handled.
            if (event.key === 'Escape' && !event.defaultPrevented && !busy) onClose();
          }}
          onCloseAutoFocus={(event) => {
            // back to the lead's card, in whatever column it is now (the page heading if it left the board)
            event.preventDefault();
            focusLeadCard(lead.id);
          }}
        >
          <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-3 sm:static sm:px-6 sm:py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold">Lead Details</Dialog.Title>
              <p
                ref={statusRef}
                tabIndex={-1}
                className="mt-0.5 flex flex-wrap items-center gap-2 rounded text-sm text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
              >
                <span className="font-mono font-semibold text-slate-800">{lead.caseNumber}</span>
                <span aria-hidden="true">·</span>
                <span>
                  <span className="sr-only">Status: </span>
                  <strong className="font-semibold text-slate-900">{STATUS_LABELS[lead.status]}</strong>
                </span>
                <UrgencyBadge urgency={lead.urgency} />
                <span>
                  · <When at={lead.createdAt} />
                </span>
              </p>
              <p role="status" className="sr-only">
                {notice}
              </p>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close"
                className="-mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>

          <div data-dialog-actions="" className="border-b border-slate-200 px-5 py-3 sm:px-6">
            {losing ? (
              <form onSubmit={confirmLost} noValidate className="flex flex-col gap-2">
                {warnLosing && (
                  <p
                    id="lost-warning"
                    className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300"
                  >
                    <strong className="font-semibold">
                      This lead is {STATUS_LABELS[lead.status].toLowerCase()}: the customer accepted the
                      quote.
                    </strong>{' '}
                    Marking it as lost takes it out of the orders and the month&apos;s revenue. You can reopen
                    it later.
                  </p>
                )}
                <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <div className="flex-1">
                    <Label htmlFor="lost-reason">
                      Reason for losing this lead{' '}
                      <span className="font-normal text-slate-600">(optional)</span>
                    </Label>
                    <input
                      id="lost-reason"
                      autoFocus
                      maxLength={MAX_LOST_REASON}
                      value={reason}
                      onChange={(e) => setReason(e.currentTarget.value)}
                      placeholder="e.g. Price too high, found it locally, no answer"
                      className={`${fieldClass} min-h-11`}
                      aria-describedby={warnLosing ? 'lost-warning' : undefined}
                    />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" onClick={() => setLosing(false)} disabled={busy !== null}>
                      Cancel
                    </Button>
                    <Button type="submit" variant="destructive" disabled={busy !== null}>
                      {busy === 'status' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                      Confirm Lost
                    </Button>
                  </div>
                </div>
              </form>
            ) : (
              <div className="flex flex-wrap gap-2 sm:justify-end">
                {ACTIONS.filter((a) => canTransition(lead.status, a.to)).map((a) => (
                  <Button key={a.to} disabled={busy !== null} onClick={() => changeStatus(a.to)}>
                    {pending === a.to && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                    {a.label}
                  </Button>
                ))}
                {canTransition(lead.status, 'lost') && (
                  <Button variant="outline" disabled={busy !== null} onClick={() => setLosing(true)}>
                    {LEADS_TEXT.markLost}
                  </Button>
                )}
                {lost && (
                  <Button disabled={busy !== null} onClick={reopen} aria-describedby="reopen-hint">
                    {pending === 'reopen' ? (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                    ) : (
                      <RotateCcw className="h-4 w-4" aria-hidden="true" />
                    )}
                    {LEADS_TEXT.reopen}
                  </Button>
                )}
                {lost && (
                  <p id="reopen-hint" className="self-center text-sm text-slate-600">
                    Back to {STATUS_LABELS[lost.left]}, where it was when it was lost
                  </p>
                )}
              </div>
            )}
          </div>

          <div className="px-5 py-5 sm:min-h-0 sm:flex-1 sm:overflow-y-auto sm:px-6">
            {/* one column on a phone, no wider than the screen whatever a text holds (a link in a text) */}
            <QuoteSent lead={lead} sends={sends} />
            {/* a request under another name than its customer's (decision 0193) */}
            <NameCheckFlags checks={lead.nameCheck ? [lead.nameCheck] : []} className="mb-4" />
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <div className="min-w-0 space-y-4">
                <Block title="Contact Information">
                  <dl className="grid grid-cols-2 gap-3">
                    <Field label="Name" value={lead.name} />
                    <Field label="Phone">
                      <PhoneLinks phone={lead.phone} />
                    </Field>
                    <Field label="Email">
                      {lead.email ? (
                        <a href={`mailto:${lead.email}`} className={`${contactLink} wrap-anywhere`}>
                          <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                          {lead.email}
                        </a>
                      ) : (
                        LEADS_TEXT.na
                      )}
                    </Field>
                    <Field label="City" value={cityLabel(lead.city)} />
                    <Field label="Case Number" value={lead.caseNumber} />
                  </dl>
                </Block>
                <Block title="Equipment Details">
                  <dl className="grid grid-cols-2 gap-3">
                    <Field label="Equipment" value={equipmentLabel(lead.equipment)} />
                    <Field label="Make / Model" value={[lead.make, lead.model].filter(Boolean).join(' ')} />
                    <Field label="Year" value={lead.year} />
                    <Field label="Category" value={categoryLabel(lead.partCategory)} />
                    <Field label="Part Number" value={lead.partNumber} />
                  </dl>
                  <div className="mt-3">
                    <PartNameForm lead={lead} />
                  </div>
                </Block>
                <Block title="Description">
                  <p className="whitespace-pre-line break-words text-sm text-slate-800">
                    {lead.description || LEADS_TEXT.noDescription}
                  </p>
                </Block>
                {lead.photos.length > 0 && (
                  <Block title={`Photos (${lead.photos.length})`}>
                    <ul className="grid grid-cols-3 gap-2">
                      {lead.photos.map((src, i) => (
                        <li key={src}>
                          <button
                            type="button"
                            onClick={() => setPhoto(src)}
                            className="block aspect-square w-full overflow-hidden rounded-md border border-slate-200 bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
                          >
                            <img
                              src={leadPhotoPreviewUrl(src)}
                              alt={`Photo ${i + 1} of ${lead.caseNumber}`}
                              className="h-full w-full object-cover"
                              loading="lazy"
                            />
                          </button>
                        </li>
                      ))}
                    </ul>
                  </Block>
                )}
                {lead.notes && (
                  <Block title="Internal notes">
                    <p className="whitespace-pre-line break-words text-sm text-slate-800">{lead.notes}</p>
                  </Block>
                )}
                {lost && (
                  <Block title="Lost Reason">
                    <p className="break-words text-sm text-slate-800">
                      {lead.lostReason ?? 'No reason given'}
                    </p>
                    <p className="mt-1 text-xs text-slate-600">
                      {lost.at ? `Lost ${when(lost.at)}` : 'Lost'}
                      {lost.by ? ` by ${who(lost.by)}` : ''} · was {STATUS_LABELS[lost.left]}
                    </p>
                  </Block>
                )}
              </div>
              <div className="min-w-0 space-y-4">
                {order && <OrderLines order={order} closed={lead.status !== 'ordered'} />}
                <PricingCalculator
                  // a sent quote starts the form again from the new version
                  key={`${lead.id}-${lead.quoteVersion ?? 0}`}
                  lead={lead}
                  markup={markup}
                  now={now}
                  canQuote={canQuote(lead.status)}
                  busy={busy !== null}
                  refused={quote.data?.ok === false ? quote.data.fieldErrors : undefined}
                  onSend={sendQuote}
                />
                <LeadConversation lead={lead} />
                <Block title="History">
                  <LeadTimeline lead={lead} />
                </Block>
              </div>
            </div>
          </div>

          <Dialog.Root open={photo !== null} onOpenChange={(next) => !next && setPhoto(null)}>
            <Dialog.Portal>
              {/* opaque: nothing of the dialog (its buttons) shows through; the focus stays in here and
                  Escape closes the photo only (Radix handles the top layer first) */}
              <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950" />
              <Dialog.Content
                className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-slate-950 p-4"
                aria-describedby={undefined}
              >
                <Dialog.Title className="sr-only">Photo, full size</Dialog.Title>
                {photo && (
                  <img
                    src={photo}
                    alt="Customer photo, full size"
                    className="max-h-[85vh] max-w-full rounded-md object-contain"
                  />
                )}
                <div className="flex gap-2">
                  {photo && (
                    <a
                      href={photo}
                      target="_blank"
                      rel="noreferrer"
                      className="rounded-md bg-white px-4 py-2.5 text-sm font-semibold text-slate-900"
                    >
                      Open original
                    </a>
                  )}
                  <Dialog.Close asChild>
                    <Button variant="outline">Close photo</Button>
                  </Dialog.Close>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
