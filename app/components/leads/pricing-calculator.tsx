/**
 * The pricing calculator (SPEC §2, §5 'Quote form', §9): the current quote, the urgency and its
 * uplift, the difficulty with its range, cost and ETA with their messages, notes, the calculated
 * price from the shared pricing engine (the same figure the server stores and sends), Send Quote.
 */
import { Loader2, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { fieldMessages } from '#app/components/admin/staff-fetcher.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import {
  DEFAULT_ETA_DAYS,
  LEADS_TEXT,
  quoteFormSchema,
  quoteFormToPayload,
  type QuotePayload,
} from '#app/modules/leads/lead-admin.ts';
import type { Lead } from '#app/modules/leads/leads.ts';
import {
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  PRICING_CONFIG,
  priceQuote,
  urgencyUplift,
  type Difficulty,
} from '#app/modules/pricing/pricing.ts';
import { dollarsToCents, formatMoney, formatPercent } from '#app/modules/site/money.ts';
import { UrgencyBadge } from './urgency-badge.tsx';

const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className={cn('tabular-nums', strong ? 'font-bold text-slate-900' : 'font-medium text-slate-900')}>
        {value}
      </dd>
    </div>
  );
}

export function PricingCalculator({
  lead,
  canQuote,
  busy,
  refused,
  onSend,
}: {
  lead: Lead;
  canQuote: boolean;
  busy: boolean;
  /** the server's field messages when it refused the quote (the one error shape) */
  refused: Record<string, string[]> | undefined;
  onSend: (payload: QuotePayload) => void;
}) {
  const id = useId();
  const [difficulty, setDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);
  const [cost, setCost] = useState('');
  const [eta, setEta] = useState(String(lead.etaDays ?? DEFAULT_ETA_DAYS));
  const [notes, setNotes] = useState(lead.notes ?? '');
  const [errors, setErrors] = useState<{ cost?: string; etaDays?: string; notes?: string }>({});
  const [shownRefusal, setShownRefusal] = useState(refused);
  if (refused !== shownRefusal) {
    // a new refusal from the server: its messages replace the form's own
    setShownRefusal(refused);
    const { cost, etaDays, notes } = fieldMessages(refused);
    setErrors({ cost, etaDays, notes });
  }

  const costNumber = cost.trim() === '' ? NaN : Number(cost);
  const hasCost = Number.isFinite(costNumber) && costNumber > 0;
  const quote = hasCost
    ? priceQuote({ costCents: dollarsToCents(costNumber), difficulty, urgency: lead.urgency })
    : null;
  const uplift = urgencyUplift(lead.urgency);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // the quote form's schema: the rules and words the server checks the quote call with
    const result = quoteFormSchema.safeParse({ cost, etaDays: eta, notes, difficulty });
    const next: typeof errors = {};
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'cost' || field === 'etaDays' || field === 'notes') next[field] ??= issue.message;
    }
    setErrors(next);
    if (!result.success) {
      document.getElementById(next.cost ? `${id}-cost` : next.etaDays ? `${id}-eta` : `${id}-notes`)?.focus();
      return;
    }
    onSend(quoteFormToPayload(result.data));
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Pricing Calculator
      </h3>

      {lead.sellPrice !== null && (
        <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
          <h4 className="font-semibold text-slate-900">{LEADS_TEXT.currentQuote}</h4>
          <dl className="mt-2 grid gap-1 sm:grid-cols-2 sm:gap-x-6">
            <Row label="Cost" value={lead.cost === null ? LEADS_TEXT.na : formatMoney(lead.cost)} />
            <Row
              label="Markup"
              value={lead.markupPct === null ? LEADS_TEXT.na : formatPercent(Number(lead.markupPct))}
            />
            <Row label="Price" value={formatMoney(lead.sellPrice)} strong />
            <Row label="ETA" value={lead.etaDays === null ? LEADS_TEXT.na : `${lead.etaDays} days`} />
          </dl>
        </div>
      )}

      {canQuote ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <UrgencyBadge urgency={lead.urgency} />
            <span>
              Urgency uplift <strong className="font-semibold">+{pct(uplift)}</strong>
            </span>
          </p>

          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Difficulty</legend>
            <div className="grid grid-cols-3 gap-2">
              {DIFFICULTIES.map((d) => {
                const range = PRICING_CONFIG.baseDifficulty[d];
                return (
                  <label
                    key={d}
                    className={cn(
                      'flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-md border px-2 py-1.5 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-500',
                      difficulty === d
                        ? 'border-slate-900 bg-slate-900 text-white'
                        : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-difficulty`}
                      value={d}
                      checked={difficulty === d}
                      onChange={() => setDifficulty(d)}
                      className="sr-only"
                    />
                    <span className="font-semibold">{DIFFICULTY_LABELS[d]}</span>
                    <span className={cn('text-xs', difficulty === d ? 'text-slate-200' : 'text-slate-600')}>
                      {pct(range.min)}–{pct(range.max)}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor={`${id}-cost`} required>
                Cost ($)
              </Label>
              <Input
                id={`${id}-cost`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                required
                value={cost}
                onChange={(e) => setCost(e.currentTarget.value)}
                aria-invalid={errors.cost ? true : undefined}
                aria-describedby={errors.cost ? `${id}-cost-error` : undefined}
              />
              <FieldError id={`${id}-cost-error`} message={errors.cost} />
            </div>
            <div>
              <Label htmlFor={`${id}-eta`} required>
                ETA (Days)
              </Label>
              <Input
                id={`${id}-eta`}
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                required
                value={eta}
                onChange={(e) => setEta(e.currentTarget.value)}
                aria-invalid={errors.etaDays ? true : undefined}
                aria-describedby={errors.etaDays ? `${id}-eta-error` : undefined}
              />
              <FieldError id={`${id}-eta-error`} message={errors.etaDays} />
            </div>
          </div>
          <div>
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <textarea
              id={`${id}-notes`}
              rows={3}
              maxLength={2000}
              placeholder={LEADS_TEXT.notesPlaceholder}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              className={fieldClass}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
            />
            <FieldError id={`${id}-notes-error`} message={errors.notes} />
          </div>

          {quote && (
            <div className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm" aria-live="polite">
              <h4 className="font-semibold text-slate-900">{LEADS_TEXT.calculatedPricing}</h4>
              <dl className="mt-2 space-y-1">
                <Row label="Cost" value={formatMoney(quote.cost)} />
                <Row label="Markup" value={formatPercent(quote.markupPct)} />
                <Row label="Sell Price" value={formatMoney(quote.sellPrice)} strong />
              </dl>
            </div>
          )}

          <div className="flex justify-end">
            <Button type="submit" variant="accent" disabled={busy || !hasCost}>
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
