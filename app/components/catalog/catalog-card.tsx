/** One item in the catalog grid: picture, badges, title, brand, price and 'ships in'. */
import { catalogItemPath, type PublicCatalogItem } from '#app/modules/catalog/catalog.ts';
import { shipsInLabel, type ShipsIn } from '#app/modules/catalog/ships-in.ts';
import { priceLabel } from '#app/modules/site/money.ts';
import { CategoryBadge, StockBadge } from './badges.tsx';
import { CatalogImage } from './catalog-image.tsx';

export type CatalogCardItem = Pick<
  PublicCatalogItem,
  'slug' | 'title' | 'brand' | 'price' | 'stockQty' | 'images' | 'category'
> & { shipsIn: ShipsIn };

export function CatalogCard({
  item,
  categoryName,
  citySlug,
  eager = false,
}: {
  item: CatalogCardItem;
  categoryName: string;
  /** the chosen city travels to the item page, where 'ships in' uses it too */
  citySlug?: string | null;
  eager?: boolean;
}) {
  const href = citySlug
    ? `${catalogItemPath(item.slug)}?city=${encodeURIComponent(citySlug)}`
    : catalogItemPath(item.slug);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:shadow-md focus-within:ring-2 focus-within:ring-orange-500">
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <CatalogImage
          src={item.images[0]}
          alt={item.title}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          className="h-full w-full object-cover transition group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1.5">
          <CategoryBadge name={categoryName} />
          <StockBadge stockQty={item.stockQty} compact />
        </div>
        <h2 className="text-base font-semibold leading-snug text-slate-900">
          <a href={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {item.title}
          </a>
        </h2>
        {item.brand && <p className="text-sm text-slate-600">{item.brand}</p>}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-2">
          <p
            className={
              item.price === null
                ? 'text-sm font-semibold text-slate-700'
                : 'text-lg font-bold text-slate-900'
            }
          >
            {priceLabel(item.price)}
          </p>
          <p className="text-sm text-slate-600">{`Ships in ${shipsInLabel(item.shipsIn)}`}</p>
        </div>
      </div>
    </article>
  );
}

/** The loading placeholder of a card (product.md §9: six of them while the list loads). */
export function CatalogCardSkeleton() {
  return (
    <div
      className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
      aria-hidden="true"
    >
      <div className="aspect-[4/3] bg-slate-200" />
      <div className="space-y-3 p-4">
        <div className="flex gap-2">
          <div className="h-5 w-24 rounded-full bg-slate-200" />
          <div className="h-5 w-20 rounded-full bg-slate-200" />
        </div>
        <div className="h-4 w-11/12 rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="flex justify-between pt-2">
          <div className="h-6 w-20 rounded bg-slate-200" />
          <div className="h-4 w-28 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
