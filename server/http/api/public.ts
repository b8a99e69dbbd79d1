/** Public reference and health endpoints: GET /api/health, /api/cities, /api/categories. */
import { Router } from 'express';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_TEXT } from '#app/modules/site/unavailable.ts';
import type { Services } from '../../services/index.ts';

export function publicRouter(services: Services): Router {
  const router = Router();

  // 503 while the database does not answer: a load balancer takes this process out (decision 0090);
  // 'degraded' (texts delayed) is still a 200, since the process serves pages well (decision 0199)
  router.get('/health', async (_req, res) => {
    const health = await services.health.check();
    res.set('Cache-Control', 'no-store');
    if (health.status !== 'error') {
      res.json(health);
      return;
    }
    res
      .status(503)
      .set('Retry-After', String(RETRY_AFTER_SECONDS))
      .json({ ...health, message: UNAVAILABLE_TEXT.message });
  });

  router.get('/cities', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await services.reference.listCities());
  });

  router.get('/categories', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await services.reference.listCategories());
  });

  return router;
}
