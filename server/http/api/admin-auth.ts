/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me. */
import { Router } from 'express';
import type { SignedIn } from '#app/modules/auth/login.schema.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import {
  clearSessionCookie,
  currentSession,
  FOREIGN_ORIGIN,
  privateHeaders,
  readCookie,
  requireAdmin,
  sameOrigin,
  sessionCookieName,
  setSessionCookie,
} from '../auth.ts';
import { jsonBody } from '../body.ts';

export function adminAuthRouter(services: Services, config: Config): Router {
  const router = Router();

  router.post('/admin/login', privateHeaders, jsonBody('4kb'), async (req, res) => {
    if (!sameOrigin(req, config)) throw new AppError(403, FOREIGN_ORIGIN);
    try {
      const result = await services.auth.login(
        req.body,
        req.ip ?? 'unknown',
        readCookie(req, sessionCookieName(config)),
      );
      setSessionCookie(res, config, result.sessionId);
      res.json({
        token: result.csrfToken,
        user: {
          username: result.user.username,
          displayName: result.user.displayName,
          role: result.user.role,
        },
      } satisfies SignedIn);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) {
        const wait = (err.cause as { retryAfterMs?: number } | undefined)?.retryAfterMs ?? 0;
        res.set('Retry-After', String(Math.ceil(wait / 1000)));
      }
      throw err;
    }
  });

  router.post('/admin/logout', requireAdmin(config), async (req, res) => {
    await services.auth.logout(readCookie(req, sessionCookieName(config)));
    clearSessionCookie(res, config);
    res.json({ ok: true });
  });

  router.get('/admin/me', requireAdmin(config), (_req, res) => {
    const session = currentSession(res)!;
    res.json({
      user: {
        username: session.user.username,
        displayName: session.user.displayName,
        role: session.user.role,
      },
      token: session.csrfToken,
    } satisfies SignedIn);
  });

  return router;
}
