/**
 * What a request's fetch metadata (the `Sec-Fetch-*` headers every current browser sends) says
 * about why it was made (decision 0177). The render layer puts the answer into the load context
 * (`client.navigation`); the quote link's service decides with it which wrong tokens it counts, so
 * that `<img src="/q/…">` on someone else's page cannot lock a visitor out of their own link.
 */
import type { IncomingHttpHeaders } from 'node:http';

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase();
};

/**
 * Whether the request is a person opening a page: `Sec-Fetch-Dest: document` (a link followed, an
 * address typed, a form posted), or no fetch metadata at all (an older browser, a script, a link
 * checker: nothing tells it from a navigation). An image, a script, a frame or a `fetch()` that
 * another page asks for is not one.
 */
export function isPageNavigation(headers: IncomingHttpHeaders): boolean {
  const dest = header(headers, 'sec-fetch-dest');
  if (dest !== undefined) return dest === 'document';
  // metadata without a destination (a browser that sends only some): its mode tells
  const mode = header(headers, 'sec-fetch-mode');
  if (mode !== undefined) return mode === 'navigate';
  return header(headers, 'sec-fetch-site') === undefined;
}
