/**
 * Serves one storage area over HTTP (the public area at /uploads): GET and HEAD, validators
 * (ETag, Last-Modified, 304), the caller's Cache-Control, the type from the key's extension.
 * Written against the backend interface, so a bucket is served the same way as the local folder.
 */
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { RequestHandler } from 'express';
import { isSafeKey, type Area, type StorageBackend } from './backend.ts';

export type ServeOptions = {
  /** Cache-Control max-age in seconds. */
  maxAgeSeconds: number;
};

/** An error the app's error handler answers with its status and message. */
const httpError = (status: number, message: string) =>
  Object.assign(new Error(message), { status, expose: true });

export function serveArea(backend: StorageBackend, area: Area, options: ServeOptions): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set({ Allow: 'GET, HEAD', 'Content-Length': '0' }).end();
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      next(httpError(400, 'Bad request.'));
      return;
    }
    // our keys never look like '../x' or '.hidden': anything else is simply not there
    const info = isSafeKey(key) ? await backend.stat(area, key) : undefined;
    if (!info) {
      next(httpError(404, 'Not Found'));
      return;
    }
    res.set({
      'Cache-Control': `public, max-age=${options.maxAgeSeconds}`,
      'Last-Modified': info.lastModified.toUTCString(),
      ETag: `W/"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`,
    });
    res.type(path.extname(key) || 'application/octet-stream');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.set('Content-Length', String(info.size));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const opened = await backend.open(area, key);
    if (!opened) {
      res.removeHeader('Content-Length');
      next(httpError(404, 'Not Found'));
      return;
    }
    try {
      await pipeline(opened.stream, res);
    } catch (err) {
      // the client went away (before or during the answer: 'unable to pipe', 'premature close'),
      // or the file vanished mid-read: nothing more can be sent. Only the last is the server's
      // business, and only while nothing was sent yet.
      if (!res.headersSent && !res.destroyed && !req.destroyed) next(err);
      else res.destroy();
    }
  };
}
