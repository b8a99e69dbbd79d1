/** Small labels on catalog cards, the item page and the admin table. */
import { CheckCircle2, Clock, PackageCheck } from 'lucide-react';
import { cn } from '#app/components/ui/cn.ts';
import type { CatalogStatus } from '#app/modules/catalog/catalog.ts';
import { stockLabel, stockLevel } from '#app/modules/catalog/stock.ts';

const base =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

export function CategoryBadge({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn(base, 'bg-orange-50 text-orange-900 ring-1 ring-orange-200', className)}>{name}</span>
  );
}

const STOCK_STYLE = {
  'in-stock': { className: 'bg-green-50 text-green-800 ring-1 ring-green-200', Icon: CheckCircle2 },
  limited: { className: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200', Icon: PackageCheck },
  contact: { className: 'bg-slate-100 text-slate-700 ring-1 ring-slate-200', Icon: Clock },
} as const;

/**
 * product.md §4 stock label: 'In Stock', '{n} Available' or 'Contact for ETA'. `compact` (the catalog
 * grid, 24 at a time) marks the level with a dot instead of an icon: a few hundred bytes less HTML
 * per card.
 */
export function StockBadge({
  stockQty,
  compact = false,
  className,
}: {
  stockQty: number | null;
  compact?: boolean;
  className?: string;
}) {
  const { className: style, Icon } = STOCK_STYLE[stockLevel(stockQty)];
  return (
    <span className={cn(base, style, className)}>
      {compact ? (
        <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden="true" />
      ) : (
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      )}
      {stockLabel(stockQty)}
    </span>
  );
}

const STATUS_STYLE: Record<CatalogStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-1 ring-green-200',
  draft: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
  archived: 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
};

export function StatusBadge({ status }: { status: CatalogStatus }) {
  return (
    <span className={cn(base, 'capitalize', STATUS_STYLE[status] ?? STATUS_STYLE.archived)}>{status}</span>
  );
}
