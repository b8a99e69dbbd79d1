/**
 * Customers and the inbox for staff (issue 30 items 1 and 2, decision 0161):
 *   GET  /api/customers[?search&sort=last_contact|total_spent&after]   50 at a time, `next` after
 *   GET  /api/customers/{id}[?requests=all]       the customer: newest 20 requests (or all), quotes, orders, messages
 *   PUT  /api/customers/{id}                      { name, company, notes, fleet, noReviews }
 *   POST /api/customers/{id}/merge                { into }: this customer merged into another
 *   GET  /api/inbox[?filter=open|mine|done|all&before]   conversations, newest first
 *   GET  /api/inbox/pulse                         { unread, latest }: what the back office polls
 *   POST /api/inbox/{id}/read                     staff opened the conversation
 *   POST /api/inbox/{id}/reply                    { body }: a text about their newest open request
 *   PUT  /api/inbox/{id}/assignee                 { userId | null }
 *   PUT  /api/inbox/{id}/done                     { done }
 * Ids are customers' ids. Bad input 400, unknown ids 404, a merged customer 409. The changes are
 * declared in server/changes/customers.ts (decision 0182).
 */
import { Router, type Response } from 'express';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, requireAdmin } from '../auth.ts';
import { apiChange } from '../change.ts';

export function customersRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);
  const { customers, inbox } = services;
  // requireAdmin ran: there is a session
  const me = (res: Response) => currentSession(res)!.user;

  router.get('/customers', admin, async (req, res) => {
    res.json(await customers.list(req.query));
  });
  router.get('/customers/:id', admin, async (req, res) => {
    res.json(await customers.page(req.params.id, req.query));
  });
  router.put('/customers/:id', apiChange(services, config, 'customers.update'));
  router.post('/customers/:id/merge', apiChange(services, config, 'customers.merge'));

  router.get('/inbox', admin, async (req, res) => {
    res.json(await inbox.list(req.query, me(res)));
  });
  router.get('/inbox/pulse', admin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await inbox.pulse());
  });
  router.post('/inbox/:id/read', apiChange(services, config, 'inbox.markRead', { body: false }));
  router.post('/inbox/:id/reply', apiChange(services, config, 'inbox.reply'));
  router.put('/inbox/:id/assignee', apiChange(services, config, 'inbox.assign'));
  router.put('/inbox/:id/done', apiChange(services, config, 'inbox.setDone'));
  return router;
}
