/**
 * Parts Catalog (product.md §2 'Catalog'): category and city filters in the URL (shareable, rendered by
 * the server), a page of item cards with their 'ships in' estimate for the chosen city, six
 * placeholders while a filter change loads, 'No parts found' when nothing matches. The page ships
 * no React: catalog-filters.js applies a filter change and shows the placeholders from the
 * <template> below while the next page loads.
 */
import { MessageSquare, PackageSearch, Search } from 'lucide-react';
import { redirect } from 'react-router';
import type { PageHandle } from '#app/page-handle.ts';
import type { Route } from './+types/catalog';
import filtersScript from '../components/catalog/catalog-filters.js?url';
import {
  CatalogCard,
  CatalogCardSkeleton,
  type CatalogCardItem,
} from '#app/components/catalog/catalog-card.tsx';
import { CatalogFilters, catalogSearch } from '#app/components/catalog/catalog-filters.tsx';
import { Pagination } from '#app/components/catalog/pagination.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { CATALOG_TEXT } from '#app/modules/catalog/catalog.ts';
import { catalogListJsonLd } from '#app/modules/catalog/catalog-json-ld.ts';
import { smsHref } from '#app/modules/site/site.ts';

/** Six placeholders while the list loads (product.md §9). */
const PLACEHOLDERS = 6;
const LOADING_TEXT = 'Loading parts…';
/** Cards whose pictures load at once: the first row on a wide screen. */
const EAGER_CARDS = 3;

export const handle = { query: ['category', 'city', 'page'] } satisfies PageHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, site } = getAppContext(context);
  const params = new URL(request.url).searchParams;
  const [listing, categories, cities] = await Promise.all([
    services.catalog.listPublic({
      category: params.get('category') ?? undefined,
      city: params.get('city') ?? undefined,
      page: params.get('page') ?? undefined,
    }),
    services.reference.listCategories(),
    services.reference.listCities(),
  ]);
  // past the last page (an old link after items were archived): the last page there is
  if (listing.total > 0 && listing.page > listing.pageCount) {
    throw redirect(
      catalogSearch({ category: listing.category, city: listing.city?.slug, page: listing.pageCount }),
    );
  }
  // only what a card shows travels to the browser: the page stays small
  const items: CatalogCardItem[] = listing.items.map((i) => ({
    slug: i.slug,
    title: i.title,
    brand: i.brand,
    price: i.price,
    stockQty: i.stockQty,
    images: i.images.slice(0, 1),
    category: i.category,
    shipsIn: i.shipsIn,
  }));
  return {
    items,
    total: listing.total,
    page: listing.page,
    perPage: listing.perPage,
    pageCount: listing.pageCount,
    category: listing.category,
    city: listing.city?.slug ?? null,
    cityName: listing.city?.name ?? null,
    categories,
    cities,
    phone: site.phone,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  const categoryName = data?.categories.find((c) => c.slug === data.category)?.name;
  const pageSuffix = data && data.page > 1 ? ` (Page ${data.page})` : '';
  // each category and page is a list of its own; the city only changes the delivery estimates
  const canonical = new URLSearchParams();
  if (data?.category) canonical.set('category', data.category);
  if (data && data.page > 1) canonical.set('page', String(data.page));
  return pageMeta(args, {
    path: `/catalog${canonical.size ? `?${canonical}` : ''}`,
    title: `${categoryName ? `${categoryName} | ` : ''}${CATALOG_TEXT.listTitle}${pageSuffix}`,
    description: categoryName
      ? `${categoryName} in stock and ready to ship across Manitoba, with prices and delivery estimates. Text us for a quote.`
      : 'Browse trailer, truck upfit, hydraulic, lighting, cargo control, ag and safety parts available across Manitoba.',
    jsonLd: data?.items.length
      ? [catalogListJsonLd(siteFromMatches(args.matches), data.items, (data.page - 1) * data.perPage)]
      : [],
  });
};

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { items, total, page, perPage, pageCount, category, city, cityName, categories, cities, phone } =
    loaderData;
  const categoryName = (slug: string) => categories.find((c) => c.slug === slug)?.name ?? slug;
  const first = (page - 1) * perPage + 1;
  const last = first + items.length - 1;

  return (
    <>
      <section className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 pb-8 pt-10 sm:pt-14">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CATALOG_TEXT.listTitle}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            Trailer, truck, hydraulic, lighting, ag and safety parts ready to ship across Manitoba. Choose
            your city to see delivery times.
          </p>
          <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <CatalogFilters categories={categories} cities={cities} category={category} city={city} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10" aria-labelledby="results-heading">
        <h2 id="results-heading" className="sr-only">
          Parts
        </h2>
        <p
          className="mb-6 min-h-6 text-sm text-slate-600"
          aria-live="polite"
          data-catalog-status=""
          data-loading-text={LOADING_TEXT}
        >
          {items.length > 0
            ? `Showing ${first}–${last} of ${total} ${total === 1 ? 'part' : 'parts'}${cityName ? `, delivery times to ${cityName}` : ''}`
            : ''}
        </p>

        {/* what catalog-filters.js shows while the next page loads; the same HTML on every page */}
        <template data-catalog-loading="">
          <div
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            data-testid="catalog-loading"
            aria-busy="true"
          >
            {Array.from({ length: PLACEHOLDERS }, (_, i) => (
              <CatalogCardSkeleton key={i} />
            ))}
          </div>
        </template>
        <div data-catalog-results="">
          {items.length > 0 ? (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((item, i) => (
                  <li key={item.slug} className="grid">
                    <CatalogCard
                      item={item}
                      categoryName={categoryName(item.category)}
                      citySlug={city}
                      eager={i < EAGER_CARDS}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageCount={pageCount}
                hrefFor={(p) => catalogSearch({ category, city, page: p })}
              />
            </>
          ) : (
            <div className="mx-auto max-w-lg rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
              <PackageSearch className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />
              <h2 className="mt-4 text-xl font-bold">{CATALOG_TEXT.empty}</h2>
              <p className="mt-2 text-slate-600">
                Not everything we source is listed here. Tell us what you need and we will hunt it down.
              </p>
              <a
                href="/find-my-part"
                className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-md bg-accent px-5 font-semibold text-white hover:bg-accent-hover"
              >
                <Search className="h-4 w-4" aria-hidden="true" />
                Find My Part
              </a>
            </div>
          )}
        </div>
      </section>

      <section className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Don&apos;t see your part?</h2>
            <p className="mt-1 text-slate-300">
              Text us a photo of the part or its tag. A real person replies fast.
            </p>
          </div>
          <a
            href={smsHref(phone)}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-accent px-5 font-semibold text-white hover:bg-accent-hover"
          >
            <MessageSquare className="h-5 w-5" aria-hidden="true" />
            Text Us a Photo
          </a>
        </div>
      </section>
      <script src={filtersScript} defer />
    </>
  );
}
