/** Step indicator (product.md §2): 1 Part Details, 2 Contact Info; the current step is announced as such. */
import { Check } from 'lucide-react';
import { clsx } from 'clsx';
import { COPY } from './request-copy.ts';

export function StepIndicator({ step }: { step: 1 | 2 }) {
  return (
    <>
      {/* names the list: a plain list should not carry an aria-label */}
      <span id="request-steps-name" hidden>
        {COPY.stepsName}
      </span>
      <ol aria-labelledby="request-steps-name" className="flex items-center gap-2 sm:gap-4">
        {COPY.steps.map((label, index) => {
          const n = index + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li
              key={label}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex flex-1 items-center gap-2 sm:gap-3"
            >
              <span
                className={clsx(
                  'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                  state === 'current' && 'bg-accent text-white',
                  state === 'done' && 'bg-slate-900 text-white',
                  state === 'todo' && 'border-2 border-slate-300 bg-white text-slate-600',
                )}
                aria-hidden="true"
              >
                {state === 'done' ? <Check className="h-4 w-4" /> : n}
              </span>
              <span
                className={clsx(
                  'text-sm font-semibold',
                  state === 'todo' ? 'text-slate-600' : 'text-slate-900',
                )}
              >
                <span className="sr-only">{COPY.stepOf(n)}: </span>
                {label}
              </span>
              {n < COPY.steps.length && (
                <span
                  aria-hidden="true"
                  className="ml-auto hidden h-0.5 flex-1 rounded bg-slate-200 sm:block"
                />
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
