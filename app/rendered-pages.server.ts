/**
 * Public pages' HTML by everything their render reads, so a page rendered again with the same data
 * costs no React render (the render layer's; app/entry.server.tsx). A public page is a pure function
 * of its address, its routes' loader data and the CSP nonce (app/page-handle.ts: its components
 * read nothing else), so the same inputs give the same bytes. The page cache
 * (server/http/page-cache.ts) keeps pages by address for visitors; this keeps them by data for the
 * requests it cannot serve: an address with a parameter no page reads (a campaign's `utm_source`),
 * a page after its minute in the page cache, when nothing it shows has changed. Loaders still run
 * every time: a change shows at once, since it changes the data and so the key.
 *
 * Only a 200 without errors is kept; bounded in bytes (lru-cache) and in age (a minute, like the
 * page cache). docs/performance.md says what it buys.
 */
import { LRUCache } from 'lru-cache';
import type { EntryContext } from 'react-router';

const MAX_BYTES = 8 * 1024 * 1024;
const MAX_AGE_MS = 60_000;

const pages = new LRUCache<string, Buffer<ArrayBuffer>>({
  maxSize: MAX_BYTES,
  sizeCalculation: (html, key) => html.length + 2 * key.length,
  ttl: MAX_AGE_MS,
});

/**
 * The key of a render: the address, the nonce and every matched route's loader data, whole (the
 * render layer makes a public loader's properties non-enumerable, server/http/render.ts, so they
 * are read by name here). Undefined for a render that is not kept (an error, an action).
 */
export function renderKey(request: Request, context: EntryContext, nonce: string): string | undefined {
  const { statusCode, errors, actionData, loaderData, matches } = context.staticHandlerContext;
  if (statusCode !== 200 || errors || actionData) return undefined;
  const data = matches.map((m) => loaderData[m.route.id]);
  try {
    return JSON.stringify(
      [request.url, nonce, matches.map((m) => m.route.id), data],
      (_key, value: unknown) => (isObject(value) && !Array.isArray(value) ? allProperties(value) : value),
    );
  } catch {
    return undefined; // data JSON cannot hold (none today): rendered, not kept
  }
}

/** The page rendered under `key`, or rendered by `render` now and kept. */
export function renderedPage(
  key: string | undefined,
  render: () => Buffer<ArrayBuffer>,
): Buffer<ArrayBuffer> {
  if (key === undefined) return render();
  let html = pages.get(key);
  if (!html) {
    html = render();
    pages.set(key, html);
  }
  return html;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A plain object's own properties, enumerable or not; anything else as it is (a Date's toJSON). */
function allProperties(value: Record<string, unknown>): unknown {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const names = Object.getOwnPropertyNames(value);
  if (names.length === Object.keys(value).length) return value;
  const copy: Record<string, unknown> = {};
  for (const name of names) copy[name] = value[name];
  return copy;
}
