/**
 * Find My Part (product.md §2 'Request form'): the two-step quote request; the form lives in
 * components/request. Like every public page it ships no React Router: the server renders it in
 * full and request-form.island.ts hydrates only the form, with React, once the customer starts on
 * it (the island: built by the `islands` plugin in vite.config.ts, decision 0112).
 */
import { useRouteLoaderData } from 'react-router';
import islands from 'virtual:islands';
import type { Route } from './+types/find-my-part';
import { FindMyPartPage } from '#app/components/request/find-my-part-page.tsx';
import { urgencyHint } from '#app/components/request/request-copy.ts';
import { REQUEST_FORM_ISLAND, scriptJson } from '#app/components/request/island.ts';
import { useNonce } from '#app/components/site/nonce.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import { DEFAULT_SITE, REPLY_PROMISE, type SiteInfo } from '#app/modules/site/site.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getAppContext(context);
  return {
    cities: await services.reference.listCities(),
    // which urgencies cost more, by the owner's markup rules in force (decision 0204)
    urgencyHint: urgencyHint(services.shop.current().markup),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Find My Part',
    description: `Send us your part details and photos and get a quote with an ETA ${REPLY_PROMISE}.`,
  });

export default function FindMyPart({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<{ site: SiteInfo }>('root')?.site ?? DEFAULT_SITE;
  const nonce = useNonce();
  const island = islands.requestForm;
  return (
    <>
      <FindMyPartPage cities={loaderData.cities} site={site} urgencyHint={loaderData.urgencyHint} />
      {island && (
        <>
          <script
            type="application/json"
            id={REQUEST_FORM_ISLAND.props}
            dangerouslySetInnerHTML={{
              __html: scriptJson({ cities: loaderData.cities, site, urgencyHint: loaderData.urgencyHint }),
            }}
          />
          {island.preamble && (
            <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: island.preamble }} />
          )}
          {/* no modulepreload links: React puts them in <head>, where on a slow line they compete
              with the stylesheet and delay the first paint (Lighthouse FCP 2.2 s → see 0112); the
              entry is one small file at low priority, and fetches the rest when the customer
              starts on the form (0116). Not async: a module script runs once the document is
              parsed, so the whole form is there (async, React would also move it into <head>) */}
          <script
            type="module"
            src={island.src}
            fetchPriority="low"
            nonce={nonce}
            {...{
              [REQUEST_FORM_ISLAND.hydrateSrc]: island.hydrate,
              [REQUEST_FORM_ISLAND.preload]: island.preload.join(' '),
            }}
          />
        </>
      )}
    </>
  );
}
