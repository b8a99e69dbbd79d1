/**
 * The parts of the settings screen (app/components/settings/settings-screen.tsx) that make up one
 * text: its on/off switch, its wording beside a live preview (filled with SAMPLE_VALUES through
 * the same `fillText` the follow-up pass uses, so the preview is what a customer would get) and the
 * SMS segments that preview takes; and the boxes above the cards: the rules the texts keep and the
 * placeholders the wording may use, with what each becomes.
 */
import { Info } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass } from '#app/components/ui/input.tsx';
import {
  fillText,
  SAMPLE_VALUES,
  SETTINGS_TEXT,
  smsSegments,
  type PLACEHOLDERS,
} from '#app/modules/customers/follow-ups.ts';

type Placeholder = (typeof PLACEHOLDERS)[number];

/** A text's on/off switch: a checkbox with its label (sent as 'on' when checked, absent when not). */
export function OnOff({
  id,
  name,
  label,
  checked,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex">
      <label
        htmlFor={id}
        className="-ml-1 inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 font-medium text-slate-900"
      >
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="h-5 w-5 shrink-0 accent-orange-700"
        />
        {label}
      </label>
    </div>
  );
}

/** The characters of a text that are not GSM-7 (each once, at most five), written so they can be seen. */
function specialCharacters(text: string): string[] {
  return [...new Set(text)]
    .filter((c) => smsSegments(c).encoding === 'UCS-2')
    .slice(0, 5)
    .map((c) => (c.trim() === '' ? `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : c));
}

/**
 * A text's wording (a labelled textarea: its hint, preview, segments and message describe it) and,
 * beside it on a wide screen or under it on a phone, the preview with its segment count. A screen
 * reader hears the count when it changes (a polite live region), not the whole preview at each key.
 */
export function Wording({
  id,
  name,
  title,
  value,
  onChange,
  hint,
  error,
  on,
  reviewUrl,
}: {
  id: string;
  name: string;
  /** the text's title, for what the live region says */
  title: string;
  value: string;
  onChange: (text: string) => void;
  hint: string;
  error: string | undefined;
  on: boolean;
  /** the review page typed so far, shown in the preview instead of the sample's */
  reviewUrl?: string;
}) {
  const preview = fillText(value, reviewUrl ? { ...SAMPLE_VALUES, reviewUrl } : SAMPLE_VALUES);
  const count = smsSegments(preview);
  const special = count.encoding === 'UCS-2' ? specialCharacters(preview) : [];
  const ids = {
    hint: `${id}-hint`,
    preview: `${id}-preview`,
    segments: `${id}-segments`,
    error: `${id}-error`,
  };
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <div className="min-w-0">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
          {SETTINGS_TEXT.wording}
        </label>
        <textarea
          id={id}
          name={name}
          rows={5}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[ids.hint, error && ids.error, ids.preview, ids.segments]
            .filter(Boolean)
            .join(' ')}
          className={cn(fieldClass, 'min-h-32 resize-y')}
        />
        <p id={ids.hint} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
        <FieldError id={ids.error} message={error} />
      </div>
      <div className="min-w-0">
        <p className="mb-1.5 text-sm font-medium text-slate-800">
          {SETTINGS_TEXT.preview}{' '}
          <span className="font-normal text-slate-600">
            ({on ? SETTINGS_TEXT.previewNote : SETTINGS_TEXT.previewOff})
          </span>
        </p>
        <p
          id={ids.preview}
          data-testid="preview"
          className="min-h-20 whitespace-pre-wrap rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm text-slate-900 [overflow-wrap:anywhere]"
        >
          {preview}
        </p>
        <div id={ids.segments} className="mt-2 text-sm">
          <p data-testid="segments" className="text-slate-700">
            {SETTINGS_TEXT.segments(count)}
          </p>
          {special.length > 0 && (
            <p className="mt-1 font-medium text-amber-900">{SETTINGS_TEXT.special(special)}</p>
          )}
        </div>
        <p className="sr-only" aria-live="polite">
          {SETTINGS_TEXT.segmentsShort(title, count.segments)}
        </p>
      </div>
    </div>
  );
}

/** What every text of a section keeps to (quiet hours, STOP, what cancels one). */
export function Rules({ rules }: { rules: readonly string[] }) {
  return (
    <div className="flex min-w-0 gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800">
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-sky-800" aria-hidden="true" />
      <ul className="grid content-start gap-1.5">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}

/** The placeholders a section's wording may use, and what each becomes in the text sent. */
export function Placeholders({ names }: { names: readonly Placeholder[] }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h3 className="font-semibold text-slate-900">{SETTINGS_TEXT.placeholders}</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {names.map((name) => (
          <Fragment key={name}>
            <dt>
              <code className="font-mono font-semibold text-slate-900">{name}</code>
            </dt>
            <dd className="text-slate-700">{SETTINGS_TEXT.placeholderMeanings[name]}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
