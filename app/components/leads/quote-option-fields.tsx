/**
 * One option of a quote in the pricing calculator (issue 28): difficulty, Cost ($) and ETA (business days)
 * up front with the option's calculated price from the shared pricing engine (the figure the
 * server stores and sends); its name, warranty, brand, part number and note to the customer in a
 * disclosure, so a one-option quote stays as quick as the spec's form. With several options each
 * is a group named 'Option n', its name up front, and the extra ones can be removed.
 *
 * Issue 31, honest pricing: under the difficulty chips (each its range, as the spec has them) the
 * calculator says how the markup is made for this lead (the middle of the chosen range, plus the
 * urgency's uplift, makes the markup), so the chip never seems to contradict the result; and staff
 * may set the price by hand ('Set the price by hand': their price and a reason), which the quote
 * then carries, the engine's price shown beside it.
 */
import { ChevronDown, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import { LEADS_TEXT, type QuoteOptionField, type QuoteOptionForm } from '#app/modules/leads/lead-admin.ts';
import type { Urgency } from '#app/modules/leads/leads.ts';
import { markupBreakdown } from '#app/modules/leads/markup.ts';
import { DIFFICULTIES, DIFFICULTY_LABELS, type MarkupRules } from '#app/modules/pricing/pricing.ts';
import { ETA_FIELD_LABEL } from '#app/modules/quotes/eta.ts';
import {
  MAX_CUSTOMER_NOTE,
  MAX_OPTION_LABEL,
  MAX_OPTION_TEXT,
  MAX_PRICE_REASON,
  optionPrice,
} from '#app/modules/quotes/quote.ts';
import { dollarsToCents, formatMoney, formatPercent } from '#app/modules/site/money.ts';

const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;
/** An option's name is short: it is what the customer reads first (the server's limit). */
const PLACEHOLDERS = ['e.g. New OEM', 'e.g. Aftermarket', 'e.g. Used / reman'];

export function PriceRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className={cn('tabular-nums text-slate-900', strong ? 'font-bold' : 'font-medium')}>{value}</dd>
    </div>
  );
}

/** The id of an option's field (`{prefix}-o{index}-{field}`), for its label, its message and the focus. */
export const optionFieldId = (prefix: string, index: number, field: QuoteOptionField) =>
  `${prefix}-o${index}-${field}`;

/** A typed amount of dollars above 0, else undefined. */
function typedDollars(text: string): number | undefined {
  const dollars = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(dollars) && dollars > 0 ? dollars : undefined;
}

/** The option's cost as a typed amount above 0, else undefined (no price to show yet). */
export function typedCost(option: QuoteOptionForm): number | undefined {
  return typedDollars(option.cost);
}

/** The fields in the disclosure (the name too when the quote has one option). */
export function inDisclosure(field: QuoteOptionField, several: boolean): boolean {
  return (
    field === 'warranty' ||
    field === 'brand' ||
    field === 'partNumber' ||
    field === 'note' ||
    (field === 'label' && !several)
  );
}

