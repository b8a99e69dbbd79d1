/** Quote-button click tracking: POST /api/clicks (public, rate-limited), GET /api/clicks/stats (admin). */
import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { requireAdmin } from '../auth.ts';
import { jsonBody } from '../body.ts';
import { databaseStore } from '../rate-limit.ts';

export function clicksRouter(services: Services, config: Config): Router {
  const router = Router();
  const clickLimit = rateLimit({
    windowMs: 60_000,
    limit: 60,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { message: 'Too many clicks recorded from your connection. Please wait a minute.' },
    store: databaseStore(services.rateLimits, 'clicks:'),
  });
  router.post('/clicks', clickLimit, jsonBody(), async (req, res) => {
    await services.clicks.recordClick(req.body);
    res.status(201).json({ ok: true });
  });
  router.get('/clicks/stats', requireAdmin(config), async (_req, res) => {
    res.json(await services.clicks.clickStats());
  });
  return router;
}
