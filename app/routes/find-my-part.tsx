/** Find My Part (SPEC §2 'Request form'): the two-step quote request; the form lives in components/request. */
import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/find-my-part';
import { FindMyPartPage } from '#app/components/request/find-my-part-page.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { DEFAULT_SITE, type SiteInfo } from '#app/modules/site/site.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { cities: await getAppContext(context).services.reference.listCities() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Find My Part',
    description:
      'Send us your part details and photos and get a quote with an ETA, usually within 20 minutes during business hours.',
  });

export default function FindMyPart({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<{ site: SiteInfo }>('root')?.site ?? DEFAULT_SITE;
  return <FindMyPartPage cities={loaderData.cities} site={site} />;
}
