/**
 * Catalog item (product.md §2 'Catalog item'): breadcrumb, gallery, category and stock badges, title,
 * brand, description, specifications, SKU and supplier SKU, price, 'ships in', the 'Request Quote'
 * and 'Request Fit Check' text buttons naming the item, a help box, and Product structured data.
 * Unknown or non-public slugs answer 404 with 'Item Not Found'. Signed-in staff may preview drafts
 * and archived items (never indexed, never cached). The page ships no React (decision 0112): the
 * gallery has its own small script (item-gallery.js).
 */
import { ChevronRight, Eye, Mail, MessageSquare, PackageX, Phone, Ruler, Truck } from 'lucide-react';
import { data } from 'react-router';
import type { Route } from './+types/catalog-item';
import { CategoryBadge, StockBadge } from '#app/components/catalog/badges.tsx';
import { ItemGallery } from '#app/components/catalog/item-gallery.tsx';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { CATALOG_TEXT, catalogItemPath } from '#app/modules/catalog/catalog.ts';
import { productJsonLd } from '#app/modules/catalog/catalog-json-ld.ts';
import { shipsInLabel } from '#app/modules/catalog/ships-in.ts';
import { breadcrumbJsonLd } from '#app/modules/seo/json-ld.ts';
import { cutAtWord, DESCRIPTION_MAX } from '#app/modules/seo/text-fit.ts';
import { priceLabel } from '#app/modules/site/money.ts';
import { formatPhone } from '#app/modules/site/phone.ts';
import { REPLY_PROMISE, smsHref } from '#app/modules/site/site.ts';
import type { PageHandle } from '#app/page-handle.ts';

/** `?city=`: the delivery estimate to that city. */
export const handle = { query: ['city'] } satisfies PageHandle;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, session, site } = getAppContext(context);
  const city = new URL(request.url).searchParams.get('city') ?? undefined;
  const page =
    (await services.catalog.publicItem(params.slug, city)) ??
    (session ? await services.catalog.itemForStaff(params.slug, city) : undefined);
  if (!page) return data({ found: false as const, site }, { status: 404 });
  const headers: HeadersInit = page.isPublic
    ? {}
    : { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };
  return data({ found: true as const, site, ...page }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData;
  if (!d?.found) {
    return pageMeta(args, {
      title: CATALOG_TEXT.notFoundTitle,
      description: CATALOG_TEXT.notFoundText,
      noindex: true,
    });
  }
  const { item, category, shipsIn } = d;
  const site = siteFromMatches(args.matches);
  const categoryName = category?.name ?? item.category;
  const summary = [
    item.brand ? `${item.brand} ${categoryName.toLowerCase()}` : categoryName,
    item.price !== null ? `${priceLabel(item.price, { currency: true })}` : 'Contact for price',
    `ships in ${shipsInLabel(shipsIn)} across Manitoba`,
  ].join(', ');
  // the item's own words, cut at a word so that the price and delivery summary still fit
  const tail = ` ${summary}.`;
  const description = item.description
    ? `${cutAtWord(item.description, DESCRIPTION_MAX - tail.length)}${tail}`
    : `${item.title}: ${summary}. Text us for a quote or a fit check.`;
  const product = productJsonLd(site, item, { categoryName });
  return pageMeta(args, {
    title: item.title,
    description,
    path: catalogItemPath(item.slug),
    image: item.images[0] ?? null,
    noindex: !d.isPublic,
    jsonLd: [
      ...(product ? [product] : []),
      breadcrumbJsonLd(site, [
        { name: 'Home', path: '/' },
        { name: CATALOG_TEXT.listTitle, path: '/catalog' },
        { name: categoryName, path: `/catalog?category=${item.category}` },
        { name: item.title, path: catalogItemPath(item.slug) },
      ]),
    ],
  });
};

