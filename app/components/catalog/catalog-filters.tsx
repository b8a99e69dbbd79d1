/**
 * The catalog filters (SPEC §2 'Catalog'): category and city, each with an 'all' option, kept in
 * the URL so a filtered list can be shared and is rendered by the server. It is a plain GET form:
 * without JavaScript its 'Show parts' button (in <noscript>) submits it; with JavaScript a change
 * applies at once, through catalog-filters.js on a page loaded from the server (no React there,
 * decision 0112) or through the handlers below when React renders the page after a client-side
 * navigation.
 */
import { Filter } from 'lucide-react';
import { useNavigate, useNavigation } from 'react-router';
import { HtmlFragment } from '#app/components/site/html-fragment.tsx';
import { useStaticChrome } from '#app/components/site/static-chrome.tsx';
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
  const navigate = useNavigate();
  const navigation = useNavigation();
  // the URL is the truth; while a change loads, the selects already show where it is going
  const pending =
    navigation.location?.pathname === '/catalog' ? new URLSearchParams(navigation.location.search) : null;
  const chosen = {
    category: (pending ? pending.get('category') : category) ?? ALL,
    city: (pending ? pending.get('city') : city) ?? ALL,
  };

  function apply(next: { category: string; city: string }) {
    navigate(catalogSearch(next), { preventScrollReset: true });
  }

  return (
    <form
      method="get"
      action="/catalog"
      role="search"
      aria-label="Filter parts"
      data-catalog-filters=""
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        apply(chosen);
      }}
    >
      <FilterField
        field={{
          id: 'filter-category',
          name: 'category',
          label: 'Category',
          allLabel: 'All categories',
          options: categories.map(({ slug, name }) => ({ slug, name })),
          value: chosen.category,
        }}
        onChange={(category) => apply({ ...chosen, category })}
      />
      <FilterField
        field={{
          id: 'filter-city',
          name: 'city',
          label: 'Delivery city',
          allLabel: 'All cities',
          options: cities.map(({ slug, name }) => ({ slug, name })),
          value: chosen.city,
        }}
        onChange={(city) => apply({ ...chosen, city })}
      />
      {/* with JavaScript a change applies at once; React renders no <noscript> content in the browser */}
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
};

/**
 * One filter. On a page without React nothing can handle its change but catalog-filters.js, so it
 * is written from the fragment memo (decision 0122): the two filters were a quarter of the elements
 * React walked for every `/catalog` rendered per request. Where React renders the page, the select
 * is controlled and applies a change at once.
 */
function FilterField({ field, onChange }: { field: Field; onChange: (value: string) => void }) {
  if (useStaticChrome() !== null) {
    return <HtmlFragment as="div" component={FilterSelect} props={field} />;
  }
  return (
    <div>
      <FilterSelect {...field} onChange={onChange} />
    </div>
  );
}

/** The label and the select; a pure function of its props (without `onChange`: uncontrolled). */
function FilterSelect({
  id,
  name,
  label,
  allLabel,
  options,
  value,
  onChange,
}: Field & { onChange?: (value: string) => void }) {
  const selection = onChange
    ? { value, onChange: (e: React.ChangeEvent<HTMLSelectElement>) => onChange(e.currentTarget.value) }
    : { defaultValue: value };
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} {...selection} className={cn(fieldClass, 'min-h-11')}>
        <option value={ALL}>{allLabel}</option>
        {options.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.name}
          </option>
        ))}
      </select>
    </>
  );
}
