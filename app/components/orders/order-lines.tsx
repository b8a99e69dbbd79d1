/**
 * An order's parts in the Lead Details dialog (issue 29, decision 0150): each part with its step,
 * supplier, expected date, tracking link and costs; the one-press move to its next step, 'Undo last
 * step', its details to edit (supplier, their order reference, actual cost, promised date and why
 * it moved, carrier and tracking number, pickup or delivery); a part to add; and the switch for the
 * customer's automatic texts. Each change posts to the dialog's route (intents `line-…`,
 * `auto-texts`), which calls the orders service (server/changes/orders.ts).
 */
import { useId, useRef, useState } from 'react';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  CARRIER_IDS,
  CARRIERS,
  moveLabel,
  nextStep,
  shortDay,
  stepLabel,
  trackingUrl,
  type LeadOrder,
  type OrderLine,
} from '#app/modules/orders/orders.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { centsToDollarText, formatMoney } from '#app/modules/site/money.ts';
import { MarkOrderedForm } from './mark-ordered-form.tsx';

export const ORDER_TEXT = {
  title: 'Order',
  autoTexts: 'Text the customer when a part is ready or its date moves',
  none: 'No parts on this order yet.',
  undo: 'Undo last step',
  edit: 'Edit details',
  close: 'Close details',
  save: 'Save part',
  add: 'Add a part',
  added: 'Part added',
  moved: 'Part moved',
  saved: 'Part saved',
  expected: (date: string) => `Expected ${date}`,
  track: (carrier: string) => `Track with ${carrier}`,
  costs: (quoted: string, actual: string) => `Quoted cost ${quoted} · actual ${actual}`,
} as const;

type Answer = ActionAnswer<{ intent?: string }>;

/** A field of these forms, tall enough to tap. */
const CONTROL = `${fieldClass} min-h-11`;

function useOrderFetcher(onDone: () => void) {
  return useStaffFetcher<Answer>((answer) => {
    if (answer.ok) onDone();
    else toast({ title: 'Not changed', description: answer.message, variant: 'destructive' });
  });
}

export function OrderLines({ order, closed }: { order: LeadOrder; closed: boolean }) {
  const switcher = useOrderFetcher(() => toast({ title: 'Saved' }));
  const on = switcher.formData ? switcher.formData.get('on') === 'true' : order.autoTexts;
  const switchId = useId();
  return (
    <section aria-labelledby={`${switchId}-title`} className="rounded-lg border border-slate-200 p-4">
      <h3 id={`${switchId}-title`} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {ORDER_TEXT.title}
      </h3>
      <div className="mt-2 flex items-start gap-2">
        <input
          id={switchId}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-orange-600"
          checked={on}
          disabled={switcher.state !== 'idle'}
          onChange={(e) =>
            switcher.submit({ intent: 'auto-texts', on: String(e.target.checked) }, { method: 'post' })
          }
        />
        <label htmlFor={switchId} className="text-sm text-slate-800">
          {ORDER_TEXT.autoTexts}
        </label>
      </div>
      {order.lines.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{ORDER_TEXT.none}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {order.lines.map((line) => (
            <LinePart key={line.id} line={line} order={order} closed={closed} />
          ))}
        </ul>
      )}
      {!closed && <AddPart order={order} />}
    </section>
  );
}

