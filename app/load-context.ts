/**
 * The React Router load context: what the Express server hands every loader and action.
 * Loaders reach services only through here, so a page and its /api twin share one service.
 *
 * The context key lives on globalThis because the server and the route bundle each load their
 * own copy of this module (Node's loader vs. Vite's); one key must serve both.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import type { Services } from '#server/services/index.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';

export type AppLoadContext = {
  services: Services;
  site: SiteInfo;
  cspNonce: string;
  /** The request asks for an HTML page, not for `<path>.data` (a client-side navigation's data) */
  document: boolean;
  /** The signed-in staff member, when the request carries a live session cookie */
  session?: { user: { username: string; displayName: string }; csrfToken: string };
};

const KEY = Symbol.for('parts-hunters.app-load-context');
type Holder = { [KEY]?: ReturnType<typeof createContext<AppLoadContext>> };

export const appContext = ((globalThis as Holder)[KEY] ??= createContext<AppLoadContext>());

export function getAppContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}

/**
 * The loader of a page without React (decision 0013), whose data only the server's render reads:
 * no script in the browser ever asks for it. React Router still encodes every loader's data for the
 * browser (turbo-stream) before it renders a document, and for these pages that was 7–12% of the
 * CPU of a page rendered per request (decision 0122). For a document request, `load`'s object comes
 * back with its properties made non-enumerable: the page and its `meta` read them as before, and the
 * encoder, which walks `Object.keys`, writes `{}`. A client-side visit from a page with React asks
 * for `<path>.data` and gets the data whole. Anything other than a plain object (a redirect, `data()`)
 * is returned as it is. The object is changed in place, so `load` must build a new one every time
 * (an object literal, as every such loader does), never return one a memo hands to other requests.
 */
export function staticPageLoader<Args extends { context: Readonly<RouterContextProvider> }, Data>(
  load: (args: Args) => Promise<Data>,
): (args: Args) => Promise<Data> {
  return async (args) => {
    const data = await load(args);
    if (
      getAppContext(args.context).document &&
      data !== null &&
      typeof data === 'object' &&
      Object.getPrototypeOf(data) === Object.prototype
    ) {
      for (const key of Object.keys(data)) Object.defineProperty(data, key, { enumerable: false });
    }
    return data;
  };
}
