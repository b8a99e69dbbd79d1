/**
 * The React Router load context: what the Express server hands every loader and action.
 * Loaders reach services only through here, so a page and its /api twin share one service.
 *
 * The context key lives on globalThis because the server and the route bundle each load their
 * own copy of this module (Node's loader vs. Vite's); one key must serve both.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import type { ChangeDoor } from '#server/changes/index.ts';
import type { Services } from '#server/services/index.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';

export type AppLoadContext = {
  services: Services;
  /**
   * The back office's changes, performed by name (decision 0182): a route action names one
   * (`serveChanges`, app/staff.server.ts) and never imports the server's modules
   */
  changes: ChangeDoor;
  site: SiteInfo;
  cspNonce: string;
  /**
   * Who asks: the client's address (as Express reads it behind TRUST_PROXY) and browser, and
   * whether the request is a page navigation by its fetch metadata (server/http/fetch-metadata.ts;
   * absent: counts as one, like a client that sends no metadata)
   */
  client: { ip: string; userAgent: string; navigation?: boolean };
  /**
   * The signed-in staff member, when the request carries a live session cookie: their account's id
   * and role (the owner reaches the team and the audit log; decision 0160)
   */
  session?: {
    user: { id: number; username: string; displayName: string; role: 'owner' | 'staff' };
    csrfToken: string;
  };
};

const KEY = Symbol.for('parts-hunters.app-load-context');
type Holder = { [KEY]?: ReturnType<typeof createContext<AppLoadContext>> };

export const appContext = ((globalThis as Holder)[KEY] ??= createContext<AppLoadContext>());

export function getAppContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}
