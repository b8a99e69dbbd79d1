/**
 * Insights for staff (issue 16, docs/stats.md):
 *   GET /api/admin/insights?range=30d|90d|365d       the figures of /admin/insights as JSON
 *   GET /api/admin/insights.csv?range=30d|90d|365d   the same figures as CSV ('Export Report')
 * A range other than these answers 400 with the message; no range means 90 days. The file is
 * named by the day in Winnipeg (decision 0136).
 */
import { Router } from 'express';
import { csvDay } from '#app/modules/shared/csv.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, requireAdmin } from '../auth.ts';

export function insightsRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);
  router.get('/admin/insights', admin, async (req, res) => {
    res.json(await services.insights.insights(req.query.range, currentSession(res)!.user));
  });
  router.get('/admin/insights.csv', admin, async (req, res) => {
    const { range, csv } = await services.insights.insightsCsv(req.query.range, currentSession(res)!.user);
    const day = csvDay(new Date());
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="insights-${range}-${day}.csv"`,
    });
    res.send(csv);
  });
  return router;
}
