/** Blog post (SPEC §2 'Blog post'). */
import type { Route } from './+types/blog-post';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Blog Post',
    description: 'Guides and tips on heavy duty, truck, trailer and ag parts in Manitoba.',
    type: 'article',
  });

export default function BlogPost() {
  return <PagePlaceholder title="Blog Post" />;
}