function LinePart({ line, order, closed }: { line: OrderLine; order: LeadOrder; closed: boolean }) {
  const [editing, setEditing] = useState(false);
  const mover = useOrderFetcher(() => toast({ title: ORDER_TEXT.moved }));
  const next = closed ? undefined : nextStep(line.step);
  const busy = mover.state !== 'idle';
  const carrier = line.carrier ? CARRIERS[line.carrier].name : null;
  const tracking = trackingUrl(line.carrier, line.trackingNumber);
  const submit = (intent: 'line-step' | 'line-undo', to = '') =>
    mover.submit({ intent, line: String(line.id), to, revision: String(line.revision) }, { method: 'post' });
  // 'Mark ordered' asks for the supplier and the promised date first (decision 0195)
  const asks = next !== undefined && line.step === 'to_order';
  const [asking, setAsking] = useState(false);
  const formId = `mark-ordered-${line.id}`;
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    opener.current?.focus();
  };
  return (
    <li className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words font-medium text-slate-900">{line.part}</p>
        <span className="text-sm font-medium text-slate-800">{stepLabel(line.step, line.handover)}</span>
      </div>
      <p className="mt-0.5 break-words text-sm text-slate-700">
        {[
          line.supplierName,
          line.orderRef && `ref. ${line.orderRef}`,
          line.promisedDate && ORDER_TEXT.expected(shortDay(line.promisedDate)),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {(line.quotedCost !== null || line.actualCost !== null) && (
        <p className="text-sm text-slate-700">
          {ORDER_TEXT.costs(
            line.quotedCost === null ? '–' : formatMoney(line.quotedCost),
            line.actualCost === null ? '–' : formatMoney(line.actualCost),
          )}
        </p>
      )}
      {tracking && carrier && (
        <a
          href={tracking}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-medium text-blue-800 underline"
        >
          {ORDER_TEXT.track(carrier)} ({line.trackingNumber})
        </a>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {next && asks && (
          <Button
            ref={opener}
            aria-expanded={asking}
            aria-controls={asking ? formId : undefined}
            onClick={() => (asking ? close() : setAsking(true))}
          >
            {moveLabel(next, line.handover)}
          </Button>
        )}
        {next && !asks && (
          <Button disabled={busy} onClick={() => submit('line-step', next)}>
            {moveLabel(next, line.handover)}
          </Button>
        )}
        {!closed && line.previousStep && (
          <Button variant="outline" disabled={busy} onClick={() => submit('line-undo')}>
            {ORDER_TEXT.undo}
          </Button>
        )}
        <Button variant="outline" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {editing ? ORDER_TEXT.close : ORDER_TEXT.edit}
        </Button>
      </div>
      {asking && next && (
        <MarkOrderedForm
          id={formId}
          fields={{ intent: 'line-step', line: String(line.id), to: next, revision: String(line.revision) }}
          suppliers={order.suppliers}
          supplierId={line.supplierId}
          promisedDate={line.promisedDate}
          onDone={() => {
            setAsking(false);
            toast({ title: ORDER_TEXT.moved });
          }}
          onCancel={close}
        />
      )}
      {editing && <LineForm line={line} order={order} onSaved={() => setEditing(false)} />}
    </li>
  );
}

type LineField =
  | 'part'
  | 'supplierId'
  | 'orderRef'
  | 'actualCost'
  | 'promisedDate'
  | 'carrier'
  | 'trackingNumber'
  | 'handover'
  | 'why';

function LineForm({ line, order, onSaved }: { line: OrderLine; order: LeadOrder; onSaved: () => void }) {
  const prefix = `line-${line.id}`;
  const { element, submit, refusal, busy, field, error } = useStaffForm<Answer>({
    id: prefix,
    done: () => {
      toast({ title: ORDER_TEXT.saved });
      onSaved();
    },
  });
  const row = (name: LineField, label: string, control: React.ReactNode) => (
    <div>
      <Label htmlFor={`${prefix}-${name}`}>{label}</Label>
      {control}
      {error(name)}
    </div>
  );
  return (
    <form
      ref={element}
      noValidate
      onSubmit={submit({ intent: 'line-change', line: String(line.id), revision: String(line.revision) })}
      className="mt-3 grid gap-3 sm:grid-cols-2"
    >
      {refusal && (
        <div className="sm:col-span-2">
          <Refusal message={refusal} />
        </div>
      )}
      {row(
        'part',
        'Part',
        <input {...field('part')} name="part" defaultValue={line.part} className={CONTROL} />,
      )}
      {row(
        'supplierId',
        'Supplier',
        <select
          {...field('supplierId')}
          name="supplierId"
          defaultValue={line.supplierId ?? ''}
          className={CONTROL}
        >
          <option value="">Not chosen</option>
          {order.suppliers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>,
      )}
      {row(
        'orderRef',
        "Supplier's order reference",
        <input
          {...field('orderRef')}
          name="orderRef"
          defaultValue={line.orderRef ?? ''}
          className={CONTROL}
        />,
      )}
      {row(
        'actualCost',
        'Actual cost ($)',
        <input
          {...field('actualCost')}
          name="actualCost"
          inputMode="decimal"
          defaultValue={line.actualCost === null ? '' : centsToDollarText(line.actualCost)}
          className={CONTROL}
        />,
      )}
      {row(
        'promisedDate',
        'Promised date',
        <input
          {...field('promisedDate')}
          name="promisedDate"
          type="date"
          defaultValue={line.promisedDate ?? ''}
          className={CONTROL}
        />,
      )}
      {row(
        'why',
        'Why the date moved (told to the customer)',
        <input {...field('why')} name="why" maxLength={80} className={CONTROL} />,
      )}
      {row(
        'carrier',
        'Carrier',
        <select {...field('carrier')} name="carrier" defaultValue={line.carrier ?? ''} className={CONTROL}>
          <option value="">None</option>
          {CARRIER_IDS.map((id) => (
            <option key={id} value={id}>
              {CARRIERS[id].name}
            </option>
          ))}
        </select>,
      )}
      {row(
        'trackingNumber',
        'Tracking number',
        <input
          {...field('trackingNumber')}
          name="trackingNumber"
          defaultValue={line.trackingNumber ?? ''}
          className={CONTROL}
        />,
      )}
      {row(
        'handover',
        'Handed over by',
        <select {...field('handover')} name="handover" defaultValue={line.handover} className={CONTROL}>
          <option value="pickup">Pickup at the counter</option>
          <option value="delivery">Delivery</option>
        </select>,
      )}
      <div className="flex items-end">
        <Button type="submit" variant="accent" disabled={busy}>
          {ORDER_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

function AddPart({ order }: { order: LeadOrder }) {
  const [formKey, setFormKey] = useState(0);
  const prefix = useId();
  const { element, submit, refusal, busy, field, error } = useStaffForm<Answer>({
    id: prefix,
    done: () => {
      toast({ title: ORDER_TEXT.added });
      setFormKey((k) => k + 1);
    },
  });
  return (
    <form
      key={formKey}
      ref={element}
      noValidate
      onSubmit={submit({ intent: 'line-add' })}
      className="mt-4 grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2"
    >
      {refusal && (
        <div className="sm:col-span-2">
          <Refusal message={refusal} />
        </div>
      )}
      <div>
        <Label htmlFor={`${prefix}-part`}>Another part</Label>
        <input {...field('part')} name="part" className={CONTROL} />
        {error('part')}
      </div>
      <div>
        <Label htmlFor={`${prefix}-supplierId`}>Supplier</Label>
        <select {...field('supplierId')} name="supplierId" defaultValue="" className={CONTROL}>
          <option value="">Not chosen</option>
          {order.suppliers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {error('supplierId')}
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {ORDER_TEXT.add}
        </Button>
      </div>
    </form>
  );
}
