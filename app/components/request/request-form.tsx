/**
 * The two-step quote request (product.md §2 'Request form', §4, §5, §8), built for a phone on one bar of
 * signal: what is typed is kept on the device until the request succeeds, large photos are shrunk
 * before they are sent, the upload shows its progress, and a failure keeps everything as it was.
 * This file holds the form's state and flow; the fields of each step are in part-details-step.tsx
 * and contact-info-step.tsx. The zod schema and step 2 load when the customer starts on the form,
 * the photo handling with the first photo, not with the page (decisions 0112, 0116). As an island
 * the form takes over from the server's HTML what was typed and done before it ran (`early`).
 */
import { AlertCircle, Info, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useHydrated } from '#app/components/ui/use-hydrated.ts';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  EMPTY_LEAD_REQUEST,
  HONEYPOT_FIELD,
  leadRequestToFormEntries,
  STEP_ONE_FIELDS,
  stepOneComplete,
} from '#app/modules/leads/lead-request.ts';
import type {
  LeadRequest,
  LeadRequestField,
  LeadRequestInput,
} from '#app/modules/leads/lead-request.schema.ts';
import type { City } from '#app/modules/site/reference.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import type { SendProgress } from './contact-info-step.tsx';
import { clearDraft, saveDraft } from './draft.ts';
import type { EarlyInput } from './early-input.ts';
import { onDemand } from './on-demand.ts';
import { PartDetailsStep } from './part-details-step.tsx';
import { COPY } from './request-copy.ts';
import { newIdempotencyKey } from '#app/modules/shared/idempotency.ts';
import { SavedRequestsPanel } from './saved-requests-panel.tsx';
import { sendKeeping } from './saved-requests.ts';
import { isForLater, sendLeadRequest, SUBMIT_FAILED, SubmitError } from './send-request.ts';
import { FIELD_ORDER, startingValues } from './starting-values.ts';
import { StepIndicator } from './step-indicator.tsx';
import { usePhotos } from './use-photos.ts';
import { useSavedRequests } from './use-saved-requests.ts';

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

/** What a request kept on the phone is made of (use-saved-requests.ts adds when and where it stands). */
type KeptRequest = Parameters<ReturnType<typeof useSavedRequests>['keep']>[0];

type LeadResolver = Resolver<LeadRequestInput, unknown, LeadRequest>;
/** zod and the request schema (a third of the form's script), fetched once, when first wanted. */
const resolver = onDemand(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('#app/modules/leads/lead-request.schema.ts')]).then(
    ([{ zodResolver }, { leadRequestSchema }]) => zodResolver(leadRequestSchema),
  ),
);
const lazyResolver: LeadResolver = async (values, context, options) =>
  (await resolver.load())(values, context, options);
/** Step 2 and the confirmation (step-two.ts): there before Continue shows them. */
const stepTwo = onDemand(() => import('./step-two.ts'));
/** The customer has started on the form: fetch what Continue needs while they type. */
const startedOnForm = () => {
  resolver.preload();
  stepTwo.preload();
};

/** What the customer did in the server's form before React ran it (an island, decision 0116). */
export type BeforeHydration = EarlyInput & {
  /** what the form's controls hold, by name: read while hydrating, so no keystroke falls between */
  fields: () => Record<string, string>;
};

const firstError = (errors: FieldErrors<LeadRequestInput>) => FIELD_ORDER.find((f) => errors[f]?.message);

