/**
 * What a screen folds on a phone (decision 0191): below `lg` a button that says whether it is open
 * (aria-expanded) shows or hides its content, closed at first; from `lg` the button is gone and the
 * content shows. CSS decides by width, so the server's page is laid out the same before and after
 * scripts run. `className` and `contentClassName` let a screen lay the content out on a desk
 * (`lg:contents` hands its parts to the screen's own layout).
 */
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#app/components/ui/cn.ts';

export function PhoneFold({
  id,
  label,
  className,
  contentClassName,
  children,
}: {
  /** the content's id, which the button controls */
  id: string;
  label: string;
  className?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 lg:hidden"
      >
        {label}
        <ChevronDown
          className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div id={id} className={cn(open ? 'mt-3' : 'hidden', 'lg:mt-0 lg:block', contentClassName)}>
        {children}
      </div>
    </div>
  );
}
