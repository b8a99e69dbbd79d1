/**
 * Catalog Management (SPEC §2 'Catalog Management'; decision 0020): the items table with search,
 * status and category filters, 'Add New Item' and edit in one dialog, publish in one click, view
 * the public page, CSV export and import. Data comes from the admin API through adminApi; the
 * table shows five skeleton rows while it loads.
 */
import { Download, Plus, Search, Upload } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Route } from './+types/admin-catalog';
import { adminApi, errorMessage } from '#app/components/admin/admin-api.ts';
import { CatalogImportDialog } from '#app/components/catalog/admin/catalog-import-dialog.tsx';
import { CatalogItemDialog } from '#app/components/catalog/admin/catalog-item-dialog.tsx';
import { CatalogTable } from '#app/components/catalog/admin/catalog-table.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
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
import type { Category } from '#app/modules/site/reference.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: CATALOG_TEXT.adminTitle,
    description: 'Catalog items, prices and stock.',
    noindex: true,
  });

type Filters = { search: string; status: string; category: string; page: number };

export default function AdminCatalog() {
  const [filters, setFilters] = useState<Filters>({ search: '', status: ALL, category: ALL, page: 1 });
  const [searchText, setSearchText] = useState('');
  const [list, setList] = useState<StaffCatalogPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [categories, setCategories] = useState<Category[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; item: CatalogItem | null }>({
    open: false,
    item: null,
  });
  const [importOpen, setImportOpen] = useState(false);
  const [publishing, setPublishing] = useState<number | null>(null);

  const refresh = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    adminApi
      .categories()
      .then((list) => current && setCategories(list))
      .catch((err: unknown) =>
        toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      );
    return () => {
      current = false;
    };
  }, []);

  // the search box applies itself a moment after typing stops
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) => (f.search === searchText.trim() ? f : { ...f, search: searchText.trim(), page: 1 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    let current = true;
    const load = async () => {
      setLoading(true);
      try {
        const page = await adminApi.catalog.list({
          page: filters.page,
          search: filters.search,
          status: filters.status === ALL ? undefined : filters.status,
          category: filters.category === ALL ? undefined : filters.category,
        });
        if (current) setList(page);
      } catch (err) {
        if (current) toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
      } finally {
        if (current) setLoading(false);
      }
    };
    void load();
    return () => {
      current = false;
    };
  }, [filters, reloads]);

  async function publish(item: CatalogItem) {
    setPublishing(item.id);
    try {
      await adminApi.catalog.update(item.id, { status: 'active' });
      toast({ title: 'Success', description: `${item.title} is now live in the catalog.` });
      refresh();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setPublishing(null);
    }
  }

  const filtered = filters.search !== '' || filters.status !== ALL || filters.category !== ALL;
  const items = list?.items ?? [];

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
            value={filters.status}
            onChange={(e) => setFilters({ ...filters, status: e.currentTarget.value, page: 1 })}
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
            value={filters.category}
            onChange={(e) => setFilters({ ...filters, category: e.currentTarget.value, page: 1 })}
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
        {list && !loading ? `${list.total} ${list.total === 1 ? 'item' : 'items'}` : ''}
      </p>
      <CatalogTable
        items={items}
        loading={loading && !list}
        emptyText={filtered ? 'No items match these filters.' : 'No catalog items yet. Add the first one.'}
        onEdit={(item) => setDialog({ open: true, item })}
        onPublish={(item) => void publish(item)}
        publishing={publishing}
      />

      {list && list.pageCount > 1 && (
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
          <Button
            variant="outline"
            disabled={filters.page <= 1 || loading}
            onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
          >
            Previous
          </Button>
          <p className="text-sm text-slate-600">
            Page {list.page} of {list.pageCount}
          </p>
          <Button
            variant="outline"
            disabled={filters.page >= list.pageCount || loading}
            onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
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
        onSaved={() => {
          setDialog({ open: false, item: null });
          refresh();
        }}
      />
      <CatalogImportDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={() => {
          setImportOpen(false);
          refresh();
        }}
      />
    </section>
  );
}
