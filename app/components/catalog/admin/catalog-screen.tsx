/**
 * The Catalog Management screen's body (app/routes/admin-catalog.tsx; product.md §2 'Catalog
 * Management'): search, status and category filters kept in the address, the items table, 'Add New
 * Item' and edit in one dialog, publish in one click, and the CSV tools (on /api).
 */
import { Download, Plus, Search, Upload } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useRevalidator, useSearchParams } from 'react-router';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { useScreenReloading } from '#app/components/admin/use-screen-reloading.ts';
import { CatalogImportDialog } from '#app/components/catalog/admin/catalog-import-dialog.tsx';
import { CatalogItemDialog } from '#app/components/catalog/admin/catalog-item-dialog.tsx';
import { CatalogTable } from '#app/components/catalog/admin/catalog-table.tsx';
import { Button, buttonVariants } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import {
  ALL,
  CATALOG_STATUSES,
  CATALOG_TEXT,
  type CatalogItem,
  type StaffCatalogPage,
} from '#app/modules/catalog/catalog.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import type { Category } from '#app/modules/site/reference.ts';

/** The filters the address may carry; anything else in it is ignored. */
export const CATALOG_FILTERS = ['search', 'status', 'category', 'page'] as const;
export type CatalogFilter = (typeof CATALOG_FILTERS)[number];

export function CatalogScreen({ list, categories }: { list: StaffCatalogPage; categories: Category[] }) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const status = params.get('status') ?? ALL;
  const category = params.get('category') ?? ALL;
  const loading = useScreenReloading();
  const revalidator = useRevalidator();
  const [searchText, setSearchText] = useState(search);
  const [dialog, setDialog] = useState<{ open: boolean; item: CatalogItem | null }>({
    open: false,
    item: null,
  });
  const [importOpen, setImportOpen] = useState(false);
  const [publishing, setPublishing] = useState<CatalogItem | null>(null);
  const publish = useStaffFetcher<ActionAnswer>((answer) => {
    if (answer.ok)
      toast({ title: 'Success', description: `${publishing?.title} is now live in the catalog.` });
    else toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    setPublishing(null);
  });

  /** New filters go into the address (the loader reads them there); any change but paging starts at page 1. */
  const setFilters = useCallback(
    (changes: Partial<Record<CatalogFilter, string | number>>, fromSearchBox = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes)) next.delete('page');
          for (const [name, value] of Object.entries(changes)) {
            if (value === '' || value === ALL || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        // typing replaces the entry rather than adding one per search, and marks it as the box's
        {
          replace: fromSearchBox,
          preventScrollReset: true,
          state: fromSearchBox ? { searchBox: true } : null,
        },
      ),
    [setParams],
  );

  // an address the box did not ask for (a link, Back) shows what it searches; one the box asked
  // for may arrive while more is being typed, and must not take those letters away (nor may a
  // filter chosen meanwhile, which keeps the search as it was)
  const location = useLocation();
  const [seen, setSeen] = useState({ key: location.key, search });
  if (location.key !== seen.key) {
    setSeen({ key: location.key, search });
    const fromBox = (location.state as { searchBox?: true } | null)?.searchBox === true;
    if (!fromBox && search !== seen.search && searchText.trim() !== search) setSearchText(search);
  }

  // the search box applies itself a moment after typing stops
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText.trim() !== search) setFilters({ search: searchText.trim() }, true);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, search, setFilters]);

  function publishItem(item: CatalogItem) {
    setPublishing(item);
    void publish.submit({ intent: 'publish', id: String(item.id) }, { method: 'post' });
  }

  const filtered = search !== '' || status !== ALL || category !== ALL;

  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{CATALOG_TEXT.adminTitle}</h1>
          <p className="mt-1 text-slate-600">Catalog items, prices and stock.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            Import CSV
          </Button>
          <a
            href="/api/admin/catalog/export.csv"
            download
            className={cn(buttonVariants({ variant: 'outline' }))}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </a>
          <Button variant="accent" onClick={() => setDialog({ open: true, item: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {CATALOG_TEXT.addItem}
          </Button>
        </div>
      </div>

      <div className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <Label htmlFor="catalog-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id="catalog-search"
              type="search"
              placeholder="Title or SKU"
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div>
          <Label htmlFor="catalog-status-filter">Status</Label>
          <select
            id="catalog-status-filter"
            value={status}
            onChange={(e) => setFilters({ status: e.currentTarget.value })}
            className={cn(fieldClass, 'min-h-11')}
          >
            <option value={ALL}>All statuses</option>
            {CATALOG_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="catalog-category-filter">Category</Label>
          <select
            id="catalog-category-filter"
            value={category}
            onChange={(e) => setFilters({ category: e.currentTarget.value })}
            className={cn(fieldClass, 'min-h-11')}
          >
            <option value={ALL}>All categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className="mb-3 mt-6 min-h-5 text-sm text-slate-600" aria-live="polite">
        {loading ? '' : `${list.total} ${list.total === 1 ? 'item' : 'items'}`}
      </p>
      <CatalogTable
        items={list.items}
        categories={categories}
        loading={loading}
        emptyText={filtered ? 'No items match these filters.' : 'No catalog items yet. Add the first one.'}
        onEdit={(item) => setDialog({ open: true, item })}
        onPublish={publishItem}
        publishing={publishing?.id ?? null}
      />

      {list.pageCount > 1 && (
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
          <Button
            variant="outline"
            disabled={list.page <= 1 || loading}
            onClick={() => setFilters({ page: list.page - 1 })}
          >
            Previous
          </Button>
          <p className="text-sm text-slate-600">
            Page {list.page} of {list.pageCount}
          </p>
          <Button
            variant="outline"
            disabled={list.page >= list.pageCount || loading}
            onClick={() => setFilters({ page: list.page + 1 })}
          >
            Next
          </Button>
        </nav>
      )}

      <CatalogItemDialog
        open={dialog.open}
        item={dialog.item}
        categories={categories}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => setDialog({ open: false, item: null })}
      />
      <CatalogImportDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={() => {
          // the sheet went through /api (a file upload): the list is read again
          setImportOpen(false);
          void revalidator.revalidate();
        }}
      />
    </section>
  );
}
