/**
 * POST /api/admin/seo-pages ('Generate SEO Pages', DESIGN §4, decision 0012): recomputes which
 * city × category pages are worth indexing and answers how many there are. The sitemap and the
 * pages ask the same function on every request, so nothing else needs regenerating.
 */
import { Router } from 'express';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { apiChange } from '../change.ts';

export function adminSeoRouter(services: Services, config: Config): Router {
  const router = Router();
  // the board's 'Generate SEO Pages' too (server/changes/leads.ts, decision 0182)
  router.post('/admin/seo-pages', apiChange(services, config, 'leads.generateSeoPages', { body: false }));
  return router;
}
