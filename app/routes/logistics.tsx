/** Parts Logistics (SPEC §2). */
import type { Route } from './+types/logistics';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Parts Logistics',
    description:
      'Standard, express, emergency rush and personal delivery of parts to job sites and farms across Manitoba.',
  });

export default function Page() {
  return <PagePlaceholder title="Parts Logistics" />;
}
