/**
 * The 'Add New Item' / edit dialog of Catalog Management (product.md §2, §5, §7, §8): every field of the
 * spec plus status, specifications and pictures; the slug follows the title (product.md §5 rule) until
 * staff edit it; cost in dollars; markup 0.35 and stock 0 by default; a new item is a draft unless
 * staff choose otherwise (decision 0020). Saves through the Catalog screen's action (intent
 * 'create' or 'update', the dialog's fields as a form; decisions 0124, 0183): checked in the browser
 * with the schema the action reads them with; success and failure toasts per product.md §7/§8, the
 * messages under their fields.
 */
import { useState, type FormEvent } from 'react';
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx';
import { FieldRow } from '#app/components/admin/field-row.tsx';
import { Refusal, useStaffForm } from '#app/components/admin/staff-form.tsx';
import { type ActionAnswer } from '#app/modules/site/answers.ts';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Input } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { CATALOG_STATUSES, CATALOG_TEXT, type CatalogItem } from '#app/modules/catalog/catalog.ts';
import {
  catalogFormSchema,
  EMPTY_CATALOG_FORM,
  itemToFormValues,
  type CatalogFormValues,
} from '#app/modules/catalog/catalog.schema.ts';
import { itemPrice } from '#app/modules/catalog/pricing.ts';
import { slugify } from '#app/modules/catalog/slug.ts';
import type { Category } from '#app/modules/site/reference.ts';
import { dollarsToCents, formatMoney, formatPercent } from '#app/modules/site/money.ts';
import { ItemImagesField } from './item-images-field.tsx';

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
  const [values, setValues] = useState<CatalogFormValues>(EMPTY_CATALOG_FORM);
  // whether staff typed a slug of their own (the slug then stops following the title)
  const [slugTyped, setSlugTyped] = useState(false);
  const { element, post, check, clear, forget, refusal, busy, field, error } = useStaffForm<
    ActionAnswer<{ item: CatalogItem }>
  >({
    id: 'catalog',
    notice: 'Error',
    done: () => {
      toast({ title: 'Success', description: editing ? CATALOG_TEXT.updated : CATALOG_TEXT.created });
      onSaved();
    },
  });

  // each opening starts from the item (or an empty form), its messages gone
  const [opened, setOpened] = useState<{ open: boolean; item: CatalogItem | null }>({
    open: false,
    item: null,
  });
  if (opened.open !== open || opened.item !== item) {
    setOpened({ open, item });
    if (open) {
      setValues(item ? itemToFormValues(item) : EMPTY_CATALOG_FORM);
      setSlugTyped(false);
      clear();
    }
  }

  const { title, slug, cost, markupPct: markup } = values;
  const costCents = cost.trim() !== '' && Number.isFinite(Number(cost)) ? dollarsToCents(Number(cost)) : null;
  const markupValue = markup.trim() !== '' && Number.isFinite(Number(markup)) ? Number(markup) : null;
  const preview = itemPrice(costCents, markupValue);

  /** A field's new value; its message goes. */
  function set<N extends keyof CatalogFormValues>(name: N, value: CatalogFormValues[N]) {
    setValues((v) => ({ ...v, [name]: value }));
    forget(name);
  }
  /** What an input changes: its own field. */
  const input = (name: Exclude<keyof CatalogFormValues, 'images'>) => ({
    ...field(name),
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name, e.currentTarget.value),
  });

  // the slug follows the title until staff type their own; an existing item keeps its address
  // (links to it are out there) unless its slug is cleared
  function setTitle(next: string) {
    setValues((v) => ({
      ...v,
      title: next,
      slug: v.slug === '' || (!item && !slugTyped) ? slugify(next) : v.slug,
    }));
    forget('title');
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check(catalogFormSchema, values)) return;
    const form = new FormData();
    form.set('intent', item ? 'update' : 'create');
    if (item) form.set('id', String(item.id));
    for (const [name, value] of Object.entries(values)) {
      if (Array.isArray(value)) for (const url of value) form.append(name, url);
      else form.set(name, value);
    }
    post(form);
  }

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={editing ? 'Edit Item' : CATALOG_TEXT.addItem}
      description={
        editing
          ? 'Change the details, status or pictures of this part.'
          : 'New items are saved as drafts unless you choose Active.'
      }
      initialFocus="catalog-title"
      formRef={element}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : CATALOG_TEXT.createItem}
      busyLabel="Saving..."
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        {refusal && (
          <div className="sm:col-span-2">
            <Refusal message={refusal} />
          </div>
        )}
        <FieldRow id="catalog-title" label="Title" required className="sm:col-span-2">
          <Input
            {...field('title')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            autoComplete="off"
          />
          {error('title')}
        </FieldRow>
        <FieldRow id="catalog-slug" label="Slug" required className="sm:col-span-2">
          <Input
            {...input('slug')}
            onChange={(e) => {
              setSlugTyped(true);
              set('slug', e.currentTarget.value);
            }}
            autoComplete="off"
            spellCheck={false}
          />
          <p className="mt-1 text-xs text-slate-600">Page address: /catalog/{slug || 'your-item'}</p>
          {error('slug')}
        </FieldRow>
        <FieldRow id="catalog-sku" label="SKU">
          <Input {...input('sku')} autoComplete="off" spellCheck={false} />
          {error('sku')}
        </FieldRow>
        <FieldRow id="catalog-supplierSku" label="Supplier SKU">
          <Input {...input('supplierSku')} autoComplete="off" spellCheck={false} />
          {error('supplierSku')}
        </FieldRow>
        <FieldRow id="catalog-brand" label="Brand">
          <Input {...input('brand')} autoComplete="off" />
          {error('brand')}
        </FieldRow>
        <FieldRow id="catalog-category" label="Category" required>
          <select {...input('category')} className={cn(fieldClass, 'min-h-11')}>
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
          <Input {...input('subcategory')} autoComplete="off" />
          {error('subcategory')}
        </FieldRow>
        <FieldRow id="catalog-status" label="Status">
          <select {...input('status')} className={cn(fieldClass, 'min-h-11')}>
            {CATALOG_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'active' ? 'Active (public)' : s === 'draft' ? 'Draft' : 'Archived'}
              </option>
            ))}
          </select>
          {error('status')}
        </FieldRow>
        <FieldRow id="catalog-description" label="Description" className="sm:col-span-2">
          <textarea {...input('description')} rows={4} className={fieldClass} />
          {error('description')}
        </FieldRow>
      </div>

      <div className="mt-5 grid gap-x-4 gap-y-5 sm:grid-cols-3">
        <FieldRow id="catalog-cost" label="Cost ($)">
          <Input {...input('cost')} inputMode="decimal" type="number" step="0.01" min="0" />
          {error('cost')}
        </FieldRow>
        <FieldRow id="catalog-markupPct" label="Markup %">
          <Input
            {...input('markupPct')}
            inputMode="decimal"
            type="number"
            step="0.01"
            min="0"
            max="1"
            {...field('markupPct', 'catalog-markupPct-hint')}
          />
          <p id="catalog-markupPct-hint" className="mt-1 text-xs text-slate-600">
            A fraction of cost:{' '}
            {markupValue !== null ? `${markup} = ${formatPercent(markupValue)}` : '0.35 = 35.0%'}
          </p>
          {error('markupPct')}
        </FieldRow>
        <FieldRow id="catalog-stockQty" label="Stock Quantity">
          <Input {...input('stockQty')} inputMode="numeric" type="number" step="1" min="0" />
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
          {...input('specs')}
          rows={4}
          placeholder={'Capacity: 7,000 lb\nBolt pattern: 8 on 6.5 in'}
          className={cn(fieldClass, 'font-mono text-sm')}
          {...field('specs', 'catalog-specs-hint')}
        />
        <p id="catalog-specs-hint" className="mt-1 text-xs text-slate-600">
          One per line, as Name: value.
        </p>
        {error('specs')}
      </FieldRow>

      <div className="mt-5">
        <ItemImagesField value={values.images} onChange={(urls) => set('images', urls)} title={title} />
        {error('images')}
      </div>
    </EditorDialog>
  );
}
