/**
 * The Catalog Management table (SPEC §2): Item (title, brand), Category (hyphens as spaces), SKU
 * ('N/A'), Price (dollars, 'N/A'), Stock ('1 unit' / '{n} units'), Status badge, Actions (edit,
 * view, and publish for items not yet public). Five skeleton rows while loading.
 */
import { CheckCircle2, ExternalLink, Pencil } from 'lucide-react';
import { AdminTable } from '#app/components/ui/admin-table.tsx';
import { cn } from '#app/components/ui/cn.ts';
import {
  catalogItemPath,
  categoryLabel,
  unitsLabel,
  type CatalogItem,
} from '#app/modules/catalog/catalog.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { StatusBadge } from '../badges.tsx';
import { CatalogImage } from '../catalog-image.tsx';

/** SPEC §9: skeleton lists show 5 rows. */
const SKELETON_ROWS = 5;

const actionClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 disabled:opacity-50';

const COLUMNS = ['Item', 'Category', 'SKU', 'Price', 'Stock', 'Status', 'Actions'] as const;

export function CatalogTable({
  items,
  loading,
  emptyText,
  onEdit,
  onPublish,
  publishing,
}: {
  items: readonly CatalogItem[];
  loading: boolean;
  emptyText: string;
  onEdit: (item: CatalogItem) => void;
  onPublish: (item: CatalogItem) => void;
  publishing: number | null;
}) {
  return (
    <AdminTable label="Catalog items" columns={COLUMNS} minWidth="min-w-[56rem]" loading={loading}>
      {loading ? (
        Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <tr key={i} data-testid="catalog-skeleton-row" aria-hidden="true">
            <td className="px-4 py-3">
              <div className="flex animate-pulse items-center gap-3">
                <div className="h-10 w-14 rounded bg-slate-200" />
                <div className="space-y-2">
                  <div className="h-3.5 w-48 rounded bg-slate-200" />
                  <div className="h-3 w-24 rounded bg-slate-200" />
                </div>
              </div>
            </td>
            {COLUMNS.slice(1).map((c) => (
              <td key={c} className="px-4 py-3">
                <div className="h-3.5 w-16 animate-pulse rounded bg-slate-200" />
              </td>
            ))}
          </tr>
        ))
      ) : items.length === 0 ? (
        <tr>
          <td colSpan={COLUMNS.length} className="px-4 py-14 text-center text-slate-600">
            {emptyText}
          </td>
        </tr>
      ) : (
        items.map((item) => (
          <tr key={item.id} className="hover:bg-slate-50">
            <td className="px-4 py-2">
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
                  <p className="max-w-[22rem] truncate font-medium text-slate-900" title={item.title}>
                    {item.title}
                  </p>
                  <p className="text-slate-600">{item.brand ?? '—'}</p>
                </div>
              </div>
            </td>
            <td className="px-4 py-2 capitalize text-slate-700">{categoryLabel(item.category)}</td>
            <td className="px-4 py-2 font-mono text-slate-700">{item.sku ?? 'N/A'}</td>
            <td className="px-4 py-2 tabular-nums text-slate-900">
              {item.price === null ? 'N/A' : formatMoney(item.price)}
            </td>
            <td className="px-4 py-2 tabular-nums text-slate-700">{unitsLabel(item.stockQty)}</td>
            <td className="px-4 py-2">
              <StatusBadge status={item.status} />
            </td>
            <td className="px-4 py-1">
              <div className="flex justify-end">
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
            </td>
          </tr>
        ))
      )}
    </AdminTable>
  );
}
