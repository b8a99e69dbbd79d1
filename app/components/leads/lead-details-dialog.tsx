/**
 * The Lead Details dialog (SPEC §2, §7, §8): contact, equipment, description, photos (full size on
 * click), the pricing calculator, notes, the history, and the actions the state machine allows
 * (Mark as Lost asks for a reason, which staff may leave blank), and the conversation with the customer by text (issue 8).
 * Loads GET /api/leads/{id}, and again every REFRESH_MS while open so texts in and delivery
 * statuses show up; changes with PATCH, the quote and POST /api/leads/{id}/messages.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { adminApi, errorMessage, fieldErrorsFrom } from '#app/components/admin/admin-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  LEADS_TEXT,
  MAX_LOST_REASON,
  type LeadDetails,
  type QuotePayload,
} from '#app/modules/leads/lead-admin.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { canQuote, canTransition, STATUS_LABELS } from '#app/modules/leads/status.ts';
import { categoryLabel, cityLabel, equipmentLabel, formatDateTime } from './lead-labels.ts';
import { LeadConversation } from './lead-conversation.tsx';
import { LeadTimeline } from './lead-timeline.tsx';
import { PricingCalculator } from './pricing-calculator.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

/** How often an open dialog re-reads its lead (new texts, delivery statuses). */
export const REFRESH_MS = 15_000;

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
  leadId,
  onClose,
  onChanged,
}: {
  leadId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [lead, setLead] = useState<LeadDetails | null>(null);
  const [busy, setBusy] = useState<'status' | 'quote' | null>(null);
  const [losing, setLosing] = useState(false);
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);

  // the page keys this dialog by lead, so every lead starts from fresh state
  useEffect(() => {
    if (leadId === null) return;
    let current = true;
    adminApi.leads
      .get(leadId)
      .then((data) => current && setLead(data))
      .catch((err: unknown) => {
        if (!current) return;
        toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
        onClose();
      });
    return () => {
      current = false;
    };
  }, [leadId, onClose]);

  // texts in and delivery reports arrive while staff look at the lead: re-read it now and then
  // (only while the tab is visible; a failed refresh is silent, the next one tries again)
  useEffect(() => {
    if (leadId === null) return;
    let current = true;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      adminApi.leads
        .get(leadId)
        .then((data) => current && setLead(data))
        .catch(() => {});
    }, REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [leadId]);

  async function changeStatus(status: LeadStatus, lostReason?: string) {
    if (!lead) return;
    setBusy('status');
    try {
      await adminApi.leads.changeStatus(lead.id, lostReason ? { status, reason: lostReason } : { status });
      toast(LEADS_TEXT.updated);
      onChanged();
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  /** Sends the quote; answers the server's field messages for the calculator (none on success). */
  async function sendQuote(payload: QuotePayload): Promise<Record<string, string>> {
    if (!lead) return {};
    setBusy('quote');
    try {
      await adminApi.leads.sendQuote(lead.id, payload);
      toast(LEADS_TEXT.quoteSent);
      onChanged();
      onClose();
      return {};
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
      return fieldErrorsFrom(err);
    } finally {
      setBusy(null);
    }
  }

  function confirmLost(event: React.FormEvent) {
    event.preventDefault();
    // the reason helps staff learn why leads are lost, but it is not required (SPEC §7)
    void changeStatus('lost', reason.trim() || undefined);
  }

  const open = leadId !== null;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(94vw,60rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl"
          aria-describedby={undefined}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold">Lead Details</Dialog.Title>
              {lead && (
                <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <span className="font-mono font-semibold text-slate-800">{lead.caseNumber}</span>
                  <span>·</span>
                  <span>{STATUS_LABELS[lead.status]}</span>
                  <UrgencyBadge urgency={lead.urgency} />
                  <span>· {formatDateTime(lead.createdAt)}</span>
                </p>
              )}
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
            {!lead ? (
              <p className="flex items-center gap-2 py-10 text-sm text-slate-600" role="status">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                Loading lead…
              </p>
            ) : (
              <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
                <div className="space-y-4">
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
                    <Block title="Notes">
                      <p className="whitespace-pre-line break-words text-sm text-slate-800">{lead.notes}</p>
                    </Block>
                  )}
                  {lead.status === 'lost' && lead.lostReason && (
                    <Block title="Lost Reason">
                      <p className="text-sm text-slate-800">{lead.lostReason}</p>
                    </Block>
                  )}
                </div>
                <div className="space-y-4">
                  <PricingCalculator
                    key={lead.id}
                    lead={lead}
                    canQuote={canQuote(lead.status)}
                    busy={busy !== null}
                    onSend={sendQuote}
                  />
                  <LeadConversation lead={lead} onUpdated={setLead} />
                  <Block title="History">
                    <LeadTimeline lead={lead} />
                  </Block>
                </div>
              </div>
            )}
          </div>

          {lead && (
            <div data-dialog-actions="" className="border-t border-slate-200 px-5 py-4 sm:px-6">
              {losing ? (
                <form
                  onSubmit={confirmLost}
                  noValidate
                  className="flex flex-col gap-2 sm:flex-row sm:items-end"
                >
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
                    <Button key={a.to} disabled={busy !== null} onClick={() => void changeStatus(a.to)}>
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
          )}
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