export function QuoteOptionFields({
  prefix,
  index,
  several,
  option,
  urgency,
  markup: rules,
  errors,
  detailsOpen,
  onDetailsToggle,
  onChange,
  onRemove,
}: {
  prefix: string;
  index: number;
  /** the quote has more than one option */
  several: boolean;
  option: QuoteOptionForm;
  urgency: Urgency;
  /** the owner's markup rules in force (the Settings screen) */
  markup: MarkupRules;
  /** the message of each field that is wrong */
  errors: Partial<Record<QuoteOptionField, string>>;
  detailsOpen: boolean;
  onDetailsToggle: (open: boolean) => void;
  onChange: (patch: Partial<QuoteOptionForm>) => void;
  /** removes this option (the extra ones only) */
  onRemove?: () => void;
}) {
  const fieldId = (field: QuoteOptionField) => optionFieldId(prefix, index, field);
  const invalid = (field: QuoteOptionField) => ({
    id: fieldId(field),
    'aria-invalid': errors[field] ? (true as const) : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });
  const message = (field: QuoteOptionField) => (
    <FieldError id={`${fieldId(field)}-error`} message={errors[field]} />
  );
  const cost = typedCost(option);
  const typedPrice = typedDollars(option.priceOverride);
  // the price is set by hand once staff ask for it, or when a price, a reason or their message is there
  const [byHandAsked, setByHandAsked] = useState(false);
  const byHand =
    byHandAsked ||
    option.priceOverride.trim() !== '' ||
    option.priceReason.trim() !== '' ||
    Boolean(errors.priceOverride || errors.priceReason);
  const quote =
    cost === undefined
      ? null
      : optionPrice(
          {
            cost: dollarsToCents(cost),
            difficulty: option.difficulty,
            priceOverride: byHand && typedPrice !== undefined ? dollarsToCents(typedPrice) : null,
          },
          urgency,
          rules,
        );
  const markup = markupBreakdown(rules, option.difficulty, urgency);
  const filled = (['warranty', 'brand', 'partNumber', 'note'] as const).filter((f) => option[f].trim());

  const nameField = (
    <div>
      <Label htmlFor={fieldId('label')}>
        Option name <span className="font-normal text-slate-600">(optional)</span>
      </Label>
      <Input
        {...invalid('label')}
        maxLength={MAX_OPTION_LABEL}
        placeholder={PLACEHOLDERS[index]}
        value={option.label}
        onChange={(e) => onChange({ label: e.currentTarget.value })}
      />
      {message('label')}
    </div>
  );

  const body = (
    <div className="space-y-4">
      {several && nameField}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          Difficulty <span className="font-normal text-slate-600">(base markup range)</span>
        </legend>
        <div className="grid grid-cols-3 gap-2">
          {DIFFICULTIES.map((d) => {
            const range = rules.difficulty[d];
            const checked = option.difficulty === d;
            return (
              <label
                key={d}
                className={cn(
                  'flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-md border px-2 py-1.5 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-500',
                  checked
                    ? 'border-slate-900 bg-slate-900 text-white'
                    : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  id={d === DIFFICULTIES[0] ? fieldId('difficulty') : undefined}
                  name={`${fieldId('difficulty')}-choice`}
                  value={d}
                  checked={checked}
                  onChange={() => onChange({ difficulty: d })}
                  className="sr-only"
                />
                <span className="font-semibold">{DIFFICULTY_LABELS[d]}</span>
                <span className={cn('text-xs', checked ? 'text-slate-200' : 'text-slate-600')}>
                  {pct(range.min)}–{pct(range.max)}
                </span>
              </label>
            );
          })}
        </div>
        {/* how the markup of this lead is made: the chip's range is only its start */}
        <dl className="mt-2 space-y-0.5 rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
          <PriceRow
            label={`${markup.difficultyLabel}: middle of ${pct(markup.range.min)}–${pct(markup.range.max)}`}
            value={formatPercent(markup.base)}
          />
          <PriceRow
            label={`Urgency uplift (${markup.urgencyLabel})`}
            value={`+${formatPercent(markup.uplift)}`}
          />
          <PriceRow label="Markup" value={formatPercent(markup.markup)} strong />
        </dl>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={fieldId('cost')} required>
            Cost ($)
          </Label>
          <Input
            {...invalid('cost')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            required
            value={option.cost}
            onChange={(e) => onChange({ cost: e.currentTarget.value })}
          />
          {message('cost')}
        </div>
        <div>
          <Label htmlFor={fieldId('etaDays')} required>
            {ETA_FIELD_LABEL}
          </Label>
          <Input
            {...invalid('etaDays')}
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            required
            value={option.etaDays}
            onChange={(e) => onChange({ etaDays: e.currentTarget.value })}
          />
          {message('etaDays')}
        </div>
      </div>

      {quote && (
        <div className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm" aria-live="polite">
          <h4 className="font-semibold text-slate-900">{LEADS_TEXT.calculatedPricing}</h4>
          <dl className="mt-2 space-y-1">
            <PriceRow label="Cost" value={formatMoney(quote.cost)} />
            {quote.calculatedPrice !== null && (
              <PriceRow label="Calculated price" value={formatMoney(quote.calculatedPrice)} />
            )}
            <PriceRow
              label={quote.calculatedPrice !== null ? 'Markup (from your price)' : 'Markup'}
              value={formatPercent(quote.markupPct)}
            />
            <PriceRow
              label={quote.calculatedPrice !== null ? 'Sell Price (set by hand)' : 'Sell Price'}
              value={formatMoney(quote.sellPrice)}
              strong
            />
          </dl>
          {quote.sellPrice < quote.cost && (
            <p className="mt-2 font-medium text-red-800">This price is below the cost.</p>
          )}
        </div>
      )}

      <div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={byHand}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setByHandAsked(on);
              // back to the engine's price: what was typed for the price by hand goes
              if (!on) onChange({ priceOverride: '', priceReason: '' });
            }}
            className="h-5 w-5 accent-orange-700"
          />
          Set the price by hand
        </label>
        {byHand && (
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor={fieldId('priceOverride')} required>
                Your price ($)
              </Label>
              <Input
                {...invalid('priceOverride')}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                value={option.priceOverride}
                onChange={(e) => onChange({ priceOverride: e.currentTarget.value })}
              />
              {message('priceOverride')}
            </div>
            <div>
              <Label htmlFor={fieldId('priceReason')} required>
                Reason for this price
              </Label>
              <Input
                {...invalid('priceReason')}
                maxLength={MAX_PRICE_REASON}
                placeholder="e.g. Matched the dealer's price"
                value={option.priceReason}
                onChange={(e) => onChange({ priceReason: e.currentTarget.value })}
              />
              {message('priceReason')}
            </div>
          </div>
        )}
      </div>

      <details
        open={detailsOpen}
        onToggle={(e) => onDetailsToggle(e.currentTarget.open)}
        className="group rounded-md border border-slate-200"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 [&::-webkit-details-marker]:hidden">
          <span>
            {several ? 'Warranty, brand, part number, note' : 'Name, warranty, brand, part number, note'}
            {filled.length > 0 && (
              <span className="font-normal text-slate-600"> ({filled.length} filled)</span>
            )}
          </span>
          <ChevronDown className="h-4 w-4 shrink-0 transition group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="space-y-4 border-t border-slate-200 p-3">
          {!several && nameField}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor={fieldId('warranty')}>Warranty</Label>
              <Input
                {...invalid('warranty')}
                maxLength={MAX_OPTION_TEXT}
                placeholder="e.g. 1 year"
                value={option.warranty}
                onChange={(e) => onChange({ warranty: e.currentTarget.value })}
              />
              {message('warranty')}
            </div>
            <div>
              <Label htmlFor={fieldId('brand')}>Brand</Label>
              <Input
                {...invalid('brand')}
                maxLength={MAX_OPTION_TEXT}
                value={option.brand}
                onChange={(e) => onChange({ brand: e.currentTarget.value })}
              />
              {message('brand')}
            </div>
          </div>
          <div>
            <Label htmlFor={fieldId('partNumber')}>Part number</Label>
            <Input
              {...invalid('partNumber')}
              maxLength={MAX_OPTION_TEXT}
              autoCapitalize="characters"
              spellCheck={false}
              value={option.partNumber}
              onChange={(e) => onChange({ partNumber: e.currentTarget.value })}
            />
            {message('partNumber')}
          </div>
          <div>
            <Label htmlFor={fieldId('note')}>Note to the customer (shown on the quote page)</Label>
            <textarea
              {...invalid('note')}
              rows={2}
              maxLength={MAX_CUSTOMER_NOTE}
              placeholder="e.g. Core charge included"
              value={option.note}
              onChange={(e) => onChange({ note: e.currentTarget.value })}
              className={fieldClass}
            />
            {message('note')}
          </div>
        </div>
      </details>
    </div>
  );

  if (!several) return body;
  const name = option.label.trim();
  return (
    <fieldset className="relative rounded-lg border border-slate-300 px-3 pb-3 sm:px-4 sm:pb-4">
      {/* the legend floats inside the border: the first child of the fieldset, it names the group */}
      <legend className="float-left w-full break-words py-3 pr-28 text-sm font-semibold text-slate-900">
        Option {index + 1}
        {name && <span className="font-normal text-slate-700">: {name}</span>}
      </legend>
      {onRemove && (
        <Button
          variant="ghost"
          onClick={onRemove}
          aria-label={`Remove option ${index + 1}`}
          className="absolute right-1 top-0.5 px-3"
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Remove
        </Button>
      )}
      <div className="clear-both">{body}</div>
    </fieldset>
  );
}
