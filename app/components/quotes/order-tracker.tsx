/**
 * The order on the customer's private page (issue 29 item 3): a summary ('1 of 2 parts ready'),
 * each part's steps with the day it reached them, the day it is expected while it is on its way,
 * the carrier's tracking page, and where and when to pick up once a part waits at the counter.
 * Each step is one row, its name and day each on one line at 390 px (issue 48 item 10). Plain HTML, like the rest of the page: nothing to run in the browser.
 */
import { CheckCircle2, Circle, MapPin } from 'lucide-react';
import { cn } from '#app/components/ui/cn.ts';
import type { CustomerOrder } from '#app/modules/orders/tracker.ts';
import { card } from './quote-answers.tsx';

export const TRACKER_TEXT = {
  title: 'Your order',
  expected: (day: string) => `Expected ${day}`,
  track: (carrier: string, number: string) => `Track it with ${carrier} (${number})`,
  pickup: 'Pick up at',
  /** no pickup place set yet on the owner's Settings (issue 49 item 1) */
  pickupLater: 'Ready for pickup: we will text you where to pick up.',
  hours: 'Hours',
} as const;

export function OrderTracker({ order }: { order: CustomerOrder }) {
  return (
    <section aria-labelledby="order-title" className={card}>
      <h2 id="order-title" className="text-lg font-semibold">
        {TRACKER_TEXT.title}
      </h2>
      <p className="mt-1 font-medium text-slate-800">{order.summary}</p>
      {order.pickup && (
        <div className="mt-4 rounded-md border border-green-300 bg-green-50 p-4 text-green-950">
          <p className="flex items-start gap-2 font-semibold">
            <MapPin className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <span>
              {order.pickup.address ? (
                <>
                  {TRACKER_TEXT.pickup} {order.pickup.address}
                </>
              ) : (
                TRACKER_TEXT.pickupLater
              )}
            </span>
          </p>
          {order.pickup.address && (
            <>
              <p className="mt-2 text-sm font-medium">{TRACKER_TEXT.hours}</p>
              <ul className="text-sm">
                {order.pickup.hours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <ul className="mt-4 space-y-5">
        {order.parts.map((part, i) => (
          <li key={i}>
            <h3 className="break-words font-semibold text-slate-900">{part.part}</h3>
            <p className="text-sm text-slate-700">
              {part.now}
              {part.expected && <> · {TRACKER_TEXT.expected(part.expected)}</>}
            </p>
            {part.tracking && (
              <a
                href={part.tracking.url}
                className="text-sm font-medium text-blue-800 underline underline-offset-2"
              >
                {TRACKER_TEXT.track(part.tracking.carrier, part.tracking.number)}
              </a>
            )}
            <ol className="mt-2 space-y-1">
              {part.steps.map((step) => (
                <li
                  key={step.label}
                  aria-current={step.current ? 'step' : undefined}
                  className={cn(
                    'flex items-start gap-2 text-sm',
                    step.done ? 'text-slate-900' : 'text-slate-600',
                  )}
                >
                  {step.done ? (
                    <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
                  ) : (
                    <Circle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  )}
                  {/* one step a row: its name, and its day on the right, or under the name when
                      the two do not fit a phone's line; neither ever wraps (decision 0190) */}
                  <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
                    <span className={cn('whitespace-nowrap', step.current && 'font-semibold')}>
                      {step.label}
                      <span className="sr-only">{step.done ? ' (done)' : ' (to come)'}</span>
                    </span>
                    {step.day && (
                      <span className="whitespace-nowrap text-xs tabular-nums text-slate-600">
                        {step.day}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}
