/**
 * The audit log screen's body (app/routes/admin-audit.tsx): the filters (Person, Action, From,
 * Until) as a form whose answer is the screen's address, the service's words for a filter it does
 * not know, the entries as a table that becomes cards below 1024 px (when in Winnipeg time, who,
 * what, the subject, before → after: a sign-in's address and browser in words, the raw ones
 * behind a disclosure), and 'Older entries' / 'Newest entries'.
 */
import { type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx';
import { RawRecord } from '#app/components/admin/raw-record.tsx';
import { useScreenReloading } from '#app/components/admin/use-screen-reloading.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import {
  actionLabel,
  AUDIT_ACTIONS,
  AUDIT_FILTERS,
  AUDIT_TEXT,
  auditHref,
  changeOf,
  rawRecordOf,
  subjectOf,
  actorOf,
  type AuditFilters,
  type AuditRow,
} from '#app/modules/team/audit.ts';
import type { TeamMember } from '#app/modules/team/team.ts';

const COLUMNS = ['When', 'Who', 'Action', 'Subject', 'Before → after'] as const;
/** product.md §9: skeleton lists show 5 rows. */
const SKELETON_ROWS = 5;

const linkClass =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-100';

export function AuditScreen({
  filters,
  before,
  members,
  entries,
  next,
  error,
}: {
  filters: AuditFilters;
  before: string | null;
  members: TeamMember[];
  entries: AuditRow[];
  next: number | null;
  error: string | null;
}) {
  const loading = useScreenReloading();
  const filtered = Object.keys(filters).length > 0;
  return (
    <section>
      <h1 className="text-2xl font-bold">{AUDIT_TEXT.title}</h1>
      <p className="mt-1 text-slate-600">{AUDIT_TEXT.subtitle}</p>
      {/* a new address gives the form its values afresh */}
      <AuditFilterForm key={auditHref(filters)} filters={filters} members={members} filtered={filtered} />
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-800"
        >
          {error}
        </p>
      )}
      <div className="mt-6">
        <AdminTable label="Audit entries" columns={COLUMNS} minWidth="lg:min-w-[60rem]" loading={loading}>
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
          ) : entries.length === 0 ? (
            <AdminRow>
              <AdminCell wide colSpan={COLUMNS.length} className="py-14 text-center text-slate-600">
                {filtered ? AUDIT_TEXT.noneFiltered : AUDIT_TEXT.none}
              </AdminCell>
            </AdminRow>
          ) : (
            entries.map((entry) => <EntryRow key={entry.id} entry={entry} members={members} />)
          )}
        </AdminTable>
      </div>
      {(before !== null || next !== null) && (
        <nav aria-label="Pages of the audit log" className="mt-4 flex flex-wrap gap-2">
          {before !== null && (
            <Link to={auditHref(filters)} className={linkClass}>
              {AUDIT_TEXT.newest}
            </Link>
          )}
          {next !== null && (
            <Link to={auditHref(filters, next)} className={linkClass}>
              {AUDIT_TEXT.older}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

function AuditFilterForm({
  filters,
  members,
  filtered,
}: {
  filters: AuditFilters;
  members: TeamMember[];
  filtered: boolean;
}) {
  const navigate = useNavigate();
  // the address holds only the filters that filter: no '?actor=&action='
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void navigate(
      auditHref(Object.fromEntries(AUDIT_FILTERS.map((name) => [name, String(form.get(name) ?? '')]))),
    );
  };
  return (
    <form
      method="get"
      action="/admin/audit"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto_auto] lg:items-end"
    >
      <div>
        <Label htmlFor="audit-actor">{AUDIT_TEXT.person}</Label>
        <Input
          id="audit-actor"
          name="actor"
          list="audit-people"
          defaultValue={filters.actor ?? ''}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          placeholder={AUDIT_TEXT.personHint}
        />
        <datalist id="audit-people">
          {members.map((m) => (
            <option key={m.id} value={m.username}>
              {m.displayName}
            </option>
          ))}
        </datalist>
      </div>
      <div>
        <Label htmlFor="audit-action">{AUDIT_TEXT.action}</Label>
        <select
          id="audit-action"
          name="action"
          defaultValue={filters.action ?? ''}
          className={cn(fieldClass, 'min-h-11')}
        >
          <option value="">{AUDIT_TEXT.anyAction}</option>
          {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
          {/* an action the list does not name, from the address: kept, so the form says what is shown */}
          {filters.action && !Object.hasOwn(AUDIT_ACTIONS, filters.action) && (
            <option value={filters.action}>{actionLabel(filters.action)}</option>
          )}
        </select>
      </div>
      <div>
        <Label htmlFor="audit-from">{AUDIT_TEXT.from}</Label>
        <Input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </div>
      <div>
        <Label htmlFor="audit-until">{AUDIT_TEXT.until}</Label>
        <Input id="audit-until" name="until" type="date" defaultValue={filters.until ?? ''} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" variant="primary">
          {AUDIT_TEXT.show}
        </Button>
        {filtered && (
          <Link to="/admin/audit" className={linkClass}>
            {AUDIT_TEXT.clear}
          </Link>
        )}
      </div>
    </form>
  );
}

function EntryRow({ entry, members }: { entry: AuditRow; members: TeamMember[] }) {
  const subject = subjectOf(entry.subject, members);
  const change = changeOf(entry);
  const raw = rawRecordOf(entry);
  return (
    <AdminRow data-testid="audit-entry" className="align-top">
      <AdminCell label="When" className="tabular-nums text-slate-700 lg:whitespace-nowrap">
        <time dateTime={entry.at}>{entry.when}</time>
      </AdminCell>
      <AdminCell label="Who" className="break-words text-slate-900">
        {actorOf(entry, members)}
      </AdminCell>
      <AdminCell label="Action" className="font-medium text-slate-900">
        {actionLabel(entry.action)}
      </AdminCell>
      <AdminCell label="Subject" className="break-words text-slate-700">
        {subject?.href ? (
          // a case number reads whole (Q-10423, never 'Q-' above '10423')
          <Link
            to={subject.href}
            className={cn('text-blue-800 underline', /^Q-\d+$/.test(subject.text) && 'whitespace-nowrap')}
          >
            {subject.text}
          </Link>
        ) : (
          (subject?.text ?? '—')
        )}
      </AdminCell>
      <AdminCell label="Before → after" wide className="break-words text-slate-700">
        {change || '—'}
        {raw && <RawRecord summary={AUDIT_TEXT.raw} facts={raw} />}
      </AdminCell>
    </AdminRow>
  );
}
