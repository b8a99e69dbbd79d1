/**
 * Step 1 of the request form, 'Part Details' (product.md §2, §5): equipment type, part category, make,
 * model, year, part number, description, urgency, the photo uploader and Continue.
 */
import { ArrowRight } from 'lucide-react';
import { clsx } from 'clsx';
import { DEFAULT_URGENCY, EQUIPMENT_TYPES, PART_CATEGORIES } from '#app/modules/leads/lead-request.ts';
import { URGENCY_OPTIONS } from '#app/modules/leads/urgency.ts';
import {
  controlBase,
  controlClass,
  describedBy,
  errorId,
  Field,
  FieldError,
  hintId,
  primaryButton,
  RequiredMark,
} from './fields.tsx';
import { PhotoUploader } from './photo-uploader.tsx';
import { COPY } from './request-copy.ts';
import type { StepFieldsProps } from './step-fields.ts';
import type { usePhotos } from './use-photos.ts';

export function PartDetailsStep({
  register,
  error,
  alerts,
  photos,
  hydrated,
  urgencyHint,
}: StepFieldsProps & {
  photos: ReturnType<typeof usePhotos>;
  hydrated: boolean;
  /** which urgencies cost more, by the owner's markup rules (request-copy.ts `urgencyHint`) */
  urgencyHint: string | null;
}) {
  return (
    <div className="mt-6 grid gap-5 sm:grid-cols-2">
      <Field
        id="equipment"
        label={COPY.labels.equipment}
        required
        error={error('equipment')}
        alert={alerts('equipment')}
      >
        <select
          id="equipment"
          className={controlClass}
          aria-required="true"
          {...describedBy('equipment', { error: error('equipment') })}
          {...register('equipment')}
        >
          <option value="">{COPY.placeholders.equipment}</option>
          {EQUIPMENT_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="partCategory"
        label={COPY.labels.partCategory}
        error={error('partCategory')}
        alert={alerts('partCategory')}
      >
        <select
          id="partCategory"
          className={controlClass}
          {...describedBy('partCategory', { error: error('partCategory') })}
          {...register('partCategory')}
        >
          <option value="">{COPY.placeholders.partCategory}</option>
          {PART_CATEGORIES.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:col-span-2 sm:gap-x-5">
        {(['make', 'model', 'year', 'partNumber'] as const).map((field) => (
          <Field key={field} id={field} label={COPY.labels[field]} error={error(field)} alert={alerts(field)}>
            <input
              id={field}
              type="text"
              className={controlClass}
              placeholder={COPY.placeholders[field]}
              inputMode={field === 'year' ? 'numeric' : undefined}
              autoComplete="off"
              {...describedBy(field, { error: error(field) })}
              {...register(field)}
            />
          </Field>
        ))}
      </div>
      <Field
        id="description"
        label={COPY.labels.description}
        required
        error={error('description')}
        alert={alerts('description')}
        className="sm:col-span-2"
      >
        <textarea
          id="description"
          rows={4}
          className={clsx(controlBase, 'min-h-28 resize-y')}
          placeholder={COPY.placeholders.description}
          aria-required="true"
          {...describedBy('description', { error: error('description') })}
          {...register('description')}
        />
      </Field>

      <fieldset
        role="radiogroup"
        className="sm:col-span-2"
        aria-required="true"
        {...describedBy('urgency', { hint: urgencyHint !== null, error: error('urgency') })}
      >
        <legend className="mb-1.5 block text-sm font-semibold text-slate-800">
          {COPY.labels.urgency}
          <RequiredMark />
        </legend>
        {/* rush pricing, said where the urgency is chosen: 'no hidden fees' stays true */}
        {urgencyHint && (
          <p id={hintId('urgency')} className="mb-3 text-sm text-slate-600">
            {urgencyHint}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          {URGENCY_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={clsx(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-medium text-slate-900',
                'has-[:checked]:border-accent has-[:checked]:bg-orange-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-500',
              )}
            >
              {/* the default is checked in the server's HTML too: it is what shows before React runs */}
              <input
                type="radio"
                value={option.value}
                defaultChecked={option.value === DEFAULT_URGENCY}
                className="h-5 w-5 accent-orange-700"
                {...register('urgency')}
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id={errorId('urgency')} message={error('urgency')} alert={alerts('urgency')} />
      </fieldset>

      <div className="sm:col-span-2">
        <PhotoUploader photos={photos.photos} onAdd={photos.add} onRemove={photos.remove} />
      </div>

      <div className="flex sm:col-span-2 sm:justify-end">
        <button type="submit" disabled={!hydrated} className={clsx(primaryButton, 'w-full sm:w-auto')}>
          {COPY.continue}
          <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
