/**
 * Mounts React Router: every request that is not /api or a file becomes a server-rendered page.
 * A public page a visitor without a session asks for is rendered for the page cache (decision
 * 0114): with no nonce, read whole, kept, and sent from the cache like every later hit. Any other
 * GET (a staff member, an unknown query parameter) is rendered for that request alone, with its own
 * nonce, and answered whole, compressed in one call (decision 0115). Other methods (a form's
 * action) go through React Router's Express adapter, which streams their bodies.
 */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { createRequestHandler } from '@react-router/express';
import { writeReadableStreamToWritable } from '@react-router/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import { appContext, type AppLoadContext } from '#app/load-context.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';
import type { Services } from '../services/index.ts';
import { currentSession, FOREIGN_ORIGIN, sameOrigin } from './auth.ts';
import { COMPRESS_THRESHOLD, compressWhole, encodingFor } from './compress.ts';
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
  /** What loaders get for a request rendered for itself: its nonce and the staff member, if any. */
  const contextOf = (req: ExpressRequest, res: ExpressResponse) => {
    const session = currentSession(res);
    return contextFor({
      services,
      site: options.site,
      cspNonce: res.locals.cspNonce as string,
      document: isDocument(req),
      session: session && {
        user: { username: session.user.username, displayName: session.user.displayName },
        csrfToken: session.csrfToken,
      },
    });
  };
  const adapter = createRequestHandler({
    build: options.build,
    mode: options.mode,
    getLoadContext: (req, res) => contextOf(req, res),
  });
  const { pageCache } = options;
  const render = createFetchHandler(options.build, options.mode);

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // a page's action (a back-office form or fetcher) is for this site's own pages only
      if (!sameOrigin(req, options.site)) {
        res.status(403).type('text/plain').send(FOREIGN_ORIGIN);
        return;
      }
      adapter(req, res, next).catch(next);
      return;
    }
    const key = pageCache && req.method === 'GET' ? pageCache.keyOf(req) : undefined;
    if (!pageCache || key === undefined) {
      // rendered for this request alone (staff, unknown parameters, development): its own nonce
      const aborted = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) aborted.abort();
      });
      render(webRequest(req, aborted.signal), contextOf(req, res))
        .then((response) => sendWhole(req, res, response))
        .catch(next);
      return;
    }
    const startedUnder = pageCache.generation();
    // no nonce: the page will be sent to many visitors; its inline scripts are allowed by hash
    render(
      webRequest(req),
      contextFor({ services, site: options.site, cspNonce: '', document: isDocument(req) }),
    )
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
        const policy = res.getHeader('content-security-policy');
        if (
          typeof policy === 'string' &&
          (response.headers.get('content-type') ?? '').startsWith('text/html')
        ) {
          const html = await response.text();
          res.setHeader('content-security-policy', policyWithHashes(policy, inlineScriptHashes(html)));
          await sendWhole(req, res, new Response(html, response));
          return;
        }
        await sendWhole(req, res, response);
      })
      .catch(next);
  };
}

/**
 * Sends a rendered answer: an HTML page whole, compressed in one call when the client accepts it
 * (the compression middleware then leaves it alone), anything else streamed as React Router's
 * Express adapter does.
 */
async function sendWhole(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) {
    await writeReadableStreamToWritable(response.body, res);
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.vary('Accept-Encoding');
  const encoding =
    body.length >= COMPRESS_THRESHOLD ? encodingFor(req.headers['accept-encoding']) : undefined;
  const sent = encoding ? compressWhole(body, encoding) : body;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', sent.length);
  res.end(sent);
}

/** Whether a request asks for a page, not for a client-side navigation's data (`<path>.data`). */
function isDocument(req: ExpressRequest): boolean {
  return !req.path.endsWith('.data');
}

/** The Fetch API request React Router renders from, for a GET or HEAD (no body). */
function webRequest(req: IncomingMessage & { protocol?: string }, signal?: AbortSignal): Request {
  const host = req.headers.host ?? 'localhost';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Request(`${req.protocol ?? 'http'}://${host}${req.url ?? '/'}`, {
    method: req.method === 'HEAD' ? 'HEAD' : 'GET',
    headers,
    ...(signal ? { signal } : {}),
  });
}