export default function CatalogItemPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <ItemNotFound />;
  const { item, category, city, shipsIn, isPublic, site } = loaderData;
  const categoryName = category?.name ?? item.category;
  const named = item.sku ? `${item.title} (SKU ${item.sku})` : item.title;
  const quoteBody = `Hi! I'd like a quote on the ${named}.`;
  const fitBody = `Hi! Can you check that the ${named} fits my equipment? Make, model and year: `;
  const specs = Object.entries(item.specs);

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-6">
      {!isPublic && (
        <p className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
          Staff preview: this item is <strong className="font-semibold">{item.status}</strong> and hidden from
          customers.
        </p>
      )}
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          <li>
            <a href="/" className="inline-flex min-h-11 items-center hover:text-slate-900 hover:underline">
              Home
            </a>
          </li>
          <Separator />
          <li>
            <a
              href="/catalog"
              className="inline-flex min-h-11 items-center hover:text-slate-900 hover:underline"
            >
              Catalog
            </a>
          </li>
          <Separator />
          <li>
            <a
              href={`/catalog?category=${item.category}`}
              className="inline-flex min-h-11 items-center hover:text-slate-900 hover:underline"
            >
              {categoryName}
            </a>
          </li>
          <Separator />
          <li aria-current="page" className="min-w-0 max-w-full truncate font-medium text-slate-900">
            {item.title}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ItemGallery images={item.images} title={item.title} />

        <div>
          <div className="flex flex-wrap gap-2">
            <CategoryBadge name={categoryName} />
            <StockBadge stockQty={item.stockQty} />
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{item.title}</h1>
          {item.brand && (
            <p className="mt-1 text-slate-600">
              Brand: <span className="font-medium text-slate-900">{item.brand}</span>
            </p>
          )}

          <p
            className={
              item.price === null ? 'mt-5 text-xl font-semibold text-slate-800' : 'mt-5 text-3xl font-bold'
            }
          >
            {priceLabel(item.price, { currency: true })}
          </p>
          <p className="mt-2 flex items-center gap-2 text-slate-700">
            <Truck className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
            <span>
              Ships in {shipsInLabel(shipsIn)} {city ? `to ${city.name}` : 'across Manitoba'}
            </span>
          </p>

          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <a
              href={smsHref(site.phone, quoteBody)}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-accent px-5 font-semibold text-white hover:bg-accent-hover"
            >
              <MessageSquare className="h-5 w-5" aria-hidden="true" />
              {CATALOG_TEXT.requestQuote}
            </a>
            <a
              href={smsHref(site.phone, fitBody)}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-5 font-semibold text-slate-900 hover:bg-slate-100"
            >
              <Ruler className="h-5 w-5" aria-hidden="true" />
              {CATALOG_TEXT.requestFitCheck}
            </a>
          </div>

          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-slate-200 pt-5 text-sm">
            <dt className="text-slate-600">SKU</dt>
            <dd className="font-mono text-slate-900">{item.sku ?? 'N/A'}</dd>
            <dt className="text-slate-600">Supplier SKU</dt>
            <dd className="font-mono text-slate-900">{item.supplierSku ?? 'N/A'}</dd>
            {item.subcategory && (
              <>
                <dt className="text-slate-600">Type</dt>
                <dd className="text-slate-900">{item.subcategory}</dd>
              </>
            )}
          </dl>

          <aside aria-labelledby="help-heading" className="mt-6 rounded-xl bg-slate-900 p-5 text-white">
            <h2 id="help-heading" className="text-lg font-bold">
              Not sure it fits?
            </h2>
            <p className="mt-1 text-sm text-slate-300">
              Text a photo of your old part or its tag. A real person checks the fit and replies with an
              all-in price and ETA {REPLY_PROMISE}.
            </p>
            <ul className="mt-4 flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
              <li>
                <a
                  href={`tel:${site.phone}`}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold hover:underline"
                >
                  <Phone className="h-4 w-4" aria-hidden="true" />
                  {formatPhone(site.phone)}
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${site.email}`}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold hover:underline"
                >
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {site.email}
                </a>
              </li>
            </ul>
          </aside>
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-2 lg:gap-12">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-bold">
            Description
          </h2>
          <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">
            {item.description ?? 'Text us for details on this part.'}
          </p>
        </section>
        <section aria-labelledby="specs-heading">
          <h2 id="specs-heading" className="text-xl font-bold">
            Specifications
          </h2>
          {specs.length ? (
            <dl className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200">
              {specs.map(([name, value]) => (
                <div key={name} className="grid grid-cols-2 gap-4 px-4 py-3 text-sm odd:bg-slate-50">
                  <dt className="font-medium text-slate-600">{name}</dt>
                  <dd className="text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-3 text-slate-700">Ask us for the full specifications of this part.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function Separator() {
  return (
    <li aria-hidden="true" className="text-slate-400">
      <ChevronRight className="h-4 w-4" />
    </li>
  );
}

function ItemNotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <PackageX className="mx-auto h-14 w-14 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{CATALOG_TEXT.notFoundTitle}</h1>
      <p className="mt-4 text-slate-600">{CATALOG_TEXT.notFoundText}</p>
      <a
        href="/catalog"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-slate-900 px-5 font-semibold text-white hover:bg-slate-700"
      >
        {CATALOG_TEXT.browse}
      </a>
    </section>
  );
}
