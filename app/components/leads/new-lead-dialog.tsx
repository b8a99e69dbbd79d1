/**
 * 'New lead' (issue 31): staff enter a request a customer made by phone. The fields, rules and
 * messages are the request form's (leadRequestSchema; product.md §5): equipment, part, urgency, name,
 * phone, e-mail, city, and the customer's consent, which staff tick once the customer agreed on
 * the phone. No photos: the customer can text them to the lead afterwards. Posted to the leads
 * screen's action (intent 'create-lead'), where it is stored with source 'phone'; the server's
 * field messages go under their fields, as the browser's do.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { fieldMessages as messagesOf, useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, fieldMessages, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { LEADS_TEXT } from '#app/modules/leads/lead-admin.ts';
import {
  EMPTY_LEAD_REQUEST,
  EQUIPMENT_TYPES,
  FIELD_MAX,
  leadRequestToFormEntries,
  OTHER_CITY,
  PART_CATEGORIES,
  URGENCY_OPTIONS,
} from '#app/modules/leads/lead-request.ts';
import type {
  LeadRequest,
  LeadRequestField,
  LeadRequestInput,
} from '#app/modules/leads/lead-request.schema.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import type { City } from '#app/modules/site/reference.ts';

/** The consent as staff record it: the customer's agreement, heard on the phone. */
export const PHONE_CONSENT_LABEL =
  'The customer agrees to be contacted by phone, email, or SMS regarding this parts request.';

/**
 * The request form's schema, loaded when first used: the public form loads it on demand too
 * (decision 0112), and a static import here would pull it into the chunk it shares with that form.
 */
const requestResolver: Resolver<LeadRequestInput, unknown, LeadRequest> = async (
  values,
  context,
  options,
) => {
  const { leadRequestSchema } = await import('#app/modules/leads/lead-request.schema.ts');
  return zodResolver(leadRequestSchema)(values, context, options);
};

