/**
 * The Lead Details dialog (SPEC §2, §7, §8): contact, equipment, description, photos (full size on
 * click), the pricing calculator with the quote's versions (issue 28), staff's internal notes, the
 * history, and the actions the state machine allows (Mark as Lost asks for a reason, which staff
 * may leave blank), and the conversation with the customer by text (issue 8). The lead comes from
 * the loader of admin/leads/:id (routes/admin-lead-details.tsx); a status change and the quote are
 * posted to its action (intents 'status' and 'quote'), and once the screen has revalidated the
 * dialog says so and closes, giving the focus back to the lead's card.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { useState } from 'react';
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
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { canQuote, canTransition, STATUS_LABELS } from '#app/modules/leads/status.ts';
import { focusLeadCard } from './lead-board.tsx';
import { categoryLabel, cityLabel, equipmentLabel, formatDateTime } from './lead-labels.ts';
import { LeadConversation } from './lead-conversation.tsx';
import { LeadTimeline } from './lead-timeline.tsx';
import { PricingCalculator } from './pricing-calculator.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{value || LEADS_TEXT.na}</dd>
    </div>
  );
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
  now,
  onClose,
}: {
  lead: LeadDetails;
  /** the time the lead was read at: whether its quote still holds */
  now: Date;
  onClose: () => void;
}) {
  const [losing, setLosing] = useState(false);
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);

  const statusChange = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) return toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    toast(LEADS_TEXT.updated);
    onClose();
  });
  const quote = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) return toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    toast(LEADS_TEXT.quoteSent);
    onClose();
  });
  const busy = statusChange.state !== 'idle' ? 'status' : quote.state !== 'idle' ? 'quote' : null;

  function changeStatus(status: LeadStatus, lostReason?: string) {
    void statusChange.submit({ intent: 'status', status, reason: lostReason ?? '' }, { method: 'post' });
  }

  function sendQuote(payload: QuotePayload) {
    // the options as fields named by their path ('options.1.cost'), the server's names for them
    void quote.submit({ intent: 'quote', ...quotePayloadFields(payload) }, { method: 'post' });
  }

  function confirmLost(event: React.FormEvent) {
    event.preventDefault();
    // the reason helps staff learn why leads are lost, but it is not required (SPEC §7)
    changeStatus('lost', reason.trim() || undefined);
  }

  return (
    <Dialog.Root open onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(94vw,60rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // back to the lead's card, in whatever column it is now (the page heading if it left the board)
            event.preventDefault();
            focusLeadCard(lead.id);
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold">Lead Details</Dialog.Title>
              <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span className="font-mono font-semibold text-slate-800">{lead.caseNumber}</span>
                <span>·</span>
                <span>{STATUS_LABELS[lead.status]}</span>
                <UrgencyBadge urgency={lead.urgency} />
                <span>· {formatDateTime(lead.createdAt)}</span>
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

          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
            {/* one column on a phone, no wider than the screen whatever a text holds (a link in a text) */}
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <div className="min-w-0 space-y-4">
                <Block title="Contact Information">
                  <dl className="grid grid-cols-2 gap-3">
                    <Field label="Name" value={lead.name} />
                    <Field label="Phone" value={lead.phone} />
                    <Field label="Email" value={lead.email} />
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
                              src={src}
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
                {lead.status === 'lost' && lead.lostReason && (
                  <Block title="Lost Reason">
                    <p className="text-sm text-slate-800">{lead.lostReason}</p>
                  </Block>
                )}
              </div>
              <div className="min-w-0 space-y-4">
                <PricingCalculator
                  key={lead.id}
                  lead={lead}
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

          <div data-dialog-actions="" className="border-t border-slate-200 px-5 py-4 sm:px-6">
            {losing ? (
              <form
                onSubmit={confirmLost}
                noValidate
                className="flex flex-col gap-2 sm:flex-row sm:items-end"
              >
                <div className="flex-1">
                  <Label htmlFor="lost-reason">
                    Reason for losing this lead <span className="font-normal text-slate-600">(optional)</span>
                  </Label>
                  <input
                    id="lost-reason"
                    autoFocus
                    maxLength={MAX_LOST_REASON}
                    value={reason}
                    onChange={(e) => setReason(e.currentTarget.value)}
                    placeholder="e.g. Price too high, found it locally, no answer"
                    className={`${fieldClass} min-h-11`}
                  />
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" onClick={() => setLosing(false)} disabled={busy !== null}>
                    Cancel
                  </Button>
                  <Button type="submit" variant="destructive" disabled={busy !== null}>
                    {busy === 'status' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                    Confirm Lost
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex flex-wrap justify-end gap-2">
                {ACTIONS.filter((a) => canTransition(lead.status, a.to)).map((a) => (
                  <Button key={a.to} disabled={busy !== null} onClick={() => changeStatus(a.to)}>
                    {a.label}
                  </Button>
                ))}
                {canTransition(lead.status, 'lost') && (
                  <Button variant="outline" disabled={busy !== null} onClick={() => setLosing(true)}>
                    {LEADS_TEXT.markLost}
                  </Button>
                )}
              </div>
            )}
          </div>
          <Dialog.Root open={photo !== null} onOpenChange={(next) => !next && setPhoto(null)}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/85" />
              <Dialog.Content
                className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 p-4"
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
