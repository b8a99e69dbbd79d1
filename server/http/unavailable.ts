/**
 * Answers for "the database is away for a moment" (decision 0090): 503 with Retry-After and a
 * plain message instead of a 500, for the API (through errorHandler) and for pages (loaders see
 * services whose database faults become a 503 route error, so the root ErrorBoundary shows the
 * "briefly unavailable" page with status 503). Which errors qualify: server/db/faults.ts (reached
 * through services/health.ts: handlers do not import db).
 */
import type { Request, Response } from 'express';
import { data } from 'react-router';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_TEXT } from '#app/modules/site/unavailable.ts';
import { isDatabaseUnavailable } from '../services/health.ts';

export { isDatabaseUnavailable };

/** The 503 itself: JSON `{ message }`, or a bare page for a browser asking for a page. */
export function sendUnavailable(req: Request, res: Response, err: unknown): void {
  req.log?.warn({ err }, 'database unavailable: answered 503');
  res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).set('Cache-Control', 'no-store');
  const page = !req.originalUrl.startsWith('/api') && req.accepts(['json', 'html']) === 'html';
  if (!page) {
    res.json({ message: UNAVAILABLE_TEXT.message });
    return;
  }
  // reached only outside React Router (e.g. a staff session lookup before the page): no chrome
  res
    .type('html')
    .send(
      `<!doctype html><html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${UNAVAILABLE_TEXT.title}</title></head>` +
        `<body><main><h1>${UNAVAILABLE_TEXT.heading}</h1><p>${UNAVAILABLE_TEXT.body}</p></main></body></html>`,
    );
}

/**
 * The services as page loaders and actions see them: a call that fails because the database is
 * unavailable throws a 503 route response instead (React Router renders the root ErrorBoundary
 * with that status; app/entry.server.tsx adds Retry-After). Every other outcome passes unchanged.
 */
export function unavailableAsRouteError<T extends object>(services: T): T {
  const seen = new WeakMap<object, unknown>();
  const convert = (err: unknown): never => {
    if (isDatabaseUnavailable(err)) {
      throw data({ message: UNAVAILABLE_TEXT.message }, { status: 503 });
    }
    throw err;
  };
  const wrap = (target: object): unknown => {
    const known = seen.get(target);
    if (known) return known;
    const guarded = new Map<PropertyKey, { fn: unknown; guard: unknown }>();
    const proxy = new Proxy(target, {
      get(obj, key, receiver) {
        const value: unknown = Reflect.get(obj, key, receiver);
        if (typeof value === 'function') {
          const known = guarded.get(key);
          if (known?.fn === value) return known.guard;
          const fn = (...args: unknown[]) => {
            let result: unknown;
            try {
              result = (value as (...a: unknown[]) => unknown).apply(obj, args);
            } catch (err) {
              return convert(err);
            }
            return result instanceof Promise ? result.catch(convert) : result;
          };
          guarded.set(key, { fn: value, guard: fn });
          return fn;
        }
        // a service area (services.catalog…) or a helper object it exposes
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) return wrap(value);
        return value;
      },
    });
    seen.set(target, proxy);
    return proxy;
  };
  return wrap(services) as T;
}
