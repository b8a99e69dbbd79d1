/** Route-side glue for buildMeta: finds the site info in the root loader's data. */
import type { MetaDescriptor } from 'react-router';
import { buildMeta, type PageSeo } from '#app/modules/seo/meta.ts';
import { DEFAULT_SITE, type SiteInfo } from '#app/modules/site/site.ts';

type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

export function siteFromMatches(matches: MetaArgsLike['matches']): SiteInfo {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { site?: SiteInfo } | undefined;
  return root?.site ?? DEFAULT_SITE;
}

/** Meta for a page: `pageMeta(args, { title, description })`; the path defaults to the current one. */
export function pageMeta(
  args: MetaArgsLike,
  seo: Omit<PageSeo, 'path'> & { path?: string },
): MetaDescriptor[] {
  return buildMeta(siteFromMatches(args.matches), {
    ...seo,
    path: seo.path ?? args.location.pathname,
  }) as MetaDescriptor[];
}
