/**
 * The load context the render layer (server/http/render.ts) hands a route's loader and action, for
 * tests that call a route module's loader or action as React Router does.
 */
import { RouterContextProvider } from 'react-router';
import { appContext, type AppLoadContext } from '#app/load-context.ts';
import { changeDoor } from '#server/changes/index.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import type { Services } from '#server/services/index.ts';
import { PHONE_USER_AGENT } from './phone.ts';
import { clientOf } from '#server/http/client.ts';

export function routeContext(
  services: Services,
  deps: ServiceDeps,
  session?: AppLoadContext['session'] | null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    services,
    changes: changeDoor(services),
    site: { ...services.shop.site(), baseUrl: 'http://localhost' },
    cspNonce: '',
    client: clientOf('127.0.0.1', PHONE_USER_AGENT),
    session: session ?? undefined,
  });
  return context;
}

/** An answer of a route's loader or action as React Router sends it: its status and body. */
export function answerOf(answer: unknown): { status: number; body: unknown; location?: string | null } {
  if (answer instanceof Response)
    return { status: answer.status, body: null, location: answer.headers.get('Location') };
  if (typeof answer === 'object' && answer !== null && 'init' in answer && 'data' in answer) {
    const { data, init } = answer as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: answer };
}
