/**
 * React Router's `Link`, or a plain anchor on a page that ships no React (decision 0013). There
 * the link can only ever be followed by the browser, so the router's work per link (resolving the
 * path against the matched routes, the click handler, `data-discover`) buys nothing; on the
 * catalog's 24 cards and a content page's many links it was 3–5% of a page rendered per request
 * (decision 0121). Pages React hydrates get the router's link, for client-side navigation.
 */
import { Link as RouterLink, type LinkProps } from 'react-router';
import { useStaticChrome } from '#app/components/site/static-chrome.tsx';

export function Link(props: LinkProps) {
  // the static chrome is set exactly for pages without React (app/entry.server.tsx)
  const withoutReact = useStaticChrome() !== null;
  if (withoutReact && typeof props.to === 'string' && props.to.startsWith('/')) {
    const {
      to,
      /* eslint-disable @typescript-eslint/no-unused-vars -- the router's own props, not the anchor's */
      discover,
      prefetch,
      preventScrollReset,
      relative,
      reloadDocument,
      replace,
      state,
      viewTransition,
      /* eslint-enable @typescript-eslint/no-unused-vars */
      ...anchor
    } = props;
    return <a {...anchor} href={to} />;
  }
  return <RouterLink {...props} />;
}
