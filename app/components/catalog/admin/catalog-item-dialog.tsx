/**
 * The 'Add New Item' / edit dialog of Catalog Management (product.md §2, §5, §7, §8): every field of the
 * spec plus status, specifications and pictures; the slug follows the title (product.md §5 rule) until
 * staff edit it; cost in dollars; markup 0.35 and stock 0 by default; a new item is a draft unless
 * staff choose otherwise (decision 0020). Saves through the Catalog screen's action (intent
 * 'create' or 'update'; decision 0124); success and failure toasts per product.md §7/§8, the server's
 * field messages under their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { fieldMessages as messagesOf, useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { type ActionAnswer } from '#app/modules/site/answers.ts';
import { cn } from '#app/components/ui/cn.ts';
import { FieldError, fieldClass, fieldMessages, Input } from '#app/components/ui/input.tsx';
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
  onSaved: () => void;
}) {
  const editing = item !== null;
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

  const save = useStaffFetcher<ActionAnswer<{ item: CatalogItem }>>((answer) => {
    if (answer.ok) {
      toast({ title: 'Success', description: editing ? CATALOG_TEXT.updated : CATALOG_TEXT.created });
      reset(EMPTY_CATALOG_FORM);
      onSaved();
      return;
    }
    // the server's field messages go under their fields (the one error shape)
    for (const [field, message] of Object.entries(messagesOf(answer.fieldErrors))) {
      if (field in EMPTY_CATALOG_FORM) setError(field as FieldName, { message });
    }
    toast({ title: 'Error', description: answer.message, variant: 'destructive' });
  });

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

  function onSubmit(values: CatalogFormOutput) {
    const payload = formToPayload(values);
    // a new item has no id yet
    const body = { intent: item ? 'update' : 'create', id: item?.id ?? null, item: payload };
    void save.submit(body, { method: 'post', encType: 'application/json' });
  }

  const { field, error } = fieldMessages<FieldName>('catalog', errors);

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={save.state !== 'idle'}
      title={editing ? 'Edit Item' : CATALOG_TEXT.addItem}
      description={
        editing
          ? 'Change the details, status or pictures of this part.'
          : 'New items are saved as drafts unless you choose Active.'
      }
      initialFocus="catalog-title"
      onSubmit={handleSubmit(onSubmit)}
      submitLabel={editing ? 'Save Changes' : CATALOG_TEXT.createItem}
      busyLabel="Saving..."
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <FieldRow id="catalog-title" label="Title" required className="sm:col-span-2">
          <Input {...field('title')} {...titleField} autoComplete="off" />
          {error('title')}
        </FieldRow>
        <FieldRow id="catalog-slug" label="Slug" required className="sm:col-span-2">
          <Input {...field('slug')} {...register('slug')} autoComplete="off" spellCheck={false} />
          <p className="mt-1 text-xs text-slate-600">Page address: /catalog/{slug || 'your-item'}</p>
          {error('slug')}
        </FieldRow>
        <FieldRow id="catalog-sku" label="SKU">
          <Input {...field('sku')} {...register('sku')} autoComplete="off" spellCheck={false} />
          {error('sku')}
        </FieldRow>
        <FieldRow id="catalog-supplierSku" label="Supplier SKU">
          <Input
            {...field('supplierSku')}
            {...register('supplierSku')}
            autoComplete="off"
            spellCheck={false}
          />
          {error('supplierSku')}
        </FieldRow>
        <FieldRow id="catalog-brand" label="Brand">
          <Input {...field('brand')} {...register('brand')} autoComplete="off" />
          {error('brand')}
        </FieldRow>
        <FieldRow id="catalog-category" label="Category" required>
          <select {...field('category')} {...register('category')} className={cn(fieldClass, 'min-h-11')}>
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          {error('category')}
        </FieldRow>
        <FieldRow id="catalog-subcategory" label="Subcategory">
          <Input {...field('subcategory')} {...register('subcategory')} autoComplete="off" />
          {error('subcategory')}
        </FieldRow>
        <FieldRow id="catalog-status" label="Status">
          <select {...field('status')} {...register('status')} className={cn(fieldClass, 'min-h-11')}>
            {CATALOG_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'active' ? 'Active (public)' : s === 'draft' ? 'Draft' : 'Archived'}
              </option>
            ))}
          </select>
          {error('status')}
        </FieldRow>
        <FieldRow id="catalog-description" label="Description" className="sm:col-span-2">
          <textarea {...field('description')} {...register('description')} rows={4} className={fieldClass} />
          {error('description')}
        </FieldRow>
      </div>

      <div className="mt-5 grid gap-x-4 gap-y-5 sm:grid-cols-3">
        <FieldRow id="catalog-cost" label="Cost ($)">
          <Input
            {...field('cost')}
            {...register('cost')}
            inputMode="decimal"
            type="number"
            step="0.01"
            min="0"
          />
          {error('cost')}
        </FieldRow>
        <FieldRow id="catalog-markupPct" label="Markup %">
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
        </FieldRow>
        <FieldRow id="catalog-stockQty" label="Stock Quantity">
          <Input
            {...field('stockQty')}
            {...register('stockQty')}
            inputMode="numeric"
            type="number"
            step="1"
            min="0"
          />
          {error('stockQty')}
        </FieldRow>
      </div>
      <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
        {preview !== null
          ? `Price: ${formatMoney(preview, { currency: true })} (cost plus ${formatPercent(markupValue ?? 0)} markup)`
          : 'No cost entered: the item shows “Contact for price”.'}
      </p>

      <FieldRow id="catalog-specs" label="Specifications" className="mt-5">
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
      </FieldRow>

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
    </EditorDialog>
  );
}
