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
import { urgencyUplift, type MarkupRules } from '#app/modules/pricing/pricing.ts';
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
  markup,
  now,
  canQuote,
  busy,
  refused,
  onSend,
}: {
  lead: LeadDetails;
  /** the owner's markup rules in force (the Settings screen) */
  markup: MarkupRules;
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
  // once a quote was sent the form waits behind 'Send a new version', and replacing a quote the
  // customer may be reading asks first (issue 48 item 8, decision 0192)
  const sent =
    lead.quoteVersions.length > 0 ? (lead.quoteVersion ?? lead.quoteVersions.at(-1)!.version) : null;
  const [editing, setEditing] = useState(sent === null);
  const [confirming, setConfirming] = useState<QuotePayload | null>(null);
  const several = rows.length > 1;
  if (refused !== shownRefusal) {
    // a new refusal from the server: its messages replace the form's own, shown where they are
    setShownRefusal(refused);
    setConfirming(null);
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

  const uplift = urgencyUplift(markup, lead.urgency);

  function update(key: number, index: number, patch: Partial<QuoteOptionForm>) {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    // a change after 'Send version n' asks again, for the quote as it is now
    setConfirming(null);
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
      setConfirming(null);
      clear();
    });
    // a new option is named first: that is what tells the customer the options apart
    document.getElementById(optionFieldId(id, rows.length, 'label'))?.focus();
  }

  function remove(key: number) {
    flushSync(() => {
      setRows((all) => all.filter((r) => r.key !== key));
      setConfirming(null);
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
    if (sent !== null && lead.status === 'quoted') {
      flushSync(() => setConfirming(payload));
      document.getElementById(`${id}-replace`)?.focus();
    } else onSend(payload);
  }

  function startNewVersion() {
    flushSync(() => setEditing(true));
    document.getElementById(optionFieldId(id, 0, 'cost'))?.focus();
  }

  function keepSent() {
    flushSync(() => setConfirming(null));
    document.getElementById(`${id}-send`)?.focus();
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

      {canQuote && !editing && sent !== null ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button variant="outline" onClick={startNewVersion} aria-describedby={`${id}-new-hint`}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {LEADS_TEXT.newVersion}
          </Button>
          <span id={`${id}-new-hint`} className="text-sm text-slate-600">
            {LEADS_TEXT.newVersionHint(sent)}
          </span>
        </div>
      ) : canQuote ? (
        <form ref={element} onSubmit={submit} noValidate className="mt-4 space-y-4">
          <Refusal message={refusal} />
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
              markup={markup}
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
                setConfirming(null);
                forget('notes');
              }}
              className={fieldClass}
              aria-invalid={errorAt('notes') ? true : undefined}
              aria-describedby={errorAt('notes') ? `${id}-notes-hint ${id}-notes-error` : `${id}-notes-hint`}
            />
            <FieldError id={`${id}-notes-error`} message={errorAt('notes')} />
          </div>

          {confirming && sent !== null ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p id={`${id}-replace`} tabIndex={-1} className="rounded focus:outline-none">
                {LEADS_TEXT.replaceQuestion(sent, sent + 1)}
              </p>
              <div className="mt-3 flex flex-wrap justify-end gap-2">
                <Button variant="outline" className="bg-white" disabled={busy} onClick={keepSent}>
                  {LEADS_TEXT.keepVersion(sent)}
                </Button>
                <Button variant="accent" disabled={busy} onClick={() => onSend(confirming)}>
                  {busy ? (
                    <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                  ) : (
                    <Send className="h-4 w-4" aria-hidden="true" />
                  )}
                  {LEADS_TEXT.sendVersion(sent + 1)}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex justify-end">
              <Button
                id={`${id}-send`}
                type="submit"
                variant="accent"
                disabled={busy || !rows.some((r) => typedCost(r) !== undefined)}
              >
                {busy ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                ) : (
                  <Send className="h-4 w-4" aria-hidden="true" />
                )}
                {sent === null ? LEADS_TEXT.sendQuote : LEADS_TEXT.sendVersion(sent + 1)}
              </Button>
            </div>
          )}
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
