/** Parts Sourcing (SPEC §2). */
import type { Route } from './+types/parts-sourcing';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Parts Sourcing',
    description:
      'Hard-to-find heavy duty, truck, trailer and ag parts hunted down for Manitoba farms, fleets and contractors.',
  });

export default function Page() {
  return <PagePlaceholder title="Parts Sourcing" />;
}
