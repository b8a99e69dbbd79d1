/**
 * The load context the render layer (server/http/render.ts) hands a route's loader and action, for
 * tests that call a route module's loader or action as React Router does.
 */
import { RouterContextProvider } from 'react-router';
import { appContext, type AppLoadContext } from '#app/load-context.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import type { Services } from '#server/services/index.ts';
import { PHONE_USER_AGENT } from './phone.ts';

export function routeContext(
  services: Services,
  deps: ServiceDeps,
  session?: AppLoadContext['session'] | null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    services,
    site: { ...deps.config.site, baseUrl: 'http://localhost' },
    cspNonce: '',
    client: { ip: '127.0.0.1', userAgent: PHONE_USER_AGENT },
    session: session ?? undefined,
  });
  return context;
}
