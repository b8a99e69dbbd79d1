/** Blog (SPEC §2). */
import type { Route } from './+types/blog';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Blog',
    description:
      'Guides and tips on finding, fitting and maintaining heavy duty, truck, trailer and ag parts in Manitoba.',
  });

export default function Page() {
  return <PagePlaceholder title="Blog" />;
}
