/**
 * The inbox and customers' reads that stay on /api (issue 30 items 1 and 2, decisions 0161, 0182):
 *   GET  /api/inbox/pulse                         { unread, latest }: what the back office's menu polls
 *   GET  /api/inbox[?filter=open|mine|done|all&before]   conversations, newest first
 *   GET  /api/customers/{id}[?requests=all]       the customer: newest 20 requests (or all), quotes, orders, messages
 * The last two are what the customers benchmark measures (scripts/bench-customers.ts) beside the
 * screens' loaders. Changing a customer or a conversation is the screens' (admin/customers/:id,
 * admin/inbox/:id): decision 0182, "The mirrors removed".
 */
import { Router, type Response } from 'express';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, requireAdmin } from '../auth.ts';

export function customersRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);
  const { customers, inbox } = services;
  // requireAdmin ran: there is a session
  const me = (res: Response) => currentSession(res)!.user;

  router.get('/customers/:id', admin, async (req, res) => {
    res.json(await customers.page(req.params.id, req.query));
  });
  router.get('/inbox', admin, async (req, res) => {
    res.json(await inbox.list(req.query, me(res)));
  });
  router.get('/inbox/pulse', admin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await inbox.pulse());
  });
  return router;
}
