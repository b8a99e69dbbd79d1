/** City × category landing page data: GET /api/pages/{city}/{category} (public). */
import { Router } from 'express';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';

export const CITY_PAGE_NOT_FOUND = 'The requested city and category combination could not be found.';

export function pagesRouter(services: Services): Router {
  const router = Router();
  router.get('/pages/:city/:category', async (req, res) => {
    const page = await services.cityPages.cityCategoryPage(req.params.city, req.params.category);
    if (!page) throw new AppError(404, CITY_PAGE_NOT_FOUND);
    res.set('Cache-Control', 'public, max-age=300').json(page);
  });
  return router;
}
