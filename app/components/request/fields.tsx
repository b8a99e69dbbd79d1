/**
 * Form controls of the request form: native elements, a label on every field, errors tied to their
 * field. Classes are joined with clsx, not the project's cn (tailwind-merge, 8 KB of the page's
 * script, decision 0112): nothing here gives one property twice.
 */
import { clsx } from 'clsx';

/** Leaves room above the phone's fixed bottom bar when the browser scrolls a control into view. */
const scrollRoom = 'scroll-mt-24 scroll-mb-28';

/** A text control without its height: controlClass (one line) and the description's textarea add it. */
export const controlBase = clsx(
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm',
  'placeholder:text-slate-500 focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-500/40',
  'aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-red-700/30 disabled:bg-slate-100',
  scrollRoom,
);
export const controlClass = clsx(controlBase, 'min-h-11');

export const buttonClass = clsx(
  'inline-flex min-h-12 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-base font-semibold transition-colors sm:px-5',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2',
  'disabled:cursor-not-allowed disabled:opacity-70',
  scrollRoom,
);
export const primaryButton = clsx(buttonClass, 'bg-accent text-white hover:bg-accent-hover');
export const secondaryButton = clsx(
  buttonClass,
  'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
);

export function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden="true">
      *
    </span>
  );
}

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** aria attributes of a control with an optional hint and error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

export function Field({
  id,
  label,
  required,
  optional,
  hint,
  error,
  alert,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  optional?: string;
  hint?: string;
  error?: string;
  /** Announce the error (the first failing rule of the form, product.md §5) */
  alert?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {required && <RequiredMark />}
        {optional && <span className="ml-1.5 text-xs font-normal text-slate-600">({optional})</span>}
      </label>
      {children}
      {hint && (
        <p id={hintId(id)} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId(id)} message={error} alert={alert} />
    </div>
  );
}

export function FieldError({ id, message, alert }: { id: string; message?: string; alert?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
