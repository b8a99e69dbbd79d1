/**
 * The 'Add New Item' / edit dialog of Catalog Management (SPEC §2, §5, §7, §8): every field of the
 * spec plus status, specifications and pictures; the slug follows the title (SPEC §5 rule) until
 * staff edit it; cost in dollars; markup 0.35 and stock 0 by default; a new item is a draft unless
 * staff choose otherwise (decision 0020). Creates with POST /api/catalog, saves edits with
 * PATCH /api/catalog/{id}; success and failure toasts per SPEC §7/§8.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { adminApi, errorMessage, fieldErrorsFrom } from '#app/components/admin/admin-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass, fieldMessages, Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { CATALOG_STATUSES, CATALOG_TEXT, type CatalogItem } from '#app/modules/catalog/catalog.ts';
import {
  catalogFormSchema,
  EMPTY_CATALOG_FORM,
  formToPayload,
  itemToFormValues,
  type CatalogFormOutput,
  type CatalogFormValues,
} from '#app/modules/catalog/catalog.schema.ts';
import { itemPrice } from '#app/modules/catalog/pricing.ts';
import { slugify } from '#app/modules/catalog/slug.ts';
import type { Category } from '#app/modules/site/reference.ts';
import { dollarsToCents, formatMoney, formatPercent } from '#app/modules/site/money.ts';
import { ItemImagesField } from './item-images-field.tsx';

type FieldName = keyof CatalogFormValues;

export function CatalogItemDialog({
  open,
  onOpenChange,
  item,
  categories,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: 'Add New Item' */
  item: CatalogItem | null;
  categories: readonly Category[];
  onSaved: (item: CatalogItem) => void;
}) {
  const editing = item !== null;
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const form = useForm<CatalogFormValues, unknown, CatalogFormOutput>({
    resolver: zodResolver(catalogFormSchema),
    defaultValues: EMPTY_CATALOG_FORM,
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    getValues,
    getFieldState,
    control,
    formState: { errors, isSubmitted },
  } = form;

  useEffect(() => {
    if (open) reset(item ? itemToFormValues(item) : EMPTY_CATALOG_FORM);
  }, [open, item, reset]);

  const [title, slug, cost, markup] = useWatch({ control, name: ['title', 'slug', 'cost', 'markupPct'] });
  const costCents = cost.trim() !== '' && Number.isFinite(Number(cost)) ? dollarsToCents(Number(cost)) : null;
  const markupValue = markup.trim() !== '' && Number.isFinite(Number(markup)) ? Number(markup) : null;
  const preview = itemPrice(costCents, markupValue);

  // the slug follows the title until staff type their own; an existing item keeps its address
  // (links to it are out there) unless its slug is cleared
  const titleField = register('title', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (getValues('slug') === '' || (!item && !getFieldState('slug').isDirty)) {
        setValue('slug', slugify(e.target.value), { shouldValidate: isSubmitted });
      }
    },
  });

  async function onSubmit(values: CatalogFormOutput) {
    setBusy(true);
    try {
      const payload = formToPayload(values);
      const saved = item
        ? await adminApi.catalog.update(item.id, payload)
        : await adminApi.catalog.create(payload);
      toast({ title: 'Success', description: editing ? CATALOG_TEXT.updated : CATALOG_TEXT.created });
      reset(EMPTY_CATALOG_FORM);
      onSaved(saved);
    } catch (err) {
      // the server's field messages go under their fields (the one error shape)
      for (const [field, message] of Object.entries(fieldErrorsFrom(err))) {
        if (field in EMPTY_CATALOG_FORM) setError(field as FieldName, { message });
      }
      const description =
        err instanceof Error && err.name === 'ZodError'
          ? 'Please check the highlighted fields'
          : errorMessage(err);
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const { field, error } = fieldMessages<FieldName>('catalog', errors);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 data-[state=open]:animate-in" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 top-0 z-50 flex flex-col bg-white shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(92vw,48rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl"
          onOpenAutoFocus={(e) => {
            // Radix returns focus to a Dialog.Trigger; this dialog is opened from table rows too
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            e.preventDefault();
            document.getElementById('catalog-title')?.focus();
          }}
          onCloseAutoFocus={(e) => {
            if (opener.current?.isConnected) {
              e.preventDefault();
              opener.current.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div>
              <Dialog.Title className="text-lg font-bold">
                {editing ? 'Edit Item' : CATALOG_TEXT.addItem}
              </Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-slate-600">
                {editing
                  ? 'Change the details, status or pictures of this part.'
                  : 'New items are saved as drafts unless you choose Active.'}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close"
                className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>

          <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex min-h-0 flex-1 flex-col">
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
              <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <Label htmlFor="catalog-title" required>
                    Title
                  </Label>
                  <Input {...field('title')} {...titleField} autoComplete="off" />
                  {error('title')}
                </div>
                <div className="sm:col-span-2">
                  <Label htmlFor="catalog-slug" required>
                    Slug
                  </Label>
                  <Input {...field('slug')} {...register('slug')} autoComplete="off" spellCheck={false} />
                  <p className="mt-1 text-xs text-slate-600">Page address: /catalog/{slug || 'your-item'}</p>
                  {error('slug')}
                </div>
                <div>
                  <Label htmlFor="catalog-sku">SKU</Label>
                  <Input {...field('sku')} {...register('sku')} autoComplete="off" spellCheck={false} />
                  {error('sku')}
                </div>
                <div>
                  <Label htmlFor="catalog-supplierSku">Supplier SKU</Label>
                  <Input
                    {...field('supplierSku')}
                    {...register('supplierSku')}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  {error('supplierSku')}
                </div>
                <div>
                  <Label htmlFor="catalog-brand">Brand</Label>
                  <Input {...field('brand')} {...register('brand')} autoComplete="off" />
                  {error('brand')}
                </div>
                <div>
                  <Label htmlFor="catalog-category" required>
                    Category
                  </Label>
                  <select
                    {...field('category')}
                    {...register('category')}
                    className={cn(fieldClass, 'min-h-11')}
                  >
                    <option value="">Choose a category</option>
                    {categories.map((c) => (
                      <option key={c.slug} value={c.slug}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                  {error('category')}
                </div>
                <div>
                  <Label htmlFor="catalog-subcategory">Subcategory</Label>
                  <Input {...field('subcategory')} {...register('subcategory')} autoComplete="off" />
                  {error('subcategory')}
                </div>
                <div>
                  <Label htmlFor="catalog-status">Status</Label>
                  <select {...field('status')} {...register('status')} className={cn(fieldClass, 'min-h-11')}>
                    {CATALOG_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {s === 'active' ? 'Active (public)' : s === 'draft' ? 'Draft' : 'Archived'}
                      </option>
                    ))}
                  </select>
                  {error('status')}
                </div>
                <div className="sm:col-span-2">
                  <Label htmlFor="catalog-description">Description</Label>
                  <textarea
                    {...field('description')}
                    {...register('description')}
                    rows={4}
                    className={fieldClass}
                  />
                  {error('description')}
                </div>
              </div>

              <div className="mt-5 grid gap-x-4 gap-y-5 sm:grid-cols-3">
                <div>
                  <Label htmlFor="catalog-cost">Cost ($)</Label>
                  <Input
                    {...field('cost')}
                    {...register('cost')}
                    inputMode="decimal"
                    type="number"
                    step="0.01"
                    min="0"
                  />
                  {error('cost')}
                </div>
                <div>
                  <Label htmlFor="catalog-markupPct">Markup %</Label>
                  <Input
                    {...field('markupPct')}
                    {...register('markupPct')}
                    inputMode="decimal"
                    type="number"
                    step="0.01"
                    min="0"
                    max="1"
                    aria-describedby={errors.markupPct ? 'catalog-markupPct-error' : 'catalog-markupPct-hint'}
                  />
                  <p id="catalog-markupPct-hint" className="mt-1 text-xs text-slate-600">
                    A fraction of cost:{' '}
                    {markupValue !== null ? `${markup} = ${formatPercent(markupValue)}` : '0.35 = 35.0%'}
                  </p>
                  {error('markupPct')}
                </div>
                <div>
                  <Label htmlFor="catalog-stockQty">Stock Quantity</Label>
                  <Input
                    {...field('stockQty')}
                    {...register('stockQty')}
                    inputMode="numeric"
                    type="number"
                    step="1"
                    min="0"
                  />
                  {error('stockQty')}
                </div>
              </div>
              <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
                {preview !== null
                  ? `Price: ${formatMoney(preview, { currency: true })} (cost plus ${formatPercent(markupValue ?? 0)} markup)`
                  : 'No cost entered: the item shows “Contact for price”.'}
              </p>

              <div className="mt-5">
                <Label htmlFor="catalog-specs">Specifications</Label>
                <textarea
                  {...field('specs')}
                  {...register('specs')}
                  rows={4}
                  placeholder={'Capacity: 7,000 lb\nBolt pattern: 8 on 6.5 in'}
                  className={cn(fieldClass, 'font-mono text-sm')}
                  aria-describedby={errors.specs ? 'catalog-specs-error' : 'catalog-specs-hint'}
                />
                <p id="catalog-specs-hint" className="mt-1 text-xs text-slate-600">
                  One per line, as Name: value.
                </p>
                {error('specs')}
              </div>

              <div className="mt-5">
                <Controller
                  control={control}
                  name="images"
                  render={({ field: images }) => (
                    <ItemImagesField value={images.value} onChange={images.onChange} title={title} />
                  )}
                />
                <FieldError
                  id="catalog-images-error"
                  message={
                    errors.images?.message ??
                    (Array.isArray(errors.images) ? errors.images.find(Boolean)?.message : undefined)
                  }
                />
              </div>
            </div>

            <div
              data-dialog-actions=""
              className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6"
            >
              <Dialog.Close asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="accent" disabled={busy}>
                {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                {busy ? 'Saving...' : editing ? 'Save Changes' : CATALOG_TEXT.createItem}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
