/**
 * The pricing calculator (product.md §2, §5 'Quote form', §9; issue 28): the quote as sent (versions,
 * quote-versions.tsx), the urgency and its uplift, then one to three options (quote-option-fields.tsx),
 * each with its calculated price from the shared pricing engine, staff's internal notes, and Send
 * Quote. A one-option quote is the spec's form: difficulty, cost, ETA, Send Quote. The form is
 * checked with quoteFormSchema, the server's own rules and words; the first wrong field takes the
 * focus. A lead with a quote starts from its current version's options.
 */
import { Loader2, Plus, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Refusal, useFormErrors } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FieldError, fieldClass, Label } from '#app/components/ui/input.tsx';
import {
  emptyQuoteOption,
  LEADS_TEXT,
  QUOTE_OPTION_FIELDS,
  quoteFormSchema,
  type LeadDetails,
  type QuoteOptionField,
  type QuoteOptionForm,
  type QuotePayload,
} from '#app/modules/leads/lead-admin.ts';
import { urgencyUplift } from '#app/modules/pricing/pricing.ts';
import { MAX_NOTES, MAX_OPTIONS } from '#app/modules/quotes/quote.ts';
import { centsToDollarText } from '#app/modules/site/money.ts';
import { inDisclosure, optionFieldId, QuoteOptionFields, typedCost } from './quote-option-fields.tsx';
import { QuoteVersions } from './quote-versions.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** An option in the form, with a key of its own (removing one keeps the others' inputs). */
type Row = QuoteOptionForm & { key: number };

/** The form's first options: the current version's (a new version starts from it), else one empty. */
function firstRows(lead: LeadDetails): Row[] {
  const current = lead.quoteVersions.find((v) => v.version === lead.quoteVersion);
  if (!current) return [{ key: 0, ...emptyQuoteOption(lead.etaDays) }];
  return current.options.map((o, key) => ({
    key,
    label: o.label,
    difficulty: o.difficulty,
    cost: centsToDollarText(o.cost),
    etaDays: String(o.etaDays),
    warranty: o.warranty ?? '',
    brand: o.brand ?? '',
    partNumber: o.partNumber ?? '',
    note: o.note ?? '',
    // a price set by hand stays set in the next version, with its reason
    priceOverride: o.calculatedPrice ? centsToDollarText(o.sellPrice) : '',
    priceReason: o.calculatedPrice ? (o.priceReason ?? '') : '',
  }));
}

/** The server's messages by path; the spec's one-option fields ('cost') are the first option's. */
function refusalErrors(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const key = (QUOTE_OPTION_FIELDS as readonly string[]).includes(path) ? `options.0.${path}` : path;
    (out[key] ??= []).push(...messages);
  }
  return out;
}

