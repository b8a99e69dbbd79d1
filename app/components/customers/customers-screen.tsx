/**
 * The customers screen's body (app/routes/admin-customers.tsx): the search (name, company, phone or
 * e-mail) and 'Sort by' as a form whose answer is the screen's address, the service's words for a
 * search it refused, the customers as a table that becomes cards below 1024 px (name and company
 * with the fleet badge, phone, e-mail, requests, total spent, last contact), each opening the
 * customer's page, and 'More customers' / 'Back to the first page'.
 */
import { type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx';
import { useScreenReloading } from '#app/components/admin/use-screen-reloading.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import {
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  CUSTOMER_TEXT,
  customerPhone,
  type CustomerSort,
} from '#app/modules/customers/customers.ts';
import { customersHref, type CustomerRow } from '#app/modules/customers/screens.ts';
import { formatMoney } from '#app/modules/site/money.ts';

const COLUMNS = [
  CUSTOMER_TEXT.customer,
  CUSTOMER_TEXT.phone,
  CUSTOMER_TEXT.email,
  CUSTOMER_TEXT.leads,
  CUSTOMER_TEXT.totalSpent,
  CUSTOMER_TEXT.lastContact,
] as const;
/** product.md §9: skeleton lists show 5 rows. */
const SKELETON_ROWS = 5;

export const linkButtonClass =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-100';

/** 'Fleet account', beside a customer's name. */
export function FleetBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-block whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900',
        className,
      )}
    >
      {CUSTOMER_TEXT.fleet}
    </span>
  );
}

export function CustomersScreen({
  customers,
  next,
  error,
  search,
  sort,
  after,
}: {
  customers: CustomerRow[];
  next: string | null;
  error: string | null;
  search: string;
  sort: CustomerSort | '';
  after: string;
}) {
  const loading = useScreenReloading();
  return (
    <section>
      <h1 className="text-2xl font-bold">{CUSTOMER_TEXT.title}</h1>
      <p className="mt-1 text-slate-600">{CUSTOMER_TEXT.subtitle}</p>
      {/* a new address gives the form its values afresh */}
      <SearchForm key={`${search}|${sort}`} search={search} sort={sort} />
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-800"
        >
          {error}
        </p>
      )}
      <div className="mt-6">
        <AdminTable
          label={CUSTOMER_TEXT.list}
          columns={COLUMNS}
          minWidth="lg:min-w-[60rem]"
          loading={loading}
        >
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <AdminRow key={i} aria-hidden="true">
                {COLUMNS.map((c) => (
                  <AdminCell key={c} className="py-3">
                    <div className="h-3.5 w-20 animate-pulse rounded bg-slate-200" />
                  </AdminCell>
                ))}
              </AdminRow>
            ))
          ) : customers.length === 0 ? (
            <AdminRow>
              <AdminCell wide colSpan={COLUMNS.length} className="py-14 text-center text-slate-600">
                {search ? CUSTOMER_TEXT.noMatch : CUSTOMER_TEXT.none}
              </AdminCell>
            </AdminRow>
          ) : (
            customers.map((c) => <CustomerTableRow key={c.id} customer={c} />)
          )}
        </AdminTable>
      </div>
      {(after !== '' || next !== null) && (
        <nav aria-label={CUSTOMER_TEXT.pages} className="mt-4 flex flex-wrap gap-2">
          {after !== '' && (
            <Link to={customersHref({ search, sort })} className={linkButtonClass}>
              {CUSTOMER_TEXT.firstPage}
            </Link>
          )}
          {next !== null && (
            <Link to={customersHref({ search, sort, after: next })} className={linkButtonClass}>
              {CUSTOMER_TEXT.more}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

function SearchForm({ search, sort }: { search: string; sort: CustomerSort | '' }) {
  const navigate = useNavigate();
  // the address holds only what narrows the list: no '?search=&sort=last_contact'
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void navigate(
      customersHref({ search: String(form.get('search') ?? ''), sort: String(form.get('sort') ?? '') }),
    );
  };
  return (
    <form
      method="get"
      action="/admin/customers"
      role="search"
      aria-label={CUSTOMER_TEXT.search}
      onSubmit={submit}
      className="mt-6"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-start">
        <div>
          <Label htmlFor="customer-search">{CUSTOMER_TEXT.search}</Label>
          <Input
            id="customer-search"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="customer-search-hint"
          />
          <p id="customer-search-hint" className="mt-1 text-sm text-slate-600">
            {CUSTOMER_TEXT.searchHint}
          </p>
        </div>
        <div>
          <Label htmlFor="customer-sort">{CUSTOMER_TEXT.sortBy}</Label>
          <select
            id="customer-sort"
            name="sort"
            defaultValue={sort || 'last_contact'}
            className={cn(fieldClass, 'min-h-11')}
          >
            {CUSTOMER_SORTS.map((s) => (
              <option key={s} value={s}>
                {CUSTOMER_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {/* level with the fields, below their labels */}
        <div className="flex flex-wrap gap-2 sm:mt-[1.625rem]">
          <Button type="submit" variant="primary">
            {CUSTOMER_TEXT.searchButton}
          </Button>
          {search && (
            <Link to={customersHref({ sort })} className={linkButtonClass}>
              {CUSTOMER_TEXT.allCustomers}
            </Link>
          )}
        </div>
      </div>
    </form>
  );
}

function CustomerTableRow({ customer: c }: { customer: CustomerRow }) {
  const phone = customerPhone(c);
  return (
    <AdminRow data-testid="customer-row" className="align-top">
      {/* on a card: the name, the e-mail across the card, then the figures two to a line */}
      <AdminCell wide className="max-lg:-order-2">
        <Link
          to={`/admin/customers/${c.id}`}
          className="break-words font-medium text-blue-800 underline underline-offset-2"
        >
          {c.name}
        </Link>
        {c.company && <span className="block break-words text-slate-600">{c.company}</span>}
        {c.fleet && <FleetBadge className="mt-1" />}
      </AdminCell>
      <AdminCell label={CUSTOMER_TEXT.phone} className="tabular-nums text-slate-700 lg:whitespace-nowrap">
        {phone || '—'}
      </AdminCell>
      <AdminCell label={CUSTOMER_TEXT.email} wide className="wrap-anywhere text-slate-700 max-lg:-order-1">
        {c.email ?? '—'}
      </AdminCell>
      <AdminCell label={CUSTOMER_TEXT.leads} className="tabular-nums text-slate-700">
        {c.leadCount}
      </AdminCell>
      <AdminCell label={CUSTOMER_TEXT.totalSpent} className="tabular-nums text-slate-700">
        {formatMoney(c.totalSpent)}
      </AdminCell>
      <AdminCell label={CUSTOMER_TEXT.lastContact} className="text-slate-700 lg:whitespace-nowrap">
        {c.lastContact ?? '—'}
      </AdminCell>
    </AdminRow>
  );
}
