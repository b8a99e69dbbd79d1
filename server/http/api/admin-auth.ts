/**
 * POST /api/admin/login, POST /api/admin/logout (docs/product.md §7), GET /api/admin/me. Signing in
 * and out are `services.auth.signIn` and `signOut`, the one path of every door (decision 0182
 * 'Catalog, blog, sign-in'): throttling, the session, its cookie and the audit log are theirs; a
 * refusal's Retry-After travels with its AppError to the error handler.
 */
import { Router } from 'express';
import type { SignedIn } from '#app/modules/auth/login.schema.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, FOREIGN_ORIGIN, privateHeaders, requireAdmin, sameOrigin } from '../auth.ts';
import { jsonBody } from '../body.ts';
import { clientOf } from '../client.ts';

export function adminAuthRouter(services: Services, config: Config): Router {
  const router = Router();

  router.post('/admin/login', privateHeaders, jsonBody('4kb'), async (req, res) => {
    if (!sameOrigin(req, config)) throw new AppError(403, FOREIGN_ORIGIN);
    const { signedIn, setCookie } = await services.auth.signIn(
      req.body,
      clientOf(req.ip ?? 'unknown', req.get('user-agent') ?? ''),
      req.headers.cookie,
    );
    res.set('Set-Cookie', setCookie).json(signedIn);
  });

  router.post('/admin/logout', requireAdmin(config), async (req, res) => {
    const { setCookie } = await services.auth.signOut(req.headers.cookie);
    res.set('Set-Cookie', setCookie).json({ ok: true });
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
