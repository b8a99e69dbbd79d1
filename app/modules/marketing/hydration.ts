/**
 * Which pages ship React to the browser (decision 0013). A route module opts out with
 * `export const handle = { hydrate: false }` (the content pages: home, service pages, city pages);
 * the document then carries no React Router scripts and no module preloads, only app/chrome.js.
 * A page hydrates when any of its matched routes, other than the root, has not opted out.
 */
export type HydrationHandle = { hydrate?: boolean };

/** The handle a content page exports. */
export const STATIC_PAGE: HydrationHandle = { hydrate: false };

export function needsHydration(matches: readonly { id: string; handle?: unknown }[]): boolean {
  const routes = matches.filter((m) => m.id !== 'root');
  if (routes.length === 0) return true;
  return routes.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate !== false);
}
