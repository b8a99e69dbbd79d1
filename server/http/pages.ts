/** Mounts React Router: every request that is not /api or a file becomes a server-rendered page. */
import { createRequestHandler } from '@react-router/express';
import type { RequestHandler } from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import { appContext } from '#app/load-context.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import type { Services } from '../services/index.ts';
import { currentSession } from './auth.ts';
import { unavailableAsRouteError } from './unavailable.ts';

export function pageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  services: Services;
  site: SiteInfo;
  mode: 'production' | 'development';
}): RequestHandler {
  // a page whose data the database cannot give right now answers 503, not 500 (decision 0090)
  const services = unavailableAsRouteError(options.services);
  const handler = createRequestHandler({
    build: options.build,
    mode: options.mode,
    getLoadContext: (_req, res) => {
      const context = new RouterContextProvider();
      const session = currentSession(res);
      context.set(appContext, {
        services,
        site: options.site,
        cspNonce: res.locals.cspNonce as string,
        session: session && {
          user: { username: session.user.username, displayName: session.user.displayName },
          csrfToken: session.csrfToken,
        },
      });
      return context;
    },
  });
  return (req, res, next) => {
    handler(req, res, next).catch(next);
  };
}