export function PricingCalculator({
  lead,
  now,
  canQuote,
  busy,
  refused,
  onSend,
}: {
  lead: LeadDetails;
  now: Date;
  canQuote: boolean;
  busy: boolean;
  /** the server's field messages when it refused the quote (the one error shape) */
  refused: Record<string, string[]> | undefined;
  onSend: (payload: QuotePayload) => void;
}) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => firstRows(lead));
  const [nextKey, setNextKey] = useState(MAX_OPTIONS);
  const [notes, setNotes] = useState(lead.notes ?? '');
  // the back office's one way to show what is wrong (decision 0183): messages by their paths
  // ('options.1.cost', 'notes'), the first wrong field focused after Send Quote
  const { element, show, check, clear, forget, fieldErrors, refusal } = useFormErrors({ id });
  const errorAt = (path: string) => fieldErrors[path]?.[0];
  /** the options whose disclosure is open, by key */
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [shownRefusal, setShownRefusal] = useState(refused);
  const several = rows.length > 1;
  if (refused !== shownRefusal) {
    // a new refusal from the server: its messages replace the form's own, shown where they are
    setShownRefusal(refused);
    if (refused) show({ message: '', fieldErrors: refusalErrors(refused) });
    else clear();
  }
  // messages in an option's closed disclosure open it, so that they are seen and the first takes
  // the focus (the disclosure then stays open as staff mend the field)
  const [seenErrors, setSeenErrors] = useState(fieldErrors);
  if (fieldErrors !== seenErrors) {
    setSeenErrors(fieldErrors);
    const hidden = rows.filter(
      (r, i) =>
        !opened.has(r.key) &&
        QUOTE_OPTION_FIELDS.some((f) => errorAt(`options.${i}.${f}`) && inDisclosure(f, several)),
    );
    if (hidden.length > 0) setOpened(new Set([...opened, ...hidden.map((r) => r.key)]));
  }

  const uplift = urgencyUplift(lead.urgency);

  function update(key: number, index: number, patch: Partial<QuoteOptionForm>) {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    // a field changed: its message goes (it is checked again at the next Send Quote)
    for (const field of Object.keys(patch)) forget(`options.${index}.${field}`);
  }

  function toggle(key: number, open: boolean) {
    setOpened((all) => {
      if (all.has(key) === open) return all;
      const next = new Set(all);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  function add() {
    const key = nextKey;
    flushSync(() => {
      setRows((all) => [...all, { key, ...emptyQuoteOption(lead.etaDays) }]);
      setNextKey(key + 1);
      clear();
    });
    // a new option is named first: that is what tells the customer the options apart
    document.getElementById(optionFieldId(id, rows.length, 'label'))?.focus();
  }

  function remove(key: number) {
    flushSync(() => {
      setRows((all) => all.filter((r) => r.key !== key));
      clear();
    });
    document.getElementById(`${id}-add`)?.focus();
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // the server's schema on the payload the form becomes: the same rules and words
    const payload = check(quoteFormSchema, { options: rows.map(({ key: _, ...o }) => o), notes });
    if (!payload) return;
    clear();
    onSend(payload);
  }

  const optionErrors = (i: number) =>
    Object.fromEntries(
      QUOTE_OPTION_FIELDS.flatMap((f) => {
        const message = errorAt(`options.${i}.${f}`);
        return message ? [[f, message]] : [];
      }),
    ) as Partial<Record<QuoteOptionField, string>>;
  const formError = errorAt('options');

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Pricing Calculator
      </h3>

      <QuoteVersions lead={lead} now={now} />

      {canQuote ? (
        <form ref={element} onSubmit={submit} noValidate className="mt-4 space-y-4">
          <Refusal message={refusal} />
          {lead.quoteVersions.length > 0 && (
            <p className="text-sm text-slate-700">
              Send Quote sends a new version (the customer&apos;s link shows it); the form starts from the
              current one.
            </p>
          )}
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <UrgencyBadge urgency={lead.urgency} />
            <span>
              Urgency uplift <strong className="font-semibold">+{pct(uplift)}</strong>
            </span>
          </p>

          {rows.map((row, i) => (
            <QuoteOptionFields
              key={row.key}
              prefix={id}
              index={i}
              several={several}
              option={row}
              urgency={lead.urgency}
              errors={optionErrors(i)}
              detailsOpen={opened.has(row.key)}
              onDetailsToggle={(open) => toggle(row.key, open)}
              onChange={(patch) => update(row.key, i, patch)}
              onRemove={i > 0 ? () => remove(row.key) : undefined}
            />
          ))}
          <FieldError id={`${id}-options-error`} message={formError} />

          {rows.length < MAX_OPTIONS && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button id={`${id}-add`} variant="outline" onClick={add} aria-describedby={`${id}-add-hint`}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add option
              </Button>
              <span id={`${id}-add-hint`} className="text-sm text-slate-600">
                Up to {MAX_OPTIONS} options, e.g. new OEM, aftermarket, used / reman
              </span>
            </div>
          )}

          <div>
            <Label htmlFor={`${id}-notes`}>Internal notes</Label>
            <p id={`${id}-notes-hint`} className="-mt-1 mb-1.5 text-sm text-slate-600">
              Never shown to the customer
            </p>
            <textarea
              id={`${id}-notes`}
              rows={3}
              maxLength={MAX_NOTES}
              placeholder={LEADS_TEXT.notesPlaceholder}
              value={notes}
              onChange={(e) => {
                setNotes(e.currentTarget.value);
                forget('notes');
              }}
              className={fieldClass}
              aria-invalid={errorAt('notes') ? true : undefined}
              aria-describedby={errorAt('notes') ? `${id}-notes-hint ${id}-notes-error` : `${id}-notes-hint`}
            />
            <FieldError id={`${id}-notes-error`} message={errorAt('notes')} />
          </div>

          <div className="flex justify-end">
            <Button
              type="submit"
              variant="accent"
              disabled={busy || !rows.some((r) => typedCost(r) !== undefined)}
            >
              {busy ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <Send className="h-4 w-4" aria-hidden="true" />
              )}
              {LEADS_TEXT.sendQuote}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {lead.sellPrice === null
            ? 'This lead can no longer be quoted.'
            : 'The quote can no longer be changed.'}
        </p>
      )}
    </section>
  );
}
