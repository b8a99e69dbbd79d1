/**
 * GET /api/admin/stats (product.md §7): the home page reads its four public figures here without a
 * session; staff with a session also get the lead summary (decision 0005: nothing else leaks),
 * once a handed-out password is changed (decision 0203), its month's revenue only if they may see
 * money (decision 0204).
 */
import { Router } from 'express';
import type { Services } from '../../services/index.ts';
import { currentSession } from '../auth.ts';

export function statsRouter(services: Services): Router {
  const router = Router();
  router.get('/admin/stats', async (_req, res) => {
    const publicStats = await services.stats.publicStats();
    const session = currentSession(res);
    // a handed-out password not yet changed opens nothing but 'Your account' (decision 0203)
    if (!session || session.user.mustChangePassword) {
      res.json(publicStats);
      return;
    }
    res.json({ ...publicStats, ...(await services.stats.leadStats(session.user)) });
  });
  return router;
}
