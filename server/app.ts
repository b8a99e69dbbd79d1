/**
 * Builds the Express application: security headers, logging, compression, robots/sitemap,
 * /api, static assets, uploads, then the React Router request handler (when given).
 * Used by server/index.ts and by the HTTP tests.
 */
import path from 'node:path';
import fs from 'node:fs';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config.ts';
import { apiRouter } from './http/api.ts';
import { appManifestHandler } from './http/app-manifest.ts';
import { BROTLI_PARAMS, compressWholeAnswers } from './http/compress.ts';
import { loadSession, privateHeaders } from './http/auth.ts';
import { errorHandler } from './http/errors.ts';
import { originFormTarget } from './http/request-target.ts';
import { closeStalledBodies } from './http/stalled-body.ts';
import { cspNonce, securityHeaders } from './http/security.ts';
import { unstorableInUrl } from './http/unstorable.ts';
import type { Services } from './services/index.ts';
import type { FileStore } from './storage/index.ts';

export type AppOptions = {
  config: Config;
  services: Services;
  logger: Logger;
  files: FileStore;
  /** build/client of a production build: hashed assets and public files */
  clientDir?: string;
  /** Vite's dev middlewares (dev mode only) */
  devMiddleware?: RequestHandler;
  /** React Router's request handler; without it only the API and files are served */
  pageHandler?: RequestHandler;
  /** GET /metrics (server/http/metrics.ts), when METRICS_TOKEN is set; without it /metrics is not found */
  metrics?: RequestHandler;
  /** How long a request body may go without a byte before its connection is closed (30 s) */
  stalledBodyMs?: number;
};

/** Built assets, uploaded images and the root's icons: files, whose answers are not logged one by one. */
export function isFileRequest(url: string | undefined): boolean {
  if (!url) return false;
  return (
    url.startsWith('/assets/') ||
    url.startsWith('/uploads/') ||
    /^\/[\w.-]+\.(?:ico|png|svg|jpe?g|webp|webmanifest)(?:\?|$)/.test(url)
  );
}

export function createApp(options: AppOptions) {
  const { config, services, logger, files } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ?? false);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = crypto.randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // a 404 or a rejected form is the client's business, not an operational warning; a file
      // served well (a built asset, an uploaded image, the favicon) is not worth a line each
      customLogLevel: (req, res, err) =>
        err || res.statusCode >= 500
          ? 'error'
          : // a mounted handler (/uploads) sees its own part of the URL in req.url
            res.statusCode < 400 && isFileRequest((req as { originalUrl?: string }).originalUrl ?? req.url)
            ? 'silent'
            : 'info',
      // one short line per request: no headers (cookies, tokens) in the logs
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          // a private link's token is left out where every line is written (server/logger.ts)
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // `GET http://host/path` is read as `GET /path`; `OPTIONS *` asks for no page (400)
  app.use(originFormTarget);
  // a body that stops arriving closes its connection after 30 s of silence (decision 0096)
  app.use(closeStalledBodies(logger, options.stalledBodyMs));
  app.use(cspNonce);
  app.use(
    securityHeaders({ dev: Boolean(options.devMiddleware), https: config.baseUrl.startsWith('https://') }),
  );
  // Brotli with a 256 KB window instead of 4 MB: every compressed answer allocates its window
  // outside the JS heap, and at 4 MB ten answers at a time made V8 run a full garbage collection
  // almost per request, which doubled the CPU time of GET /api/leads/board at 10 connections
  // (decision 0050). Our answers are far smaller than 256 KB, so they compress as well as before.
  // What is sent in one piece (API answers, pages rendered per request) is compressed in one call
  // instead, by the same settings (compressWholeAnswers, decision 0167).
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));
  app.use(compressWholeAnswers);

  // U+0000 in a path is not found, in an API query a 400 (decision 0095)
  app.use(unstorableInUrl);

  if (options.metrics) app.get('/metrics', options.metrics);
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(services.seo.robotsTxt());
  });
  app.get('/sitemap.xml', async (_req, res) => {
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=900')
      .send(await services.seo.sitemapXml());
  });
  // the blog's RSS feed: before the pages, or the blog/:slug route would take it
  app.get('/blog/rss.xml', async (_req, res) => {
    res
      .type('application/rss+xml')
      .set('Cache-Control', 'public, max-age=900')
      .send(await services.blog.rssXml());
  });

  app.use('/uploads', files.publicHandler({ maxAgeSeconds: 7 * 24 * 3600 }));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    app.use(
      '/assets',
      express.static(path.join(options.clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    );
  }

  // the back office's web app manifest (decision 0206): no session needed, none read
  app.get('/manifest.webmanifest', appManifestHandler(config));
  app.use(loadSession(services, config));
  app.use(['/admin', '/api/admin'], privateHeaders);
  app.use('/api', apiRouter(services, config));
  // root files (favicon, social card…) after the API, so API calls never touch the disk for them;
  // only the names the build holds go to the disk, so a page request costs no stat() and no 404
  // error object (docs/performance.md#elsewhere-for-every-reader)
  if (options.clientDir) {
    const rootFiles = new Set(
      fs
        .readdirSync(options.clientDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const serveRootFile = express.static(options.clientDir, {
      maxAge: '1h',
      index: false,
      // the service worker: a phone asks for it again at each visit, so a deploy reaches it at once
      // (decision 0208)
      setHeaders: (res, file) => {
        if (path.basename(file) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
      },
    });
    app.use((req, res, next) => (rootFiles.has(req.path) ? serveRootFile(req, res, next) : next()));
  }

  if (options.pageHandler) app.use(options.pageHandler);

  app.use(errorHandler);
  return app;
}
