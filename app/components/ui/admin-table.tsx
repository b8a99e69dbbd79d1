/**
 * The back office's table frame: a labelled, keyboard-scrollable region (wide tables scroll
 * inside it on a phone, never the page), the header row, and a body marked busy while loading.
 * Each screen renders its own rows (and its own loading skeleton) as children.
 */
import { cn } from './cn.ts';

export function AdminTable({
  label,
  columns,
  minWidth,
  loading,
  children,
}: {
  label: string;
  columns: readonly string[];
  /** Tailwind min-width class, e.g. 'min-w-[52rem]' */
  minWidth: string;
  loading: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c}
                scope="col"
                className={cn('px-4 py-3 font-semibold', c === 'Actions' && 'text-right')}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100" aria-busy={loading || undefined}>
          {children}
        </tbody>
      </table>
    </div>
  );
}
