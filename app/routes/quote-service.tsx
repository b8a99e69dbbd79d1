/** Quote Service (SPEC §2). */
import type { Route } from './+types/quote-service';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Quote Service',
    description:
      'All-in parts quotes in about 18 minutes, good for 48 hours, with no hidden fees. Text YES to order or NO to pass.',
  });

export default function Page() {
  return <PagePlaceholder title="Quote Service" />;
}
