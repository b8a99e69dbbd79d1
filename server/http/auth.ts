/**
 * Staff sessions on the HTTP side: the session cookie, `loadSession` (who is asking),
 * `requireAdmin` (401 without a session; 403 for a mutation without the session's CSRF token or
 * from a foreign Origin), and the no-store / noindex headers of everything admin.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ACCOUNT_PATH, CSRF_HEADER } from '#app/modules/auth/login.schema.ts';
import { OWNER_ONLY } from '#app/modules/team/team.ts';
import type { Config } from '../config.ts';
import type { ActiveSession } from '../services/auth.ts';
import {
  cookieValue,
  safeEqual,
  sessionCookieName as cookieNameFor,
  sessionCookieOptions,
} from '../services/auth.ts';
import type { Services } from '../services/index.ts';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const BAD_CSRF = 'Your session token is missing or out of date. Reload the page and try again.';
export const FOREIGN_ORIGIN = 'This request came from another site and was refused.';
export const CHANGE_PASSWORD_FIRST =
  'Choose your own password first: the one you signed in with was given to you. Go to /admin/account.';
/** What a person whose password was handed out may still call before changing it: signing out, who they are. */
const BEFORE_PASSWORD_CHANGE = new Set(['/api/admin/logout', '/api/admin/me']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(config: Config): string {
  return cookieNameFor(config.baseUrl);
}

export function readCookie(req: Request, name: string): string | undefined {
  return cookieValue(req.headers.cookie, name);
}

export function clearSessionCookie(res: Response, config: Config): void {
  res.clearCookie(sessionCookieName(config), sessionCookieOptions(config.baseUrl));
}

export function currentSession(res: Response): ActiveSession | undefined {
  return res.locals.session as ActiveSession | undefined;
}

/** Resolves the session cookie (if any) into res.locals.session. Visitors without one cost nothing. */
export function loadSession(services: Services, config: Config): RequestHandler {
  const name = sessionCookieName(config);
  return async (req, res, next) => {
    try {
      const id = readCookie(req, name);
      if (id) {
        const session = await services.auth.resolveSession(id);
        if (session) res.locals.session = session;
        else clearSessionCookie(res, config);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Admin responses are never cached and never indexed. */
export const privateHeaders: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  res.set('X-Robots-Tag', 'noindex, nofollow');
  next();
};

/** True when the browser says the request comes from this site (or says nothing, as non-browsers do). */
export function sameOrigin(req: Request, config: Pick<Config, 'baseUrl'>): boolean {
  const origin = req.get('origin');
  if (!origin) return true;
  if (origin === new URL(config.baseUrl).origin) return true;
  return origin === `${req.protocol}://${req.get('host')}`;
}

export function requireAdmin(config: Config): RequestHandler {
  return (req, res, next) => {
    privateHeaders(req, res, () => {});
    const session = currentSession(res);
    if (!session) {
      res.status(401).json({ message: SIGN_IN_REQUIRED });
      return;
    }
    // a handed-out password is changed before anything else (decision 0201): a redirect to 'Your account'
    if (session.user.mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(req.originalUrl.split('?')[0]!)) {
      res.status(303).location(ACCOUNT_PATH).json({ message: CHANGE_PASSWORD_FIRST });
      return;
    }
    if (!SAFE_METHODS.has(req.method)) {
      if (!sameOrigin(req, config)) {
        res.status(403).json({ message: FOREIGN_ORIGIN });
        return;
      }
      const sent = req.get(CSRF_HEADER);
      if (!sent || !safeEqual(sent, session.csrfToken)) {
        res.status(403).json({ message: BAD_CSRF });
        return;
      }
    }
    next();
  };
}

/** The words staff meet on the owner's endpoints and screens: one sentence for both. */
export { OWNER_ONLY };

/**
 * After requireAdmin: an owner's change on /api answers 403 to staff (`apiChange` puts it before
 * every owner's change, server/http/change.ts). No owner's change has an /api door today: the
 * team and the settings are their screens' (decision 0182, "The mirrors removed").
 */
export const requireOwner: RequestHandler = (_req, res, next) => {
  if (currentSession(res)?.user.role !== 'owner') {
    res.status(403).json({ message: OWNER_ONLY });
    return;
  }
  next();
};
