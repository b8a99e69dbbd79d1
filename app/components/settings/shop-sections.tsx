/**
 * The shop's own numbers on the owner's Settings screen (issue 49 item 1, decision 0204): opening
 * hours, markup, pickup, quiet hours and what staff may see and do, each its own small form posted
 * to the route's action as intent 'shop' with its `section` (the change `settings.shop`). The server reads each form (app/modules/site/shop-settings.ts `SHOP_FORMS`) and
 * answers a refusal per field by its path ('hours.2.until'), shown under the field, the first one
 * focused. A saved section is in force at once, on every page and in every text.
 */
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FieldError, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { URGENCY_OPTIONS } from '#app/modules/leads/urgency.ts';
import { DIFFICULTIES, DIFFICULTY_LABELS } from '#app/modules/pricing/pricing.ts';
import { QUIET_FROM_HOURS, QUIET_UNTIL_HOURS } from '#app/modules/shared/quiet-hours.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { hourWords, timeField, WEEKDAYS } from '#app/modules/site/opening-hours.ts';
import {
  percentField,
  SHOP_TEXT,
  type ShopSection,
  type ShopSettings,
} from '#app/modules/site/shop-settings.ts';

type Saved = ActionAnswer<{ shop: ShopSettings }>;

/** One section's form: its heading and words, its fields, its save button and its refusals. */
function SectionForm({
  section,
  title,
  intro,
  save,
  before,
  children,
}: {
  section: ShopSection;
  title: string;
  intro: string;
  save: string;
  before?: ReactNode;
  children: (form: {
    message: (path: string) => string | undefined;
    id: (path: string) => string;
  }) => ReactNode;
}) {
  const formId = `shop-${section}`;
  const { element, submit, fieldErrors, refusal, busy } = useStaffForm<Saved>({
    id: formId,
    notice: SHOP_TEXT.notSaved,
    done: () => toast({ title: SHOP_TEXT.saved }),
  });
  const id = (path: string) => `${formId}-${path.replaceAll('.', '-')}`;
  const message = (path: string) => fieldErrors[path]?.[0];
  return (
    <section aria-labelledby={`${formId}-title`} className="grid min-w-0 gap-3">
      <div>
        <h2 id={`${formId}-title`} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      {before}
      <form
        ref={element}
        method="post"
        noValidate
        onSubmit={submit({ intent: 'shop', section })}
        className="grid min-w-0 gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <Refusal message={refusal} />
        {children({ message, id })}
        <div>
          <Button type="submit" variant="accent" disabled={busy}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {save}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A labelled field with its message under it; the control gets the id, state and description. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error: string | undefined;
  children: (described: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Check({ id, name, label, checked }: { id: string; name: string; label: string; checked: boolean }) {
  return (
    <label
      htmlFor={id}
      className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-medium text-slate-900"
    >
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        className="h-5 w-5 shrink-0 accent-orange-700"
      />
      {label}
    </label>
  );
}

/** A weekday's opening or closing time, named with its day for a screen reader. */
function DayTime({
  id,
  i,
  day,
  end,
  label,
  seconds,
  message,
}: {
  id: (path: string) => string;
  i: number;
  day: string;
  end: 'from' | 'until';
  label: string;
  seconds: number;
  message: (path: string) => string | undefined;
}) {
  const name = `hours.${i}.${end}`;
  return (
    <Field
      id={id(name)}
      label={
        <>
          {label}
          <span className="sr-only"> on {day}</span>
        </>
      }
      error={message(name)}
    >
      {(described) => (
        <Input {...described} name={name} type="time" step={900} defaultValue={timeField(seconds)} />
      )}
    </Field>
  );
}

function HoursForm({ shop }: { shop: ShopSettings }) {
  const t = SHOP_TEXT.hours;
  return (
    <SectionForm section="hours" title={t.title} intro={t.intro} save={t.save}>
      {({ message, id }) => (
        <ul className="grid gap-3">
          {WEEKDAYS.map((day, i) => {
            const hours = shop.hours[i] ?? null;
            return (
              <li
                key={day}
                className="grid grid-cols-2 gap-2 border-b border-slate-100 pb-3 last:border-0 sm:grid-cols-[12rem_1fr_1fr] sm:items-start"
              >
                <div className="col-span-2 sm:col-span-1">
                  <Check
                    id={id(`hours.${i}.open`)}
                    name={`hours.${i}.open`}
                    label={t.open(day)}
                    checked={hours !== null}
                  />
                  <FieldError id={`${id(`hours.${i}.open`)}-error`} message={message(`hours.${i}.open`)} />
                </div>
                <DayTime
                  id={id}
                  i={i}
                  day={day}
                  end="from"
                  label={t.opens}
                  seconds={hours?.open ?? 7 * 3600}
                  message={message}
                />
                <DayTime
                  id={id}
                  i={i}
                  day={day}
                  end="until"
                  label={t.closes}
                  seconds={hours?.close ?? 18 * 3600}
                  message={message}
                />
              </li>
            );
          })}
        </ul>
      )}
    </SectionForm>
  );
}

function MarkupForm({ shop }: { shop: ShopSettings }) {
  const t = SHOP_TEXT.markup;
  const percent = (
    name: string,
    label: ReactNode,
    value: number,
    message: string | undefined,
    id: string,
  ) => (
    <Field id={id} label={label} error={message}>
      {(described) => (
        <Input
          {...described}
          name={name}
          inputMode="decimal"
          defaultValue={percentField(value)}
          className="max-w-32"
        />
      )}
    </Field>
  );
  return (
    <SectionForm section="markup" title={t.title} intro={t.intro} save={t.save}>
      {({ message, id }) => (
        <>
          <fieldset className="grid gap-3">
            <legend className="mb-1 font-semibold text-slate-900">{t.difficulty}</legend>
            {DIFFICULTIES.map((d) => (
              <div key={d} className="grid grid-cols-2 gap-3 sm:grid-cols-[10rem_9rem_9rem] sm:items-end">
                <p className="col-span-2 font-medium text-slate-800 sm:col-span-1 sm:pb-2.5">
                  {DIFFICULTY_LABELS[d]}
                </p>
                {percent(
                  `markup.difficulty.${d}.min`,
                  <>
                    {t.lowest}
                    <span className="sr-only"> for {DIFFICULTY_LABELS[d]}</span>
                  </>,
                  shop.markup.difficulty[d].min,
                  message(`markup.difficulty.${d}.min`),
                  id(`markup.difficulty.${d}.min`),
                )}
                {percent(
                  `markup.difficulty.${d}.max`,
                  <>
                    {t.highest}
                    <span className="sr-only"> for {DIFFICULTY_LABELS[d]}</span>
                  </>,
                  shop.markup.difficulty[d].max,
                  message(`markup.difficulty.${d}.max`),
                  id(`markup.difficulty.${d}.max`),
                )}
              </div>
            ))}
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-1 font-semibold text-slate-900">{t.urgency}</legend>
            {URGENCY_OPTIONS.map((o) => (
              <div key={o.value}>
                {percent(
                  `markup.urgency.${o.value}`,
                  t.uplift(o.label),
                  shop.markup.urgency[o.value],
                  message(`markup.urgency.${o.value}`),
                  id(`markup.urgency.${o.value}`),
                )}
              </div>
            ))}
          </fieldset>
        </>
      )}
    </SectionForm>
  );
}

function PickupForm({ shop }: { shop: ShopSettings }) {
  const t = SHOP_TEXT.pickup;
  return (
    <SectionForm
      section="pickup"
      title={t.title}
      intro={t.intro}
      save={t.save}
      before={
        !shop.pickup && (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
          >
            {t.missing}
          </p>
        )
      }
    >
      {({ message, id }) => (
        <>
          <Field
            id={id('pickup.address')}
            label={t.address}
            hint={t.addressHint}
            error={message('pickup.address')}
          >
            {(described) => (
              <Input
                {...described}
                name="pickup.address"
                autoComplete="street-address"
                defaultValue={shop.pickup?.address ?? ''}
              />
            )}
          </Field>
          <Field id={id('pickup.hours')} label={t.hours} hint={t.hoursHint} error={message('pickup.hours')}>
            {(described) => (
              <Input {...described} name="pickup.hours" defaultValue={shop.pickup?.hours ?? ''} />
            )}
          </Field>
        </>
      )}
    </SectionForm>
  );
}

function QuietHoursForm({ shop }: { shop: ShopSettings }) {
  const t = SHOP_TEXT.quietHours;
  const select = (
    name: string,
    label: string,
    hours: readonly number[],
    value: number,
    message: string | undefined,
    id: string,
  ) => (
    <Field id={id} label={label} error={message}>
      {(described) => (
        <select
          {...described}
          name={name}
          defaultValue={String(value)}
          className="h-11 w-full max-w-40 rounded-md border border-slate-300 bg-white px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
        >
          {hours.map((h) => (
            <option key={h} value={h}>
              {hourWords(h)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <SectionForm section="quietHours" title={t.title} intro={t.intro} save={t.save}>
      {({ message, id }) => (
        <>
          <Check
            id={id('quietHours.on')}
            name="quietHours.on"
            label={t.on}
            checked={shop.quietHours !== null}
          />
          <div className="grid grid-cols-2 gap-3 sm:max-w-md">
            {select(
              'quietHours.from',
              t.from,
              QUIET_FROM_HOURS,
              shop.quietHours?.from ?? 20,
              message('quietHours.from'),
              id('quietHours.from'),
            )}
            {select(
              'quietHours.until',
              t.until,
              QUIET_UNTIL_HOURS,
              shop.quietHours?.until ?? 8,
              message('quietHours.until'),
              id('quietHours.until'),
            )}
          </div>
        </>
      )}
    </SectionForm>
  );
}

function StaffForm({ shop }: { shop: ShopSettings }) {
  const t = SHOP_TEXT.staff;
  return (
    <SectionForm section="staff" title={t.title} intro={t.intro} save={t.save}>
      {({ id }) => (
        <div className="grid gap-1">
          <Check
            id={id('staff.seeMoney')}
            name="staff.seeMoney"
            label={t.seeMoney}
            checked={shop.staff.seeMoney}
          />
          <Check
            id={id('staff.mergeCustomers')}
            name="staff.mergeCustomers"
            label={t.mergeCustomers}
            checked={shop.staff.mergeCustomers}
          />
        </div>
      )}
    </SectionForm>
  );
}

/**
 * The five sections. Each keeps what was typed while it is saved (a form re-made by the reloaded
 * screen would lose its answer); the server's values show on the next visit.
 */
export function ShopSections({ shop }: { shop: ShopSettings }) {
  return (
    <div className="grid min-w-0 gap-10">
      <HoursForm shop={shop} />
      <MarkupForm shop={shop} />
      <PickupForm shop={shop} />
      <QuietHoursForm shop={shop} />
      <StaffForm shop={shop} />
    </div>
  );
}
