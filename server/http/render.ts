/**
 * The render layer's door: every request that is not /api or a file becomes a server-rendered page
 * (React Router's fetch handler), sent whole and compressed in one call.
 *
 * A public page (app/page-handle.ts) is rendered without a nonce, its inline scripts allowed by hash:
 * the same bytes for every visitor. A GET of one by a visitor without a session, under the query
 * parameters the page declares, is kept by the page cache (decision 0114) when it is a 200, and sent
 * from the cache like every later hit. A public page is rendered from its address (decision 0180):
 * its path and the query parameters it declares; any other parameter is not seen by the render. Anything else (a back-office screen, a form's action) is
 * rendered for its request alone, with its own nonce.
 *
 * Public pages ship no React, so nothing in the browser reads their loader data; React Router still
 * encodes it for the browser (turbo-stream) before it renders a document, which was 7–12% of a page
 * rendered per request (docs/performance.md). The build's public loaders are therefore wrapped here:
 * for a document request their data comes back as a copy whose properties the encoder does not see
 * (non-enumerable), while the page and its `meta` read them as usual. Routes know nothing of it.
 * A private page's data (app/page-handle.ts) is not served on its own (`<path>.data`) at all: the
 * page ships no script that would ask, and that answer would carry what the page leaves out.
 */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { writeReadableStreamToWritable } from '@react-router/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { createContext, createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { isBackOffice, isPrivate } from '#app/page-handle.ts';
import { changeDoor } from '../changes/index.ts';
import type { Services } from '../services/index.ts';
import { currentSession, FOREIGN_ORIGIN, sameOrigin } from './auth.ts';
import { clientOf } from './client.ts';
import { appContext, type AppLoadContext } from './load-context.ts';
import { inlineScriptHashes, policyWithHashes, type PageCache } from './page-cache.ts';
import { unavailableAsRouteError } from './unavailable.ts';

/** Whether the request asks for an HTML page, not for a client-side navigation's `<path>.data`. */
const documentRequest = createContext<boolean>(false);

export function renderPages(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  services: Services;
  mode: 'production' | 'development';
  /** Without it every page is rendered per request (development, and tests that want it so). */
  pageCache?: PageCache;
}): RequestHandler {
  // a page whose data the database cannot give right now answers 503, not 500 (decision 0090)
  const services = unavailableAsRouteError(options.services);
  // the back office's changes, over the same services (decision 0182)
  const changes = changeDoor(services);
  const { build, pageCache } = options;
  const render = createRequestHandler(
    typeof build === 'function'
      ? async () => keepLoaderDataFromEncoder(await build())
      : keepLoaderDataFromEncoder(build),
    options.mode,
  );

  return (req, res, next) => {
    const read = req.method === 'GET' || req.method === 'HEAD';
    // one address per page: a path that differs from a page's only by letter case or a trailing
    // slash (/LOGISTICS, /logistics/, /Blog) moves there for good, so links, caches and search
    // engines meet one spelling (issue 31 item 4, decision 0127). Private links (/q/<token>) are case-sensitive:
    // only paths that then name a public page move.
    const spelled = read && pageCache ? canonicalSpelling(req.path) : req.path;
    if (spelled !== req.path && pageCache!.isPublicPage(spelled)) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, spelled + (query === -1 ? '' : req.originalUrl.slice(query)));
      return;
    }
    // the site's facts with the owner's hours in force (server/services/shop.ts)
    const site = options.services.shop.site();
    if (!read && !sameOrigin(req, site)) {
      // a page's action (a back-office form or fetcher) is for this site's own pages only
      res.status(403).type('text/plain').send(FOREIGN_ORIGIN);
      return;
    }
    // A public page is the same bytes for every visitor: rendered without a nonce, its inline
    // scripts allowed by hash, so it can be kept (by address in the page cache, by data in
    // app/rendered-pages.server.ts). Anything else is rendered for its request, with its nonce.
    const publicPage = read && pageCache !== undefined && pageCache.isPublicPage(req.path);
    const session = currentSession(res);
    // a signed-in view is never kept, however its cookie was spelled (the cache's own test of the
    // header is the quick one, for hits)
    const cacheKey = publicPage && req.method === 'GET' && !session ? pageCache.keyOf(req) : undefined;
    const startedUnder = pageCache?.generation() ?? 0;
    const context = contextFor(req, {
      services,
      changes,
      site,
      cspNonce: publicPage ? '' : (res.locals.cspNonce as string),
      client: clientOf(req.ip ?? '', req.get('user-agent') ?? '', req.headers),
      session: session && {
        user: {
          id: session.user.id,
          username: session.user.username,
          displayName: session.user.displayName,
          role: session.user.role,
          ...(session.user.mustChangePassword && { mustChangePassword: true as const }),
        },
        csrfToken: session.csrfToken,
        idHash: session.idHash,
      },
    });
    // a page on its way into the cache is finished even when its first visitor has gone
    const aborted = new AbortController();
    if (cacheKey === undefined) {
      res.once('close', () => {
        if (!res.writableFinished) aborted.abort();
      });
    }
    // a public page is rendered from its address (decision 0180): only the parameters it declares,
    // so what the cache keeps for /blog?gclid=… is /blog's page
    const address = publicPage ? pageCache.addressOf(req.url) : undefined;
    render(webRequest(req, aborted.signal, address), context)
      .then(async (response) => {
        if (!publicPage || !isHtml(response)) return send(res, response);
        const html = await response.text();
        if (cacheKey !== undefined && response.status === 200 && !response.headers.has('set-cookie')) {
          const headers: OutgoingHttpHeaders = { ...res.getHeaders() };
          response.headers.forEach((value, name) => {
            headers[name] = value;
          });
          await pageCache!.store(req, res, { key: cacheKey, html, headers, startedUnder });
          return;
        }
        const policy = res.getHeader('content-security-policy');
        if (typeof policy === 'string') {
          res.setHeader('content-security-policy', policyWithHashes(policy, inlineScriptHashes(html)));
        }
        await send(res, new Response(html, response));
      })
      .catch(next);
  };
}

