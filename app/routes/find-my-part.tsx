/** Find My Part (SPEC §2). */
import type { Route } from './+types/find-my-part';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Find My Part',
    description:
      'Send us your part details and photos and get a quote with an ETA, usually within 20 minutes during business hours.',
  });

export default function Page() {
  return <PagePlaceholder title="Find My Part" />;
}
