/**
 * 'Mark ordered' asks for the supplier and the promised date (issue 48 item 7, decision 0195): the
 * small form a part still to order opens in place of a one-press move, on the Orders screen and in
 * the Lead Details dialog. Its fields are the part's own when it has them; both are required, by
 * the same schema in the browser and on the server (markOrderedSchema,
 * app/modules/orders/orders.ts), which says which is missing under it. The
 * focus goes to the supplier when it opens, and back to the button that opened it on Cancel.
 */
import { useEffect, useRef } from 'react';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { markOrderedSchema } from '#app/modules/orders/orders.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

export const MARK_ORDERED_TEXT = {
  supplier: 'Supplier it was ordered from',
  chooseSupplier: 'Choose a supplier',
  promised: 'Date the supplier promised',
  submit: 'Mark ordered',
  cancel: 'Cancel',
  noSuppliers: 'No suppliers yet: add one on the Suppliers screen.',
} as const;

const CONTROL = `${fieldClass} min-h-11`;

export function MarkOrderedForm({
  id,
  fields,
  suppliers,
  supplierId,
  promisedDate,
  onDone,
  onCancel,
}: {
  /** the form's id, also the prefix of its fields' ids */
  id: string;
  /** what the move posts: its intent, the part, its revision and the step */
  fields: Record<string, string>;
  suppliers: readonly { id: number; name: string }[];
  supplierId: number | null;
  promisedDate: string | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { element, submit, refusal, busy, field, error, check } = useStaffForm<ActionAnswer>({
    id,
    done: onDone,
  });
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <form
      id={id}
      ref={element}
      noValidate
      onSubmit={(event) => {
        // checked in the browser first by the server's own schema: nothing is posted without both
        const data = new FormData(event.currentTarget);
        const given = { supplierId: data.get('supplierId'), promisedDate: data.get('promisedDate') };
        if (check(markOrderedSchema, given) === undefined) event.preventDefault();
        else submit(fields)(event);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
      className="mt-3 grid gap-3 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-2"
    >
      {refusal && (
        <div className="sm:col-span-2">
          <Refusal message={refusal} />
        </div>
      )}
      <div>
        <Label htmlFor={`${id}-supplierId`} required>
          {MARK_ORDERED_TEXT.supplier}
        </Label>
        <select
          {...field('supplierId')}
          ref={first}
          required
          defaultValue={supplierId ?? ''}
          className={CONTROL}
        >
          <option value="">{MARK_ORDERED_TEXT.chooseSupplier}</option>
          {suppliers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {suppliers.length === 0 && (
          <p className="mt-1 text-sm text-slate-700">{MARK_ORDERED_TEXT.noSuppliers}</p>
        )}
        {error('supplierId')}
      </div>
      <div>
        <Label htmlFor={`${id}-promisedDate`} required>
          {MARK_ORDERED_TEXT.promised}
        </Label>
        <input
          {...field('promisedDate')}
          type="date"
          required
          defaultValue={promisedDate ?? ''}
          className={CONTROL}
        />
        {error('promisedDate')}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {MARK_ORDERED_TEXT.submit}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {MARK_ORDERED_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