/** A page path as the site spells it: lower case, no trailing slash ('/' stays '/'). */
export function canonicalSpelling(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

function contextFor(req: ExpressRequest, values: AppLoadContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, values);
  context.set(documentRequest, !req.path.endsWith('.data'));
  return context;
}

/**
 * The build with each public and private page's loader wrapped (see the top of this file). The
 * root's data (the site, which back-office screens read in the browser) and the back office's are
 * left alone.
 */
function keepLoaderDataFromEncoder(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader || id === 'root' || isBackOffice(branchHandles(build, id))) {
      routes[id] = route;
      continue;
    }
    const privatePage = isPrivate(branchHandles(build, id));
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: async (args) => {
          if (privatePage && !args.context.get(documentRequest)) {
            throw new Response('Not Found', { status: 404 });
          }
          const data: unknown = await loader(args);
          if (!args.context.get(documentRequest) || !isPlainObject(data)) return data;
          const hidden: Record<string, PropertyDescriptor> = {};
          for (const key of Object.keys(data)) hidden[key] = { value: data[key], enumerable: false };
          return Object.create(Object.prototype, hidden) as unknown;
        },
      },
    };
  }
  return { ...build, routes };
}

function branchHandles(build: ServerBuild, id: string): unknown[] {
  const handles: unknown[] = [];
  for (
    let route = build.routes[id];
    route;
    route = route.parentId ? build.routes[route.parentId] : undefined
  ) {
    handles.push(route.module.handle);
  }
  return handles;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

const isHtml = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('text/html');

/**
 * Sends a rendered answer: an HTML page in one piece (so compressed in one call), anything else
 * streamed as React Router's Express adapter does.
 */
async function send(res: ExpressResponse, response: Response): Promise<void> {
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
  if (!isHtml(response)) {
    await writeReadableStreamToWritable(response.body, res);
    return;
  }
  // one piece, so compressed in one call (compressWholeAnswers, server/http/compress.ts)
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * The Fetch API request React Router renders from (at `url`, the request's own by default); a form's
 * body is streamed through.
 */
function webRequest(
  req: IncomingMessage & { protocol?: string },
  signal?: AbortSignal,
  url: string = req.url ?? '/',
): Request {
  const host = req.headers.host ?? 'localhost';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`${req.protocol ?? 'http'}://${host}${url}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
    ...(signal ? { signal } : {}),
  } as RequestInit);
}
