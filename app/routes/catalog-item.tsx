/** Catalog item (SPEC §2 'Catalog item'). */
import type { Route } from './+types/catalog-item';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Catalog Item',
    description:
      'Part details, specifications, price and shipping estimate. Request a quote or a fit check by text.',
  });

export default function CatalogItem() {
  return <PagePlaceholder title="Catalog Item" />;
}
