/**
 * Orders for staff (issue 29, decision 0150):
 *   GET  /api/admin/suppliers[?archived=1]         suppliers by name (archived ones too, when asked)
 *   POST /api/admin/suppliers                      a new supplier
 *   PUT  /api/admin/suppliers/{id}                 a supplier's fields
 *   POST /api/admin/suppliers/{id}/archive         { archived: true | false }
 *   GET  /api/leads/{id}/lines                     an ordered lead's purchase lines
 *   POST /api/leads/{id}/lines                     a new line
 *   PATCH /api/leads/{id}/lines/{lineId}             a line's details, with the `revision` read
 *   POST /api/leads/{id}/lines/{lineId}/step         { to, revision }: one step forward (or more)
 *   POST /api/leads/{id}/lines/{lineId}/undo         { revision }: back to the step before the last move
 *   PUT  /api/leads/{id}/auto-texts                { on }: the order's texts to the customer on or off
 * A line moved by someone else since it was read answers 409 with the message; bad input 400.
 */
import { Router, type RequestHandler } from 'express';
import type { Config } from '../../config.ts';
import { requireRowId } from '../../validation.ts';
import type { Services } from '../../services/index.ts';
import { currentSession, requireAdmin } from '../auth.ts';
import { jsonBody } from '../body.ts';

export function ordersRouter(services: Services, config: Config): Router {
  const router = Router();
  const admin = requireAdmin(config);
  const body = jsonBody('16kb');
  const orders = services.orders;
  const actorOf = (res: Parameters<RequestHandler>[1]) => currentSession(res)?.user.username ?? 'staff';

  router.get('/admin/suppliers', admin, async (req, res) => {
    res.json(await orders.suppliers.list({ archived: req.query.archived === '1' }));
  });
  router.post('/admin/suppliers', admin, body, async (req, res) => {
    res.status(201).json(await orders.suppliers.create(req.body));
  });
  router.put('/admin/suppliers/:id', admin, body, async (req, res) => {
    res.json(await orders.suppliers.update(requireRowId(req.params.id), req.body));
  });
  router.post('/admin/suppliers/:id/archive', admin, body, async (req, res) => {
    res.json(await orders.suppliers.archive(requireRowId(req.params.id), req.body));
  });

  router.get('/leads/:id/lines', admin, async (req, res) => {
    res.json(await orders.lines(requireRowId(req.params.id)));
  });
  router.post('/leads/:id/lines', admin, body, async (req, res) => {
    res.status(201).json(await orders.addLine(requireRowId(req.params.id), req.body, actorOf(res)));
  });
  router.patch('/leads/:id/lines/:lineId', admin, body, async (req, res) => {
    res.json(
      await orders.changeLine(
        requireRowId(req.params.id),
        requireRowId(req.params.lineId),
        req.body,
        actorOf(res),
      ),
    );
  });
  router.post('/leads/:id/lines/:lineId/step', admin, body, async (req, res) => {
    res.json(
      await orders.moveLine(
        requireRowId(req.params.id),
        requireRowId(req.params.lineId),
        req.body,
        actorOf(res),
      ),
    );
  });
  router.post('/leads/:id/lines/:lineId/undo', admin, body, async (req, res) => {
    res.json(
      await orders.undoLine(
        requireRowId(req.params.id),
        requireRowId(req.params.lineId),
        req.body,
        actorOf(res),
      ),
    );
  });
  router.put('/leads/:id/auto-texts', admin, body, async (req, res) => {
    await orders.setAutoTexts(requireRowId(req.params.id), req.body, actorOf(res));
    res.status(204).end();
  });
  return router;
}
