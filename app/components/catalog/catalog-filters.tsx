/**
 * The catalog filters (product.md §2 'Catalog'): category and city, each with an 'all' option, kept in
 * the URL so a filtered list can be shared and is rendered by the server. It is a plain GET form:
 * without JavaScript its 'Show parts' button (in <noscript>) submits it; with JavaScript,
 * catalog-filters.js applies a change at once, going to the address the chosen option carries
 * (`data-href`, built here by `catalogSearch`: the one place a catalog address is built).
 */
import { Filter } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { fieldClass, Label } from '#app/components/ui/input.tsx';
import { ALL } from '#app/modules/catalog/catalog.ts';
import type { Category, City } from '#app/modules/site/reference.ts';

/** /catalog with only the filters that filter (no 'all', no page 1). */
export function catalogSearch(filters: {
  category?: string | null;
  city?: string | null;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (filters.category && filters.category !== ALL) params.set('category', filters.category);
  if (filters.city && filters.city !== ALL) params.set('city', filters.city);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `/catalog?${query}` : '/catalog';
}

export function CatalogFilters({
  categories,
  cities,
  category,
  city,
}: {
  categories: readonly Category[];
  cities: readonly City[];
  category: string | null;
  city: string | null;
}) {
  return (
    <form
      method="get"
      action="/catalog"
      role="search"
      aria-label="Filter parts"
      data-catalog-filters=""
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <FilterField
        field={{
          id: 'filter-category',
          name: 'category',
          label: 'Category',
          allLabel: 'All categories',
          options: categories.map(({ slug, name }) => ({ slug, name })),
          value: category ?? ALL,
          href: (slug) => catalogSearch({ category: slug, city }),
        }}
      />
      <FilterField
        field={{
          id: 'filter-city',
          name: 'city',
          label: 'Delivery city',
          allLabel: 'All cities',
          options: cities.map(({ slug, name }) => ({ slug, name })),
          value: city ?? ALL,
          href: (slug) => catalogSearch({ category, city: slug }),
        }}
      />
      {/* with JavaScript a change applies at once (catalog-filters.js) */}
      <noscript>
        <Button type="submit" variant="primary" className="w-full sm:w-auto">
          <Filter className="h-4 w-4" aria-hidden="true" />
          Show parts
        </Button>
      </noscript>
    </form>
  );
}

type Field = {
  id: string;
  name: 'category' | 'city';
  label: string;
  allLabel: string;
  options: readonly { slug: string; name: string }[];
  value: string;
  /** the address a choice goes to, the other filter kept */
  href: (slug: string) => string;
};

/** One filter: its label and select. */
function FilterField({ field: { id, name, label, allLabel, options, value, href } }: { field: Field }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} defaultValue={value} className={cn(fieldClass, 'min-h-11')}>
        <option value={ALL} data-href={href(ALL)}>
          {allLabel}
        </option>
        {options.map((o) => (
          <option key={o.slug} value={o.slug} data-href={href(o.slug)}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
