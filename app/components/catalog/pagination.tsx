/** Previous / next links through the catalog's pages, keeping the filters. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '#app/components/ui/cn.ts';

const linkClass =
  'inline-flex min-h-11 items-center gap-1 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100';

export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" className={linkClass}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </a>
      ) : (
        <span className={cn(linkClass, 'invisible')} aria-hidden="true">
          Previous
        </span>
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <a href={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </a>
      ) : (
        <span className={cn(linkClass, 'invisible')} aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
