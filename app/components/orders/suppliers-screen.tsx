/**
 * The suppliers screen's body (app/routes/admin-suppliers.tsx): 'Add supplier', the list as cards
 * that fit a 390 px phone (name, phone and e-mail as links, lead time, account number, notes), each
 * with Edit and Archive (or Restore, in the archived view), and the supplier dialog.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import type { Supplier } from '#app/modules/orders/orders.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { formatPhone } from '#app/modules/site/phone.ts';

export const SUPPLIERS_TEXT = {
  title: 'Suppliers',
  subtitle: 'Whom we buy parts from.',
  add: 'Add supplier',
  edit: 'Edit',
  archive: 'Archive',
  restore: 'Restore',
  showArchived: 'Show archived',
  showCurrent: 'Show current',
  none: 'No suppliers yet. Add the ones you buy from.',
  saved: 'Supplier saved',
  saving: 'Saving...',
  save: 'Save supplier',
  leadTime: (days: number) => (days === 1 ? 'Usually 1 day' : `Usually ${days} days`),
} as const;

type Answer = ActionAnswer<{ supplier?: Supplier }>;

export function SuppliersScreen({ suppliers, archived }: { suppliers: Supplier[]; archived: boolean }) {
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{SUPPLIERS_TEXT.title}</h1>
          <p className="mt-1 text-slate-600">{SUPPLIERS_TEXT.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={archived ? '?' : '?archived=1'}
            className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-100"
          >
            {archived ? SUPPLIERS_TEXT.showCurrent : SUPPLIERS_TEXT.showArchived}
          </Link>
          <Button variant="accent" onClick={() => setEditing('new')}>
            {SUPPLIERS_TEXT.add}
          </Button>
        </div>
      </div>
      {suppliers.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {SUPPLIERS_TEXT.none}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {suppliers.map((s) => (
            <SupplierCard key={s.id} supplier={s} onEdit={() => setEditing(s)} />
          ))}
        </ul>
      )}
      {editing !== null && (
        <SupplierDialog supplier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}

function SupplierCard({ supplier: s, onEdit }: { supplier: Supplier; onEdit: () => void }) {
  const fetcher = useStaffFetcher<Answer>((answer) => {
    if (!answer.ok) toast({ title: 'Not changed', description: answer.message, variant: 'destructive' });
  });
  const busy = fetcher.state !== 'idle';
  const archive = () =>
    fetcher.submit({ intent: s.archived ? 'restore' : 'archive', id: String(s.id) }, { method: 'post' });
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="break-words text-base font-semibold">{s.name}</h2>
      <dl className="mt-1 space-y-0.5 text-sm text-slate-700">
        {s.phone && (
          <div>
            <dt className="sr-only">Phone</dt>
            <dd>
              <a className="text-blue-800 underline" href={`tel:${s.phone.replace(/[^\d+]/g, '')}`}>
                {formatPhone(s.phone)}
              </a>
            </dd>
          </div>
        )}
        {s.email && (
          <div>
            <dt className="sr-only">E-mail</dt>
            <dd className="break-all">
              <a className="text-blue-800 underline" href={`mailto:${s.email}`}>
                {s.email}
              </a>
            </dd>
          </div>
        )}
        {s.leadTimeDays !== null && s.leadTimeDays !== undefined && (
          <div>
            <dt className="sr-only">Lead time</dt>
            <dd>{SUPPLIERS_TEXT.leadTime(s.leadTimeDays)}</dd>
          </div>
        )}
        {s.accountNumber && (
          <div>
            <dt className="inline">Account: </dt>
            <dd className="inline">{s.accountNumber}</dd>
          </div>
        )}
        {s.notes && (
          <div>
            <dt className="sr-only">Notes</dt>
            <dd className="whitespace-pre-line break-words">{s.notes}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {!s.archived && (
          <Button variant="outline" onClick={onEdit} aria-label={`${SUPPLIERS_TEXT.edit} ${s.name}`}>
            {SUPPLIERS_TEXT.edit}
          </Button>
        )}
        <Button
          variant="outline"
          disabled={busy}
          onClick={archive}
          aria-label={`${s.archived ? SUPPLIERS_TEXT.restore : SUPPLIERS_TEXT.archive} ${s.name}`}
        >
          {s.archived ? SUPPLIERS_TEXT.restore : SUPPLIERS_TEXT.archive}
        </Button>
      </div>
    </li>
  );
}

const FIELDS = [
  { name: 'name', label: 'Name', required: true, type: 'text', autoComplete: 'organization' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'website', label: 'Website', type: 'url', autoComplete: 'url' },
  { name: 'accountNumber', label: 'Account number', type: 'text', autoComplete: 'off' },
  { name: 'leadTimeDays', label: 'Usual lead time (days)', type: 'number', autoComplete: 'off' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'] | 'notes';

function SupplierDialog({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const { element, submit, refusal, busy, field, error } = useStaffForm<Answer>({
    id: 'supplier',
    done: () => {
      toast({ title: SUPPLIERS_TEXT.saved });
      onClose();
    },
  });
  const value = (name: FieldName) => {
    const v = supplier?.[name];
    return v === null || v === undefined ? '' : String(v);
  };
  return (
    <EditorDialog
      open
      onOpenChange={(open) => !open && onClose()}
      busy={busy}
      title={supplier ? `Edit ${supplier.name}` : SUPPLIERS_TEXT.add}
      size="narrow"
      initialFocus="supplier-name"
      formRef={element}
      onSubmit={submit(supplier ? { intent: 'update', id: String(supplier.id) } : { intent: 'create' })}
      submitLabel={SUPPLIERS_TEXT.save}
      busyLabel={SUPPLIERS_TEXT.saving}
    >
      <div className="grid gap-4">
        <Refusal message={refusal} />
        {FIELDS.map((f) => (
          <FieldRow key={f.name} id={`supplier-${f.name}`} label={f.label} required={'required' in f}>
            <Input
              {...field(f.name)}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              defaultValue={value(f.name)}
              {...(f.type === 'number' ? { min: 0, max: 365, inputMode: 'numeric' as const } : {})}
            />
            {error(f.name)}
          </FieldRow>
        ))}
        <FieldRow id="supplier-notes" label="Notes">
          <textarea
            {...field('notes')}
            name="notes"
            rows={3}
            className={fieldClass}
            defaultValue={value('notes')}
          />
          {error('notes')}
        </FieldRow>
      </div>
    </EditorDialog>
  );
}
