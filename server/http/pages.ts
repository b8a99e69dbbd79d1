/**
 * Mounts React Router: every request that is not /api or a file becomes a server-rendered page.
 * A public page a visitor without a session asks for is rendered for the page cache (decision
 * 0114): with no nonce, read whole, kept, and sent from the cache like every later hit.
 */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { createRequestHandler } from '@react-router/express';
import { writeReadableStreamToWritable } from '@react-router/node';
import type { RequestHandler } from 'express';
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import { appContext, type AppLoadContext } from '#app/load-context.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import type { Services } from '../services/index.ts';
import { currentSession } from './auth.ts';
import { inlineScriptHashes, policyWithHashes, type PageCache } from './page-cache.ts';
import { unavailableAsRouteError } from './unavailable.ts';

export function pageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  services: Services;
  site: SiteInfo;
  mode: 'production' | 'development';
  /** Without it every page is rendered per request (development, and tests that want it so). */
  pageCache?: PageCache;
}): RequestHandler {
  // a page whose data the database cannot give right now answers 503, not 500 (decision 0090)
  const services = unavailableAsRouteError(options.services);
  const contextFor = (values: AppLoadContext) => {
    const context = new RouterContextProvider();
    context.set(appContext, values);
    return context;
  };
  const handler = createRequestHandler({
    build: options.build,
    mode: options.mode,
    getLoadContext: (_req, res) => {
      const session = currentSession(res);
      return contextFor({
        services,
        site: options.site,
        cspNonce: res.locals.cspNonce as string,
        session: session && {
          user: { username: session.user.username, displayName: session.user.displayName },
          csrfToken: session.csrfToken,
        },
      });
    },
  });
  const { pageCache } = options;
  const render = createFetchHandler(options.build, options.mode);

  return (req, res, next) => {
    const key = pageCache && req.method === 'GET' ? pageCache.keyOf(req) : undefined;
    if (!pageCache || key === undefined) {
      handler(req, res, next).catch(next);
      return;
    }
    const startedUnder = pageCache.generation();
    // no nonce: the page will be sent to many visitors; its inline scripts are allowed by hash
    render(webRequest(req), contextFor({ services, site: options.site, cspNonce: '' }))
      .then(async (response) => {
        const headers: OutgoingHttpHeaders = { ...res.getHeaders() };
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        const cacheable =
          response.status === 200 &&
          !response.headers.has('set-cookie') &&
          (response.headers.get('content-type') ?? '').startsWith('text/html');
        if (cacheable) {
          await pageCache.store(req, res, { key, html: await response.text(), headers, startedUnder });
          return;
        }
        // a redirect, a 404, a 503: sent as rendered, never kept; rendered without a nonce too, so
        // its inline scripts are allowed by their hashes, like a kept page's
        res.status(response.status);
        for (const [name, value] of response.headers) res.append(name, value);
        const policy = res.getHeader('content-security-policy');
        if (
          typeof policy === 'string' &&
          (response.headers.get('content-type') ?? '').startsWith('text/html')
        ) {
          const html = await response.text();
          res.setHeader('content-security-policy', policyWithHashes(policy, inlineScriptHashes(html)));
          res.end(html);
          return;
        }
        if (response.body) await writeReadableStreamToWritable(response.body, res);
        else res.end();
      })
      .catch(next);
  };
}

/** The Fetch API request React Router renders from, for a GET without a body. */
function webRequest(req: IncomingMessage & { protocol?: string }): Request {
  const host = req.headers.host ?? 'localhost';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Request(`${req.protocol ?? 'http'}://${host}${req.url ?? '/'}`, { method: 'GET', headers });
}
