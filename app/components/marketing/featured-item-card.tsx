/**
 * A catalog item on a city page: picture (explicit size, lazy; the placeholder when it has none),
 * title, brand, price and stock.
 */
import { PLACEHOLDER_IMAGE, type CatalogItem } from '#app/modules/catalog/catalog.ts';
import { stockLabel, stockLevel } from '#app/modules/catalog/stock.ts';
import { priceLabel } from '#app/modules/site/money.ts';
import { cn } from '../ui/cn.ts';

type Item = Pick<CatalogItem, 'slug' | 'title' | 'brand' | 'price' | 'images' | 'subcategory' | 'stockQty'>;

/** The cards of a city page's featured items. */
export function FeaturedItemCards({ items }: { items: readonly Item[] }) {
  return (
    <>
      {items.map((item) => (
        <FeaturedItemCard key={item.slug} item={item} />
      ))}
    </>
  );
}

export function FeaturedItemCard({ item }: { item: Item }) {
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-colors hover:border-accent">
      <div className="aspect-[4/3] bg-slate-100">
        {/* an item without a photo shows the placeholder, as its catalog card does */}
        <img
          src={item.images[0] || PLACEHOLDER_IMAGE}
          alt={item.title}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        {item.subcategory && (
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">{item.subcategory}</p>
        )}
        <h3 className="mt-1 font-semibold leading-6 text-slate-900">
          {/* the link covers the whole card: one large tap target */}
          <a
            href={`/catalog/${item.slug}`}
            className="after:absolute after:inset-0 after:content-[''] hover:text-accent hover:underline"
          >
            {item.title}
          </a>
        </h3>
        {item.brand && <p className="mt-1 text-sm text-slate-600">{item.brand}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
          <p className="text-lg font-bold text-slate-900">{priceLabel(item.price)}</p>
          <p
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              stockLevel(item.stockQty) === 'in-stock'
                ? 'bg-green-100 text-green-800'
                : 'bg-slate-100 text-slate-700',
            )}
          >
            {stockLabel(item.stockQty)}
          </p>
        </div>
      </div>
    </li>
  );
}
