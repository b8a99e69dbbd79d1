/**
 * POST /api/admin/login, POST /api/admin/logout (docs/product.md §7), GET /api/admin/me. Signing in
 * and out are `services.auth.signIn` and `signOut`, the one path of every door (decision 0182
 * 'Catalog, blog, sign-in'): throttling, the session, its cookie and the audit log are theirs; a
 * refusal's Retry-After travels with its AppError to the error handler.
 */
import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { PASSKEY_TEXT } from '#app/modules/team/passkeys.ts';
import type { SignedIn } from '#app/modules/auth/login.schema.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, FOREIGN_ORIGIN, privateHeaders, requireAdmin, sameOrigin } from '../auth.ts';
import { jsonBody } from '../body.ts';
import { apiChange } from '../change.ts';
import { clientOf } from '../client.ts';
import { databaseStore } from '../rate-limit.ts';

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

  // passkeys (decision 0202): signing in with one, beside the password's door; its two steps are
  // the options (a challenge kept for a few minutes) and the browser's answer
  const passkeyOptionsLimit = rateLimit({
    windowMs: 60_000,
    limit: 30,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: databaseStore(services.rateLimits, 'passkey-options:'),
    message: { message: PASSKEY_TEXT.tooMany },
  });
  router.post('/admin/passkey-login/options', privateHeaders, passkeyOptionsLimit, async (req, res) => {
    if (!sameOrigin(req, config)) throw new AppError(403, FOREIGN_ORIGIN);
    res.json(await services.passkeys.signInOptions());
  });
  router.post('/admin/passkey-login', privateHeaders, jsonBody('80kb'), async (req, res) => {
    if (!sameOrigin(req, config)) throw new AppError(403, FOREIGN_ORIGIN);
    const { signedIn, setCookie } = await services.passkeys.signIn(
      req.body,
      clientOf(req.ip ?? 'unknown', req.get('user-agent') ?? ''),
      req.headers.cookie,
    );
    res.set('Set-Cookie', setCookie).json(signedIn);
  });
  // adding a passkey to one's own account: the options, then the browser's answer (declared changes)
  router.post('/admin/passkeys/options', ...apiChange(services, config, 'passkeys.options'));
  router.post('/admin/passkeys', ...apiChange(services, config, 'passkeys.add', { limit: '80kb' }));
  // turning notifications on in this browser: its push subscription, kept for this session (decision 0205)
  router.post(
    '/admin/push-subscriptions',
    ...apiChange(services, config, 'push.subscribe', { limit: '8kb', session: 'keepSession' }),
  );

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
