/** Public reference and health endpoints: GET /api/health, /api/cities, /api/categories. */
import { Router } from 'express';
import type { Services } from '../../services/index.ts';

export function publicRouter(services: Services): Router {
  const router = Router();

  router.get('/health', async (_req, res) => {
    const health = await services.health.check();
    res
      .status(health.status === 'ok' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(health);
  });

  router.get('/cities', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await services.reference.listCities());
  });

  router.get('/categories', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await services.reference.listCategories());
  });

  return router;
}
