/**
 * 'Edit customer' on a customer's page (app/components/customers/customer-screen.tsx): name,
 * company, notes, fleet account and 'Do not ask for reviews', posted to the page's action (intent
 * 'update') through the back office's form system (decision 0183).
 */
import { useStaffForm, Refusal } from '#app/components/admin/staff-form.tsx';
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { CUSTOMER_TEXT } from '#app/modules/customers/customers.ts';
import type { CustomerScreenData } from '#app/modules/customers/screens.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

export function EditCustomerDialog({
  customer,
  onClose,
}: {
  customer: CustomerScreenData['customer'];
  onClose: () => void;
}) {
  const { element, submit, refusal, busy, field, error } = useStaffForm<ActionAnswer>({
    id: 'customer',
    done: () => {
      toast({ title: CUSTOMER_TEXT.saved });
      onClose();
    },
  });
  return (
    <EditorDialog
      open
      onOpenChange={(next) => !next && onClose()}
      busy={busy}
      title={CUSTOMER_TEXT.edit}
      size="narrow"
      initialFocus="customer-name"
      formRef={element}
      onSubmit={submit({ intent: 'update' })}
      submitLabel={CUSTOMER_TEXT.save}
      busyLabel={CUSTOMER_TEXT.saving}
    >
      <div className="grid gap-4">
        <Refusal message={refusal} />
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
            {...field('notes', 'customer-notes-hint')}
            name="notes"
            rows={4}
            maxLength={4000}
            defaultValue={customer.notes ?? ''}
            className={cn(fieldClass, 'min-h-24 resize-y')}
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
