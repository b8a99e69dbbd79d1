/** City × category landing page (SPEC §2 'City-category page'). */
import type { Route } from './+types/city-category';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${titleCase(args.params.category)} in ${titleCase(args.params.city)}, Manitoba`,
    description: `${titleCase(args.params.category)} sourced and delivered to ${titleCase(args.params.city)} and area. Text a photo for a same-day quote.`,
  });

export default function CityCategory({ params }: Route.ComponentProps) {
  return <PagePlaceholder title={`${titleCase(params.category)} in ${titleCase(params.city)}, Manitoba`} />;
}
