/**
 * The Catalog Management table (product.md §2): Item (title, brand), Category (its name, issue 31), SKU
 * ('N/A'), Price (dollars, 'N/A'), Stock ('1 unit' / '{n} units'), Status badge, Actions (edit,
 * view, and publish for items not yet public). Five skeleton rows while loading. Below 1024 px
 * each item is a card (app/components/admin/admin-table.tsx).
 */
import { CheckCircle2, ExternalLink, Pencil } from 'lucide-react';
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { catalogItemPath, categoryName, unitsLabel, type CatalogItem } from '#app/modules/catalog/catalog.ts';
import type { Category } from '#app/modules/site/reference.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { StatusBadge } from '../badges.tsx';
import { CatalogImage } from '../catalog-image.tsx';

/** product.md §9: skeleton lists show 5 rows. */
const SKELETON_ROWS = 5;

const actionClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 disabled:opacity-50';

const COLUMNS = ['Item', 'Category', 'SKU', 'Price', 'Stock', 'Status', 'Actions'] as const;

export function CatalogTable({
  items,
  categories,
  loading,
  emptyText,
  onEdit,
  onPublish,
  publishing,
}: {
  items: readonly CatalogItem[];
  categories: readonly Category[];
  loading: boolean;
  emptyText: string;
  onEdit: (item: CatalogItem) => void;
  onPublish: (item: CatalogItem) => void;
  publishing: number | null;
}) {
  return (
    <AdminTable label="Catalog items" columns={COLUMNS} minWidth="lg:min-w-[56rem]" loading={loading}>
      {loading ? (
        Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <AdminRow key={i} data-testid="catalog-skeleton-row" aria-hidden="true">
            <AdminCell wide className="py-3">
              <div className="flex animate-pulse items-center gap-3">
                <div className="h-10 w-14 rounded bg-slate-200" />
                <div className="space-y-2">
                  <div className="h-3.5 w-48 max-w-full rounded bg-slate-200" />
                  <div className="h-3 w-24 rounded bg-slate-200" />
                </div>
              </div>
            </AdminCell>
            {COLUMNS.slice(1).map((c) => (
              <AdminCell key={c} className="py-3">
                <div className="h-3.5 w-16 animate-pulse rounded bg-slate-200" />
              </AdminCell>
            ))}
          </AdminRow>
        ))
      ) : items.length === 0 ? (
        <AdminRow>
          <AdminCell wide colSpan={COLUMNS.length} className="py-14 text-center text-slate-600">
            {emptyText}
          </AdminCell>
        </AdminRow>
      ) : (
        items.map((item) => (
          <AdminRow key={item.id} className="hover:bg-slate-50">
            <AdminCell wide>
              <div className="flex items-center gap-3">
                <CatalogImage
                  src={item.images[0]}
                  alt=""
                  width={56}
                  height={42}
                  loading="lazy"
                  className="h-[42px] w-14 shrink-0 rounded border border-slate-200 object-cover"
                />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 lg:max-w-[22rem] lg:truncate" title={item.title}>
                    {item.title}
                  </p>
                  <p className="text-slate-600">{item.brand ?? '—'}</p>
                </div>
              </div>
            </AdminCell>
            <AdminCell label="Category" className="text-slate-700">
              {categoryName(item.category, categories)}
            </AdminCell>
            <AdminCell label="SKU" className="break-all text-slate-700">
              <span className="font-mono">{item.sku ?? 'N/A'}</span>
            </AdminCell>
            <AdminCell label="Price" className="tabular-nums text-slate-900">
              {item.price === null ? 'N/A' : formatMoney(item.price)}
            </AdminCell>
            <AdminCell label="Stock" className="tabular-nums text-slate-700">
              {unitsLabel(item.stockQty)}
            </AdminCell>
            <AdminCell label="Status">
              <StatusBadge status={item.status} />
            </AdminCell>
            <AdminCell className="py-1 max-lg:self-end">
              <div className="flex justify-end max-lg:-mb-2 max-lg:-mr-3">
                {item.status !== 'active' && (
                  <button
                    type="button"
                    className={cn(actionClass, 'text-green-800 hover:bg-green-50 hover:text-green-900')}
                    onClick={() => onPublish(item)}
                    disabled={publishing === item.id}
                    aria-label={`Publish ${item.title}`}
                    title="Publish"
                  >
                    <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                )}
                <button
                  type="button"
                  className={actionClass}
                  onClick={() => onEdit(item)}
                  aria-label={`Edit ${item.title}`}
                  title="Edit"
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <a
                  href={catalogItemPath(item.slug)}
                  target="_blank"
                  rel="noopener"
                  className={actionClass}
                  aria-label={`View ${item.title}`}
                  title="View"
                >
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                </a>
              </div>
            </AdminCell>
          </AdminRow>
        ))
      )}
    </AdminTable>
  );
}
