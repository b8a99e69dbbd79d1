/** The urgency badge (product.md §4): red for today, the accent for 48h, secondary for flexible. */
import { cn } from '#app/components/ui/cn.ts';
import type { Urgency } from '#app/modules/leads/leads.ts';
import { URGENCY_LABELS } from './lead-labels.ts';

const STYLES: Record<Urgency, string> = {
  today: 'bg-red-700 text-white',
  '48h': 'bg-accent text-white',
  flexible: 'bg-slate-200 text-slate-800',
};

export function UrgencyBadge({ urgency, className }: { urgency: Urgency; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        STYLES[urgency] ?? STYLES.flexible,
        className,
      )}
    >
      <span className="sr-only">Urgency: </span>
      {URGENCY_LABELS[urgency] ?? urgency}
    </span>
  );
}
