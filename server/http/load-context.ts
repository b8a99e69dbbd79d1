/**
 * The React Router load context: what the Express server (render.ts) hands every loader and
 * action. Loaders reach services only through here, so a page and its /api twin share one service.
 * Routes read it through app/load-context.ts, which re-exports this module.
 *
 * The context key lives on globalThis because the server and the route bundle each load their
 * own copy of this module (Node's loader vs. Vite's); one key must serve both.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import type { ChangeDoor } from '../changes/index.ts';
import type { Client } from '../services/context.ts';
import type { Services } from '../services/index.ts';
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
  /** Who asks, as the edge reads the request (client.ts): plain facts for the services */
  client: Client;
  /**
   * The signed-in staff member, when the request carries a live session cookie: their account's id
   * and role (the owner reaches the team and the audit log; decision 0160)
   */
  session?: {
    user: {
      id: number;
      username: string;
      displayName: string;
      role: 'owner' | 'staff';
      /** the password was handed out: 'Your account' first, every other screen redirects there (decision 0201) */
      mustChangePassword?: true;
    };
    csrfToken: string;
    /** the session's stored id (a SHA-256 of its cookie): 'Sign out everywhere else' keeps it */
    idHash?: string;
  };
};

const KEY = Symbol.for('parts-hunters.app-load-context');
type Holder = { [KEY]?: ReturnType<typeof createContext<AppLoadContext>> };

export const appContext = ((globalThis as Holder)[KEY] ??= createContext<AppLoadContext>());

export function getAppContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}
