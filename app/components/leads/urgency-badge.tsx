/**
 * The urgency badge (product.md §4): red for today, the accent for 48h, secondary for flexible; in the
 * customer's words (decision 0195).
 */
import { cn } from '#app/components/ui/cn.ts';
import type { Urgency } from '#app/modules/leads/leads.ts';
import { urgencyWord } from '#app/modules/leads/urgency.ts';

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
      {urgencyWord(urgency)}
    </span>
  );
}
