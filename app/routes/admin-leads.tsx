/** Lead Management (SPEC §2 'Lead Management'). */
import type { Route } from './+types/admin-leads';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Lead Management',
    description: 'Requests, pricing and quotes for staff.',
    noindex: true,
  });

export default function Page() {
  return (
    <PagePlaceholder title="Lead Management">
      <p>Requests, pricing and quotes for staff.</p>
    </PagePlaceholder>
  );
}
