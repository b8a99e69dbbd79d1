/**
 * What a route module tells the rest of the site about itself, in its `handle` export. Two kinds of
 * page, and nothing else to know:
 *
 * - A public page (the default): rendered whole on the server, ships no React (only the islands a
 *   page includes itself, such as the request form), and is kept by the page cache for visitors
 *   without a session. It declares the query parameters its loader reads, so the cache keeps one
 *   copy per combination of them; any other parameter is left out of the address the page is
 *   rendered from and kept under (decision 0180):
 *   `export const handle = { query: ['category', 'city', 'page'] } satisfies PageHandle;`
 *   A page that reads no parameter needs no handle. tests/api/page-routes.test.ts fails when a
 *   loader reads a parameter its handle does not declare.
 * - A back-office screen: `{ backOffice: true }` on the screen or a layout above it. It hydrates
 *   (React Router in the browser), gets the back-office shell instead of the site chrome, and is
 *   never cached.
 * - A private page: `{ private: true }`, a customer's own page behind a secret link (the quote
 *   page). Like a public page it ships no React and has the site chrome; unlike one it is rendered
 *   for its visitor every time: never in the page cache, `Cache-Control: private, no-store`,
 *   `X-Robots-Tag: noindex`.
 */
export type PageHandle = {
  /** The query parameters a public page's loader reads (the page cache's key). */
  query?: readonly string[];
  /** A back-office screen (or layout): hydrated, no site chrome, never cached. */
  backOffice?: true;
  /** A customer's private page: no React, never cached, no-store, noindex. */
  private?: true;
};

/** The handle of a matched route, whatever its module exported. */
export function pageHandle(handle: unknown): PageHandle {
  return typeof handle === 'object' && handle !== null ? (handle as PageHandle) : {};
}

/** Whether a page, given its matched routes' handles, is a back-office screen. */
export function isBackOffice(handles: readonly unknown[]): boolean {
  return handles.some((h) => pageHandle(h).backOffice === true);
}

/** Whether a page, given its matched routes' handles, is a customer's private page. */
export function isPrivate(handles: readonly unknown[]): boolean {
  return handles.some((h) => pageHandle(h).private === true);
}
