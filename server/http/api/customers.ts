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
 * Ids are customers' ids. Bad input 400, unknown ids 404, a merged customer 409.
 */
import { Router, type Response } from 'express';
import { IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, requireAdmin } from '../auth.ts';
import { jsonBody } from '../body.ts';

export function customersRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);
  const body = jsonBody('16kb');
  const { customers, inbox } = services;
  // requireAdmin ran: there is a session
  const me = (res: Response) => currentSession(res)!.user;

  router.get('/customers', admin, async (req, res) => {
    res.json(await customers.list(req.query));
  });
  router.get('/customers/:id', admin, async (req, res) => {
    res.json(await customers.page(req.params.id, req.query));
  });
  router.put('/customers/:id', admin, body, async (req, res) => {
    res.json(await customers.update(req.params.id, req.body, me(res)));
  });
  router.post('/customers/:id/merge', admin, body, async (req, res) => {
    res.json(await customers.merge(req.params.id, req.body, me(res)));
  });

  router.get('/inbox', admin, async (req, res) => {
    res.json(await inbox.list(req.query, me(res)));
  });
  router.get('/inbox/pulse', admin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await inbox.pulse());
  });
  router.post('/inbox/:id/read', admin, async (req, res) => {
    await inbox.markRead(req.params.id);
    res.status(204).end();
  });
  router.post('/inbox/:id/reply', admin, body, async (req, res) => {
    await inbox.reply(req.params.id, req.body, me(res), req.get(IDEMPOTENCY_HEADER));
    res.status(204).end();
  });
  router.put('/inbox/:id/assignee', admin, body, async (req, res) => {
    await inbox.assign(req.params.id, req.body, me(res));
    res.status(204).end();
  });
  router.put('/inbox/:id/done', admin, body, async (req, res) => {
    await inbox.setDone(req.params.id, req.body);
    res.status(204).end();
  });
  return router;
}