export function RequestForm({
  cities,
  site,
  urgencyHint,
  early,
}: {
  cities: readonly City[];
  site: SiteInfo;
  /** which urgencies cost more (the find-my-part loader's words, from the owner's markup rules) */
  urgencyHint: string | null;
  /** Set when the form is hydrated as an island */
  early?: BeforeHydration;
}) {
  // read once, in the first render: while hydrating, that is the moment React takes the fields
  const [start] = useState(() => startingValues(early?.fields()));
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
    resolver: lazyResolver,
    defaultValues: start.values,
    shouldFocusError: true,
  });
  // until a script runs, Continue stays disabled: Enter in a field cannot post the form natively.
  // As an island the entry has enabled it already (early-input.ts): so it is in the first render
  const hydrated = useHydrated() || early !== undefined;
  const [step, setStep] = useState<1 | 2>(1);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress>(null);
  /** A submit was refused by the rules: the first failing one shows in the alert until all pass */
  const [submitRefused, setSubmitRefused] = useState(false);
  const [sent, setSent] = useState<{ caseNumber: string; reply?: string }>();
  const [restored, setRestored] = useState(false);
  const photos = usePhotos();
  const kept = useSavedRequests();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const confirmationHeading = useRef<HTMLHeadingElement>(null);
  const keptHeading = useRef<HTMLHeadingElement>(null);
  /** The key of the request being submitted (decision 0207), until the form starts afresh */
  const requestKey = useRef<string | undefined>(undefined);
  const submitButton = useRef<HTMLButtonElement>(null);
  /** The 'Missing Information' notice, taken down once the fields it asked for are filled in */
  const missingNotice = useRef<ReturnType<typeof toast> | null>(null);
  /** What to focus after the next render: set by the customer's own actions, never on page load */
  const focusNext = useRef<'step' | 'confirmation' | 'submit' | 'kept' | LeadRequestField | null>(null);

  // What was typed before a reload or a lost connection is back (startingValues): say so. The
  // server's HTML has no such notice, so it cannot be there in the render that hydrates.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (start.restored) setRestored(true);
  }, [start]);

  // An island: the customer has started on the form. Finish what they did before it ran: the
  // photos they picked or dropped, and a Continue (or Enter) they pressed.
  const { add: addPhotos } = photos;
  const handedOver = useRef(false);
  useEffect(() => {
    if (!early || handedOver.current) return;
    handedOver.current = true;
    startedOnForm();
    if (early.files.length) addPhotos(early.files);
    if (early.submitted) formRef.current?.requestSubmit();
  }, [early, addPhotos]);

  // ...and keep what is typed, on every change
  useEffect(() => {
    return subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        saveDraft(values);
        // a field flagged by Continue clears its message as soon as it is fixed
        if (name && getFieldState(name as LeadRequestField).error) void trigger(name as LeadRequestField);
        // ...and the notice goes once nothing it asked for is missing (issue 31 item 9)
        if (missingNotice.current && stepOneComplete(values)) {
          missingNotice.current.dismiss();
          missingNotice.current = null;
        }
      },
    });
  }, [subscribe, getFieldState, trigger]);

  useEffect(() => {
    const target = focusNext.current;
    if (!target || sending) return;
    focusNext.current = null;
    if (target === 'step') stepHeading.current?.focus();
    else if (target === 'confirmation') confirmationHeading.current?.focus();
    else if (target === 'kept') keptHeading.current?.focus();
    else if (target === 'submit') submitButton.current?.focus();
    else setFocus(target);
  }, [step, sent, sending, kept.saved, setFocus]);

  async function goToContactInfo() {
    const valid = await trigger([...STEP_ONE_FIELDS], { shouldFocus: true });
    if (!valid || !stepOneComplete(getValues())) {
      missingNotice.current = toast({
        title: COPY.toasts.missingTitle,
        description: COPY.toasts.missingText,
        variant: 'destructive',
      });
      return;
    }
    try {
      await stepTwo.load();
    } catch {
      // not fetched (a dropped connection): Continue stays on step 1 and can be pressed again
      return;
    }
    // what it asked for is done: it must not linger over step 2
    missingNotice.current?.dismiss();
    missingNotice.current = null;
    focusNext.current = 'step';
    setStep(2);
  }

  function backToPartDetails() {
    focusNext.current = 'step';
    setStep(1);
  }

  /** The form starts again empty: the request went, or is kept on the phone to go later. */
  function startAfresh() {
    requestKey.current = undefined;
    reset(EMPTY_LEAD_REQUEST);
    clearDraft();
    photos.clear();
    setRestored(false);
    setSubmitRefused(false);
    setStep(1);
  }

  async function send() {
    setSending(true);
    setProgress('preparing');
    // the request's key, made when it is first submitted: every later send of it says the same,
    // a press again included (its first try may have arrived, its answer lost)
    const key = (requestKey.current ??= newIdempotencyKey());
    let keptRequest: KeptRequest | undefined;
    try {
      const uploads = await photos.uploads();
      const values = getValues();
      const fields = [...leadRequestToFormEntries(values)];
      const trap = honeypot.current?.value ?? '';
      if (trap) fields.push([HONEYPOT_FIELD, trap]);
      const machine = [values.year, values.make, values.model].filter(Boolean).join(' ');
      keptRequest = {
        key,
        fields,
        photos: uploads,
        summary: COPY.saved.summary(values.description, machine),
      };
      const body = new FormData();
      for (const [name, value] of fields) body.append(name, value);
      for (const upload of uploads) body.append('photos', upload.blob, upload.name);
      setProgress(0);
      // kept on the phone before the first byte goes: a page closed mid-upload loses nothing
      const result = await sendKeeping(
        keptRequest,
        () =>
          // no signal at all: no need to wait for the attempt to fail
          navigator.onLine
            ? sendLeadRequest(body, key, (fraction) => setProgress(Math.round(fraction * 100)))
            : Promise.reject(new SubmitError(SUBMIT_FAILED, true)),
        isForLater,
      );
      startAfresh();
      setSent(result);
      focusNext.current = 'confirmation';
      toast({ title: COPY.toasts.successTitle, description: COPY.toasts.successText(result.caseNumber) });
    } catch (err) {
      const later = isForLater(err);
      if (keptRequest && later && (await keepOnPhone(keptRequest))) return;
      // refused as it is: nothing was made, the corrected request is a request of its own
      if (!later) requestKey.current = undefined;
      toast({
        title: COPY.toasts.errorTitle,
        description: !later ? (err as SubmitError).message : keptRequest ? COPY.saved.notKept : SUBMIT_FAILED,
        variant: 'destructive',
      });
      focusNext.current = 'submit';
    } finally {
      setSending(false);
      setProgress(null);
    }
  }

  /** No signal, or the upload broke off: the request and its photos wait on the phone (decision 0208). */
  async function keepOnPhone(request: KeptRequest): Promise<boolean> {
    try {
      await kept.keep(request);
    } catch {
      // the phone would not keep it (a private window, no room): the form keeps it, as before
      return false;
    }
    startAfresh();
    focusNext.current = 'kept';
    return true;
  }

  function onInvalid(invalid: FieldErrors<LeadRequestInput>) {
    setSubmitRefused(true);
    const first = firstError(invalid);
    // a step-1 rule beyond the Continue check (a year that is far too long, say): show it there
    if (first && STEP_ONE_ALL.includes(first)) {
      focusNext.current = first;
      setStep(1);
    }
  }

  // step 2 and the confirmation are only reached once their chunk is there (goToContactInfo)
  const later = stepTwo.current;
  if (sent && later) {
    return (
      <later.RequestConfirmation
        caseNumber={sent.caseNumber}
        reply={sent.reply}
        site={site}
        headingRef={confirmationHeading}
      />
    );
  }

  const firstFailing = firstError(errors);
  const error = (field: LeadRequestField) => errors[field]?.message;
  // after a refused submit the first failing rule is shown in an alert above the fields (product.md §5);
  // the field's own message then stays as it is, not announced a second time
  const summary = submitRefused && firstFailing ? error(firstFailing) : undefined;
  const alerts = (field: LeadRequestField) => !summary && firstFailing === field;
  const stepProps = { register, error, alerts };
  const title = COPY.steps[step - 1];

  return (
    <>
      {/* none in the server's HTML: the list is read in the browser, after hydrating */}
      <SavedRequestsPanel
        saved={kept.saved}
        sendingNow={kept.sendingNow}
        onSendNow={() => void kept.sendNow()}
        onForget={(key) => void kept.forget(key)}
        headingRef={keptHeading}
      />
      <form
        ref={formRef}
        noValidate
        method="post"
        aria-labelledby="request-step-title"
        // the customer starts on the form: fetch the rules and step 2 while they type, ready for Continue
        onFocus={startedOnForm}
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

        {summary && (
          <div
            role="alert"
            className="mt-5 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-hidden="true" />
            <p>{summary}</p>
          </div>
        )}

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

        {step === 1 || !later ? (
          <PartDetailsStep {...stepProps} photos={photos} hydrated={hydrated} urgencyHint={urgencyHint} />
        ) : (
          <later.ContactInfoStep
            {...stepProps}
            cities={cities}
            sending={sending}
            progress={progress}
            submitRef={submitButton}
            onBack={backToPartDetails}
          />
        )}
      </form>
    </>
  );
}
