/**
 * The back office's lists (catalog items, blog posts): a table on a wide screen; below 1024 px
 * each row is a card that fits the screen, its cells two to a line under their column's name and
 * its actions on a line of their own, so nothing (prices, status, actions) sits off screen on a
 * phone (issue 31, decision 0135). One markup for both, chosen by CSS alone, so the server's HTML
 * is already laid out as it stays (no shift when scripts arrive).
 *
 * The table's roles are written out (table, rowgroup, row, columnheader, cell): a table drawn as
 * blocks loses its implicit roles in some browsers. On a card, a cell's column name is CSS
 * generated content from its `data-label` (not part of its text); the header row is still there
 * for screen readers. Each screen renders its own rows (and its own loading skeleton) as children.
 */
import { cn } from '#app/components/ui/cn.ts';

export function AdminTable({
  label,
  columns,
  minWidth,
  loading,
  children,
}: {
  label: string;
  columns: readonly string[];
  /** Tailwind min-width class of the table on a wide screen, e.g. 'lg:min-w-[52rem]' */
  minWidth: string;
  loading: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white shadow-sm lg:overflow-x-auto"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table role="table" className={cn('w-full text-left text-sm max-lg:block', minWidth)}>
        <thead
          role="rowgroup"
          className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-lg:sr-only"
        >
          <tr role="row">
            {columns.map((c) => (
              <th
                key={c}
                role="columnheader"
                scope="col"
                className={cn('px-4 py-3 font-semibold', c === 'Actions' && 'text-right')}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          role="rowgroup"
          className="divide-y divide-slate-100 max-lg:block"
          aria-busy={loading || undefined}
        >
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A row: a table row on a wide screen, a card of two columns below 1024 px. */
export function AdminRow({
  className,
  ...props
}: React.HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string }) {
  return (
    <tr
      role="row"
      className={cn('max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-4 max-lg:gap-y-3 max-lg:p-4', className)}
      {...props}
    />
  );
}

const CARD_LABEL =
  'max-lg:before:mb-0.5 max-lg:before:block max-lg:before:text-xs max-lg:before:font-semibold max-lg:before:uppercase max-lg:before:tracking-wide max-lg:before:text-slate-600 max-lg:before:content-[attr(data-label)]';

/**
 * A cell. `label`: its column's name, shown above it on a card (leave it out where the content
 * says what it is: the item, the actions). `wide`: the whole width of a card (the item, the
 * actions, a message across the table).
 */
export function AdminCell({
  label,
  wide = false,
  className,
  ...props
}: React.TdHTMLAttributes<HTMLTableCellElement> & { label?: string; wide?: boolean }) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        'px-4 py-2 max-lg:block max-lg:min-w-0 max-lg:p-0',
        label && CARD_LABEL,
        wide && 'max-lg:col-span-2',
        className,
      )}
      {...props}
    />
  );
}
