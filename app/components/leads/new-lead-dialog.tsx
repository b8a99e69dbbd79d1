/**
 * 'New lead' (issue 31): staff enter a request a customer made by phone. The fields, rules and
 * messages are the request form's (leadRequestSchema; product.md §5): equipment, part, urgency, name,
 * phone, e-mail, city, and the customer's consent, which staff tick once the customer agreed on
 * the phone. No photos: the customer can text them to the lead afterwards. Posted to the leads
 * screen's action (intent 'create-lead'), where it is stored with source 'phone'; the server's
 * field messages go under their fields, as the browser's do.
 */
import type { FormEvent } from 'react';
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { LEADS_TEXT } from '#app/modules/leads/lead-admin.ts';
import {
  EMPTY_LEAD_REQUEST,
  EQUIPMENT_TYPES,
  FIELD_MAX,
  leadRequestToFormEntries,
  OTHER_CITY,
  PART_CATEGORIES,
} from '#app/modules/leads/lead-request.ts';
import { URGENCY_OPTIONS } from '#app/modules/leads/urgency.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import type { City } from '#app/modules/site/reference.ts';

/** The consent as staff record it: the customer's agreement, heard on the phone. */
export const PHONE_CONSENT_LABEL =
  'The customer agrees to be contacted by phone, email, or SMS regarding this parts request.';

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
  const { element, post, check, refusal, busy, field, error } = useStaffForm<
    ActionAnswer<{ id: number; caseNumber: string }>
  >({
    id: 'new-lead',
    notice: 'Error',
    done: (answer) => {
      toast(LEADS_TEXT.leadCreated(answer.caseNumber));
      onCreated(answer);
    },
  });

  // the dialog's fields start empty each time it opens (Radix mounts them then)
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { ...EMPTY_LEAD_REQUEST, ...Object.fromEntries(form), consent: form.has('consent') };
    // the request form's schema, loaded when first used: the public form loads it on demand too
    // (decision 0112), and a static import here would pull it into the chunk it shares with that form
    const { leadRequestSchema } = await import('#app/modules/leads/lead-request.schema.ts');
    const request = check(leadRequestSchema, values);
    if (request) post({ intent: 'create-lead', ...Object.fromEntries(leadRequestToFormEntries(request)) });
  }

  const select = cn(fieldClass, 'min-h-11');
  const optional = <span className="font-normal text-slate-600"> (optional)</span>;

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={LEADS_TEXT.newLead}
      description="A request taken by phone. The customer gets a text with the case number and the link to their page."
      initialFocus="new-lead-equipment"
      formRef={element}
      onSubmit={(event) => void onSubmit(event)}
      submitLabel="Create Lead"
      busyLabel="Creating..."
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        {refusal && (
          <div className="sm:col-span-2">
            <Refusal message={refusal} />
          </div>
        )}
        <FieldRow id="new-lead-equipment" label="Equipment Type" required>
          <select {...field('equipment')} defaultValue={EMPTY_LEAD_REQUEST.equipment} className={select}>
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
          <select {...field('urgency')} defaultValue={EMPTY_LEAD_REQUEST.urgency} className={select}>
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
            defaultValue={EMPTY_LEAD_REQUEST.description}
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
          <Input
            {...field('make')}
            defaultValue={EMPTY_LEAD_REQUEST.make}
            maxLength={FIELD_MAX.make}
            autoComplete="off"
          />
          {error('make')}
        </div>
        <div>
          <label htmlFor="new-lead-model" className="mb-1.5 block text-sm font-medium text-slate-800">
            Model{optional}
          </label>
          <Input
            {...field('model')}
            defaultValue={EMPTY_LEAD_REQUEST.model}
            maxLength={FIELD_MAX.model}
            autoComplete="off"
          />
          {error('model')}
        </div>
        <div>
          <label htmlFor="new-lead-year" className="mb-1.5 block text-sm font-medium text-slate-800">
            Year{optional}
          </label>
          <Input
            {...field('year')}
            defaultValue={EMPTY_LEAD_REQUEST.year}
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
            defaultValue={EMPTY_LEAD_REQUEST.partNumber}
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
          <select
            {...field('partCategory')}
            defaultValue={EMPTY_LEAD_REQUEST.partCategory}
            className={select}
          >
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
          <Input
            {...field('name')}
            defaultValue={EMPTY_LEAD_REQUEST.name}
            maxLength={FIELD_MAX.name}
            autoComplete="off"
          />
          {error('name')}
        </FieldRow>
        <FieldRow id="new-lead-phone" label="Phone Number" required>
          <Input
            {...field('phone')}
            defaultValue={EMPTY_LEAD_REQUEST.phone}
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
            defaultValue={EMPTY_LEAD_REQUEST.email}
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
          <select {...field('city')} defaultValue={EMPTY_LEAD_REQUEST.city} className={select}>
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
