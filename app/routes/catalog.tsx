/** Parts Catalog (SPEC §2). */
import type { Route } from './+types/catalog';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Parts Catalog',
    description:
      'Browse trailer, truck upfit, hydraulic, lighting, cargo control, ag and safety parts available across Manitoba.',
  });

export default function Page() {
  return <PagePlaceholder title="Parts Catalog" />;
}
