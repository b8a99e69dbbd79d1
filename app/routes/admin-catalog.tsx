/** Catalog Management (SPEC §2 'Catalog Management'). */
import type { Route } from './+types/admin-catalog';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Catalog Management', description: 'Catalog items for staff.', noindex: true });

export default function Page() {
  return (
    <PagePlaceholder title="Catalog Management">
      <p>Catalog items for staff.</p>
    </PagePlaceholder>
  );
}
