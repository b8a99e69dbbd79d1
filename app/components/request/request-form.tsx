/**
 * The two-step quote request (SPEC §2 'Request form', §4, §5, §8), built for a phone on one bar of
 * signal: what is typed is kept on the device until the request succeeds, large photos are shrunk
 * before they are sent, the upload shows its progress, and a failure keeps everything as it was.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Info, Loader2, Send, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '#app/components/ui/use-toast.ts';
import { cn } from '#app/components/ui/cn.ts';
import { URGENCIES } from '#app/modules/leads/leads.ts';
import {
  CONSENT_TEXT,
  EMPTY_LEAD_REQUEST,
  EQUIPMENT_TYPES,
  HONEYPOT_FIELD,
  leadRequestSchema,
  leadRequestToFormEntries,
  OTHER_CITY,
  PART_CATEGORIES,
  STEP_ONE_FIELDS,
  stepOneComplete,
  URGENCY_OPTIONS,
  type LeadRequest,
  type LeadRequestField,
  type LeadRequestInput,
} from '#app/modules/leads/lead-request.schema.ts';
import type { City } from '#app/modules/site/reference.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import { clearDraft, loadDraft, saveDraft } from './draft.ts';
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
import { PhotoUploader } from './photo-uploader.tsx';
import { RequestConfirmation } from './request-confirmation.tsx';
import { COPY } from './request-copy.ts';
import { sendLeadRequest, SUBMIT_FAILED, SubmitError } from './send-request.ts';
import { StepIndicator } from './step-indicator.tsx';
import { usePhotos } from './use-photos.ts';

/** Fields in the order the form shows them: the first failing one is the one announced. */
const FIELD_ORDER = Object.keys(EMPTY_LEAD_REQUEST) as LeadRequestField[];
const STEP_ONE_ALL: readonly LeadRequestField[] = [
  'equipment',
  'make',
  'model',
  'year',
  'partCategory',
  'partNumber',
  'description',
  'urgency',
];

