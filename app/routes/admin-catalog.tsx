/** Catalog Management (SPEC §2 'Catalog Management'). */
import type { Route } from './+types/admin-catalog';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Catalog Management',
    description: 'Catalog items, prices and stock.',
    noindex: true,
  });

export default function AdminCatalog() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Catalog Management</h1>
      <p className="mt-1 text-slate-600">Catalog items, prices and stock.</p>
    </section>
  );
}
