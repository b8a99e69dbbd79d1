/**
 * A customer's page (app/routes/admin-customer.tsx): who they are (name, company, fleet badge,
 * phone to call or text, e-mail), their totals and notes, then their newest requests (each opening
 * its lead; 'Show all' for the rest), those requests' quotes (each version's options, the accepted
 * one marked) and ordered parts (step and supplier), and the newest messages (the conversation, as
 * the inbox shows it). 'Edit customer' and 'Merge with
 * another customer' open dialogs; a merged customer's page says so and links to the one kept.
 */
import { Loader2, Mail } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx';
import {
  DialogActions,
  DialogBody,
  DialogFrame,
  EditorDialog,
} from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { fieldMessages as firstMessages, useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { contactLink, PhoneLinks } from '#app/components/leads/phone-links.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, fieldMessages, Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { CUSTOMER_TEXT, customerLabel, customerPhone } from '#app/modules/customers/customers.ts';
import { customersHref, type CustomerRow, type CustomerScreenData } from '#app/modules/customers/screens.ts';
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import { shortDay } from '#app/modules/orders/orders.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { FleetBadge, linkButtonClass } from './customers-screen.tsx';
import { ThreadList } from './thread-list.tsx';

const LEAD_COLUMNS = [
  CUSTOMER_TEXT.caseNumber,
  CUSTOMER_TEXT.part,
  CUSTOMER_TEXT.status,
  CUSTOMER_TEXT.price,
  CUSTOMER_TEXT.date,
] as const;

export function CustomerScreen(page: CustomerScreenData) {
  const { customer } = page;
  const [open, setOpen] = useState<'edit' | 'merge' | null>(null);
  const merged = customer.mergedInto !== null;
  return (
    <section>
      <Link to="/admin/customers" className="text-sm font-medium text-blue-800 underline underline-offset-2">
        {CUSTOMER_TEXT.allCustomers}
      </Link>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold">{customer.name}</h1>
          {customer.company && <p className="mt-1 break-words text-slate-700">{customer.company}</p>}
          {customer.fleet && <FleetBadge className="mt-2" />}
        </div>
        {!merged && (
          <div className="flex flex-wrap gap-2">
            <Button variant="accent" onClick={() => setOpen('edit')}>
              {CUSTOMER_TEXT.edit}
            </Button>
            <Button variant="outline" onClick={() => setOpen('merge')}>
              {CUSTOMER_TEXT.merge}
            </Button>
          </div>
        )}
      </div>
      {merged && (
        <p role="note" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-950">
          {CUSTOMER_TEXT.mergedAway}{' '}
          <Link to={`/admin/customers/${customer.mergedInto}`} className="font-semibold underline">
            {CUSTOMER_TEXT.openMerged}
          </Link>
        </p>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Block id="section-contact" title={CUSTOMER_TEXT.contact}>
            <dl className="grid gap-3">
              <Fact label={CUSTOMER_TEXT.phone}>
                {customer.phone ? <PhoneLinks phone={customer.phone} /> : '—'}
              </Fact>
              <Fact label={CUSTOMER_TEXT.email}>
                {customer.email ? (
                  <a href={`mailto:${customer.email}`} className={cn(contactLink, 'wrap-anywhere')}>
                    <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {customer.email}
                  </a>
                ) : (
                  '—'
                )}
              </Fact>
            </dl>
          </Block>
          <Block id="section-totals" title={CUSTOMER_TEXT.totals}>
            <dl className="grid grid-cols-2 gap-3">
              <Fact label={CUSTOMER_TEXT.totalSpent}>{formatMoney(customer.totalSpent)}</Fact>
              <Fact label={CUSTOMER_TEXT.leads}>{customer.leadCount}</Fact>
              <Fact label={CUSTOMER_TEXT.firstContact}>{customer.firstContact ?? '—'}</Fact>
              <Fact label={CUSTOMER_TEXT.lastContact}>{customer.lastContact ?? '—'}</Fact>
            </dl>
          </Block>
          <Block id="section-notes" title={CUSTOMER_TEXT.notes}>
            <p className="whitespace-pre-line break-words text-sm text-slate-800">
              {customer.notes ?? CUSTOMER_TEXT.noNotes}
            </p>
            {customer.noReviews && (
              <p className="mt-2 text-sm font-medium text-slate-700">{CUSTOMER_TEXT.noReviewsSet}</p>
            )}
          </Block>
        </div>

        <div className="min-w-0 space-y-6">
          <Block id="section-leads" title={CUSTOMER_TEXT.leads}>
            {page.leads.length === 0 ? (
              <p className="text-sm text-slate-600">{CUSTOMER_TEXT.noLeads}</p>
            ) : (
              <AdminTable
                label={`${CUSTOMER_TEXT.leads}: ${customer.name}`}
                columns={LEAD_COLUMNS}
                minWidth="lg:min-w-[36rem]"
                loading={false}
              >
                {page.leads.map((lead) => (
                  <AdminRow key={lead.id} data-testid="customer-lead" className="align-top">
                    <AdminCell wide className="lg:whitespace-nowrap">
                      <Link
                        to={`/admin/leads/${lead.id}`}
                        className="font-semibold text-blue-800 underline underline-offset-2"
                      >
                        {lead.caseNumber}
                      </Link>
                    </AdminCell>
                    <AdminCell label={CUSTOMER_TEXT.part} wide className="break-words text-slate-800">
                      {lead.part}
                    </AdminCell>
                    <AdminCell label={CUSTOMER_TEXT.status} className="text-slate-800">
                      {STATUS_LABELS[lead.status] ?? lead.status}
                    </AdminCell>
                    <AdminCell label={CUSTOMER_TEXT.price} className="tabular-nums text-slate-800">
                      {lead.sellPrice === null ? '—' : formatMoney(lead.sellPrice)}
                    </AdminCell>
                    <AdminCell label={CUSTOMER_TEXT.date} className="text-slate-700 lg:whitespace-nowrap">
                      {lead.day}
                    </AdminCell>
                  </AdminRow>
                ))}
              </AdminTable>
            )}
            {page.moreLeads && (
              <p className="mt-3 text-sm text-slate-700">
                {CUSTOMER_TEXT.newestShown(page.leads.length)}{' '}
                {page.requests === 'newest' && (
                  <Link
                    to="?requests=all"
                    preventScrollReset
                    className="font-semibold text-blue-800 underline underline-offset-2"
                  >
                    {CUSTOMER_TEXT.showAll(customer.leadCount)}
                  </Link>
                )}
              </p>
            )}
          </Block>

          <Block id="section-quotes" title={CUSTOMER_TEXT.quotes}>
            {page.quotes.length === 0 ? (
              <p className="text-sm text-slate-600">{CUSTOMER_TEXT.noQuotes}</p>
            ) : (
              <ul className="space-y-3">
                {page.quotes.map((q) => (
                  <li key={`${q.leadId}-${q.version}`} className="rounded-md border border-slate-200 p-3">
                    <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                      <Link
                        to={`/admin/leads/${q.leadId}`}
                        className="font-semibold text-blue-800 underline underline-offset-2"
                      >
                        {CUSTOMER_TEXT.version(q.caseNumber, q.version)}
                      </Link>
                      <span className="text-slate-600">{CUSTOMER_TEXT.sentOn(q.sent)}</span>
                    </p>
                    <ul className="mt-2 space-y-1 text-sm">
                      {q.options.map((o, i) => (
                        <li key={i} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                          <span className="font-medium text-slate-900">
                            {o.label || CUSTOMER_TEXT.option(i + 1)}
                          </span>
                          <span className="tabular-nums text-slate-800">{formatMoney(o.sellPrice)}</span>
                          <span className="text-slate-600">{CUSTOMER_TEXT.eta(o.etaDays)}</span>
                          {q.acceptedOption === i && (
                            <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900">
                              {CUSTOMER_TEXT.accepted}
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </Block>

          <Block id="section-orders" title={CUSTOMER_TEXT.orders}>
            {page.orders.length === 0 ? (
              <p className="text-sm text-slate-600">{CUSTOMER_TEXT.noOrders}</p>
            ) : (
              <ul className="space-y-3">
                {page.orders.map((line) => (
                  <li key={line.lineId} className="rounded-md border border-slate-200 p-3 text-sm">
                    <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="break-words font-medium text-slate-900">{line.part}</span>
                      <span className="text-slate-700">{CUSTOMER_TEXT.steps[line.step] ?? line.step}</span>
                    </p>
                    <p className="mt-1 break-words text-slate-700">
                      <Link
                        to={`/admin/leads/${line.leadId}`}
                        className="font-semibold text-blue-800 underline underline-offset-2"
                      >
                        {line.caseNumber}
                      </Link>
                      {line.supplierName && ` · ${CUSTOMER_TEXT.supplier}: ${line.supplierName}`}
                      {line.promisedDate && ` · ${CUSTOMER_TEXT.promised} ${shortDay(line.promisedDate)}`}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Block>

          <Block id="section-messages" title={CUSTOMER_TEXT.messages}>
            {page.thread.length === 0 ? (
              <p className="text-sm text-slate-600">{CUSTOMER_TEXT.noMessages}</p>
            ) : (
              <>
                <ThreadList label={CUSTOMER_TEXT.messages} thread={page.thread} />
                {!merged && (
                  <Link to={`/admin/inbox/${customer.id}`} className={cn(linkButtonClass, 'mt-3')}>
                    {CUSTOMER_TEXT.openInbox}
                  </Link>
                )}
              </>
            )}
          </Block>
        </div>
      </div>

      {open === 'edit' && <EditCustomerDialog customer={customer} onClose={() => setOpen(null)} />}
      {open === 'merge' && <MergeDialog customer={customer} onClose={() => setOpen(null)} />}
    </section>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The service's words for a change it refused, at the top of a dialog. */
function Refusal({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}

type EditField = 'name' | 'company' | 'notes';

/** 'Edit customer': name, company, notes, fleet account and 'Do not ask for reviews'. */
function EditCustomerDialog({
  customer,
  onClose,
}: {
  customer: CustomerScreenData['customer'];
  onClose: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const fetcher = useStaffFetcher<ActionAnswer>((answer) => {
    if (answer.ok) {
      toast({ title: CUSTOMER_TEXT.saved });
      onClose();
      return;
    }
    const fields = firstMessages(answer.fieldErrors);
    setErrors(fields);
    setMessage(Object.keys(fields).length ? null : answer.message);
  });
  const busy = fetcher.state !== 'idle';
  const { field, error } = fieldMessages<EditField>(
    'customer',
    Object.fromEntries(Object.entries(errors).map(([k, text]) => [k, { message: text }])),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set('intent', 'update');
    setMessage(null);
    void fetcher.submit(form, { method: 'post' });
  };
  return (
    <EditorDialog
      open
      onOpenChange={(next) => !next && onClose()}
      busy={busy}
      title={CUSTOMER_TEXT.edit}
      size="narrow"
      initialFocus="customer-name"
      onSubmit={submit}
      submitLabel={CUSTOMER_TEXT.save}
      busyLabel={CUSTOMER_TEXT.saving}
    >
      <div className="grid gap-4">
        {message && <Refusal message={message} />}
        <FieldRow id="customer-name" label={CUSTOMER_TEXT.name} required>
          <Input
            {...field('name')}
            name="name"
            defaultValue={customer.name}
            maxLength={120}
            autoComplete="off"
          />
          {error('name')}
        </FieldRow>
        <FieldRow id="customer-company" label={CUSTOMER_TEXT.company}>
          <Input
            {...field('company')}
            name="company"
            defaultValue={customer.company ?? ''}
            maxLength={120}
            autoComplete="off"
          />
          {error('company')}
        </FieldRow>
        <FieldRow id="customer-notes" label={CUSTOMER_TEXT.notes}>
          <textarea
            {...field('notes')}
            name="notes"
            rows={4}
            maxLength={4000}
            defaultValue={customer.notes ?? ''}
            className={cn(fieldClass, 'min-h-24 resize-y')}
            aria-describedby={
              [field('notes')['aria-describedby'], 'customer-notes-hint'].filter(Boolean).join(' ') ||
              undefined
            }
          />
          <p id="customer-notes-hint" className="mt-1 text-sm text-slate-600">
            {CUSTOMER_TEXT.notesHint}
          </p>
          {error('notes')}
        </FieldRow>
        <div className="flex items-start gap-2">
          <input
            id="customer-fleet"
            type="checkbox"
            name="fleet"
            defaultChecked={customer.fleet}
            aria-describedby="customer-fleet-hint"
            className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
          />
          <div>
            <label htmlFor="customer-fleet" className="text-sm font-medium text-slate-800">
              {CUSTOMER_TEXT.fleet}
            </label>
            <p id="customer-fleet-hint" className="text-sm text-slate-600">
              {CUSTOMER_TEXT.fleetHint}
            </p>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input
            id="customer-noReviews"
            type="checkbox"
            name="noReviews"
            defaultChecked={customer.noReviews}
            className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
          />
          <label htmlFor="customer-noReviews" className="text-sm font-medium text-slate-800">
            {CUSTOMER_TEXT.noReviews}
          </label>
        </div>
      </div>
    </EditorDialog>
  );
}

type Found = { customers: CustomerRow[]; next: string | null; error: string | null };

/**
 * 'Merge with another customer': the customers list searched as staff type (the list screen's
 * loader, through a fetcher), one of them chosen as the customer to keep, then Merge. The action
 * answers with the kept customer's page (a redirect); a refusal is said at the top.
 */
function MergeDialog({
  customer,
  onClose,
}: {
  customer: CustomerScreenData['customer'];
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [into, setInto] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const finder = useFetcher<Found>();
  const load = useEffectEvent((term: string) => finder.load(customersHref({ search: term })));
  // the most recent customers at first, then those matching what is typed (after a pause)
  useEffect(() => {
    const timer = setTimeout(() => void load(search), search ? 300 : 0);
    return () => clearTimeout(timer);
  }, [search]);
  const merge = useStaffFetcher<ActionAnswer>((answer) => {
    if (!answer.ok) setMessage(firstMessages(answer.fieldErrors).into ?? answer.message);
  });
  // the answer is the kept customer's page: the fetcher follows the redirect
  const redirecting = merge.state === 'loading' && merge.data === undefined;
  const announced = useRef(false);
  useEffect(() => {
    if (redirecting && !announced.current) {
      announced.current = true;
      toast({ title: CUSTOMER_TEXT.merged });
    }
  }, [redirecting]);
  const busy = merge.state !== 'idle';
  const found = (finder.data?.customers ?? []).filter((c) => c.id !== customer.id);
  const searching = finder.state !== 'idle';
  const confirm = () => {
    if (into === null) {
      setMessage(CUSTOMER_TEXT.mergeChoose);
      return;
    }
    setMessage(null);
    void merge.submit({ intent: 'merge', into: String(into) }, { method: 'post' });
  };
  return (
    <DialogFrame
      open
      onOpenChange={(next) => !next && onClose()}
      busy={busy}
      title={CUSTOMER_TEXT.merge}
      description={CUSTOMER_TEXT.mergeHint}
      size="normal"
      initialFocus="merge-search"
    >
      <DialogBody>
        <div className="grid gap-4">
          {message && <Refusal message={message} />}
          <div>
            <Label htmlFor="merge-search">{CUSTOMER_TEXT.mergeSearch}</Label>
            <Input
              id="merge-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="merge-search-hint"
            />
            <p id="merge-search-hint" className="mt-1 text-sm text-slate-600">
              {CUSTOMER_TEXT.searchHint}
            </p>
          </div>
          <fieldset aria-busy={searching || undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">{CUSTOMER_TEXT.mergeInto}</legend>
            <p role="status" className="sr-only">
              {searching ? CUSTOMER_TEXT.mergeSearching : ''}
            </p>
            {finder.data && found.length === 0 ? (
              <p className="text-sm text-slate-600">{CUSTOMER_TEXT.mergeNone}</p>
            ) : (
              <ul className="grid gap-2">
                {found.map((c) => (
                  <li key={c.id}>
                    <label
                      className={cn(
                        'flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3',
                        into === c.id ? 'border-orange-600 bg-orange-50' : 'border-slate-200',
                      )}
                    >
                      <input
                        type="radio"
                        name="into"
                        value={c.id}
                        checked={into === c.id}
                        onChange={() => setInto(c.id)}
                        className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
                      />
                      <span className="min-w-0 text-sm">
                        <span className="block break-words font-medium text-slate-900">
                          {customerLabel(c)}
                        </span>
                        <span className="block break-words text-slate-600">
                          {[customerPhone(c), c.email, CUSTOMER_TEXT.requestCount(c.leadCount)]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        </div>
      </DialogBody>
      <DialogActions busy={busy}>
        <Button variant="destructive" disabled={busy} onClick={confirm}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {busy ? CUSTOMER_TEXT.merging : CUSTOMER_TEXT.mergeButton}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
