/**
 * The request target as the app reads it: a path and its query (origin-form, RFC 9112 §3.2.1),
 * which every later layer assumes (the page cache's key, React Router's Request, the log). A
 * server must also accept the absolute form a client sends to a proxy (`GET http://host/q/…
 * HTTP/1.1`, §3.2.2): it is read as its path and query, which answered 500 before (the page's
 * Request was built from host + the whole URL). The site is one host, so the Host header still
 * names it. Any other target (`OPTIONS *`, `CONNECT host:443`) asks for no page: 400.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';

export const NOT_A_PATH = 'The request target is not a path.';

export const originFormTarget: RequestHandler = (req, _res, next) => {
  if (req.url.startsWith('/')) return next();
  let target: URL | undefined;
  try {
    target = /^https?:\/\//i.test(req.url) ? new URL(req.url) : undefined;
  } catch {
    target = undefined;
  }
  if (!target) throw new AppError(400, NOT_A_PATH);
  req.url = target.pathname + target.search;
  // React Router builds the page's Request from originalUrl
  req.originalUrl = req.url;
  next();
};
