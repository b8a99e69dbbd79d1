/**
 * Structured data of the catalog pages (product.md §2 'Catalog item': product structured data): a
 * schema.org Product with one Offer in CAD whose availability follows product.md §4; an ItemList for a
 * page of the listing. Pure.
 *
 * An item without a price ('Contact for price') gets no Product at all (decision 0081): Google's
 * Product rules make an Offer without a price an error, and a Product without an offer, review or
 * rating is not valid either. Its page still has its breadcrumbs, and the listing links to it.
 */
import { absoluteUrl } from '../seo/meta.ts';
import type { SiteInfo } from '../site/site.ts';
import { centsToDollarText } from '../site/money.ts';
import { catalogItemPath, type PublicCatalogItem } from './catalog.ts';
import { stockAvailability } from './stock.ts';

type JsonLd = Record<string, unknown>;

export function productJsonLd(
  site: SiteInfo,
  item: PublicCatalogItem,
  options: { categoryName?: string } = {},
): JsonLd | null {
  if (item.price === null) return null;
  const url = absoluteUrl(site.baseUrl, catalogItemPath(item.slug));
  const offer: JsonLd = {
    '@type': 'Offer',
    url,
    price: centsToDollarText(item.price),
    priceCurrency: 'CAD',
    availability: stockAvailability(item.stockQty),
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: site.name },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: item.title,
    url,
    ...(item.description ? { description: item.description } : {}),
    ...(item.images.length ? { image: item.images.map((src) => absoluteUrl(site.baseUrl, src)) } : {}),
    ...(item.sku ? { sku: item.sku } : {}),
    ...(item.supplierSku ? { mpn: item.supplierSku } : {}),
    ...(item.brand ? { brand: { '@type': 'Brand', name: item.brand } } : {}),
    category: options.categoryName ?? item.category,
    ...(Object.keys(item.specs).length
      ? {
          additionalProperty: Object.entries(item.specs).map(([name, value]) => ({
            '@type': 'PropertyValue',
            name,
            value,
          })),
        }
      : {}),
    offers: offer,
  };
}

/** A page of the listing as an ItemList of links to the items. */
export function catalogListJsonLd(
  site: SiteInfo,
  items: readonly Pick<PublicCatalogItem, 'slug' | 'title'>[],
  offset = 0,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      name: item.title,
      url: absoluteUrl(site.baseUrl, catalogItemPath(item.slug)),
    })),
  };
}