export function NewLeadDialog({
  open,
  onOpenChange,
  cities,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cities: readonly City[];
  onCreated: (lead: { id: number; caseNumber: string }) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<LeadRequestInput, unknown, LeadRequest>({
    resolver: requestResolver,
    defaultValues: EMPTY_LEAD_REQUEST,
  });

  const create = useStaffFetcher<ActionAnswer<{ id: number; caseNumber: string }>>((answer) => {
    if (answer.ok) {
      toast(LEADS_TEXT.leadCreated(answer.caseNumber));
      onCreated(answer);
      return;
    }
    // the server's field messages go under their fields (the one error shape)
    for (const [field, message] of Object.entries(messagesOf(answer.fieldErrors)))
      if (field in EMPTY_LEAD_REQUEST) setError(field as LeadRequestField, { message });
    toast({ title: 'Error', description: answer.message, variant: 'destructive' });
  });

  useEffect(() => {
    if (open) reset(EMPTY_LEAD_REQUEST);
  }, [open, reset]);

  function onSubmit(request: LeadRequest) {
    void create.submit(
      { intent: 'create-lead', ...Object.fromEntries(leadRequestToFormEntries(request)) },
      { method: 'post' },
    );
  }

  const { field, error } = fieldMessages<LeadRequestField>('new-lead', errors);
  const select = cn(fieldClass, 'min-h-11');
  const optional = <span className="font-normal text-slate-600"> (optional)</span>;

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.state !== 'idle'}
      title={LEADS_TEXT.newLead}
      description="A request taken by phone. The customer gets a text with the case number and the link to their page."
      initialFocus="new-lead-equipment"
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Create Lead"
      busyLabel="Creating..."
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <FieldRow id="new-lead-equipment" label="Equipment Type" required>
          <select {...field('equipment')} {...register('equipment')} className={select}>
            <option value="">Select equipment type</option>
            {EQUIPMENT_TYPES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
          {error('equipment')}
        </FieldRow>
        <FieldRow id="new-lead-urgency" label="Urgency" required>
          <select {...field('urgency')} {...register('urgency')} className={select}>
            {URGENCY_OPTIONS.map((u) => (
              <option key={u.value} value={u.value}>
                {u.label}
              </option>
            ))}
          </select>
          {error('urgency')}
        </FieldRow>
        <FieldRow id="new-lead-description" label="Part Description" required className="sm:col-span-2">
          <textarea
            {...field('description')}
            {...register('description')}
            rows={3}
            maxLength={FIELD_MAX.description}
            className={fieldClass}
          />
          {error('description')}
        </FieldRow>
        <div>
          <label htmlFor="new-lead-make" className="mb-1.5 block text-sm font-medium text-slate-800">
            Make{optional}
          </label>
          <Input {...field('make')} {...register('make')} maxLength={FIELD_MAX.make} autoComplete="off" />
          {error('make')}
        </div>
        <div>
          <label htmlFor="new-lead-model" className="mb-1.5 block text-sm font-medium text-slate-800">
            Model{optional}
          </label>
          <Input {...field('model')} {...register('model')} maxLength={FIELD_MAX.model} autoComplete="off" />
          {error('model')}
        </div>
        <div>
          <label htmlFor="new-lead-year" className="mb-1.5 block text-sm font-medium text-slate-800">
            Year{optional}
          </label>
          <Input
            {...field('year')}
            {...register('year')}
            maxLength={FIELD_MAX.year}
            inputMode="numeric"
            autoComplete="off"
          />
          {error('year')}
        </div>
        <div>
          <label htmlFor="new-lead-partNumber" className="mb-1.5 block text-sm font-medium text-slate-800">
            Part Number{optional}
          </label>
          <Input
            {...field('partNumber')}
            {...register('partNumber')}
            maxLength={FIELD_MAX.partNumber}
            autoComplete="off"
            spellCheck={false}
          />
          {error('partNumber')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="new-lead-partCategory" className="mb-1.5 block text-sm font-medium text-slate-800">
            Part Category{optional}
          </label>
          <select {...field('partCategory')} {...register('partCategory')} className={select}>
            <option value="">Select a category (optional)</option>
            {PART_CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          {error('partCategory')}
        </div>
        <FieldRow id="new-lead-name" label="Full Name" required>
          <Input {...field('name')} {...register('name')} maxLength={FIELD_MAX.name} autoComplete="off" />
          {error('name')}
        </FieldRow>
        <FieldRow id="new-lead-phone" label="Phone Number" required>
          <Input
            {...field('phone')}
            {...register('phone')}
            type="tel"
            inputMode="tel"
            maxLength={FIELD_MAX.phone}
            placeholder="(204) 555-0123"
            autoComplete="off"
          />
          {error('phone')}
        </FieldRow>
        <div>
          <label htmlFor="new-lead-email" className="mb-1.5 block text-sm font-medium text-slate-800">
            Email{optional}
          </label>
          <Input
            {...field('email')}
            {...register('email')}
            type="email"
            maxLength={FIELD_MAX.email}
            autoComplete="off"
          />
          {error('email')}
        </div>
        <div>
          <label htmlFor="new-lead-city" className="mb-1.5 block text-sm font-medium text-slate-800">
            City{optional}
          </label>
          <select {...field('city')} {...register('city')} className={select}>
            <option value="">Select a city</option>
            {cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
            <option value={OTHER_CITY.slug}>{OTHER_CITY.name}</option>
          </select>
          {error('city')}
        </div>
        <div className="sm:col-span-2">
          <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              {...field('consent')}
              {...register('consent')}
              className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
            />
            <span>
              {PHONE_CONSENT_LABEL}
              <span className="ml-0.5 text-red-700" aria-hidden="true">
                *
              </span>
            </span>
          </label>
          {error('consent')}
        </div>
      </div>
    </EditorDialog>
  );
}