const noSubscription = () => () => {};
/** false in the server's HTML and while hydrating, true once React runs the form in the browser. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const firstError = (errors: FieldErrors<LeadRequestInput>) => FIELD_ORDER.find((f) => errors[f]?.message);
const isUrgency = (value: unknown): value is LeadRequestInput['urgency'] =>
  typeof value === 'string' && (URGENCIES as readonly string[]).includes(value);

export function RequestForm({ cities, site }: { cities: readonly City[]; site: SiteInfo }) {
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    reset,
    subscribe,
    getFieldState,
    setFocus,
    formState: { errors },
  } = useForm<LeadRequestInput, unknown, LeadRequest>({
    resolver: zodResolver(leadRequestSchema),
    defaultValues: EMPTY_LEAD_REQUEST,
    shouldFocusError: true,
  });
  // until React runs, Continue stays disabled: Enter in a field cannot post the form natively
  const hydrated = useHydrated();
  const [step, setStep] = useState<1 | 2>(1);
  const [sending, setSending] = useState(false);
  /** null: not sending; 'preparing': waiting for photos; a number: percent of the body sent */
  const [progress, setProgress] = useState<number | 'preparing' | null>(null);
  const [caseNumber, setCaseNumber] = useState<string>();
  const [restored, setRestored] = useState(false);
  const photos = usePhotos();
  const honeypot = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const confirmationHeading = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  /** What to focus after the next render: set by the customer's own actions, never on page load */
  const focusNext = useRef<'step' | 'confirmation' | 'submit' | LeadRequestField | null>(null);

  // Bring back what was typed before a reload or a lost connection
  useEffect(() => {
    const draft = loadDraft();
    if (!draft) return;
    reset({
      ...EMPTY_LEAD_REQUEST,
      ...draft,
      urgency: isUrgency(draft.urgency) ? draft.urgency : 'flexible',
    });
    // browser storage is only readable after hydration, so this state cannot start out right
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true);
  }, [reset]);

  // ...and keep what is typed, on every change
  useEffect(() => {
    return subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        saveDraft(values);
        // a field flagged by Continue clears its message as soon as it is fixed
        if (name && getFieldState(name as LeadRequestField).error) void trigger(name as LeadRequestField);
      },
    });
  }, [subscribe, getFieldState, trigger]);

  useEffect(() => {
    const target = focusNext.current;
    if (!target || sending) return;
    focusNext.current = null;
    if (target === 'step') stepHeading.current?.focus();
    else if (target === 'confirmation') confirmationHeading.current?.focus();
    else if (target === 'submit') submitButton.current?.focus();
    else setFocus(target);
  }, [step, caseNumber, sending, setFocus]);

  async function goToContactInfo() {
    const valid = await trigger([...STEP_ONE_FIELDS], { shouldFocus: true });
    if (!valid || !stepOneComplete(getValues())) {
      toast({
        title: COPY.toasts.missingTitle,
        description: COPY.toasts.missingText,
        variant: 'destructive',
      });
      return;
    }
    focusNext.current = 'step';
    setStep(2);
  }

  function backToPartDetails() {
    focusNext.current = 'step';
    setStep(1);
  }

  async function send() {
    setSending(true);
    setProgress('preparing');
    try {
      const uploads = await photos.uploads();
      const body = new FormData();
      for (const [name, value] of leadRequestToFormEntries(getValues())) body.append(name, value);
      const trap = honeypot.current?.value ?? '';
      if (trap) body.append(HONEYPOT_FIELD, trap);
      for (const upload of uploads) body.append('photos', upload.blob, upload.name);
      setProgress(0);
      const result = await sendLeadRequest(body, (fraction) => setProgress(Math.round(fraction * 100)));
      reset(EMPTY_LEAD_REQUEST);
      clearDraft();
      photos.clear();
      setRestored(false);
      setStep(1);
      setCaseNumber(result.caseNumber);
      focusNext.current = 'confirmation';
      toast({ title: COPY.toasts.successTitle, description: COPY.toasts.successText(result.caseNumber) });
    } catch (err) {
      toast({
        title: COPY.toasts.errorTitle,
        description: err instanceof SubmitError ? err.message : SUBMIT_FAILED,
        variant: 'destructive',
      });
      focusNext.current = 'submit';
    } finally {
      setSending(false);
      setProgress(null);
    }
  }

  function onInvalid(invalid: FieldErrors<LeadRequestInput>) {
    const first = firstError(invalid);
    // a step-1 rule beyond the Continue check (a year that is far too long, say): show it there
    if (first && STEP_ONE_ALL.includes(first)) {
      focusNext.current = first;
      setStep(1);
    }
  }

  if (caseNumber) {
    return <RequestConfirmation caseNumber={caseNumber} site={site} headingRef={confirmationHeading} />;
  }

  const alertField = firstError(errors);
  const error = (field: LeadRequestField) => errors[field]?.message;
  const fieldError = (field: LeadRequestField) => (
    <FieldError id={errorId(field)} message={error(field)} alert={alertField === field} />
  );
  const title = COPY.steps[step - 1];

  return (
    <form
      noValidate
      method="post"
      aria-labelledby="request-step-title"
      onSubmit={(event) => {
        if (step === 1) {
          event.preventDefault();
          void goToContactInfo();
        } else {
          void handleSubmit(send, onInvalid)(event);
        }
      }}
    >
      <StepIndicator step={step} />

      <div className="mt-6 border-t border-slate-200 pt-6">
        <h2
          id="request-step-title"
          ref={stepHeading}
          tabIndex={-1}
          className="text-xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {title}
        </h2>
        <p className="mt-1 text-slate-600">{step === 1 ? COPY.partDetailsLead : COPY.contactLead}</p>
        <p className="mt-1 text-sm text-slate-600">{COPY.requiredLegend}</p>
      </div>

      {restored && (
        <div
          role="status"
          className="mt-5 flex items-start gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-sky-700" aria-hidden="true" />
          <p className="flex-1">{COPY.restored}</p>
          <button
            type="button"
            onClick={() => setRestored(false)}
            aria-label={COPY.dismiss}
            className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-sky-900 hover:bg-sky-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}

      {/* Only robots fill this in (decision 0040): off-screen, out of the tab order, hidden from assistive tech */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Website (leave this empty)</label>
        <input
          ref={honeypot}
          id={HONEYPOT_FIELD}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      {step === 1 ? (
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <Field
            id="equipment"
            label={COPY.labels.equipment}
            required
            error={error('equipment')}
            alert={alertField === 'equipment'}
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
            alert={alertField === 'partCategory'}
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
              <Field
                key={field}
                id={field}
                label={COPY.labels[field]}
                error={error(field)}
                alert={alertField === field}
              >
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
            alert={alertField === 'description'}
            className="sm:col-span-2"
          >
            <textarea
              id="description"
              rows={4}
              className={cn(controlClass, 'min-h-28 resize-y')}
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
            {...describedBy('urgency', { error: error('urgency') })}
          >
            <legend className="mb-1.5 block text-sm font-semibold text-slate-800">
              {COPY.labels.urgency}
              <RequiredMark />
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {URGENCY_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className={cn(
                    'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-medium text-slate-900',
                    'has-[:checked]:border-accent has-[:checked]:bg-orange-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-500',
                  )}
                >
                  <input
                    type="radio"
                    value={option.value}
                    className="h-5 w-5 accent-orange-700"
                    {...register('urgency')}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {fieldError('urgency')}
          </fieldset>

          <div className="sm:col-span-2">
            <PhotoUploader photos={photos.photos} onAdd={photos.add} onRemove={photos.remove} />
          </div>

          <div className="flex sm:col-span-2 sm:justify-end">
            <button type="submit" disabled={!hydrated} className={cn(primaryButton, 'w-full sm:w-auto')}>
              {COPY.continue}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <Field
            id="name"
            label={COPY.labels.name}
            required
            error={error('name')}
            alert={alertField === 'name'}
          >
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
          <Field
            id="phone"
            label={COPY.labels.phone}
            required
            error={error('phone')}
            alert={alertField === 'phone'}
          >
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
            alert={alertField === 'email'}
          >
            <input
              id="email"
              type="email"
              inputMode="email"
              autoComplete="email"
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
            alert={alertField === 'city'}
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
            <label
              htmlFor="consent"
              className="flex min-h-12 cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-base text-slate-900"
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
            {fieldError('consent')}
          </div>

          <div className="grid grid-cols-[auto_1fr] gap-2 sm:gap-3 sm:col-span-2 sm:flex sm:justify-between">
            <button type="button" onClick={backToPartDetails} disabled={sending} className={secondaryButton}>
              <ArrowLeft className="h-5 w-5" aria-hidden="true" />
              {COPY.back}
            </button>
            <button
              ref={submitButton}
              type="submit"
              disabled={sending}
              aria-busy={sending || undefined}
              className={cn(primaryButton, 'sm:min-w-52')}
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
                  className={cn(
                    'h-full rounded-full bg-accent transition-[width] duration-200',
                    progress === 'preparing' && 'w-1/4 animate-pulse',
                  )}
                  style={progress === 'preparing' ? undefined : { width: `${progress}%` }}
                />
              </div>
            </div>
          )}
        </div>
      )}
    </form>
  );
}
