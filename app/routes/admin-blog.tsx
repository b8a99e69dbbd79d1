/** Blog Management (SPEC §2 'Blog Management'). */
import type { Route } from './+types/admin-blog';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Blog Management',
    description: 'Create and manage blog posts for the product',
    noindex: true,
  });

export default function Page() {
  return (
    <PagePlaceholder title="Blog Management">
      <p>Create and manage blog posts for the product</p>
    </PagePlaceholder>
  );
}
