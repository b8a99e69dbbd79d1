/**
 * Step 2 of the request form, 'Contact Info' (product.md §2, §5): name, phone, e-mail, city, the consent
 * checkbox (with a link to the privacy policy), Back and Submit, and the upload's progress.
 */
import { ArrowLeft, Loader2, Send } from 'lucide-react';
import type { Ref } from 'react';
import { clsx } from 'clsx';
import { CONSENT_TEXT, OTHER_CITY } from '#app/modules/leads/lead-request.ts';
import { PRIVACY_PATH } from '#app/modules/site/legal.ts';
import type { City } from '#app/modules/site/reference.ts';
import {
  controlClass,
  describedBy,
  errorId,
  Field,
  FieldError,
  primaryButton,
  RequiredMark,
  secondaryButton,
} from './fields.tsx';
import { COPY } from './request-copy.ts';
import type { StepFieldsProps } from './step-fields.ts';

/** null: not sending; 'preparing': waiting for photos; a number: percent of the body sent */
export type SendProgress = number | 'preparing' | null;

export function ContactInfoStep({
  register,
  error,
  alerts,
  cities,
  sending,
  progress,
  submitRef,
  onBack,
}: StepFieldsProps & {
  cities: readonly City[];
  sending: boolean;
  progress: SendProgress;
  submitRef: Ref<HTMLButtonElement>;
  onBack: () => void;
}) {
  return (
    <div className="mt-6 grid gap-5 sm:grid-cols-2">
      <Field id="name" label={COPY.labels.name} required error={error('name')} alert={alerts('name')}>
        <input
          id="name"
          type="text"
          autoComplete="name"
          className={controlClass}
          placeholder={COPY.placeholders.name}
          aria-required="true"
          {...describedBy('name', { error: error('name') })}
          {...register('name')}
        />
      </Field>
      <Field id="phone" label={COPY.labels.phone} required error={error('phone')} alert={alerts('phone')}>
        <input
          id="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          className={controlClass}
          placeholder={COPY.placeholders.phone}
          aria-required="true"
          {...describedBy('phone', { error: error('phone') })}
          {...register('phone')}
        />
      </Field>
      <Field
        id="email"
        label={COPY.labels.email}
        optional={COPY.optional}
        hint={COPY.emailHint}
        error={error('email')}
        alert={alerts('email')}
      >
        {/* type="text", not "email": Chromium hands the form 'zoe@xn--exmple-cua.com' for a typed
            'zoe@exämple.com'; the address is kept as typed and the schema checks it */}
        <input
          id="email"
          type="text"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          className={controlClass}
          placeholder={COPY.placeholders.email}
          {...describedBy('email', { hint: true, error: error('email') })}
          {...register('email')}
        />
      </Field>
      <Field
        id="city"
        label={COPY.labels.city}
        optional={COPY.optional}
        error={error('city')}
        alert={alerts('city')}
      >
        <select
          id="city"
          className={controlClass}
          {...describedBy('city', { error: error('city') })}
          {...register('city')}
        >
          <option value="">{COPY.placeholders.city}</option>
          {cities.map((city) => (
            <option key={city.slug} value={city.slug}>
              {city.name}
            </option>
          ))}
          <option value={OTHER_CITY.slug}>{OTHER_CITY.name}</option>
        </select>
      </Field>

      <div className="sm:col-span-2">
        <div className="rounded-md border border-slate-200 bg-slate-50">
          <label
            htmlFor="consent"
            className="flex min-h-12 cursor-pointer items-start gap-3 p-3 text-base text-slate-900"
          >
            <input
              id="consent"
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
              aria-required="true"
              {...describedBy('consent', { error: error('consent') })}
              {...register('consent')}
            />
            <span>
              {CONSENT_TEXT}
              <RequiredMark />
            </span>
          </label>
          <p className="-mt-1 px-3 pb-3 pl-11 text-sm text-slate-600">
            {COPY.privacy.before}
            {/* a new tab: photos are not kept if the customer leaves the form */}
            <a
              href={PRIVACY_PATH}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center font-semibold text-orange-800 underline underline-offset-2 sm:min-h-0"
            >
              {COPY.privacy.link}
              <span className="sr-only"> {COPY.privacy.newTab}</span>
            </a>
            {COPY.privacy.after}
          </p>
        </div>
        <FieldError id={errorId('consent')} message={error('consent')} alert={alerts('consent')} />
      </div>

      <div className="grid grid-cols-[auto_1fr] gap-2 sm:col-span-2 sm:flex sm:justify-between sm:gap-3">
        <button type="button" onClick={onBack} disabled={sending} className={secondaryButton}>
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          {COPY.back}
        </button>
        <button
          ref={submitRef}
          type="submit"
          disabled={sending}
          aria-busy={sending || undefined}
          className={clsx(primaryButton, 'sm:min-w-52')}
        >
          {sending ? (
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-5 w-5" aria-hidden="true" />
          )}
          {COPY.submit}
        </button>
      </div>

      {progress !== null && (
        <div className="sm:col-span-2" aria-live="polite">
          <p className="mb-1.5 text-sm font-medium text-slate-700">
            {progress === 'preparing' ? COPY.preparingPhotos : COPY.sending(progress)}
          </p>
          <div
            role="progressbar"
            aria-label={COPY.uploadLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress === 'preparing' ? undefined : progress}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={clsx(
                'h-full rounded-full bg-accent transition-[width] duration-200',
                progress === 'preparing' && 'w-1/4 animate-pulse',
              )}
              style={progress === 'preparing' ? undefined : { width: `${progress}%` }}
            />
          </div>
        </div>
      )}
    </div>
  );
}
