/**
 * A customer's page (app/routes/admin-customer.tsx): who they are (name, company, fleet badge,
 * phone to call or text, e-mail), their totals and notes, then their newest requests (each opening
 * its lead; 'Show all' for the rest), those requests' quotes (each version's options, the accepted
 * one marked) and ordered parts (step and supplier), and the newest messages (the conversation, as
 * the inbox shows it). 'Edit customer' and 'Merge with another customer' open dialogs
 * (edit-customer-dialog.tsx, merge-dialog.tsx); a merged customer's page says so and links to the
 * one kept.
 */
import { Mail } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx';
import { contactLink, PhoneLinks } from '#app/components/leads/phone-links.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { CUSTOMER_TEXT } from '#app/modules/customers/customers.ts';
import type { CustomerScreenData } from '#app/modules/customers/screens.ts';
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import { shortDay } from '#app/modules/orders/orders.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { FleetBadge, linkButtonClass } from './customers-screen.tsx';
import { EditCustomerDialog } from './edit-customer-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';
import { NameCheckFlags } from './name-check-flag.tsx';
import { ThreadList } from './thread-list.tsx';

const LEAD_COLUMNS = [
  CUSTOMER_TEXT.caseNumber,
  CUSTOMER_TEXT.part,
  CUSTOMER_TEXT.status,
  CUSTOMER_TEXT.price,
  CUSTOMER_TEXT.date,
] as const;

export function CustomerScreen(page: CustomerScreenData & { mayMerge: boolean }) {
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
            {page.mayMerge && (
              <Button variant="outline" onClick={() => setOpen('merge')}>
                {CUSTOMER_TEXT.merge}
              </Button>
            )}
          </div>
        )}
      </div>
      <NameCheckFlags checks={page.nameChecks} linked={false} className="mt-4" />
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
